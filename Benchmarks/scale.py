#!/usr/bin/env python3
"""Runs every command on inputs that grow in objects and edges rather than in calls, and
checks that each finishes within RATIO times its time on the ordinary log of the same length,
or refuses at once after reading (exit 2 with a message, within the same time or 2 s).

Usage: scale.py LIFELINE_BINARY WORKDIR LINES [RATIO] [FLOOR]

The inputs (see generate.py): distinct (a new controller per line), children (one parent
with LINES/2 children), chain (a chain LINES/2 deep), wide (one transition of LINES/2
controllers), cells (LINES/7 children whose views are added first, each appearing twice
and removed: a finding per cell), and fresh (two logs whose transitions use fresh addresses, 1% apart). A
command's allowed time is RATIO times its time on the ordinary log, and at least FLOOR
seconds, since very short times are mostly start-up. Prints one row per input and command:
seconds, peak memory, the allowed seconds and the verdict. Exits 1 when any row fails.

Like the benchmark's figures, each time is the best of up to three runs: the ordinary log's
always, an input's when its first run is over the allowed time (one run measures the
machine's drift as much as the command).
"""
import os
import shutil
import subprocess
import sys
import time

binary, work, lines = sys.argv[1], sys.argv[2], int(sys.argv[3])
ratio = float(sys.argv[4]) if len(sys.argv) > 4 else 10.0
floor = float(sys.argv[5]) if len(sys.argv) > 5 else 1.0
refuse_within = 2.0
here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(work, exist_ok=True)


def generate(kind, *paths):
    if all(os.path.exists(p) for p in paths):
        return
    subprocess.run([sys.executable, os.path.join(here, "generate.py"), kind, str(lines), *paths], check=True)


def path(name):
    return os.path.join(work, f"{name}-{lines}.log")


def commands(a, b):
    out = os.path.join(work, "out")
    return [
        ("convert", ["convert", a, "-o", out + ".jsonl"]),
        ("stats", ["stats", a]),
        ("table", ["table", a]),
        ("flow", ["flow", a, "--format", "text"]),
        ("flow svg", ["flow", a, "--format", "svg", "-o", out + "-flow.svg"]),
        ("hierarchy svg", ["hierarchy", a, "--format", "svg", "-o", out + "-h.svg"]),
        ("states svg", ["states", a, "--format", "svg", "-o", out + "-s.svg"]),
        ("sequence text", ["sequence", a, "--format", "text"]),
        ("sequence mermaid", ["sequence", a, "--format", "mermaid"]),
        ("sequence svg", ["sequence", a, "--format", "svg", "-o", out + "-q.svg"]),
        ("timeline svg", ["timeline", a, "-o", out + "-t.svg"]),
        ("check", ["check", a]),
        ("diff", ["diff", a, b]),
        ("report", ["report", a, "-o", out + "-report"]),
    ]


def run(args, limit=None):
    """Seconds, peak RSS in MB, exit code and message of one run, stopped after `limit`
    seconds (exit code None). Standard output is dropped."""
    start = time.perf_counter()
    try:
        p = subprocess.run(
            ["/usr/bin/time", "-f", "%M", binary] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=limit
        )
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, 0, None, ""
    elapsed = time.perf_counter() - start
    tail = p.stderr.decode("utf-8", "replace").strip().splitlines()
    rss = int(tail[-1]) // 1024 if tail and tail[-1].isdigit() else 0
    message = next((l for l in tail if l.startswith("lifeline:")), "")
    return elapsed, rss, p.returncode, message


ordinary = path("console")
generate("console", ordinary)
pair = (path("pair-a"), path("pair-b"))
generate("pair", *pair)
inputs = []
for kind in ["distinct", "children", "chain", "wide", "cells"]:
    generate(kind, path(kind))
    inputs.append((kind, path(kind), path(kind)))
fresh = (path("fresh-a"), path("fresh-b"))
generate("freshpair", *fresh)
inputs.append(("fresh", *fresh))

turns = 3
baseline = {}
for name, args in commands(ordinary, pair[1]):
    baseline[name] = min(run(args)[0] for _ in range(turns))

failures = 0
print(f"{lines} lines; allowed: {ratio:g}x the ordinary log's time, at least {floor:g} s, for a result or a refusal")
print(f"{'input':10} {'command':18} {'seconds':>8} {'MB':>6} {'allowed':>8}  verdict")
for kind, a, b in inputs:
    for name, args in commands(a, b):
        allowed = max(ratio * baseline[name], floor)
        seconds, rss, code, message = run(args, limit=2 * allowed + refuse_within)
        for _ in range(turns - 1):
            if code not in (0, 1) or seconds <= allowed:
                break
            again = run(args, limit=2 * allowed + refuse_within)
            if again[2] == code and again[0] < seconds:
                seconds, rss = again[0], again[1]
        if code is None:
            ok = False
            verdict = "TOO SLOW (stopped)"
        elif code in (0, 1):
            ok = seconds <= allowed
            verdict = "ok" if ok else "TOO SLOW"
        elif code == 2 and seconds <= max(allowed, refuse_within) and message:
            ok = True
            verdict = "refused: " + message[len("lifeline: "):][:70]
        else:
            ok = False
            verdict = f"FAILED (exit {code}) {message[:60]}"
        failures += 0 if ok else 1
        print(f"{kind:10} {name:18} {seconds:8.2f} {rss:6d} {allowed:8.2f}  {verdict}", flush=True)
sys.exit(1 if failures else 0)
