#!/usr/bin/env python3
"""The PNG effort table on real catalogs' PNGs: each `--png-effort` against oxipng -o2, per kind of image.

efforts.py measures PDF-rendered art. This measures what real apps' catalogs hold: every distinct
.xcassets catalog under ../shared/corpus, built clean at each effort (`assetc build CATALOG
--app-icon NAME --alternate-app-icons --devices iphone,ipad -q`, 2 cores by default), and oxipng -o2
(pyoxipng, one core) over a copy of the `default` build's PNGs in the same round. Every PNG written is
sorted into one kind, from the index assetc writes beside it:
  icons     app icons, alternate icons and the App Store icon (re-encoded: the App Store icon loses alpha)
  glyphs    other images whose sides are both 128 px or less (toolbar, tab and list glyphs)
  photos    other images written in full colour (RGB or RGBA: photographs, gradients, shadows)
  art       other images written as palette or grey (flat illustrations)
Catalogs that are copies of another (the same files at two commits) are built once. Times are the sum
of the catalogs' builds (each a separate process, as a build engine runs them).

  python3 catalog_efforts.py [--repeat 1] [--keep] [--previous OTHER-ASSETC]
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import anchors  # noqa: E402  (helpers: png_files, fresh_folder, alternate, CORES)
import catalogs as catalog_list  # noqa: E402  (every .xcassets under the corpus)

KINDS = ("icons", "glyphs", "photos", "art")
GLYPH_SIDE = 128


def distinct_catalogs(corpus):
    """Catalogs with at least one PNG, each content only once (same relative paths and bytes)."""
    seen, result = set(), []
    for catalog in catalog_list.catalogs(corpus):
        digest = hashlib.sha256()
        pngs = 0
        for root, dirs, files in sorted(os.walk(catalog)):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(root, name)
                digest.update(os.path.relpath(path, catalog).encode() + b"\0")
                with open(path, "rb") as handle:
                    digest.update(hashlib.sha256(handle.read()).digest())
                pngs += name.lower().endswith(".png")
        if pngs and digest.digest() not in seen:
            seen.add(digest.digest())
            result.append(catalog)
    return result


def set_names(catalog, extension):
    return sorted(name[:-len(extension)] for _, dirs, _ in os.walk(catalog) for name in dirs if name.endswith(extension))


def ios_icon_sets(catalog):
    """App icon sets with a slot for iOS (a Mac-only set has no applicable content for an iOS build)."""
    result = []
    for name in set_names(catalog, ".appiconset"):
        found = [os.path.join(root, name + ".appiconset", "Contents.json") for root, dirs, _ in os.walk(catalog)
                 if name + ".appiconset" in dirs]
        images = json.load(open(found[0])).get("images", [])
        if any(image.get("idiom") in ("iphone", "ipad", "ios-marketing") or image.get("platform") == "ios"
               for image in images):
            result.append(name)
    return result


def build_command(assetc, catalog, out, effort, jobs):
    command = [assetc, "build", catalog, "--output", out, "-q", "-j", str(jobs), "--png-effort", effort,
               "--devices", "iphone,ipad"]
    icons = ios_icon_sets(catalog)
    if icons:
        command += ["--app-icon", "AppIcon" if "AppIcon" in icons else icons[0], "--alternate-app-icons"]
    launch = set_names(catalog, ".launchimage")
    if launch:
        command += ["--launch-image", launch[0]]
    return command


def color_type(path):
    with open(path, "rb") as handle:
        head = handle.read(26)
    return head[25]


_FIRST_SEEN = {}


def kinds(out):
    """Output-relative PNG path -> kind, from the index: icons by role, glyphs by size, the rest by
    layout. A file keeps the kind its first build gave it (the `default` build runs first), so a
    layout that another effort chooses does not move it to another row."""
    index = json.load(open(os.path.join(out, "asset-index.json")))
    roles = {}
    store = index.get("appStoreIcon")
    if store:
        roles[store["file"]] = "icons"
    for bundle in index["bundles"].values():
        for entries in bundle["images"].values():
            for entry in entries:
                path = os.path.normpath(os.path.join("Resources", bundle["path"], entry["file"]))
                roles[path] = "icons" if "icon" in entry.get("role", "") else None
    result = {}
    for path in anchors.png_files(out):
        relative = os.path.relpath(path, out)
        kind = roles.get(relative)
        if kind is None:
            width, height = anchors.png_size(path)
            if width <= GLYPH_SIDE and height <= GLYPH_SIDE:
                kind = "glyphs"
            else:
                kind = "photos" if color_type(path) in (2, 6) else "art"
        result[relative] = _FIRST_SEEN.setdefault((os.path.basename(out), relative), kind)
    return result


def build_all(assetc, catalogs, work, effort, jobs, folder=None):
    """Clean builds of every catalog at one effort; returns seconds, bytes per kind, and the folder."""
    root = anchors.fresh_folder(os.path.join(work, folder or effort))
    seconds = 0.0
    totals = dict.fromkeys(KINDS, 0)
    files = dict.fromkeys(KINDS, 0)
    for number, catalog in enumerate(catalogs):
        out = os.path.join(root, "%02d" % number)
        command = build_command(assetc, catalog, out, effort, jobs)
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        seconds += time.perf_counter() - start
        for relative, kind in kinds(out).items():
            totals[kind] += os.path.getsize(os.path.join(out, relative))
            files[kind] += 1
    return {"seconds": seconds, "bytes": sum(totals.values()), "kinds": totals, "files": files, "folder": root}


def oxipng_all(default_root, work):
    """oxipng -o2 over a copy of the default build's PNGs, one core, timed per kind."""
    import oxipng
    copy = anchors.fresh_folder(os.path.join(work, "oxipng"))
    totals = dict.fromkeys(KINDS, 0)
    times = dict.fromkeys(KINDS, 0.0)
    for out in sorted(os.listdir(default_root)):
        source = os.path.join(default_root, out)
        for relative, kind in kinds(source).items():
            target = os.path.join(copy, out, relative)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(source, relative), target)
            start = time.perf_counter()
            oxipng.optimize(target, level=2)
            times[kind] += time.perf_counter() - start
            totals[kind] += os.path.getsize(target)
    return {"seconds": sum(times.values()), "bytes": sum(totals.values()), "kinds": totals, "kind_seconds": times}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    parser.add_argument("--work", default="/tmp/assetc-catalog-efforts")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=anchors.CORES)
    parser.add_argument("--efforts", default="fast,default,max")
    parser.add_argument("--keep", action="store_true", help="keep the builds in --work for a look afterwards")
    parser.add_argument("--previous", help="another assetc binary (an earlier commit): its `max` joins the rounds")
    parser.add_argument("--no-oxipng", action="store_true", help="leave oxipng out (comparisons between assetc builds only)")
    args = parser.parse_args()
    assetc = os.path.abspath(args.assetc)
    work = anchors.fresh_folder(args.work)
    catalogs = distinct_catalogs(args.corpus)
    efforts = args.efforts.split(",")
    if "default" in efforts:  # first, so that its layouts sort the files into kinds
        efforts = ["default"] + [effort for effort in efforts if effort != "default"]
    contenders = {effort: (lambda effort=effort: build_all(assetc, catalogs, work, effort, args.jobs)) for effort in efforts}
    if args.previous:
        previous = os.path.abspath(args.previous)
        contenders["max (previous)"] = lambda: build_all(previous, catalogs, work, "max", args.jobs, folder="max-previous")
    if "default" in efforts and not args.no_oxipng:
        contenders["oxipng -o2 serial"] = lambda: oxipng_all(os.path.join(work, "default"), work)
    results = anchors.alternate(contenders, args.repeat)
    oxipng = results.get("oxipng -o2 serial")
    files = results[efforts[0]]["files"]
    print()
    print("PNG effort on real catalogs' PNGs: %d catalogs, %d PNGs (%s), %d cores, median of %d rounds"
          % (len(catalogs), sum(files.values()), ", ".join("%d %s" % (files[k], k) for k in KINDS), anchors.CORES, args.repeat))
    print("  %-20s %9s %11s %9s %9s %s" % ("", "time", "PNG bytes", "/ oxipng", "t/oxipng",
                                            " ".join("%14s" % k for k in KINDS)))
    for name, result in results.items():
        ratio = (lambda key: "%.3f" % (result[key] / oxipng[key])) if oxipng else (lambda key: "-")
        per_kind = " ".join("%14s" % ("%d %s" % (result["kinds"][k], "(%.3f)" % (result["kinds"][k] / oxipng["kinds"][k])
                                                  if oxipng and oxipng["kinds"][k] else "")) for k in KINDS)
        print("  %-20s %8.2fs %11d %9s %9s %s" % (name, result["seconds"], result["bytes"], ratio("bytes"),
                                                 ratio("seconds"), per_kind))
    if oxipng:
        print("  oxipng seconds per kind: " + ", ".join("%s %.2f" % (k, oxipng["kind_seconds"][k]) for k in KINDS))
    with open(os.path.join(work, "catalog-efforts.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    if not args.keep:
        for name in efforts + ["oxipng", "max-previous"]:
            shutil.rmtree(os.path.join(work, name), ignore_errors=True)


if __name__ == "__main__":
    main()
