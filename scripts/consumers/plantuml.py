#!/usr/bin/env python3
"""Checks what PlantUML wrote for a batch of .puml files, for scripts/consumer-checks.

  plantuml.py SVGDIR PNGDIR RESULTS SOURCE...

PlantUML writes the diagrams of SOURCE (one per @startuml) as BASE.svg, BASE_001.svg, ... into
SVGDIR and BASE.png, BASE_001.png, ... into PNGDIR. Each diagram fails when an image is missing,
its SVG shows an error ("Syntax Error", "An error has occured", a Java exception), its PNG is
over 4096 px high, or its PNG was cut: PlantUML crops a PNG to PLANTUML_LIMIT_SIZE (4096 px by
default), so a PNG at 4096 px, or smaller than the same diagram's SVG, lost part of the picture.
Appends one line per image (the SVG, then the PNG of each diagram) to RESULTS:
`ok<TAB>file<TAB>details` or `fail<TAB>file<TAB>reason`.
"""
import html
import os
import re
import struct
import sys

LIMIT = 4096
ERRORS = ["Syntax Error", "An error has occured", "An error has occurred", "java.lang.", "Exception in thread"]


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def svg_size(text):
    m = re.search(r"<svg\b[^>]*>", text)
    if not m:
        return None
    tag = m.group(0)
    w = re.search(r'\bwidth="([\d.]+)(?:px)?"', tag)
    h = re.search(r'\bheight="([\d.]+)(?:px)?"', tag)
    if not (w and h):
        return None
    return float(w.group(1)), float(h.group(1))


def svg_text(text):
    texts = re.findall(r"<text\b[^>]*>(.*?)</text>", text, re.S)
    joined = " ".join(" ".join(html.unescape(re.sub(r"<[^>]+>", "", t)).split()) for t in texts)
    # 1.2025 heads its error picture with its version and age; the message starts at "[From".
    return joined[joined.index("[From"):] if "[From" in joined else joined


def outputs(directory, base, count, ext):
    return [os.path.join(directory, base + ("" if k == 0 else f"_{k:03d}") + "." + ext) for k in range(count)]


def main():
    svgdir, pngdir, results_path = sys.argv[1:4]
    lines = []
    for source in sys.argv[4:]:
        base = os.path.splitext(os.path.basename(source))[0]
        with open(source, encoding="utf-8") as f:
            count = sum(1 for line in f if line.strip().startswith("@startuml"))
        for k, (svg, png) in enumerate(zip(outputs(svgdir, base, count, "svg"), outputs(pngdir, base, count, "png"))):
            part = f" (diagram {k + 1} of {count} in {source})"
            problems = []
            size = None
            if not os.path.exists(svg):
                problems.append((svg, "no SVG written" + part))
            else:
                text = open(svg, encoding="utf-8", errors="replace").read()
                hits = [e for e in ERRORS if e in text]
                if hits:
                    problems.append((svg, f"SVG shows {hits[0]!r}: " + svg_text(text)))
                size = svg_size(text)
            if not os.path.exists(png):
                problems.append((png, "no PNG written" + part))
            else:
                dims = png_size(png)
                if dims is None:
                    problems.append((png, "not a PNG"))
                else:
                    w, h = dims
                    drawn = f"SVG {size[0]:.0f}x{size[1]:.0f}" if size else "SVG size unknown"
                    if h > LIMIT:
                        problems.append((png, f"PNG is {w}x{h} px: height over {LIMIT} px ({drawn})"))
                    elif w >= LIMIT or h >= LIMIT or (size and (size[0] > w + 2 or size[1] > h + 2)):
                        problems.append((png, f"PNG cut at {w}x{h} px; the diagram is {drawn}"))
            for file in (svg, png):
                mine = [reason for f, reason in problems if f == file]
                if mine:
                    lines.append("fail\t" + file + "\t" + " ".join("; ".join(mine).split())[:300])
                else:
                    lines.append("ok\t" + file + "\t" + (f"PNG {w}x{h}" if file == png else "SVG clean"))
    with open(results_path, "a", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
