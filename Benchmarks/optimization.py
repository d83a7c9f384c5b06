#!/usr/bin/env python3
"""`--optimization space` against the default, on real catalogs: every distinct .xcassets catalog under
../shared/corpus built clean with `--car` (its app icon and launch images named, as catalog_efforts.py
names them), once each way per round, the two ways alternating so the machine's noise falls on both.
Reported: the cars' bytes, all PNGs' bytes and the summed wall time of each way, and space's ratio to the
default. Each build is a separate process, as a build engine runs them.

  python3 optimization.py [--assetc PATH] [--rounds 2] [--jobs 2]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import catalog_efforts  # noqa: E402  (distinct_catalogs, build_command's set choices)


def sizes(out):
    car = png = 0
    for root, _, files in os.walk(out):
        for name in files:
            size = os.path.getsize(os.path.join(root, name))
            if name == "Assets.car":
                car += size
            elif name.endswith(".png") and "/.assetc/" not in os.path.join(root, name):
                png += size
    return car, png


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    corpus = os.path.join(HERE, "..", "..", "shared", "corpus")
    catalogs = catalog_efforts.distinct_catalogs(corpus)
    ways = {"default": [], "space": ["--optimization", "space"]}
    totals = {way: {"car": 0, "png": 0, "seconds": 0.0} for way in ways}
    work = tempfile.mkdtemp(prefix="assetc-optimization-")
    try:
        for round_number in range(args.rounds):
            order = list(ways) if round_number % 2 == 0 else list(reversed(ways))
            for catalog in catalogs:
                for way in order:
                    out = os.path.join(work, way)
                    shutil.rmtree(out, ignore_errors=True)
                    command = catalog_efforts.build_command(args.assetc, catalog, out, "default", args.jobs)
                    command = [part for part in command if part not in ("--png-effort", "default")] + ["--car"] + ways[way]
                    start = time.monotonic()
                    result = subprocess.run(command, capture_output=True, text=True)
                    elapsed = time.monotonic() - start
                    if result.returncode != 0:
                        continue  # a catalog the corpus left incomplete: skipped both ways alike
                    totals[way]["seconds"] += elapsed
                    if round_number == 0:
                        car, png = sizes(out)
                        totals[way]["car"] += car
                        totals[way]["png"] += png
    finally:
        shutil.rmtree(work, ignore_errors=True)
    base = totals["default"]
    print(f"--optimization space on {len(catalogs)} corpus catalogs, {args.rounds} alternating rounds, -j {args.jobs}")
    print(f"{'':10} {'Assets.car':>14} {'loose PNGs':>14} {'time':>10}")
    for way, total in totals.items():
        print(f"{way:10} {total['car']:>14,} {total['png']:>14,} {total['seconds']:>9.1f}s")
    space = totals["space"]
    if base["car"] and base["seconds"]:
        print(f"space/default: car {space['car'] / base['car']:.3f}, PNGs {space['png'] / max(1, base['png']):.3f}, "
              f"time {space['seconds'] / base['seconds']:.2f}x")


if __name__ == "__main__":
    main()
