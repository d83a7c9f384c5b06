#!/usr/bin/env python3
"""Prints, for every EVERY-th image of the dataset, the PNG bytes outside IDAT (as assetc wrote
them) and oxipng -o2's whole-PNG bytes and time, so stream totals can be turned into PNG bytes."""
import os, sys
every = int(sys.argv[1]) if len(sys.argv) > 1 else 1
work = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), ".build-bench/runflate")
lines = open(os.path.join(work, "list.txt")).read().split("\n")
ox = {}
for l in open(os.path.join(work, "oxipng.txt")):
    f = l.split()
    ox[int(f[0])] = (int(f[1]), int(f[2]), int(f[3]), int(f[4]), float(f[5]))
other = oxb = 0; oxt = 0.0; n = 0
for i, l in enumerate(x for x in lines if x):
    if i % every: continue
    a_idat, a_png, o_idat, o_png, t = ox[i]
    other += a_png - a_idat  # outside the zlib stream (IDAT data = whole zlib stream)
    oxb += o_png; oxt += t; n += 1
print("images %d other %d oxipng_png %d oxipng_seconds %.3f" % (n, other, oxb, oxt))
