#!/usr/bin/env python3
"""Writes the hostile-name corpora of the Swift tests as trace files, for scripts/consumer-checks.

  hostile.py DIR

writes into DIR:
  hostile-names.jsonl     HostileNameTests.names (quotes, brackets, HTML, `%%`, `end`, `@enduml`,
                          a newline, a tab, RTL marks, an emoji, a 10 000-character name), two calls
                          each, with the test's parent argument, state and note (HostileNameTests.trace)
  hostile-sequence.jsonl  SequenceTests.hostileNames, one viewWillAppear each
  hostile-long-names.log  HostileNameTests.dotTakesNamesOfAnyLength: two 40 001-character class
                          names in a console log, each adding a child and loading its view

The console file scripts/consumers/hostile.log is kept by hand: the console reader keeps only
some of these characters in a name, so the native format is the one that carries them all.
"""
import json
import os
import sys

# Tests/LifelineTests/Formatters/HostileNameTests.swift, HostileNameTests.names
NAMES = [
    'Quote"Name', "Apostrophe'Name", "Back\\slash", "Pipe|Name", "<Less", "Greater>", "Amp&amp;", "Semi;colon", "Hash#tag",
    "%%comment", "end", "graph", "@enduml", "--dashes", "__under__", "//slashes//", "[x](y)", "`tick`",
    "New\nLine", "Tab\tName", "\u200fRTL\u202emark", "Emoji\U0001F600Name", "L" * 10_000,
]

# Tests/LifelineTests/Formatters/SequenceTests.swift, SequenceTests.hostileNames
SEQUENCE_NAMES = [
    'A"quote', "back\\slash", "pi|pe", "<lt>&amp;", "semi;colon#hash", "%%pct", "end", "graph", "@enduml",
    "--dash__under//slash", "[x](y)", "`tick`", "tab\there", "\U0001F600 \u202ertl", "~tilde 'q' ^",
]


def q(s):
    return json.dumps(s, ensure_ascii=False)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "hostile-names.jsonl"), "w", encoding="utf-8") as f:
        seq = 0
        for i, name in enumerate(NAMES):
            for event in ("viewWillAppear", "viewDidAppear"):
                seq += 1
                f.write(
                    f'{{"seq":{seq},"object":{q(name)},"event":"{event}","args":{{"parent":"Root#1"}},'
                    f'"state":{{"selectedViewController":{q(name)}}},"note":{q(name + f" {i}")}}}\n'
                )
    with open(os.path.join(out, "hostile-sequence.jsonl"), "w", encoding="utf-8") as f:
        for i, name in enumerate(SEQUENCE_NAMES):
            f.write(f'{{"seq":{i + 1},"object":{q(name)},"event":"viewWillAppear"}}\n')
    with open(os.path.join(out, "hostile-long-names.log"), "w", encoding="utf-8") as f:
        for k, middle in enumerate("AB"):
            name = "App." + "X" * 20_000 + middle + "X" * 20_000
            f.write(f"<{name}: 0x7f00000001{k}0> addChild(_:) <App.Child{k}: 0x7f00000002{k}0>\n")
            f.write(f"<{name}: 0x7f00000001{k}0> viewDidLoad()\n")


if __name__ == "__main__":
    main()
