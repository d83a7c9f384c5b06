#!/usr/bin/env python3
"""assetc benchmark: every figure is measured side by side in one run and reported as a ratio.

Compares, on real PDFs from ../shared/corpus rendered at their page size x1/x2/x3:
  - assetc clean build (default --jobs) vs a shell loop calling pdftocairo once per variant
    (what a hand-written Makefile does) and vs a minimal in-process Poppler+Cairo program that writes
    with cairo_surface_write_to_png (one core);
  - no-op rebuild and rebuild after one source changes (process start included);
  - total PNG bytes vs oxipng -o2 (pyoxipng) applied to the same images;
  - peak memory as the number of assets grows;
  - `assetc check` on a manifest of 1000 images;
  - scale: 20,000 images (distinct small PDFs, @1x), clean build vs no-op and one-change rebuilds
    (`--scale-count` sets the number; 0 skips it).
Timings are medians of --repeat rounds; within a round the contenders run back to back.
"""
import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, **kwargs):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)


def timed(cmd, **kwargs):
    start = time.perf_counter()
    run(cmd, **kwargs)
    return time.perf_counter() - start


def peak_rss_kib(cmd):
    """Peak resident set size of one command, in KiB, measured in a fresh helper process."""
    helper = ("import resource, subprocess, sys; "
              "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
              "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", helper] + cmd, check=True, capture_output=True, text=True)
    return int(out.stdout.strip())


def distinct_files(corpus, suffix):
    """Files of the corpus ending in `suffix` (any case): sorted paths, the first of each content kept."""
    paths = sorted(os.path.join(root, name) for root, _, files in os.walk(corpus)
                   for name in files if name.lower().endswith(suffix))
    seen, unique = set(), []
    for path in paths:
        with open(path, "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
        if digest not in seen:
            seen.add(digest)
            unique.append(path)
    return unique


def distinct_pdfs(corpus):
    return distinct_files(corpus, ".pdf")


def write_project(directory, pdfs, count):
    """A project folder with copies of `count` PDFs (so one can be changed) and its manifest."""
    if os.path.exists(directory):
        shutil.rmtree(directory)
    os.makedirs(os.path.join(directory, "src"))
    images = []
    for index in range(count):
        source = pdfs[index % len(pdfs)]
        name = "src/%04d.pdf" % index
        shutil.copyfile(source, os.path.join(directory, name))
        images.append({"name": "art%04d" % index, "source": name})
    manifest = {"version": 1, "output": "out", "scales": [1, 2, 3], "images": images}
    with open(os.path.join(directory, "assets.json"), "w") as handle:
        json.dump(manifest, handle, indent=1)
    return os.path.join(directory, "assets.json")


def variants_from_index(project):
    with open(os.path.join(project, "out", "asset-index.json")) as handle:
        index = json.load(handle)
    result = []
    for name, entries in sorted(index["bundles"]["main"]["images"].items()):
        source = os.path.join(project, "src", name[3:] + ".pdf")
        for entry in entries:
            result.append((source, entry["pixels"][0], entry["pixels"][1], entry["file"]))
    return result


def folder_bytes(folder):
    """Bytes of the PNG files (Resources/ also holds the runtime table, which is not an image)."""
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".png"):
                total += os.path.getsize(os.path.join(root, name))
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    parser.add_argument("--work", default="/tmp/assetc-bench")
    parser.add_argument("--count", type=int, default=200, help="PDFs in the main set (x3 scales = variants)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale-count", type=int, default=20000, help="images in the scale test (0 skips it)")
    args = parser.parse_args()
    assetc = os.path.abspath(args.assetc)

    os.makedirs(args.work, exist_ok=True)
    minimal = os.path.join(args.work, "minimal_render")
    cflags = subprocess.run(["pkg-config", "--cflags", "--libs", "poppler-glib", "cairo"], check=True,
                            capture_output=True, text=True).stdout.split()
    run(["gcc", "-O2", "-o", minimal, os.path.join(HERE, "minimal_render.c")] + cflags)

    pdfs = distinct_pdfs(args.corpus)
    project = os.path.join(args.work, "project")
    manifest = write_project(project, pdfs, min(args.count, len(pdfs)))
    out = os.path.join(project, "out")
    run([assetc, "build", manifest])  # warm-up; also gives the variant list
    variants = variants_from_index(project)

    loop_script = os.path.join(args.work, "pdftocairo-loop.sh")
    loop_dir = os.path.join(args.work, "loop")
    minimal_dir = os.path.join(args.work, "minimal")
    with open(loop_script, "w") as handle:
        handle.write("#!/bin/sh\nset -e\n")
        for source, width, height, file in variants:
            stem = os.path.join(loop_dir, file[:-4])
            handle.write("pdftocairo -png -singlefile -transp -scale-to-x %d -scale-to-y %d '%s' '%s'\n"
                         % (width, height, source, stem))
    minimal_input = "".join("%s\t%d\t%d\t%s\n" % (s, w, h, os.path.join(minimal_dir, f)) for s, w, h, f in variants)

    times = {key: [] for key in ["assetc", "assetc-in-process", "assetc-j1", "loop", "minimal", "noop", "one-change"]}
    changed = os.path.join(project, "src", "0000.pdf")
    with open(changed, "rb") as handle:
        original = handle.read()
    with open(os.path.join(project, "src", "0001.pdf"), "rb") as handle:
        replacement = handle.read()
    for round_number in range(args.repeat):
        for folder in (loop_dir, minimal_dir):
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
        shutil.rmtree(out, ignore_errors=True)
        times["assetc-j1"].append(timed([assetc, "build", manifest, "--jobs", "1"]))
        shutil.rmtree(out, ignore_errors=True)
        times["assetc-in-process"].append(timed([assetc, "build", manifest, "--render-in-process"]))
        shutil.rmtree(out, ignore_errors=True)
        times["assetc"].append(timed([assetc, "build", manifest]))
        times["noop"].append(timed([assetc, "build", manifest]))
        with open(changed, "wb") as handle:
            handle.write(replacement)
        times["one-change"].append(timed([assetc, "build", manifest]))
        with open(changed, "wb") as handle:
            handle.write(original)
        run([assetc, "build", manifest])
        times["loop"].append(timed(["sh", loop_script]))
        start = time.perf_counter()
        subprocess.run([minimal], input=minimal_input, text=True, check=True)
        times["minimal"].append(time.perf_counter() - start)
        print("round %d: %s" % (round_number + 1, ", ".join("%s %.3fs" % (k, v[-1]) for k, v in times.items())),
              file=sys.stderr)
    median = {key: statistics.median(values) for key, values in times.items()}

    # PNG bytes: assetc's files against oxipng -o2 on the same images (the minimal program's RGBA
    # PNGs of identical renders, and assetc's own files).
    import oxipng  # pyoxipng, installed by `make bench`
    assetc_bytes = folder_bytes(os.path.join(out, "Resources"))
    minimal_bytes = folder_bytes(minimal_dir)
    oxi_dir = os.path.join(args.work, "oxipng")
    shutil.rmtree(oxi_dir, ignore_errors=True)
    shutil.copytree(minimal_dir, oxi_dir)
    for root, _, files in os.walk(oxi_dir):
        for name in files:
            if name.endswith(".png"):
                oxipng.optimize(os.path.join(root, name), level=2)
    oxi_bytes = folder_bytes(oxi_dir)
    oxi_own_dir = os.path.join(args.work, "oxipng-assetc")
    shutil.rmtree(oxi_own_dir, ignore_errors=True)
    shutil.copytree(os.path.join(out, "Resources"), oxi_own_dir)
    for root, _, files in os.walk(oxi_own_dir):
        for name in files:
            if name.endswith(".png"):  # Resources/ also holds the runtime table
                oxipng.optimize(os.path.join(root, name), level=2)
    oxi_own_bytes = folder_bytes(oxi_own_dir)

    # Peak memory as the project grows.
    memory = []
    for count in (50, 150, 300):
        folder = os.path.join(args.work, "memory-%d" % count)
        path = write_project(folder, pdfs, count)
        memory.append((count * 3, peak_rss_kib([assetc, "build", path])))
        shutil.rmtree(folder)

    # `check` on a thousand images.
    check_project = os.path.join(args.work, "check-1000")
    check_manifest = write_project(check_project, pdfs, 1000)
    check_times = [timed([assetc, "check", check_manifest]) for _ in range(args.repeat)]
    shutil.rmtree(check_project)

    results = {
        "variants": len(variants), "pdfs": min(args.count, len(pdfs)), "repeat": args.repeat,
        "median_seconds": median,
        "ratios": {
            "loop_over_assetc": median["loop"] / median["assetc"],
            "workers_over_in_process": median["assetc"] / median["assetc-in-process"],
            "assetc_over_minimal": median["assetc"] / median["minimal"],
            "assetc_j1_over_minimal": median["assetc-j1"] / median["minimal"],
        },
        "bytes": {"assetc": assetc_bytes, "cairo_rgba": minimal_bytes, "oxipng_o2_on_cairo": oxi_bytes,
                  "oxipng_o2_on_assetc": oxi_own_bytes,
                  "assetc_over_oxipng": assetc_bytes / oxi_bytes,
                  "assetc_over_oxipng_on_assetc": assetc_bytes / oxi_own_bytes},
        "peak_rss_kib": memory,
        "check_1000_images_seconds": statistics.median(check_times),
    }
    if args.scale_count > 0:
        results["scale"] = scale_test(assetc, args.work, args.scale_count)
    with open(os.path.join(args.work, "results.json"), "w") as handle:
        json.dump(results, handle, indent=2)

    print()
    print("assetc benchmark: %d variants from %d corpus PDFs, median of %d rounds" %
          (len(variants), results["pdfs"], args.repeat))
    print("  assetc clean build           %8.3f s" % median["assetc"])
    print("  assetc clean build --jobs 1  %8.3f s" % median["assetc-j1"])
    print("  same, rendering in-process   %8.3f s   workers / in-process = %.3fx (goal <= 1.10x)"
          % (median["assetc-in-process"], median["assetc"] / median["assetc-in-process"]))
    print("  pdftocairo loop              %8.3f s   loop / assetc = %.1fx (goal >= 8x)"
          % (median["loop"], results["ratios"]["loop_over_assetc"]))
    print("  minimal Poppler+Cairo (C)    %8.3f s   assetc / minimal = %.2fx (goal <= 0.6x)"
          % (median["minimal"], results["ratios"]["assetc_over_minimal"]))
    print("  no-op rebuild                %8.3f s   (goal <= 0.150 s for ~600 variants)" % median["noop"])
    print("  rebuild after one change     %8.3f s" % median["one-change"])
    print("  PNG bytes: assetc %d, cairo %d, oxipng -o2 on cairo's %d, on assetc's %d"
          % (assetc_bytes, minimal_bytes, oxi_bytes, oxi_own_bytes))
    print("             assetc / oxipng -o2 = %.3fx (goal <= 1.10x)" % results["bytes"]["assetc_over_oxipng"])
    print("  peak RSS: " + ", ".join("%d variants %.1f MiB" % (n, kib / 1024) for n, kib in memory))
    print("  assetc check, 1000 images    %8.3f s   (goal < 1 s)" % results["check_1000_images_seconds"])
    if "scale" in results:
        scale = results["scale"]
        print("  %d images: clean %.3f s, no-op %.3f s (no-op / clean = %.3f, goal <= 0.25), one change %.3f s"
              % (scale["images"], scale["clean"], scale["noop"], scale["noop"] / scale["clean"], scale["one_change"]))


def scale_test(assetc, work, count):
    """Many small images, each from its own file (a real PDF with a distinct trailing comment), aged
    an hour so the build records them. One clean build, then the median of three no-op builds and
    one build after a single source changed."""
    root = os.path.join(work, "scale")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "art"))
    with open(os.path.join(HERE, "..", "Tests", "Fixtures", "art", "star-fill.pdf"), "rb") as handle:
        art = handle.read()
    images = []
    old = time.time() - 3600
    for index in range(count):
        path = os.path.join(root, "art", "a%05d.pdf" % index)
        with open(path, "wb") as handle:
            handle.write(art + b"\n%% %d\n" % index)
        os.utime(path, (old, old))
        images.append({"name": "Img%05d" % index, "source": "art/a%05d.pdf" % index, "scales": [1]})
    manifest = os.path.join(root, "assets.json")
    with open(manifest, "w") as handle:
        json.dump({"version": 1, "output": "out", "images": images}, handle)
    clean = timed([assetc, "build", "-q", manifest])
    noop = statistics.median(timed([assetc, "build", "-q", manifest]) for _ in range(3))
    changed = os.path.join(root, "art", "a00000.pdf")
    with open(changed, "ab") as handle:
        handle.write(b"% changed\n")
    one_change = timed([assetc, "build", "-q", manifest])
    shutil.rmtree(root, ignore_errors=True)
    return {"images": count, "clean": clean, "noop": noop, "one_change": one_change}


if __name__ == "__main__":
    main()
