#!/usr/bin/python3
"""A kiosk sink plugin in Python, standard library only (docs/PLUGINS.md): posts each
event, as the CloudEvent's JSON, to the URL its option 'url' names.

    sink post { url "https://example.com/hook"  token "${HOOK_TOKEN}" }

A 2xx answer acknowledges the event; a 5xx, a timeout or a refused connection asks for it
again (a nack with retry); any other answer refuses it for good.
"""
import json
import os
import sys
import urllib.error
import urllib.request

OPTIONS = [
    {"name": "url", "type": "text", "required": True, "doc": "where to POST each event (http:// or https://)"},
    {"name": "token", "type": "secret", "doc": "sent as 'Authorization: Bearer TOKEN'"},
    {"name": "timeout", "type": "duration", "default": "5s", "doc": "how long one POST may take"},
]


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def seconds(duration):
    """'500ms', '5s', '2m', '1h' as seconds."""
    for suffix, scale in (("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)):
        if duration.endswith(suffix) and duration[: -len(suffix)].isdigit():
            return int(duration[: -len(suffix)]) * scale
    return 5


def configure(options):
    url = options.get("url", "")
    if not url.startswith(("http://", "https://")):
        return None, [{"option": "url", "message": "write an http:// or https:// URL"}]
    return {"url": url, "token": options.get("token"), "timeout": seconds(options.get("timeout", "5s"))}, []


def post(settings, event):
    request = urllib.request.Request(settings["url"], data=json.dumps(event).encode(), method="POST")
    request.add_header("Content-Type", "application/cloudevents+json")
    if settings["token"]:
        request.add_header("Authorization", "Bearer " + settings["token"])
    try:
        with urllib.request.urlopen(request, timeout=settings["timeout"]):
            return {"ack": event["id"]}
    except urllib.error.HTTPError as error:
        return {"nack": event["id"], "retry": error.code >= 500, "message": "HTTP %d" % error.code}
    except (urllib.error.URLError, OSError) as error:
        return {"nack": event["id"], "retry": True, "message": str(error)}


def main():
    if "1" not in os.environ.get("KIOSK_PLUGIN_PROTOCOLS", "").split(","):
        sys.exit("post speaks protocol version 1")
    print("kiosk-plugin 1 post sink", flush=True)
    settings = None
    for line in sys.stdin:
        message = json.loads(line)
        if "describe" in message:
            send({"options": OPTIONS})
        elif "configure" in message:
            settings, errors = configure(message["configure"])
            send({"ok": True} if not errors else {"ok": False, "errors": errors})
        elif "event" in message:
            send(post(settings, message["event"]))
        elif "shutdown" in message:
            break


if __name__ == "__main__":
    main()
