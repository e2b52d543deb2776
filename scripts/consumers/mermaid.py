#!/usr/bin/env python3
"""Mermaid helpers for scripts/consumer-checks.

  mermaid.py split FILE OUTDIR NAME        one file per part of a `lifeline sequence --format
                                           mermaid` output (parts start at `%% part N of M`),
                                           OUTDIR/NAME.partNNN.mmd; prints the count
  mermaid.py fences PAGE OUTDIR NAME       one file per ```mermaid fence of a Markdown page,
                                           OUTDIR/NAME.fenceNNN.mmd; prints the count
  mermaid.py render MERMAID_JS WORK RESULTS DIAGRAM...
                                           renders every diagram with Mermaid in headless
                                           Chromium, in batches; appends one line per diagram
                                           to RESULTS: `ok<TAB>file<TAB>details` or
                                           `fail<TAB>file<TAB>reason`

A diagram fails when mermaid.render throws, or when its SVG says "Syntax error", "Maximum
text size" or "Edge limit" (Mermaid draws those instead of throwing for some limits).
"""
import concurrent.futures
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Chromium stops the page when its virtual time budget runs out; a batch is kept small enough
# that its diagrams finish well inside it, and any diagram a page did not reach is tried again
# on a page of its own.
BATCH_DIAGRAMS = 25
BATCH_CHARACTERS = 1_000_000
VIRTUAL_TIME_BUDGET_MS = 60_000
PAGE_TIMEOUT_S = 300
FLAGS = ["Syntax error", "Maximum text size", "Edge limit"]


def split(path, outdir, name):
    text = open(path, encoding="utf-8").read()
    pieces = re.split(r"(?m)^(?=%% part \d+ of \d+[ \t]*$)", text)
    pieces = [p for p in pieces if p.strip()]
    os.makedirs(outdir, exist_ok=True)
    for i, piece in enumerate(pieces, 1):
        with open(os.path.join(outdir, f"{name}.part{i:03d}.mmd"), "w", encoding="utf-8") as f:
            f.write(piece)
    print(len(pieces))


def fences(path, outdir, name):
    """CommonMark fenced code blocks whose info string is `mermaid`."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        m = re.match(r"^( {0,3})(`{3,}|~{3,})[ \t]*([^ \t`]*)", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3)
        body = []
        i += 1
        while i < len(lines):
            close = re.match(r"^ {0,3}(`{3,}|~{3,})[ \t]*$", lines[i])
            if close and close.group(1)[0] == fence[0] and len(close.group(1)) >= len(fence):
                break
            line = lines[i]
            body.append(line[min(indent, len(line) - len(line.lstrip(" "))):])
            i += 1
        i += 1
        if info.lower() == "mermaid":
            found.append("\n".join(body) + "\n")
    os.makedirs(outdir, exist_ok=True)
    for k, text in enumerate(found, 1):
        with open(os.path.join(outdir, f"{name}.fence{k:03d}.mmd"), "w", encoding="utf-8") as f:
            f.write(text)
    print(len(found))


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>consumer-checks</title></head>
<body>
<div id="status">loading</div>
<pre id="results">[]</pre>
<script id="diagrams" type="application/json">__DIAGRAMS__</script>
<script src="__MERMAID__"></script>
<script>
(async () => {
  const status = document.getElementById("status");
  const out = document.getElementById("results");
  const flags = __FLAGS__;
  const results = [];
  try {
    const diagrams = JSON.parse(document.getElementById("diagrams").textContent);
    mermaid.initialize({startOnLoad: false});
    status.textContent = "running";
    for (let i = 0; i < diagrams.length; i++) {
      const id = "m" + i;
      const t0 = performance.now();
      let r;
      try {
        const {svg} = await mermaid.render(id, diagrams[i]);
        const hit = flags.filter(f => svg.includes(f));
        r = {ok: hit.length === 0, len: svg.length, flags: hit};
        if (hit.length) {
          const d = document.createElement("div");
          d.innerHTML = svg;
          d.querySelectorAll("style").forEach(s => s.remove());
          r.text = d.textContent.replace(/\\s+/g, " ").trim().slice(0, 300);
        }
      } catch (e) {
        r = {ok: false, error: String((e && (e.message || e.str)) || e)};
      }
      r.ms = Math.round(performance.now() - t0);
      for (const left of ["d" + id, "i" + id, id]) {
        const el = document.getElementById(left);
        if (el) el.remove();
      }
      results.push(r);
      out.textContent = JSON.stringify(results);
    }
    status.textContent = "done";
  } catch (e) {
    status.textContent = "page error: " + e;
  }
})();
</script>
</body></html>
"""


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return name
    sys.exit("mermaid.py: no chromium")


def run_page(mermaid_js, work, index, files):
    texts = [open(f, encoding="utf-8").read() for f in files]
    data = json.dumps(texts, ensure_ascii=False).replace("<", "\\u003c")
    page = (
        PAGE.replace("__FLAGS__", json.dumps(FLAGS))
        .replace("__MERMAID__", "file://" + os.path.abspath(mermaid_js))
        .replace("__DIAGRAMS__", data)
    )
    path = os.path.join(work, f"page{index:03d}.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    with open(os.path.join(work, f"page{index:03d}.files"), "w", encoding="utf-8") as f:
        f.write("\n".join(files) + "\n")
    profile = tempfile.mkdtemp(prefix="chromium-", dir=work)
    command = [
        chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--no-first-run", "--disable-extensions", f"--user-data-dir={profile}",
        "--allow-file-access-from-files",
        f"--virtual-time-budget={VIRTUAL_TIME_BUDGET_MS}", "--dump-dom", "file://" + os.path.abspath(path),
    ]
    started = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, timeout=PAGE_TIMEOUT_S)
        dom = done.stdout.decode("utf-8", "replace")
        problem = "" if done.returncode == 0 else f"chromium exited {done.returncode}: " + done.stderr.decode("utf-8", "replace")[-300:]
    except subprocess.TimeoutExpired as e:
        dom = (e.stdout or b"").decode("utf-8", "replace")
        problem = f"chromium did not finish in {PAGE_TIMEOUT_S} s"
    shutil.rmtree(profile, ignore_errors=True)
    with open(os.path.join(work, f"page{index:03d}.dom.html"), "w", encoding="utf-8") as f:
        f.write(dom)
    status = re.search(r'<div id="status">(.*?)</div>', dom, re.S)
    status = html.unescape(status.group(1)) if status else "no DOM" + (f" ({problem})" if problem else "")
    results = re.search(r'<pre id="results">(.*?)</pre>', dom, re.S)
    try:
        results = json.loads(html.unescape(results.group(1))) if results else []
    except ValueError:
        results = []
    return files, results, status, time.monotonic() - started


def render(mermaid_js, work, results_path, files):
    os.makedirs(work, exist_ok=True)
    batches, batch, size = [], [], 0
    for f in files:
        n = os.path.getsize(f)
        if batch and (len(batch) >= BATCH_DIAGRAMS or size + n > BATCH_CHARACTERS):
            batches.append(batch)
            batch, size = [], 0
        batch.append(f)
        size += n
    if batch:
        batches.append(batch)
    workers = max(1, min(4, os.cpu_count() or 1))
    lines = []
    page = 0

    def run_all(batches):
        nonlocal page
        jobs = []
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            for b in batches:
                page += 1
                jobs.append(pool.submit(run_page, mermaid_js, work, page, b))
            return [j.result() for j in jobs]

    retry = []
    for files_, results, status, seconds in run_all(batches):
        for f, r in zip(files_, results):
            lines.append(verdict(f, r))
        retry += [(f, status) for f in files_[len(results):]]
    if retry:
        # Pages that stopped early (time budget, crash): each diagram left gets a page of its own.
        for files_, results, status, seconds in run_all([[f] for f, _ in retry]):
            if results:
                lines.append(verdict(files_[0], results[0]))
            else:
                lines.append(f"fail\t{files_[0]}\tnot rendered: the page stopped ({status}) after {seconds:.0f} s (Chromium's virtual time budget is {VIRTUAL_TIME_BUDGET_MS} ms)")
    with open(results_path, "a", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")


def verdict(f, r):
    if r.get("ok"):
        return f"ok\t{f}\t{r.get('len')} characters of SVG in {r.get('ms')} ms"
    if "error" in r:
        reason = "render threw: " + r["error"]
    else:
        reason = "SVG says " + ", ".join(repr(x) for x in r.get("flags", [])) + ": " + r.get("text", "")
    return "fail\t" + f + "\t" + " ".join(reason.split())[:300]


def main():
    command = sys.argv[1]
    if command == "split":
        split(*sys.argv[2:5])
    elif command == "fences":
        fences(*sys.argv[2:5])
    elif command == "render":
        render(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
