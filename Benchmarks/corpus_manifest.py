#!/usr/bin/env python3
"""Writes an assetc manifest over the shared corpus's PDFs (each page-sized, at @1x/@2x/@3x).

Usage: corpus_manifest.py CORPUS_DIR OUT_DIR [--count N]
Files are deduplicated by SHA-256 and taken in sorted path order, so the set is stable.
"""
import argparse
import hashlib
import json
import os


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=200, help="number of distinct PDFs")
    args = parser.parse_args()

    pdfs = []
    for root, _, files in os.walk(args.corpus):
        for name in files:
            if name.lower().endswith(".pdf"):
                pdfs.append(os.path.join(root, name))
    pdfs.sort()
    seen = set()
    chosen = []
    for path in pdfs:
        with open(path, "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        chosen.append(path)
        if len(chosen) == args.count:
            break

    os.makedirs(args.out, exist_ok=True)
    images = [
        {"name": "art%04d" % index, "source": os.path.abspath(path)}
        for index, path in enumerate(chosen)
    ]
    manifest = {"version": 1, "output": "out", "scales": [1, 2, 3], "images": images}
    with open(os.path.join(args.out, "assets.json"), "w") as handle:
        json.dump(manifest, handle, indent=1)
    with open(os.path.join(args.out, "sources.txt"), "w") as handle:
        handle.write("\n".join(os.path.abspath(p) for p in chosen) + "\n")
    print("%d PDFs, %d variants -> %s" % (len(chosen), 3 * len(chosen), args.out))


if __name__ == "__main__":
    main()
