#!/usr/bin/env python3
"""Times Lifeline against anchors measured in the same run, and prints ratios.

Usage: run.py LIFELINE_BINARY WORKDIR [LINES]
"""
import os
import platform
import subprocess
import sys
import time

binary, work = sys.argv[1], sys.argv[2]
lines = int(sys.argv[3]) if len(sys.argv) > 3 else 2_000_000
here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(work, exist_ok=True)
log = os.path.join(work, "console.log")
pair_a, pair_b = os.path.join(work, "a.log"), os.path.join(work, "b.log")


def sh(cmd, stdout=subprocess.PIPE):
    # Output goes to a pipe, not /dev/null: GNU grep stops at the first match when it sees
    # /dev/null, which would make it look a hundred times faster than it is.
    """Runs a command under /usr/bin/time; returns (seconds, peak RSS in KiB, exit code)."""
    start = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=stdout, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    rss = int(p.stderr.strip().splitlines()[-1])
    return elapsed, rss, p.returncode


def best(cmd, runs=3, **kw):
    """The fastest of `runs` runs (the largest peak RSS). Lifeline and the quick anchors run
    three times each: this kind of shared machine varies by a fifth from run to run."""
    results = []
    for _ in range(runs):
        # Each run writes a new file, as the first does: replacing the last run's output would
        # add the kernel's freeing of it (hundreds of megabytes) to the time.
        if "-o" in cmd:
            out = cmd[cmd.index("-o") + 1]
            if os.path.isfile(out):  # a regular file only, never a device
                os.remove(out)
        results.append(sh(cmd, **kw))
        # A refusal or an error is no figure (diff and grep exit 1 for "differ" and "none").
        if results[-1][2] >= 2:
            sys.exit(f"benchmark: {' '.join(cmd)} exited {results[-1][2]}")
    return min(r[0] for r in results), max(r[1] for r in results), results[-1][2]


def paired(anchor, cmd, runs=11, name=None):
    """The anchor and the command run in turns, the best of each kept: this machine's speed
    drifts within one benchmark run (awk took 0.56 s in one and 0.78 s in another), so a
    ratio of figures taken minutes apart would carry the drift. Eleven turns at least, 21 for
    `stats` and `convert` against awk: a command on both cores is slowed by load on either,
    awk by load on its one, so both need enough turns to meet a quiet moment (in one run of
    eleven, `stats` met none: its best was 0.340 s while each turn's ratio had a median of
    0.44, and awk's best gave 0.57×). The ratio of each turn is printed too (median and range). An
    anchor given as a list of commands is timed as their sum (a DOT step and a `dot`
    process)."""
    anchors = anchor if isinstance(anchor[0], list) else [anchor]
    a, c = [], []
    for _ in range(runs):
        parts = [best(step, runs=1) for step in anchors]
        a.append((sum(p[0] for p in parts), max(p[1] for p in parts), parts[-1][2]))
        c.append(best(cmd, runs=1))
    pick = lambda rs: (min(r[0] for r in rs), max(r[1] for r in rs), rs[-1][2])
    turns = sorted(cr[0] / ar[0] for ar, cr in zip(a, c))
    label = name or f"{os.path.basename(cmd[0])} {cmd[1]} in turns with {anchors[0][0]}"
    print(f"  {label}: each turn's ratio "
          f"{turns[0]:.2f}–{turns[-1]:.2f}, median {turns[len(turns) // 2]:.2f} ({runs} turns)")
    return pick(a), pick(c)


if not os.path.exists(log) or sum(1 for _ in open(log)) != lines:
    subprocess.run([sys.executable, os.path.join(here, "generate.py"), "console", str(lines), log], check=True)
fresh = os.path.join(work, "fresh.log")
if not os.path.exists(fresh) or sum(1 for _ in open(fresh)) != lines:
    subprocess.run([sys.executable, os.path.join(here, "generate.py"), "fresh", str(lines), fresh], check=True)
if not os.path.exists(pair_a):
    subprocess.run([sys.executable, os.path.join(here, "generate.py"), "pair", str(lines // 2), pair_a, pair_b], check=True)

size = os.path.getsize(log)
print(f"Lifeline benchmark: {lines:,} lines, {size / 1e6:.0f} MB console log; {platform.machine()}, {os.cpu_count()} cores")
print()
rows = []


def head_of(path, count=1000):
    """The first `count` lines of `path`, in a file beside it (made once)."""
    small = path + ".head"
    if not os.path.exists(small):
        with open(path, "rb") as src, open(small, "wb") as dst:
            for i, line in enumerate(src):
                if i >= count:
                    break
                dst.write(line)
    return small


def fixed_rss(cmd):
    """Peak RSS in KiB of `cmd` with each big input swapped for its first 1000 lines: what the
    command holds whatever the trace's length (code, libraries, buffers)."""
    small = []
    for i, a in enumerate(cmd):
        if i > 0 and cmd[i - 1] == "-o":
            small.append(os.path.join(work, "fixed.out"))  # never over an output read later
        elif i > 0 and os.path.isfile(a) and os.path.getsize(a) > 1 << 20:
            small.append(head_of(a))
        else:
            small.append(a)
    return sh(small)[1]


def report(name, seconds, anchor_name, anchor_seconds, rss=None, events=None, target=None, cmd=None):
    ratio = seconds / anchor_seconds if anchor_seconds else float("nan")
    per_event = f"{rss * 1024 / events:6.0f} B/event" if rss and events else ""
    # The same figure without what a 1000-line run of the command holds too: the memory the
    # trace's length costs.
    if rss and events and cmd:
        per_event += f" ({(rss - fixed_rss(cmd)) * 1024 / events:3.0f} beyond fixed)"
    verdict = ""
    if target is not None:
        verdict = "ok" if ratio <= target else "MISSED"
        verdict = f"(target ≤ {target}×: {verdict})"
    anchor = f"{anchor_name} ({anchor_seconds:.3f} s)"
    rows.append(f"{name:<40} {seconds:7.3f} s   {ratio:6.2f}× {anchor:<32} {per_event:>34}  {verdict}")


wc = best(["wc", "-l", log])
grep = best(["grep", "-c", "viewDidAppear", log])
awk_cmd = ["awk", "{c[$6]++} END {for (k in c) n++; print n}", log]
awk = best(awk_cmd)
py = best([sys.executable, os.path.join(here, "regex_parser.py"), log], runs=1)
print(f"anchors: wc -l {wc[0]:.3f} s, grep -c {grep[0]:.3f} s, awk {awk[0]:.3f} s, python regex {py[0]:.2f} s ({py[1] * 1024 / lines:.0f} B/line)")
print()

# Lifeline's outputs go to files (-o), as every command below does: `stats` lists each of the
# 303 000 transitions (26 MB), which a pipe into this script would time as Python's reading.
# The two ratios to awk are taken against awk run in turns with the command (see `paired`).
stats_cmd = [binary, "stats", log, "-o", os.path.join(work, "stats.txt")]
awk_s, stats = paired(awk_cmd, stats_cmd, runs=21)
report("stats", stats[0], "awk", awk_s[0], stats[1], lines, 0.5, stats_cmd)
report("stats", stats[0], "grep -c", grep[0], None, None, 1.0)
report("stats", stats[0], "python regex", py[0])
convert_cmd = [binary, "convert", log, "-o", os.path.join(work, "out.jsonl")]
awk_c, conv = paired(awk_cmd, convert_cmd, runs=21)
report("convert", conv[0], "awk", awk_c[0], conv[1], lines, 1.0, convert_cmd)
# The same shape of log where every transition logs fresh addresses: nearly every message is
# new, so none of them has a cached reading, and every screen is a new instance.
fresh_awk = ["awk", "{c[$6]++} END {for (k in c) n++; print n}", fresh]
fresh_cmd = [binary, "stats", fresh, "-o", os.path.join(work, "stats-fresh.txt")]
awk_f, stats_f = paired(fresh_awk, fresh_cmd, runs=3)
report("stats, fresh addresses", stats_f[0], "awk", awk_f[0], stats_f[1], lines, 1.0, fresh_cmd)
jsonl = os.path.join(work, "out.jsonl")
readj_cmd = [binary, "stats", jsonl, "-o", os.path.join(work, "stats.txt")]
readj = best(readj_cmd, runs=3)
report("stats on native JSONL", readj[0], "awk", awk[0], readj[1], lines, None, readj_cmd)

# Exports of 1 M events, from the native trace.
million = os.path.join(work, "million.jsonl")
if not os.path.exists(million):
    with open(jsonl) as src, open(million, "w") as dst:
        for i, line in enumerate(src):
            if i >= 1_000_000:
                break
            dst.write(line)
events = min(lines, 1_000_000)
for name, args in [
    ("table (1 M events)", ["table", million, "-o", os.path.join(work, "t.md")]),
    ("sequence --format svg (1 M)", ["sequence", million, "--format", "svg", "-o", os.path.join(work, "s.svg")]),
    ("timeline --format chrome-json (1 M)", ["timeline", million, "--format", "chrome-json", "-o", os.path.join(work, "t.json")]),
]:
    r = best([binary] + args, runs=3)
    report(name, r[0], "1 s budget", 1.0, r[1], events, 1.0, [binary] + args)

# diff of two traces with 1% changed, against GNU diff of the same calls normalised to lines.
for path in (pair_a, pair_b):
    subprocess.run([binary, "convert", path, "-o", path + ".jsonl"], check=True)
    with open(path + ".jsonl") as src, open(path + ".txt", "w") as dst:
        for line in src:
            obj = line.split('"object":"', 1)[1].split('"', 1)[0]
            ev = line.split('"event":"', 1)[1].split('"', 1)[0]
            dst.write(f"{obj} {ev}\n")
diff_cmd = [binary, "diff", pair_a + ".jsonl", pair_b + ".jsonl", "--layout", "-o", os.path.join(work, "d.txt")]
# In turns too: GNU diff runs on one core, Lifeline's on both.
gnu, ld = paired(["diff", pair_a + ".txt", pair_b + ".txt"], diff_cmd)
report(f"diff ({lines // 2:,} calls each, 1%)", ld[0], "GNU diff", gnu[0], ld[1], lines, 1.0, diff_cmd)

# Hierarchy render in-process against a dot process on the same graph: container trees of 1500
# and 5000 controllers, `lifeline hierarchy --format svg` against `--format dot` piped through
# `dot -Tsvg`.
for size in (1500, 5000):
    wide = os.path.join(work, f"tree-{size}.log")
    with open(wide, "w") as f:
        for i in range(1, size):
            f.write(f"C{(i - 1) // 3} addChild(_:) C{i}\n")
    hdot = os.path.join(work, f"tree-{size}.dot")
    # In turns, as `stats` with awk: a ratio of figures taken apart carries this machine's
    # drift (five turns for the big tree, whose `dot` takes seconds).
    anchor, hier = paired(
        [[binary, "hierarchy", wide, "-o", hdot], ["dot", "-Tsvg", hdot, "-o", os.path.join(work, f"tree-{size}-dot.svg")]],
        # A tree is drawn up to twice --max-nodes: the big one needs the option.
        [binary, "hierarchy", wide, "--format", "svg", "--max-nodes", str(max(1500, size // 2)), "-o",
         os.path.join(work, f"tree-{size}.svg")],
        runs=11 if size < 5000 else 5, name=f"hierarchy svg ({size} nodes) in turns with its DOT and a dot process")
    report(f"hierarchy svg, {size} nodes (in-process)", hier[0], "DOT + dot process", anchor[0], None, None, 0.6)

print("\n".join(rows))

# The other outputs of the same 1 M events, and of the same pair: no target is set for them, but
# they hold the whole trace too, and their time and memory should stay linear.
rows = []
diff_args = [pair_a + ".jsonl", pair_b + ".jsonl"]
for name, args in [
    ("sequence --format text", ["sequence", million, "--format", "text"]),
    ("sequence --format mermaid", ["sequence", million, "--format", "mermaid"]),
    ("sequence --format plantuml", ["sequence", million, "--format", "plantuml"]),
    ("timeline --format svg", ["timeline", million, "--format", "svg"]),
    ("flow (text)", ["flow", million]),
    ("states --format svg", ["states", million, "--format", "svg"]),
    ("check", ["check", million]),
    ("diff --format html (the pair)", ["diff"] + diff_args + ["--format", "html"]),
    ("diff --format svg (the pair)", ["diff"] + diff_args + ["--format", "svg"]),
]:
    cmd = [binary] + args + ["-o", os.path.join(work, "other.out")]
    r = best(cmd, runs=1)
    report(name, r[0], "1 s budget", 1.0, r[1], lines if args[0] == "diff" else events, None, cmd)
print()
print("other outputs of the same 1 M events or pair (no target; one run each):")
print("\n".join(rows))

# The viewer: the time from navigation to the first drawn step of a 100 000-call page in
# headless Chromium, measured by scripts/viewer-checks (which needs chromedriver and Selenium;
# it installs them with apt-get and pip when missing).
viewer = subprocess.run(["bash", os.path.join(here, "..", "scripts", "viewer-checks"), binary], capture_output=True, text=True)
first_render = os.path.join(here, "..", ".build", "viewer", "first-render-ms.txt")
print()
if viewer.returncode == 0 and os.path.exists(first_render):
    ms = float(open(first_render).read())
    print(f"viewer, 100 000-call page: first render {ms:.0f} ms (target <= 2000 ms) {'ok' if ms <= 2000 else 'MISSED'}")
else:
    print("viewer, 100 000-call page: not measured (scripts/viewer-checks failed)")
    print(viewer.stdout[-2000:], viewer.stderr[-2000:])
