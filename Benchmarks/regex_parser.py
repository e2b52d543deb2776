#!/usr/bin/env python3
"""The anchor a straightforward Python reader sets: one regular expression per line, into
tuples held in memory."""
import re
import sys

LINE = re.compile(r"^(\S+ \S+) (\S+)\[(\d+):(\d+)\] <([\w.]+): (0x[0-9a-f]+)> (\w+)")
rows = []
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    for line in f:
        m = LINE.match(line)
        if m:
            rows.append((m.group(1), m.group(4), m.group(5), m.group(6), m.group(7)))
print(len(rows))
