#!/usr/bin/env bash
# Builds every catalog and Icon Composer icon of Tests/Fixtures and ../shared/corpus with two assetc
# binaries and compares all they write and say, byte for byte: a refactor must change nothing.
#
#   Benchmarks/compare_outputs.sh OLD_ASSETC NEW_ASSETC [WORK]
#
# Each catalog: `build CATALOG --car --swift --objc` (tree, car, index, plist, accessors, messages,
# exit code), and the actool mode with every message class shown (its results document: the
# catalog, set and file each message is about); each .icon: the actool mode for iPhone and for a
# Mac. Exit 0 when all are identical.
set -uo pipefail
old=$(realpath "$1"); new=$(realpath "$2"); work=${3:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
export ASSETC_CACHE_DIR=none
mkdir -p "$work"

run_all() { # binary, folder
    local bin=$1 out=$2 n=0
    rm -rf "$out"; mkdir -p "$out"
    while IFS= read -r catalog; do
        n=$((n + 1)); local dir="$out/catalog-$n"; mkdir -p "$dir"
        (cd "$(dirname "$catalog")" && "$bin" build "$(basename "$catalog")" --car --output "$dir/build" \
            --swift "$dir/Assets.swift" --objc "$dir/Assets" >"$dir/stdout" 2>"$dir/stderr"; echo $? >"$dir/exit")
        echo "$catalog" >"$dir/name"
        # The actool mode, asked for the catalog's first app icon set when it has one.
        local icon; icon=$(find "$catalog" -name '*.appiconset' -prune | sort | head -1)
        local iconArgs=(); [ -n "$icon" ] && iconArgs=(--app-icon "$(basename "$icon" .appiconset)")
        mkdir -p "$dir/actool"
        (cd "$(dirname "$catalog")" && "$bin" actool --compile "$dir/actool" --platform iphoneos --target-device iphone \
            --target-device ipad --minimum-deployment-target 15.0 "${iconArgs[@]}" --errors --warnings --notices \
            --output-partial-info-plist "$dir/actool.plist" --output-format human-readable-text "$(basename "$catalog")" \
            >"$dir/actool.stdout" 2>"$dir/actool.stderr"; echo $? >"$dir/actool.exit")
    done < <(find "$root/Tests/Fixtures" "$root/../shared/corpus" -name '*.xcassets' -prune | sort)
    while IFS= read -r icon; do
        for platform in iphoneos macosx; do
            n=$((n + 1)); local dir="$out/icon-$n"; mkdir -p "$dir/compile"
            local name; name=$(basename "$icon" .icon)
            local device=iphone; [ $platform = macosx ] && device=mac
            (cd "$(dirname "$icon")" && "$bin" actool --compile "$dir/compile" --platform $platform --target-device $device \
                --minimum-deployment-target 15.0 --app-icon "$name" --output-partial-info-plist "$dir/partial.plist" \
                --output-format human-readable-text "$(basename "$icon")" >"$dir/stdout" 2>"$dir/stderr"; echo $? >"$dir/exit")
            echo "$icon $platform" >"$dir/name"
        done
    done < <(find "$root/Tests/Fixtures" "$root/../shared/corpus" -name '*.icon' -prune | sort)
    # Messages name the output folder: make it one spelling for both runs.
    grep -rlF "$out" "$out" 2>/dev/null | while IFS= read -r f; do sed -i "s#$out#OUT#g" "$f"; done
    # The summary line ends in the seconds the build took.
    sed -E -i 's/, [0-9.]+s$/, (time)/' "$out"/*/stderr
    echo "$n"
}

count_old=$(run_all "$old" "$work/old")
count_new=$(run_all "$new" "$work/new")
echo "inputs built: $count_old (old) $count_new (new)"
if diff -r "$work/old" "$work/new" >"$work/diff.txt"; then
    echo "identical: every file, message and exit code ($work)"
else
    echo "DIFFERENT ($work/diff.txt):"; head -40 "$work/diff.txt"; exit 1
fi
