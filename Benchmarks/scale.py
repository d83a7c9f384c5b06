#!/usr/bin/env python3
"""Scale guard for `make bench` (docs/performance.md, "Scale"): manifests of 5,000, 20,000 and
80,000 images at two scales, drawn from a few small PDFs (the issue's case: what grows is the
number of images, not the rendering of each), built clean, then no-op (median of three), then after
one source changed. Prints each size's figures, the cost per image and the peak RSS, and the
ratios the guard holds: no-op <= 5% of clean, and clean per image flat from the smallest size up.

  python3 Benchmarks/scale.py [--counts 5000 20000 80000] [--sources 4] [--assetc PATH]
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command):
    """Wall seconds and the child's peak RSS (KiB) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.monotonic()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    seconds = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, after if after > before else None


def project(root, count, sources):
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "art"))
    with open(os.path.join(HERE, "..", "Tests", "Fixtures", "art", "star-fill.pdf"), "rb") as handle:
        art = handle.read()
    old = time.time() - 3600
    for index in range(sources):
        path = os.path.join(root, "art", "s%d.pdf" % index)
        with open(path, "wb") as handle:
            handle.write(art + b"\n%% %d\n" % index)
        os.utime(path, (old, old))
    images = [{"name": "Img%06d" % index, "source": "art/s%d.pdf" % (index % sources)} for index in range(count)]
    manifest = os.path.join(root, "assets.json")
    with open(manifest, "w") as handle:
        json.dump({"version": 1, "output": "out", "scales": [1, 2], "images": images}, handle)
    return manifest


def measure(assetc, work, count, sources):
    root = os.path.join(work, "scale-%d" % count)
    manifest = project(root, count, sources)
    clean, peak = timed([assetc, "build", "-q", manifest])
    noop = statistics.median(timed([assetc, "build", "-q", manifest])[0] for _ in range(3))
    with open(os.path.join(root, "art", "s0.pdf"), "ab") as handle:
        handle.write(b"% changed\n")
    one_change, _ = timed([assetc, "build", "-q", manifest])
    shutil.rmtree(root, ignore_errors=True)
    return {"images": count, "clean": clean, "noop": noop, "one_change": one_change, "peak_rss_kib": peak}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--work", default="/tmp/assetc-bench")
    parser.add_argument("--counts", type=int, nargs="+", default=[5000, 20000, 80000])
    parser.add_argument("--sources", type=int, default=4)
    args = parser.parse_args()
    assetc = os.path.abspath(args.assetc)
    os.makedirs(args.work, exist_ok=True)
    rows = [measure(assetc, args.work, count, args.sources) for count in args.counts]
    with open(os.path.join(args.work, "scale.json"), "w") as handle:
        json.dump(rows, handle, indent=2)
    first = rows[0]
    print("scale: images at scales 1 and 2 from %d PDFs (%s)" % (args.sources, assetc))
    print("  images     clean    no-op  no-op/clean  one change  clean ms/image  clean vs %dk x n  peak RSS" % (first["images"] // 1000))
    for row in rows:
        growth = row["clean"] / (first["clean"] * row["images"] / first["images"])
        rss = "%.0f MiB" % (row["peak_rss_kib"] / 1024) if row["peak_rss_kib"] else "-"
        print("  %6d %8.2f s %6.2f s %10.3f %9.2f s %13.3f %16.2fx  %s" % (
            row["images"], row["clean"], row["noop"], row["noop"] / row["clean"], row["one_change"],
            1000 * row["clean"] / row["images"], growth, rss))
    worst = max(row["noop"] / row["clean"] for row in rows)
    print("  goals: no-op <= 5%% of clean (worst %.1f%%); clean within 1.3x of n x the smallest's (worst %.2fx)" % (
        100 * worst, max(row["clean"] / (first["clean"] * row["images"] / first["images"]) for row in rows)))


if __name__ == "__main__":
    sys.exit(main())
