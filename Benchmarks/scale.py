#!/usr/bin/env python3
"""Scale guard for `make bench` (docs/performance.md, "Scale"): manifests of 5,000, 20,000 and
80,000 images at two scales, drawn from a few small PDFs (the issue's case: what grows is the
number of images, not the rendering of each), built clean, then no-op (median of three), then after
one source changed. Prints each size's figures, the cost per image and the peak RSS, and the
ratios the guard holds: no-op <= 5% of clean, and clean per image flat from the smallest size up.
Then the actool mode on a catalog of 2,000 image sets (one PDF each): a clean compile, the same
compile again, and one after one PDF changed, against the issue's goal for the last (<= 10% of the
clean compile), with the work folder kept in a cache of the run's own (ASSETC_CACHE_DIR).

  python3 Benchmarks/scale.py [--counts 5000 20000 80000] [--sources 4] [--catalog-sets 2000] [--rounds 3]
                              [--assetc PATH] [--baseline OTHER_ASSETC]
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


def timed(command, env=None):
    """Wall seconds and the child's peak RSS (KiB) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.monotonic()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
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
    # The first image has a source of its own, so "one change" re-renders one image (its two scales).
    path = os.path.join(root, "art", "one.pdf")
    with open(path, "wb") as handle:
        handle.write(art + b"\n%% one\n")
    os.utime(path, (old, old))
    images = [{"name": "Img%06d" % index, "source": "art/s%d.pdf" % (index % sources) if index else "art/one.pdf"}
              for index in range(count)]
    manifest = os.path.join(root, "assets.json")
    with open(manifest, "w") as handle:
        json.dump({"version": 1, "output": "out", "scales": [1, 2], "images": images}, handle)
    return manifest


def measure(assetc, work, count, sources):
    root = os.path.join(work, "scale-%d" % count)
    manifest = project(root, count, sources)
    clean, peak = timed([assetc, "build", "-q", manifest])
    noop = statistics.median(timed([assetc, "build", "-q", manifest])[0] for _ in range(3))
    with open(os.path.join(root, "art", "one.pdf"), "ab") as handle:
        handle.write(b"% changed\n")
    one_change, _ = timed([assetc, "build", "-q", manifest])
    shutil.rmtree(root, ignore_errors=True)
    print("  %d images: clean %.2f s, no-op %.2f s, one change %.2f s" % (count, clean, noop, one_change), flush=True)
    return {"images": count, "clean": clean, "noop": noop, "one_change": one_change, "peak_rss_kib": peak}


def catalog(root, sets):
    """X.xcassets with `sets` image sets, each one PDF (a copy of the star, made distinct)."""
    shutil.rmtree(root, ignore_errors=True)
    xcassets = os.path.join(root, "X.xcassets")
    os.makedirs(xcassets)
    info = {"info": {"author": "xcode", "version": 1}}
    with open(os.path.join(xcassets, "Contents.json"), "w") as handle:
        json.dump(info, handle)
    with open(os.path.join(HERE, "..", "Tests", "Fixtures", "art", "star-fill.pdf"), "rb") as handle:
        art = handle.read()
    for index in range(sets):
        folder = os.path.join(xcassets, "Img%05d.imageset" % index)
        os.makedirs(folder)
        with open(os.path.join(folder, "art.pdf"), "wb") as handle:
            handle.write(art + b"\n%% %d\n" % index)
        with open(os.path.join(folder, "Contents.json"), "w") as handle:
            json.dump(dict(info, images=[{"idiom": "universal", "filename": "art.pdf"}]), handle)
    return xcassets


def measure_actool(binaries, work, sets, rounds=5):
    """The actool mode on `sets` image sets for each binary in `binaries` (label -> path), side by
    side: each has its own copy of the catalog. Each round, for each binary in turn: a clean
    compile (its cache and --compile folder emptied), the same compile again, then one after one
    PDF changed. Medians of the rounds, so the machine's noise falls on all binaries alike."""
    setups = {}
    for label, assetc in binaries.items():
        root = os.path.join(work, "actool-%d-%s" % (sets, label))
        xcassets = catalog(root, sets)
        compiled = os.path.join(root, "compiled")
        command = [assetc, "actool", xcassets, "--compile", compiled, "--platform", "iphoneos",
                   "--minimum-deployment-target", "15.0", "--output-partial-info-plist", os.path.join(root, "partial.plist")]
        # A cache of this run's own: a clean compile is clean, whatever earlier runs left in ~/.cache.
        env = dict(os.environ, ASSETC_CACHE_DIR=os.path.join(root, "cache"))
        setups[label] = (root, xcassets, compiled, command, env)
    results = {label: {"sets": sets, "peak_rss_kib": None, "clean_runs": [], "again_runs": [], "one_change_runs": []}
               for label in binaries}
    for round_ in range(rounds):
        for label, (root, xcassets, compiled, command, env) in setups.items():
            shutil.rmtree(os.path.join(root, "cache"), ignore_errors=True)
            shutil.rmtree(compiled, ignore_errors=True)
            os.makedirs(compiled)
            clean, peak = timed(command, env)
            results[label]["clean_runs"].append(clean)
            results[label]["peak_rss_kib"] = results[label]["peak_rss_kib"] or peak
            results[label]["again_runs"].append(timed(command, env)[0])
            with open(os.path.join(xcassets, "Img%05d.imageset" % round_, "art.pdf"), "ab") as handle:
                handle.write(b"% changed\n")
            results[label]["one_change_runs"].append(timed(command, env)[0])
    for label, (root, _, _, _, _) in setups.items():
        shutil.rmtree(root, ignore_errors=True)
        for key in ("clean", "again", "one_change"):
            results[label][key] = statistics.median(results[label][key + "_runs"])
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--work", default="/tmp/assetc-bench")
    parser.add_argument("--counts", type=int, nargs="*", default=[5000, 20000, 80000], help="none: the actool mode alone")
    parser.add_argument("--sources", type=int, default=4)
    parser.add_argument("--catalog-sets", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3, help="the actool mode's rounds of clean, again and one change (medians)")
    parser.add_argument("--baseline", help="another assetc whose actool mode runs side by side with this one")
    args = parser.parse_args()
    assetc = os.path.abspath(args.assetc)
    os.makedirs(args.work, exist_ok=True)
    rows = [measure(assetc, args.work, count, args.sources) for count in args.counts]
    binaries = {"assetc": assetc}
    if args.baseline:
        binaries["baseline"] = os.path.abspath(args.baseline)
    actool = measure_actool(binaries, args.work, args.catalog_sets, args.rounds) if args.catalog_sets else None
    with open(os.path.join(args.work, "scale.json"), "w") as handle:
        json.dump({"manifest": rows, "actool": actool}, handle, indent=2)
    if rows:
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
    if actool:
        print("actool mode: %d image sets, one PDF each; medians of %d rounds (clean, again, one change), binaries taking turns" % (args.catalog_sets, args.rounds))
        for label, result in actool.items():
            rss = "%.0f MiB" % (result["peak_rss_kib"] / 1024) if result["peak_rss_kib"] else "-"
            print("  %-8s clean %.2f s, again %.2f s, one PDF changed %.2f s (%.1f%% of clean; goal <= 10%%), peak RSS %s" % (
                label, result["clean"], result["again"], result["one_change"], 100 * result["one_change"] / result["clean"], rss))
        if "baseline" in actool:
            print("  assetc / baseline: clean %.2fx, again %.2fx, one change %.2fx" % tuple(
                actool["assetc"][key] / actool["baseline"][key] for key in ("clean", "again", "one_change")))

if __name__ == "__main__":
    sys.exit(main())
