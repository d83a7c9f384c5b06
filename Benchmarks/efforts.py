#!/usr/bin/env python3
"""The PNG effort table: each `--png-effort` against oxipng -o2, in bytes and time, side by side.

On bench.py's project (the same 600 variants as anchors.py), each round builds the project clean at
every effort (`assetc build -q --png-effort E` after removing the output, 2 cores by default) and runs
oxipng -o2 (pyoxipng, one core, then a process per core) over a copy of the `default` build's PNGs.
Rounds alternate the contenders; the table shows medians. The pixels are the same at every effort
(tests check that); only bytes and time differ.

  python3 efforts.py --count 200 --repeat 1 [--previous OTHER-ASSETC]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import anchors  # noqa: E402  (helpers: load_bench, png_bytes, oxipng_time, alternate)


def clean_build(assetc, manifest, effort):
    project = os.path.dirname(manifest)
    with open(manifest) as handle:
        out = os.path.join(project, json.load(handle)["output"])
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([assetc, "build", "-q", "--png-effort", effort, manifest], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    resources = os.path.join(out, "Resources")
    kept = os.path.join(project, "resources-" + effort)  # kept for oxipng and for a look afterwards
    shutil.rmtree(kept, ignore_errors=True)
    shutil.copytree(resources, kept)
    return {"seconds": seconds, "bytes": anchors.png_bytes(resources)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    parser.add_argument("--work", default="/tmp/assetc-efforts")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--efforts", default="fast,default,max")
    parser.add_argument("--previous", help="another assetc binary (an earlier commit): its `max` joins the rounds")
    args = parser.parse_args()
    assetc = os.path.abspath(args.assetc)
    bench = anchors.load_bench(os.path.join(HERE, "bench.py"))
    os.makedirs(args.work, exist_ok=True)
    pdfs = bench.distinct_pdfs(args.corpus)
    project = os.path.join(args.work, "project")
    count = min(args.count, len(pdfs))
    manifest = bench.write_project(project, pdfs, count)
    efforts = args.efforts.split(",")
    default_resources = os.path.join(project, "resources-default")
    contenders = {effort: (lambda effort=effort: clean_build(assetc, manifest, effort)) for effort in efforts}
    if args.previous:
        previous = os.path.abspath(args.previous)
        contenders["max (previous)"] = lambda: clean_build(previous, manifest, "max")
    if "default" in efforts:
        contenders["oxipng -o2 serial"] = lambda: anchors.oxipng_time(default_resources, args.work, "default")
        contenders["oxipng -o2 %d procs" % anchors.CORES] = lambda: anchors.oxipng_time(
            default_resources, args.work, "default", pool=True)
    results = anchors.alternate(contenders, args.repeat)
    with open(os.path.join(args.work, "efforts.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    oxipng = results.get("oxipng -o2 serial")
    print()
    print("PNG effort: %d variants (%d PDFs x 3), %d cores, median of %d rounds"
          % (3 * count, count, anchors.CORES, args.repeat))
    print("  %-22s %10s %12s %16s %16s" % ("", "time", "PNG bytes", "bytes / oxipng", "time / oxipng"))
    for name, result in results.items():
        ratio = lambda key: "%.3f" % (result[key] / oxipng[key]) if oxipng else "-"
        print("  %-22s %9.2fs %12d %16s %16s" % (name, result["seconds"], result["bytes"], ratio("bytes"), ratio("seconds")))


if __name__ == "__main__":
    main()
