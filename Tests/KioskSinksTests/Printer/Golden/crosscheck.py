#!/usr/bin/env python3
"""Cross-checks the golden receipts' bytes with python-escpos (not part of `make test`).

    python3 -m venv /tmp/escpos && /tmp/escpos/bin/pip install python-escpos
    /tmp/escpos/bin/python Tests/KioskSinksTests/Printer/Golden/crosscheck.py

Each NAME.txt (the decoder's reading of NAME.escpos) is replayed as python-escpos `Dummy()`
calls — [init] hw("INIT"), [center] set(align="center"), [bold] set(bold=True), [size 2x2]
set(custom_size=True, width=2, height=2), [/size] the same with 1 and 1, [cut feed 0]
cut(feed=False), text as text(); and the status request the sink sends after each job,
DLE EOT 1, is python-escpos's RT_STATUS_ONLINE. — and its output compared with NAME.escpos. python-escpos has
no KS X 1001 double-byte mode: a [ks]…[/ks] run is written raw (FS &, EUC-KR, FS .), which
checks the framing only. What python-escpos sends differently is normalised first, and said.
"""
import pathlib
import re
import sys

from escpos.printer import Dummy

GS, FS = b"\x1d", b"\x1c"
here = pathlib.Path(__file__).parent
failed = False
for readable in sorted(here.glob("*.txt")):
    ours = (here / (readable.stem + ".escpos")).read_bytes()
    d = Dummy()
    double_byte = False
    for token in re.split(r"(\[[^\]]*\])", readable.read_text(encoding="utf-8")):
        if token == "[init]": d.hw("INIT")
        elif token in ("[left]", "[center]", "[right]"): d.set(align=token[1:-1])
        elif token == "[bold]": d.set(bold=True)
        elif token == "[/bold]": d.set(bold=False)
        elif token == "[size 2x2]": d.set(custom_size=True, width=2, height=2)
        elif token == "[/size]": d.set(custom_size=True, width=1, height=1)
        elif token == "[cut feed 0]": d.cut(feed=False)
        elif token == "[ks]": d._raw(FS + b"&"); double_byte = True
        elif token == "[/ks]": d._raw(FS + b"."); double_byte = False
        elif token.startswith("["): sys.exit(f"{readable.name}: unknown tag {token}")
        elif token:
            d._raw(token.encode("euc-kr")) if double_byte else d.text(token)
    theirs = d.output
    notes = []
    # Its first text() selects a character code table, ESC t 0 (PC437): kiosk sends ASCII
    # alone in the single-byte mode, which every table has, and selects none.
    if b"\x1bt\x00" in theirs:
        theirs = theirs.replace(b"\x1bt\x00", b"", 1)
        notes.append("python-escpos selects code table 0 (ESC t 0) before its first text")
    verdict = "identical" if theirs == d.output and theirs == ours else ("equal after normalising" if theirs == ours else "DIFFERENT")
    failed |= theirs != ours
    print(f"{readable.stem}: {len(ours)} bytes, {verdict}" + "".join(f"; {n}" for n in notes))
    if theirs != ours:
        for i, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                print(f"  first difference at byte {i}: ours {ours[i:i+12].hex(' ')}, python-escpos {theirs[i:i+12].hex(' ')}")
                break
        else:
            print(f"  lengths differ: ours {len(ours)}, python-escpos {len(theirs)}")
from escpos.constants import RT_STATUS_ONLINE
print("status request: python-escpos RT_STATUS_ONLINE is", RT_STATUS_ONLINE.hex(" "), "— kiosk's DLE EOT 1 is 10 04 01:",
      "same" if RT_STATUS_ONLINE == b"\x10\x04\x01" else "DIFFERENT")
failed |= RT_STATUS_ONLINE != b"\x10\x04\x01"
sys.exit(1 if failed else 0)
