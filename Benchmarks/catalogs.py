#!/usr/bin/env python3
"""Builds every .xcassets catalog under ../shared/corpus with assetc, clean and then again (no-op),
and reports per catalog and in total: image sets, colour sets, variants written, warnings, seconds.
Also checks that every PNG written has the size the index records. `make bench` runs it."""
import argparse, json, os, shutil, struct, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))


def catalogs(corpus):
    found = []
    for root, dirs, _ in os.walk(corpus):
        for name in list(dirs):
            if name.endswith(".xcassets"):
                found.append(os.path.join(root, name))
                dirs.remove(name)
    return sorted(found)


def count_sets(path, kind):
    return sum(1 for root, dirs, _ in os.walk(path) for d in dirs if d.endswith(kind))


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return list(struct.unpack(">II", head[16:24]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    parser.add_argument("--work", default="/tmp/assetc-bench-catalogs")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    rows, totals = [], {"imagesets": 0, "colorsets": 0, "variants": 0, "warnings": 0, "clean": 0.0, "noop": 0.0}
    failures = 0
    for index, catalog in enumerate(catalogs(args.corpus)):
        out = os.path.join(args.work, str(index))
        command = [args.assetc, "build", catalog, "--output", out, "-j", str(args.jobs)]
        start = time.monotonic()
        clean = subprocess.run(command, capture_output=True, text=True)
        clean_seconds = time.monotonic() - start
        start = time.monotonic()
        again = subprocess.run(command, capture_output=True, text=True)
        noop_seconds = time.monotonic() - start
        label = os.path.relpath(catalog, args.corpus)
        if clean.returncode != 0 or again.returncode != 0:
            failures += 1
            print(f"FAILED {label}: exit {clean.returncode}/{again.returncode}\n{clean.stderr}{again.stderr}", file=sys.stderr)
            continue
        index_file = json.load(open(os.path.join(out, "asset-index.json")))
        variants = 0
        for bundle in index_file["bundles"].values():
            for entries in bundle["images"].values():
                for entry in entries:
                    variants += 1
                    file = os.path.join(out, "Resources", bundle["path"], entry["file"])
                    if file.endswith(".png") and png_size(file) != entry["pixels"]:
                        failures += 1
                        print(f"SIZE MISMATCH {file}: {png_size(file)} vs {entry['pixels']}", file=sys.stderr)
        warnings = clean.stderr.count(": warning:")
        row = {"catalog": label, "imagesets": count_sets(catalog, ".imageset"), "colorsets": count_sets(catalog, ".colorset"),
               "variants": variants, "warnings": warnings, "clean": clean_seconds, "noop": noop_seconds}
        rows.append(row)
        for key in totals:
            totals[key] += row[key]
    print(f"| catalog | image sets | colour sets | variants | warnings | clean s | no-op s |")
    print(f"|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['catalog']} | {row['imagesets']} | {row['colorsets']} | {row['variants']} | {row['warnings']} | {row['clean']:.2f} | {row['noop']:.2f} |")
    print(f"| **{len(rows)} catalogs** | **{totals['imagesets']}** | **{totals['colorsets']}** | **{totals['variants']}** | **{totals['warnings']}** | **{totals['clean']:.1f}** | **{totals['noop']:.1f}** |")
    shutil.rmtree(args.work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
