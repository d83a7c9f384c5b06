#!/usr/bin/env python3
"""Anchors for the assetc benchmark: what other tools take for the same work, measured side by side.

bench.py compares assetc with one-core baselines (a serial pdftocairo loop, a one-core Poppler+Cairo
program). The anchors here use every core, so the ratios say how close assetc is to the best that
the same libraries (or a competing library) can do on this machine:

  pdftocairo_parallel     bench.py's per-variant pdftocairo commands, run with `xargs -P <cores>`
  render_floor_all_cores  Poppler+Cairo render only, no PNG written, all cores (render_floor.c)
  pyvips_in_process       libvips in-process: pdfload(scale) + pngsave, one thread per core
  oxipng_time             oxipng -o2 (pyoxipng) over a copy of a folder of PNGs, one core and a pool
  rsvg_convert_parallel   `rsvg-convert -w W -h H` per SVG variant, `xargs -P <cores>`

Each anchor is a function taking the variant list (tuples (source, width, height, file) as given by
bench.variants_from_index) and a work folder; its preparation (clearing folders, writing command
lists) is not timed, and it returns a dict with at least "seconds". `alternate` runs a set of them
in rounds, back to back within a round, and keeps the median.

`main()` builds bench.py's project (bench.py is imported by path so its project and variant list are
the very same) and an SVG project of the same shape, and prints the ratios. Needs pdftocairo,
rsvg-convert, gcc with poppler-glib and cairo headers, and in this Python: pyvips (libvips 8.x with
its poppler module) and pyoxipng.

  python3 anchors.py --count 200 --repeat 3
"""
import argparse
import concurrent.futures
import importlib.util
import json
import multiprocessing
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from xml.etree import ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
CORES = os.cpu_count() or 1


# ---------------------------------------------------------------------------------------------
# Helpers


def load_bench(path):
    """bench.py as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location("assetc_bench", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fresh_folder(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def png_files(folder):
    result = []
    for root, _, files in os.walk(folder):
        result.extend(os.path.join(root, name) for name in files if name.endswith(".png"))
    return sorted(result)


def png_bytes(folder):
    return sum(os.path.getsize(path) for path in png_files(folder))


def png_size(path):
    """(width, height) from the IHDR chunk."""
    with open(path, "rb") as handle:
        head = handle.read(24)
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def size_mismatches(variants, folder):
    """How many outputs in `folder` (named like the variant's file) are not exactly width x height."""
    return sum(1 for _, width, height, file in variants
               if png_size(os.path.join(folder, file)) != (width, height))


def xargs_parallel(argument_lists, program, work, name):
    """Runs `program` once per argument list with `xargs -0 -P CORES`; returns the seconds taken.
    Each list has the same length, so `-n` splits the NUL-separated stream back into commands."""
    length = len(argument_lists[0])
    assert all(len(arguments) == length for arguments in argument_lists)
    path = os.path.join(work, name + ".args")
    with open(path, "wb") as handle:
        for arguments in argument_lists:
            for argument in arguments:
                handle.write(str(argument).encode() + b"\0")
    with open(path, "rb") as stdin:
        start = time.perf_counter()
        subprocess.run(["xargs", "-0", "-P", str(CORES), "-n", str(length), program], stdin=stdin,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return time.perf_counter() - start


# ---------------------------------------------------------------------------------------------
# Anchors


def pdftocairo_parallel(variants, work):
    """bench.py's loop (`pdftocairo -png -singlefile -transp -scale-to-x W -scale-to-y H src stem`,
    one process per variant) with `xargs -P CORES`. Note: pdftocairo rounds the page size up, so a
    few of its images are one pixel larger than asked; `size_mismatches` counts them."""
    out = fresh_folder(os.path.join(work, "pdftocairo-parallel"))
    commands = [["-png", "-singlefile", "-transp", "-scale-to-x", width, "-scale-to-y", height, source,
                 os.path.join(out, file[:-4])] for source, width, height, file in variants]
    seconds = xargs_parallel(commands, "pdftocairo", work, "pdftocairo-parallel")
    return {"seconds": seconds, "bytes": png_bytes(out), "size_mismatches": size_mismatches(variants, out)}


def build_render_floor(work):
    """Compiles render_floor.c (kept beside this file) into the work folder; returns its path."""
    binary = os.path.join(work, "render_floor")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "poppler-glib", "cairo"], check=True,
                           capture_output=True, text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", binary, os.path.join(HERE, "render_floor.c")] + flags, check=True)
    return binary


def render_lines(variants, out):
    """stdin for minimal_render / render_floor: SOURCE\\tWIDTH\\tHEIGHT\\tOUTPUT per variant."""
    return "".join("%s\t%d\t%d\t%s\n" % (source, width, height, os.path.join(out, file))
                   for source, width, height, file in variants)


def render_floor_all_cores(variants, work, binary, write=False):
    """Poppler+Cairo on every core (render_floor forks one worker per core; the workers take one
    document at a time). With write=False nothing is encoded: the floor for rendering alone. With
    write=True each image is written as cairo's RGBA PNG."""
    out = fresh_folder(os.path.join(work, "render-floor"))
    command = [binary, "--jobs", str(CORES)] + ([] if write else ["--no-write"])
    lines = render_lines(variants, out)
    start = time.perf_counter()
    subprocess.run(command, input=lines, text=True, check=True)
    result = {"seconds": time.perf_counter() - start}
    if write:
        result["bytes"] = png_bytes(out)
    return result


def pdf_page_points(sources):
    """Page 1 size in points per PDF, read with libvips (a header-only load, no pixels rendered),
    to 1/1024 pt. Preparation for pyvips_in_process, like the W x H that the other tools are given."""
    import pyvips
    sizes = {}
    for source in sources:
        if source not in sizes:
            header = pyvips.Image.pdfload(source, scale=1024)
            sizes[source] = (header.width / 1024.0, header.height / 1024.0)
    return sizes


def pyvips_in_process(variants, work, page_points, threads=CORES):
    """libvips in this process: for each variant pdfload(source, scale, transparent background), then
    pngsave (libvips defaults), on a pool of `threads` threads (libvips releases the GIL).

    pdfload takes one scale for both axes and rounds each side to the nearest pixel, while assetc's
    W and H are each rounded on their own: a single scale W/page_width misses H by one pixel for a
    few variants. So the page is loaded at the larger of W/page_width and H/page_height (both sides
    then come out >= the target) and the at most one-pixel excess at the right/bottom is cropped."""
    import pyvips
    pyvips.cache_set_max(0)  # no operation cache: every round really loads and renders
    out = fresh_folder(os.path.join(work, "pyvips"))
    counts = {"cropped": 0, "padded": 0}

    def one(variant):
        source, width, height, file = variant
        page_width, page_height = page_points[source]
        scale = max(width / page_width, height / page_height)
        image = pyvips.Image.pdfload(source, scale=scale, background=[0, 0, 0, 0])
        if (image.width, image.height) != (width, height):
            if image.width >= width and image.height >= height:
                image = image.crop(0, 0, width, height)
                counts["cropped"] += 1  # dict item updates are atomic under the GIL
            else:  # not expected; keeps the size exact if the page size was read short
                image = image.gravity("north-west", width, height, extend="background", background=[0, 0, 0, 0])
                counts["padded"] += 1
        image.pngsave(os.path.join(out, file))

    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(one, variants))  # list() re-raises a worker's exception
    seconds = time.perf_counter() - start
    return dict(seconds=seconds, bytes=png_bytes(out), size_mismatches=size_mismatches(variants, out), **counts)


def _optimize(path, level):
    import oxipng
    oxipng.optimize(path, level=level)


def oxipng_time(folder, work, name, level=2, pool=False):
    """oxipng -o`level` (pyoxipng) over a fresh copy of the PNGs of `folder`: one after another in
    this process, or (pool=True) on a process pool of CORES workers. Copying is not timed."""
    import oxipng  # noqa: F401  (fail early if pyoxipng is missing)
    copy = fresh_folder(os.path.join(work, "oxipng-%s-%s" % (name, "pool" if pool else "serial")))
    paths = []
    for path in png_files(folder):
        target = os.path.join(copy, os.path.relpath(path, folder))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(path, target)
        paths.append(target)
    start = time.perf_counter()
    if pool:
        # "spawn", not fork: this process already runs oxipng's and libvips' thread pools, and a
        # forked copy of those hangs (seen: workers spinning forever).
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(max_workers=CORES, mp_context=context) as executor:
            list(executor.map(_optimize, paths, [level] * len(paths), chunksize=8))
    else:
        for path in paths:
            _optimize(path, level)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "bytes_before": png_bytes(folder), "bytes": png_bytes(copy)}


def rsvg_convert_parallel(items, work):
    """`rsvg-convert -w W -h H -o out svg` per (svg, width, height, file), with `xargs -P CORES`."""
    out = fresh_folder(os.path.join(work, "rsvg-parallel"))
    commands = [["-w", width, "-h", height, "-o", os.path.join(out, file), svg] for svg, width, height, file in items]
    seconds = xargs_parallel(commands, "rsvg-convert", work, "rsvg-parallel")
    return {"seconds": seconds, "bytes": png_bytes(out), "size_mismatches": size_mismatches(items, out)}


def assetc_clean_build(assetc, manifest):
    """`assetc build` from nothing (the output folder removed first, untimed)."""
    project = os.path.dirname(manifest)
    with open(manifest) as handle:
        out = os.path.join(project, json.load(handle)["output"])
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([assetc, "build", "-q", manifest], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "bytes": png_bytes(os.path.join(out, "Resources"))}


def alternate(contenders, repeat, log=sys.stderr):
    """Runs every contender (name -> function returning a dict with "seconds") once per round, in
    the given order, for `repeat` rounds. Returns name -> last result with "seconds" replaced by the
    median and "rounds" holding every round's time."""
    rounds = {name: [] for name in contenders}
    last = {}
    for number in range(repeat):
        for name, function in contenders.items():
            last[name] = function()
            rounds[name].append(last[name]["seconds"])
        print("round %d: %s" % (number + 1, ", ".join("%s %.2fs" % (name, times[-1]) for name, times in rounds.items())),
              file=log, flush=True)
    return {name: dict(last[name], seconds=statistics.median(times), rounds=times) for name, times in rounds.items()}


# ---------------------------------------------------------------------------------------------
# The SVG project (bench.py only makes the PDF one)


def svg_size(path):
    """The SVG's intrinsic size in px (width/height attributes, else the viewBox), or None."""
    try:
        root = ElementTree.parse(path).getroot()
    except (ElementTree.ParseError, OSError):
        return None

    def length(value):
        match = re.fullmatch(r"\s*([0-9.]+)\s*(px|pt)?\s*", value or "")
        return float(match.group(1)) * (4 / 3 if match.group(2) == "pt" else 1) if match else None

    width, height = length(root.get("width")), length(root.get("height"))
    if width and height:
        return width, height
    parts = re.split(r"[\s,]+", (root.get("viewBox") or "").strip())
    if len(parts) == 4:
        return float(parts[2]), float(parts[3])
    return None


def icon_svgs(bench, corpus, largest=256):
    """Distinct corpus SVGs no larger than `largest` px a side: icons, like the corpus PDFs (the
    corpus also has full-screen artwork that exceeds assetc's pixel limit at x3)."""
    return [path for path in bench.distinct_files(corpus, ".svg")
            if (size := svg_size(path)) and 0 < max(size) <= largest]


def write_svg_project(directory, svgs, count):
    """bench.write_project's shape with SVG sources: src/NNNN.svg, scales 1/2/3."""
    fresh_folder(os.path.join(directory, "src"))
    images = []
    for index in range(count):
        name = "src/%04d.svg" % index
        shutil.copyfile(svgs[index % len(svgs)], os.path.join(directory, name))
        images.append({"name": "art%04d" % index, "source": name})
    manifest = os.path.join(directory, "assets.json")
    with open(manifest, "w") as handle:
        json.dump({"version": 1, "output": "out", "scales": [1, 2, 3], "images": images}, handle, indent=1)
    return manifest


def svg_variants_from_index(project):
    """bench.variants_from_index for the SVG project."""
    with open(os.path.join(project, "out", "asset-index.json")) as handle:
        index = json.load(handle)
    return [(os.path.join(project, "src", name[3:] + ".svg"), entry["pixels"][0], entry["pixels"][1], entry["file"])
            for name, entries in sorted(index["bundles"]["main"]["images"].items()) for entry in entries]


# ---------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--bench", default=os.path.join(HERE, "bench.py"), help="bench.py to take the project from")
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    parser.add_argument("--work", default="/tmp/assetc-anchors")
    parser.add_argument("--count", type=int, default=200, help="PDFs (and SVGs) in the project (x3 scales = variants)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    assetc = os.path.abspath(args.assetc)
    bench = load_bench(args.bench)
    os.makedirs(args.work, exist_ok=True)

    # The PDF project exactly as bench.py makes it; a first build gives the variant list.
    pdfs = bench.distinct_pdfs(args.corpus)
    project = os.path.join(args.work, "project")
    count = min(args.count, len(pdfs))
    manifest = bench.write_project(project, pdfs, count)
    subprocess.run([assetc, "build", "-q", manifest], check=True)
    variants = bench.variants_from_index(project)

    svgs = icon_svgs(bench, args.corpus)
    svg_project = os.path.join(args.work, "svg-project")
    svg_manifest = write_svg_project(svg_project, svgs, min(args.count, len(svgs)))
    subprocess.run([assetc, "build", "-q", svg_manifest], check=True)
    svg_variants = svg_variants_from_index(svg_project)

    floor = build_render_floor(args.work)
    start = time.perf_counter()
    page_points = pdf_page_points(source for source, _, _, _ in variants)
    page_points_seconds = time.perf_counter() - start

    timed = alternate({
        "assetc": lambda: assetc_clean_build(assetc, manifest),
        "pdftocairo -P": lambda: pdftocairo_parallel(variants, args.work),
        "render floor": lambda: render_floor_all_cores(variants, args.work, floor),
        "pyvips": lambda: pyvips_in_process(variants, args.work, page_points),
        "assetc svg": lambda: assetc_clean_build(assetc, svg_manifest),
        "rsvg -P": lambda: rsvg_convert_parallel(svg_variants, args.work),
    }, args.repeat)

    # cairo's RGBA PNGs of the same renders, as bench.py makes them (minimal_render.c, untimed here).
    cairo_dir = fresh_folder(os.path.join(args.work, "cairo-rgba"))
    minimal = os.path.join(args.work, "minimal_render")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "poppler-glib", "cairo"], check=True,
                           capture_output=True, text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", minimal, os.path.join(os.path.dirname(args.bench), "minimal_render.c")] + flags,
                   check=True)
    subprocess.run([minimal], input=render_lines(variants, cairo_dir), text=True, check=True)
    assetc_resources = os.path.join(project, "out", "Resources")
    oxi = alternate({
        "oxipng assetc serial": lambda: oxipng_time(assetc_resources, args.work, "assetc"),
        "oxipng assetc pool": lambda: oxipng_time(assetc_resources, args.work, "assetc", pool=True),
        "oxipng cairo serial": lambda: oxipng_time(cairo_dir, args.work, "cairo"),
        "oxipng cairo pool": lambda: oxipng_time(cairo_dir, args.work, "cairo", pool=True),
    }, args.repeat)

    a = timed["assetc"]
    results = {"variants": len(variants), "svg_variants": len(svg_variants), "cores": CORES, "repeat": args.repeat,
               "page_points_seconds": page_points_seconds, "timed": timed, "oxipng": oxi}
    with open(os.path.join(args.work, "anchors.json"), "w") as handle:
        json.dump(results, handle, indent=2)

    print()
    print("assetc anchors: %d PDF variants (%d PDFs x 3), %d SVG variants, %d cores, median of %d rounds"
          % (len(variants), count, len(svg_variants), CORES, args.repeat))
    for name, result in list(timed.items()) + list(oxi.items()):
        extra = "  %10d B" % result["bytes"] if "bytes" in result else ""
        print("  %-22s %8.3f s%s   rounds %s" % (name, result["seconds"], extra,
                                               " ".join("%.2f" % t for t in result["rounds"])))
    p = timed["pyvips"]
    print("  size mismatches vs W x H: pdftocairo %d, pyvips %d (pyvips cropped %d, padded %d), rsvg %d"
          % (timed["pdftocairo -P"]["size_mismatches"], p["size_mismatches"], p["cropped"], p["padded"],
             timed["rsvg -P"]["size_mismatches"]))
    print("  (pyvips page sizes read beforehand, untimed: %.3f s)" % page_points_seconds)
    print("ratios")
    rows = [
        ("assetc / render floor (all cores, no PNG)", a["seconds"] / timed["render floor"]["seconds"]),
        ("pdftocairo -P%d / assetc" % CORES, timed["pdftocairo -P"]["seconds"] / a["seconds"]),
        ("pyvips (%d threads) / assetc" % CORES, p["seconds"] / a["seconds"]),
        ("rsvg-convert -P%d / assetc (SVG)" % CORES, timed["rsvg -P"]["seconds"] / timed["assetc svg"]["seconds"]),
        ("assetc bytes / pyvips bytes", a["bytes"] / p["bytes"]),
        ("assetc bytes / oxipng -o2 on assetc's PNGs", a["bytes"] / oxi["oxipng assetc serial"]["bytes"]),
        ("assetc bytes / oxipng -o2 on cairo RGBA PNGs", a["bytes"] / oxi["oxipng cairo serial"]["bytes"]),
        ("oxipng -o2 on assetc's, serial / assetc time", oxi["oxipng assetc serial"]["seconds"] / a["seconds"]),
        ("oxipng -o2 on assetc's, %d procs / assetc time" % CORES, oxi["oxipng assetc pool"]["seconds"] / a["seconds"]),
        ("oxipng -o2 on cairo's, serial / assetc time", oxi["oxipng cairo serial"]["seconds"] / a["seconds"]),
        ("oxipng -o2 on cairo's, %d procs / assetc time" % CORES, oxi["oxipng cairo pool"]["seconds"] / a["seconds"]),
    ]
    for label, value in rows:
        print("  %-48s %7.3fx" % (label, value))


if __name__ == "__main__":
    main()
