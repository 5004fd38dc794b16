#!/usr/bin/python3
"""A kiosk payment-reader plugin in Python, standard library only (docs/PLUGINS.md): a
card terminal that declines by rule, for a checkout's tests.

    checkout pay later
    reader terminal { limit 50000  block "4000"  delay 2s }

Each payment is in progress at once and ends after 'delay': declined with reason
'over_limit' when its amount (the tip included, in minor units) is above 'limit',
'card_not_accepted' when the card's number starts with 'block', completed otherwise.
The card words play a terminal's troubles: 'timeout' never ends the payment (kiosk gives
up and cancels it), 'offline' loses the terminal (the plugin exits). A cancel from kiosk
ends a payment still in progress as canceled.
"""
import json
import os
import select
import sys
import time

OPTIONS = [
    {"name": "limit", "type": "number", "doc": "decline payments above this many minor units"},
    {"name": "block", "type": "text", "doc": "decline cards whose number starts with this"},
    {"name": "delay", "type": "duration", "default": "0s", "doc": "how long the customer takes at the terminal"},
]


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def seconds(duration):
    """'500ms', '5s', '2m' as seconds."""
    for suffix, scale in (("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)):
        if duration.endswith(suffix) and duration[: -len(suffix)].isdigit():
            return int(duration[: -len(suffix)]) * scale
    return 0


def configure(options):
    limit = options.get("limit")
    if limit is not None and limit < 0:
        return None, [{"option": "limit", "message": "must not be negative"}]
    block = options.get("block", "")
    if block and not block.isdigit():
        return None, [{"option": "block", "message": "write the first digits of a card number"}]
    return {"limit": limit, "block": block, "delay": seconds(options.get("delay", "0s"))}, []


def outcome(settings, payment):
    """The status line that ends `payment`."""
    card = payment.get("card", "")
    if settings["limit"] is not None and payment["amount"] > settings["limit"]:
        return {"payment": payment["id"], "status": "declined", "reason": "over_limit"}
    if settings["block"] and card.startswith(settings["block"]):
        return {"payment": payment["id"], "status": "declined", "reason": "card_not_accepted"}
    return {"payment": payment["id"], "status": "completed"}


def main():
    if "1" not in os.environ.get("KIOSK_PLUGIN_PROTOCOLS", "").split(","):
        sys.exit("terminal speaks protocol version 1")
    print("kiosk-plugin 1 terminal payment-reader", flush=True)
    settings = None
    # The payment in progress: its message and when it ends (None: never).
    current, ends = None, None
    buffered = b""
    while True:
        timeout = None if ends is None else max(0.0, ends - time.monotonic())
        ready, _, _ = select.select([0], [], [], timeout)
        if not ready:
            send(outcome(settings, current))
            current, ends = None, None
            continue
        chunk = os.read(0, 65536)
        if not chunk:
            break
        buffered += chunk
        while b"\n" in buffered:
            line, buffered = buffered.split(b"\n", 1)
            message = json.loads(line)
            if "describe" in message:
                send({"options": OPTIONS})
            elif "configure" in message:
                settings, errors = configure(message["configure"])
                send({"ok": True} if not errors else {"ok": False, "errors": errors})
            elif "payment" in message:
                current = message["payment"]
                send({"payment": current["id"], "status": "in_progress"})
                card = current.get("card", "")
                if card == "offline":
                    print("terminal: lost the connection to the bank", file=sys.stderr)
                    sys.exit(1)
                ends = None if card == "timeout" else time.monotonic() + settings["delay"]
            elif "cancel" in message:
                if current is not None and current["id"] == message["cancel"]:
                    send({"payment": current["id"], "status": "canceled"})
                    current, ends = None, None
            elif "shutdown" in message:
                return


if __name__ == "__main__":
    main()
