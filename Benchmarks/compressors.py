#!/usr/bin/env python3
"""The compressor survey: what each deflate library available here does with assetc's PNG rows.

Issue 16 asks for a clean build at most 1.5x the render-only floor with bytes at most 1.05x oxipng
-o2, and for `--png-effort max` at most 0.98x oxipng's bytes in at most a quarter of its time. Both
come down to the compressor, so this survey measures the compressors alone, on exactly the bytes
assetc gives them:

  1. bench.py's project (the same 600 variants as anchors.py and efforts.py) is built once with the
     default effort; each PNG's IDAT is inflated back to its filtered rows (one file per image);
  2. compressors.c compresses every image's rows with one library at one level on one core, checks
     that each stream inflates back to its input, and reports the total size and time;
  3. the table gives each setting's PNG bytes (the other chunks are kept as assetc wrote them)
     against oxipng -o2's on the same files, and its compression time on one core;
  4. with --high, levels 10-12 are measured per image, and the per-image oracle says how little
     level-12 time any per-image choice of level 5 or 12 needs to reach 0.98x oxipng's bytes.

Libraries: Debian's libdeflate (always); ISA-L (libisal-dev) and Zopfli (libzopfli-dev) when their
headers are installed (`make bench-compressors` installs them); a newer libdeflate built from a
source checkout given with --libdeflate-source (not a Debian 12 package; for the record only).

  python3 compressors.py --count 200 --high
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import anchors  # noqa: E402  (helpers: load_bench, png_files, fresh_folder, oxipng_time)


def chunks(path):
    """(type, data) of every chunk of a PNG."""
    with open(path, "rb") as handle:
        data = handle.read()
    position, result = 8, []
    while position + 8 <= len(data):
        length = struct.unpack(">I", data[position:position + 4])[0]
        result.append((data[position + 4:position + 8], data[position + 8:position + 8 + length]))
        position += 12 + length
    return result


LONG_RUN = re.compile(rb"(.)\1{63,}", re.DOTALL)


def extract_rows(resources, folder):
    """Writes each PNG's inflated IDAT (its filtered rows) to folder/NNNN.rows. Returns the list
    file's path, the PNG bytes other than IDAT data, assetc's own IDAT data bytes, and how many row
    bytes lie in runs of at least 64 equal bytes and in rows of a single value (filter byte aside)."""
    anchors.fresh_folder(folder)
    lines, other, idat = [], 0, 0
    in_runs = in_uniform_rows = 0
    for index, path in enumerate(anchors.png_files(resources)):
        found = chunks(path)
        data = b"".join(body for kind, body in found if kind == b"IDAT")
        other += os.path.getsize(path) - len(data)
        idat += len(data) - 6  # the zlib header and Adler-32, counted in the streams measured below
        rows = zlib.decompress(data)
        height = struct.unpack(">I", found[0][1][4:8])[0]
        stride = len(rows) // height
        for start in range(0, len(rows), stride):
            if rows[start + 2:start + stride] == rows[start + 1:start + stride - 1]:
                in_uniform_rows += stride
        in_runs += sum(match.end() - match.start() for match in LONG_RUN.finditer(rows))
        name = os.path.join(folder, "%04d.rows" % index)
        with open(name, "wb") as handle:
            handle.write(rows)
        lines.append(name)
    listing = os.path.join(folder, "list.txt")
    with open(listing, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return listing, other, idat, in_runs, in_uniform_rows


def build_program(work, libdeflate_source=None):
    """compressors.c against Debian's libdeflate (plus ISA-L and Zopfli when present), or against a
    static libdeflate compiled from a source checkout."""
    source = os.path.join(HERE, "compressors.c")
    if libdeflate_source:
        objects = os.path.join(work, "libdeflate-objects")
        anchors.fresh_folder(objects)
        units = [os.path.join(root, name) for root, _, names in os.walk(os.path.join(libdeflate_source, "lib"))
                 for name in names if name.endswith(".c") and root.rstrip("/").split("/")[-1] in ("lib", "x86")]
        for unit in units:
            subprocess.run(["gcc", "-O2", "-I", libdeflate_source, "-c", unit, "-o",
                            os.path.join(objects, os.path.basename(unit)[:-2] + ".o")], check=True)
        binary = os.path.join(work, "compressors-libdeflate-source")
        subprocess.run(["gcc", "-O2", "-I", libdeflate_source, "-o", binary, source] +
                       sorted(os.path.join(objects, name) for name in os.listdir(objects)), check=True)
        return binary, []
    binary = os.path.join(work, "compressors")
    flags, libraries = [], ["libdeflate"]
    if os.path.exists("/usr/include/isa-l/igzip_lib.h"):
        flags += ["-DHAVE_ISAL", "-lisal"]
        libraries.append("isal")
    if os.path.exists("/usr/include/zopfli/zopfli.h"):
        flags += ["-DHAVE_ZOPFLI", "-lzopfli"]
        libraries.append("zopfli")
    subprocess.run(["gcc", "-O2", "-o", binary, source, "-ldeflate"] + flags, check=True)
    return binary, libraries


def run(binary, listing, library, level, per_image=False, stride=1):
    command = [binary, listing, library, str(level)] + (["--per-image"] if per_image else []) + \
              (["--stride", str(stride)] if stride > 1 else [])
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    result = {"images": {}}
    for line in output.splitlines():
        fields = line.split()
        if fields[0] == "image":
            result["images"][fields[1]] = (int(fields[3]), float(fields[4]))
        elif fields[0] == "total":
            result.update(files=int(fields[1]), raw=int(fields[2]), bytes=int(fields[3]), seconds=float(fields[4]))
    return result


def oracle(level5, level12, target_streams):
    """Cheapest per-image choice of level 5 or 12 reaching target_streams bytes: images switch to 12
    in order of bytes saved per second of level-12 time. Returns (images at 12, CPU seconds) or None."""
    total = sum(size for size, _ in level5["images"].values())
    seconds = sum(time for _, time in level5["images"].values())
    order = sorted(level5["images"], key=lambda image: -(level5["images"][image][0] - level12["images"][image][0])
                   / max(level12["images"][image][1], 1e-6))
    for count, image in enumerate(order, start=1):
        total -= level5["images"][image][0] - level12["images"][image][0]
        seconds += level12["images"][image][1]
        if total <= target_streams:
            return count, seconds
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    parser.add_argument("--work", default="/tmp/assetc-compressors")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--high", action="store_true", help="also levels 10-12 per image (several minutes)")
    parser.add_argument("--zopfli-stride", type=int, default=20, help="Zopfli on every Nth image only")
    parser.add_argument("--libdeflate-source", help="a libdeflate checkout to measure as well")
    parser.add_argument("--no-oxipng", action="store_true")
    args = parser.parse_args()
    bench = anchors.load_bench(os.path.join(HERE, "bench.py"))
    os.makedirs(args.work, exist_ok=True)

    pdfs = bench.distinct_pdfs(args.corpus)
    project = os.path.join(args.work, "project")
    manifest = bench.write_project(project, pdfs, min(args.count, len(pdfs)))
    shutil.rmtree(os.path.join(project, "out"), ignore_errors=True)
    subprocess.run([os.path.abspath(args.assetc), "build", "-q", manifest], check=True)
    resources = os.path.join(project, "out", "Resources")
    listing, other, assetc_idat, in_runs, in_uniform_rows = extract_rows(resources, os.path.join(args.work, "rows"))
    assetc_png = other + assetc_idat + 6 * len(anchors.png_files(resources))

    oxipng_bytes = oxipng_seconds = None
    if not args.no_oxipng:
        oxipng = anchors.oxipng_time(resources, args.work, "assetc")
        oxipng_bytes, oxipng_seconds = oxipng["bytes"], oxipng["seconds"]

    binary, libraries = build_program(args.work)
    settings = [("libdeflate", level) for level in (1, 5, 6, 9)]
    settings += [("isal", level) for level in (0, 1, 3) if "isal" in libraries]
    results = {setting: run(binary, listing, *setting, per_image=setting == ("libdeflate", 5)) for setting in settings}
    if args.high:
        for level in (10, 11, 12):
            results[("libdeflate", level)] = run(binary, listing, "libdeflate", level, per_image=True)
    if "zopfli" in libraries:
        # Zopfli on a sample, against libdeflate levels 5 and 12 on the same sample.
        stride = args.zopfli_stride
        sample = {"zopfli 1 iteration": run(binary, listing, "zopfli", 1, stride=stride),
                  "libdeflate 5": run(binary, listing, "libdeflate", 5, stride=stride)}
        if args.high:
            sample["libdeflate 12"] = run(binary, listing, "libdeflate", 12, stride=stride)
    if args.libdeflate_source:
        newer, _ = build_program(args.work, args.libdeflate_source)
        for level in (1, 5, 10, 11) if args.high else (1, 5):
            results[("libdeflate (source)", level)] = run(newer, listing, "libdeflate", level)

    raw = results[("libdeflate", 5)]["raw"]
    images = results[("libdeflate", 5)]["files"]
    print()
    print("compressor survey: %d images, %.1f MB of filtered rows (assetc's default build), one core"
          % (images, raw / 1e6))
    print("  assetc's PNGs: %d B, of which %d B outside the IDAT streams" % (assetc_png, other))
    print("  row bytes in runs of at least 64 equal bytes: %.1f%%; in rows of a single value: %.1f%%"
          % (100.0 * in_runs / raw, 100.0 * in_uniform_rows / raw))
    if oxipng_bytes:
        print("  oxipng -o2 on them, one core: %d B in %.1f s; 0.98x is %d B, 1.05x is %d B"
              % (oxipng_bytes, oxipng_seconds, 0.98 * oxipng_bytes, 1.05 * oxipng_bytes))
    print("  %-26s %12s %12s %9s %9s %8s" % ("setting", "streams B", "PNG B", "/ oxipng", "seconds", "ns/byte"))
    for (library, level), result in results.items():
        png = other + result["bytes"]
        print("  %-26s %12d %12d %9s %9.3f %8.2f" % ("%s %d" % (library, level), result["bytes"], png,
                                                    "%.3f" % (png / oxipng_bytes) if oxipng_bytes else "-",
                                                    result["seconds"], result["seconds"] * 1e9 / raw))
    if "zopfli" in libraries:
        print("  sample of every %dth image (%d images, %.1f MB):" % (args.zopfli_stride, sample["libdeflate 5"]["files"],
                                                                     sample["libdeflate 5"]["raw"] / 1e6))
        for name, result in sample.items():
            print("    %-24s %12d B %9.3f s" % (name, result["bytes"], result["seconds"]))
    if args.high and oxipng_bytes:
        target = 0.98 * oxipng_bytes - other
        found = oracle(results[("libdeflate", 5)], results[("libdeflate", 12)], target)
        if found:
            print("  per-image oracle (level 5 or 12 per image) reaching 0.98x oxipng: %d images at 12, %.1f s of one core"
                  % found)
        else:
            print("  per-image oracle (level 5 or 12 per image): 0.98x oxipng not reachable")


if __name__ == "__main__":
    main()
