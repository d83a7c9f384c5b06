#!/usr/bin/env python3
"""Adapted from Benchmarks/compressors.py: builds bench.py's project with assetc's default
effort (or, with --catalogs, every distinct catalog of the corpus as catalog_efforts.py does),
inflates each PNG's IDAT back to its filtered rows, writes WORK/rows/NNNN.rows and a list
file with 'path stride' per line; optionally runs oxipng -o2 on each PNG and records its IDAT size
(and time) per image in WORK/oxipng.txt. 16-bit and interlaced PNGs (copied from a catalog, not
encoded by assetc) are left out."""
import argparse, os, shutil, struct, subprocess, sys, time, zlib
HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
REPO = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import anchors  # noqa
from compressors import chunks  # noqa: E402  (every chunk of a PNG file)

def idat_size(path):
    return sum(len(b) for k, b in chunks(path) if k == b"IDAT")

def assetc_encoded(path):
    """8 bits or less a sample and not interlaced: what assetc's encoder writes (a 16-bit catalog
    PNG is copied as it is)."""
    with open(path, "rb") as h:
        head = h.read(29)
    return head[24] <= 8 and head[28] == 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--assetc", default=os.path.join(REPO, ".build/static/release/assetc"))
    p.add_argument("--corpus", default=os.path.join(os.path.dirname(REPO), "shared/corpus"))
    p.add_argument("--work", default=os.path.join(REPO, ".build-bench/runflate"))
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--oxipng", action="store_true")
    p.add_argument("--catalogs", action="store_true", help="real catalogs' PNGs instead of the PDF project")
    a = p.parse_args()
    if a.catalogs and a.work == p.get_default("work"):
        a.work += "-catalogs"
    bench = anchors.load_bench(os.path.join(BENCH, "bench.py"))
    os.makedirs(a.work, exist_ok=True)
    project = os.path.join(a.work, "project")
    resources = os.path.join(project, "out", "Resources")
    if a.catalogs:
        import catalog_efforts
        resources = os.path.join(a.work, "catalogs")
        if not os.path.isdir(resources):
            for number, catalog in enumerate(catalog_efforts.distinct_catalogs(a.corpus)):
                out = os.path.join(resources, "%02d" % number)
                subprocess.run(catalog_efforts.build_command(a.assetc, catalog, out, "default", anchors.CORES), check=True)
    elif not os.path.isdir(resources):
        pdfs = bench.distinct_pdfs(a.corpus)
        manifest = bench.write_project(project, pdfs, min(a.count, len(pdfs)))
        subprocess.run([a.assetc, "build", "-q", manifest], check=True)
    rows_dir = anchors.fresh_folder(os.path.join(a.work, "rows"))
    lines = []
    pngs = [path for path in anchors.png_files(resources) if assetc_encoded(path)]
    for index, path in enumerate(pngs):
        found = chunks(path)
        data = b"".join(b for k, b in found if k == b"IDAT")
        rows = zlib.decompress(data)
        height = struct.unpack(">I", found[0][1][4:8])[0]
        stride = len(rows) // height
        name = os.path.join(rows_dir, "%04d.rows" % index)
        with open(name, "wb") as h:
            h.write(rows)
        lines.append("%s %d %d %s" % (name, stride, len(data), path))
    with open(os.path.join(a.work, "list.txt"), "w") as h:
        h.write("\n".join(lines) + "\n")
    print("images", len(pngs))
    if a.oxipng:
        import oxipng
        copy = anchors.fresh_folder(os.path.join(a.work, "oxipng"))
        out = []
        total_t = 0.0
        for index, path in enumerate(pngs):
            target = os.path.join(copy, "%04d.png" % index)
            shutil.copyfile(path, target)
            t = time.perf_counter()
            oxipng.optimize(target, level=2)
            dt = time.perf_counter() - t
            total_t += dt
            out.append("%04d %d %d %d %d %.6f" % (index, idat_size(path), os.path.getsize(path), idat_size(target), os.path.getsize(target), dt))
        with open(os.path.join(a.work, "oxipng.txt"), "w") as h:
            h.write("\n".join(out) + "\n")
        print("oxipng seconds", total_t)

main()
