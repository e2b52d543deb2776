#!/usr/bin/env python3
"""Writes synthetic lifecycle traces for the benchmark.

  generate.py console N PATH      an Xcode console log of N lines (modern prefix,
                                  print(self, #function) messages, tab switches among 40
                                  controllers, some pushes and children)
  generate.py fresh N PATH        the console log's shape, but every transition logs fresh
                                  addresses (a new instance per screen, as long sessions do),
                                  so nearly every message is new
  generate.py pair N PATH_A PATH_B  two native JSONL-like console traces of N calls each where
                                  PATH_B differs from PATH_A in about 1% of the calls
  generate.py freshpair N PATH_A PATH_B  the same, from the fresh-address log
  generate.py distinct N PATH     N controllers, each with one viewDidLoad
  generate.py children N PATH     one parent that adds N/2 children (addChild, didMove)
  generate.py chain N PATH        a chain N/2 deep: each controller adds the next as a child
  generate.py wide N PATH         one appearance transition of N/2 controllers (all
                                  viewWillAppear, then all viewDidAppear)
  generate.py cells N PATH        one parent with N/7 cells, each with its view added
                                  before it, appearing twice and removed: a finding per cell
"""
import random
import sys


def calls(n, seed=7, fresh=False):
    rng = random.Random(seed)
    classes = ["Feed", "Profile", "Search", "Settings", "Inbox", "Detail", "Compose", "Player"]
    controllers = [(f"App.{classes[i % len(classes)]}ViewController", 0x7F8E0C000000 + i * 0x1A30) for i in range(40)]
    current = 0
    out = []
    while len(out) < n:
        nxt = rng.randrange(len(controllers))
        if nxt == current:
            continue
        if fresh:
            # The arriving controller is a new instance at a new address.
            controllers[nxt] = (controllers[nxt][0], controllers[nxt][1] + 0x100000 + len(out) * 0x40)
        a, b = controllers[current], controllers[nxt]
        out.append(("<UITabBarController: 0x7f8e0b800000>", "tabBarController(_:shouldSelect:)", f"<{b[0]}: 0x{b[1]:x}>"))
        out.append((f"<{a[0]}: 0x{a[1]:x}>", "viewWillDisappear(_:)", "true"))
        out.append((f"<{b[0]}: 0x{b[1]:x}>", "viewWillAppear(_:)", "true"))
        if rng.random() < 0.3:
            out.append((f"<{b[0]}: 0x{b[1]:x}>", "viewWillLayoutSubviews()", ""))
            out.append((f"<{b[0]}: 0x{b[1]:x}>", "viewDidLayoutSubviews()", ""))
        out.append((f"<{a[0]}: 0x{a[1]:x}>", "viewDidDisappear(_:)", "true"))
        out.append((f"<{b[0]}: 0x{b[1]:x}>", "viewDidAppear(_:)", "true"))
        out.append(("<UITabBarController: 0x7f8e0b800000>", "tabBarController(_:didSelect:)", f"<{b[0]}: 0x{b[1]:x}>"))
        current = nxt
    return out[:n]


def write(path, items, start=0.0):
    with open(path, "w") as f:
        t = start
        for i, (obj, method, arg) in enumerate(items):
            t += 0.000731
            sec = int(t)
            us = int((t - sec) * 1_000_000)
            h, m, s = 16 + (sec // 3600) % 8, (sec // 60) % 60, sec % 60
            line = f"2021-02-20 {h:02d}:{m:02d}:{s:02d}.{us:06d}+0800 App[81234:4471823] {obj} {method}"
            f.write(line + (" " + arg if arg else "") + "\n")


def vc(name, i):
    return f"<App.{name}{i}ViewController: 0x{0x600000000000 + i * 0x40:x}>"


def scale(kind, n):
    """The calls of one of the scale inputs, which stress what grows with objects and edges."""
    half = n // 2
    if kind == "distinct":
        return [(vc("Screen", i), "viewDidLoad()", "") for i in range(n)]
    if kind == "children":
        parent = "<App.ListViewController: 0x7f0000000010>"
        out = []
        for i in range(half):
            out.append((parent, "addChild(_:)", vc("Cell", i)))
            out.append((vc("Cell", i), "didMove(toParent:)", parent))
        return out
    if kind == "chain":
        out = []
        for i in range(half):
            out.append((vc("Level", i), "addChild(_:)", vc("Level", i + 1)))
            out.append((vc("Level", i + 1), "didMove(toParent:)", vc("Level", i)))
        return out
    if kind == "wide":
        return [(vc("Page", i), "viewWillAppear(_:)", "true") for i in range(half)] + [
            (vc("Page", i), "viewDidAppear(_:)", "true") for i in range(half)
        ]
    if kind == "cells":
        parent = "<App.ListViewController: 0x7f0000000010>"
        out = []
        for i in range(n // 7):
            cell = vc("Cell", i)
            out.append((parent, "addSubview(_:)", cell))
            out.append((parent, "addChild(_:)", cell))
            for _ in range(2):
                out.append((cell, "viewWillAppear(_:)", "true"))
                out.append((cell, "viewDidAppear(_:)", "true"))
            out.append((cell, "removeFromParent()", ""))
        return out
    raise SystemExit(f"unknown kind {kind}")


def changed(a):
    """A copy of `a` with about 1% of the calls swapped, removed or added."""
    rng = random.Random(11)
    b = list(a)
    for _ in range(len(a) // 100):
        i = rng.randrange(len(b) - 1)
        op = rng.random()
        if op < 0.4:
            b[i], b[i + 1] = b[i + 1], b[i]
        elif op < 0.7:
            del b[i]
        else:
            b.insert(i, (b[i][0], "viewIsAppearing(_:)", ""))
    return b


def main():
    kind = sys.argv[1]
    n = int(sys.argv[2])
    if kind == "console":
        write(sys.argv[3], calls(n))
    elif kind == "fresh":
        write(sys.argv[3], calls(n, fresh=True))
    elif kind == "freshpair":
        a = calls(n, fresh=True)
        write(sys.argv[3], a)
        write(sys.argv[4], changed(a), start=3.0)
    elif kind in ("distinct", "children", "chain", "wide", "cells"):
        write(sys.argv[3], scale(kind, n))
    elif kind == "pair":
        a = calls(n)
        b = changed(a)
        write(sys.argv[3], a)
        write(sys.argv[4], b, start=3.0)


if __name__ == "__main__":
    main()
