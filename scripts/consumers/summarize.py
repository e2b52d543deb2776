#!/usr/bin/env python3
"""Prints the verdicts of scripts/consumer-checks and exits 1 on any failure.

  summarize.py RESULTS_DIR SECONDS

Each RESULTS_DIR/<renderer>.tsv holds `ok|fail<TAB>file<TAB>text` lines (a diagram is a file
name without its extension: PlantUML's SVG and PNG of one diagram count once). Prints
`FAIL <renderer> <file>: <reason>` for each failure of Lifeline's diagrams, `FAIL self-test ...`
for each canary (a file named canary-*) that was NOT reported, and a summary line.
"""
import collections
import glob
import os
import sys


# What each canary (scripts/consumers/canaries.py) must be reported for.
EXPECTED = {
    "canary-syntax.mmd": "render threw: Parse error",
    "canary-too-long.mmd": "Maximum text size",
    "canary-syntax.svg": "Syntax Error",
    "canary-tall.png": "PNG cut",
}


def short(path):
    return os.path.relpath(path) if os.path.isabs(path) else path


def main():
    results_dir, seconds = sys.argv[1], sys.argv[2]
    failures = []
    counts = collections.OrderedDict()
    canaries = collections.OrderedDict()  # (renderer, name) -> [status, file, text] lines
    for tsv in sorted(glob.glob(os.path.join(results_dir, "*.tsv"))):
        renderer = os.path.basename(tsv)[:-4]
        checked, failed = set(), set()
        for line in open(tsv, encoding="utf-8"):
            status, file, text = (line.rstrip("\n").split("\t", 2) + ["", ""])[:3]
            stem = os.path.splitext(os.path.basename(file))[0]
            if stem.startswith("canary-"):
                canaries.setdefault((renderer, stem), []).append((status, file, text))
                continue
            # Lifeline's own runs count one a line; a renderer's, one per diagram.
            if renderer == "lifeline":
                stem = line
            checked.add(stem)
            if status != "ok":
                failed.add(stem)
                failures.append(f"FAIL {renderer} {short(file)}: {text}")
        counts[renderer] = (len(checked), len(failed))
    # A canary is caught when the check meant for it failed it, for its reason.
    caught = 0
    for (renderer, stem), lines in canaries.items():
        wanted = [(status, file, text) for status, file, text in lines if os.path.basename(file) in EXPECTED]
        if wanted and all(status == "fail" and EXPECTED[os.path.basename(file)] in text for status, file, text in wanted):
            caught += 1
        else:
            seen = "; ".join(f"{os.path.basename(f)}: {st} {t}" for st, f, t in lines)
            failures.append(f"FAIL self-test {renderer} {stem}: a diagram that must fail was not reported as expected ({seen})"[:400])
    for line in failures:
        print(line)
    parts = ", ".join(f"{r}: {c} {'runs' if r == 'lifeline' else 'diagrams'}, {f} failing" for r, (c, f) in counts.items())
    print(
        f"consumer-checks: {len(failures)} failures; {parts}; "
        f"self-test: {caught} of {len(canaries)} broken diagrams caught; {seconds} s"
    )
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
