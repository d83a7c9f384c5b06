#!/usr/bin/env python3
"""Assets.car size against Apple's: compiles each golden pair's catalog (../shared/corpus/car-pairs,
SOURCES.tsv) with `assetc actool` as the pair's actool was called (platform, deployment target,
devices), and prints our car's bytes beside actool's, with the ratio, and the seconds it took.
Apple's cars hold some renditions twice (one per deployment-target key) and packed atlases; ours
hold each once. `make bench` runs it; the figures go in issue notes, not in a timed test."""
import argparse, csv, os, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))

# The actool arguments each pair's build used (SOURCES.tsv's notes); pairs not listed are skipped
# (the tvOS and watchOS cars of acextract).
ARGUMENTS = {
    "assets_iphone.car": ["--minimum-deployment-target", "9.3", "--target-device", "iphone"],
    "assets_ipad.car": ["--minimum-deployment-target", "9.3", "--target-device", "ipad"],
    "assets_ios.car": ["--minimum-deployment-target", "9.3", "--target-device", "iphone", "--target-device", "ipad"],
    "assets_mac.car": ["--platform", "macosx", "--minimum-deployment-target", "10.11"],
}
DEFAULT = {
    "microbit-foundation/microbit-swift-playgrounds": ["--minimum-deployment-target", "8.0", "--target-device", "ipad"],
    "Yummypets/YPImagePicker": ["--minimum-deployment-target", "9.0", "--target-device", "iphone", "--target-device", "ipad"],
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assetc", default=os.path.join(HERE, "..", ".build", "static", "release", "assetc"))
    parser.add_argument("--pairs", default=os.path.join(HERE, "..", "..", "shared", "corpus", "car-pairs"))
    parser.add_argument("--work", default="/tmp/assetc-bench-car-pairs")
    args = parser.parse_args()
    with open(os.path.join(args.pairs, "SOURCES.tsv")) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    print(f"{'pair':58} {'actool':>10} {'assetc':>10} {'ratio':>6} {'s':>5}")
    total_apple = total_ours = 0
    failures = 0
    for row in rows:
        car = os.path.basename(row["local_car"])
        extra = ARGUMENTS.get(car) if row["repo"] == "bartoszj/acextract" else DEFAULT.get(row["repo"])
        if extra is None:
            continue
        catalog = os.path.join(args.pairs, row["local_xcassets"])
        if not os.path.isdir(catalog) or not os.path.exists(os.path.join(args.pairs, row["local_car"])):
            print(f"{row['local_car']:58} (not in this copy of the corpus)")
            continue
        out = os.path.join(args.work, row["local_car"].replace("/", "_"))
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        started = time.monotonic()
        platform = [] if "--platform" in extra else ["--platform", "iphoneos"]
        run = subprocess.run([args.assetc, "actool", "--compile", out] + platform
                             + ["--output-format", "human-readable-text"] + extra + [catalog], capture_output=True, text=True)
        seconds = time.monotonic() - started
        ours_path = os.path.join(out, "Assets.car")
        if run.returncode != 0 or not os.path.exists(ours_path):
            print(f"{row['local_car']}: assetc failed\n{run.stdout}{run.stderr}", file=sys.stderr)
            failures += 1
            continue
        apple = os.path.getsize(os.path.join(args.pairs, row["local_car"]))
        ours = os.path.getsize(ours_path)
        total_apple += apple
        total_ours += ours
        print(f"{row['local_car']:58} {apple:>10} {ours:>10} {ours / apple:>6.2f} {seconds:>5.1f}")
    if total_apple:
        print(f"{'total':58} {total_apple:>10} {total_ours:>10} {total_ours / total_apple:>6.2f}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
