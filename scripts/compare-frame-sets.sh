#!/usr/bin/env bash
# Compares two folders scripts/frame-set.sh rendered (say, main's binary and a refactor's): every
# PNG byte for byte, and for those that differ, how many pixels do (ImageMagick's compare -metric AE,
# no fuzz). Also says when the photos the sets were rendered from differ (their inputs.sha256).
#   scripts/compare-frame-sets.sh A B
# Exits 0 when both hold the same frames and every one is identical, else 1 (64 for bad usage).
set -euo pipefail

if [ $# -ne 2 ] || [ ! -d "$1" ] || [ ! -d "$2" ]; then
    echo "usage: scripts/compare-frame-sets.sh A B (two folders of frames)" >&2
    exit 64
fi
a=$1
b=$2
if command -v magick > /dev/null; then
    compare=(magick compare) identify=(magick identify)
else
    compare=(compare) identify=(identify)
fi

# The PNGs' names in folder $1, one a line, sorted.
names() { (cd "$1" && find . -maxdepth 1 -name '*.png' -printf '%f\n' | LC_ALL=C sort); }
differ=0
same=0
if [ -f "$a/inputs.sha256" ] && [ -f "$b/inputs.sha256" ] && ! cmp -s "$a/inputs.sha256" "$b/inputs.sha256"; then
    echo "inputs differ: the sets were rendered from different photos (diff $a/inputs.sha256 $b/inputs.sha256)"
    differ=$((differ + 1))
fi
while read -r name; do
    if [ ! -f "$b/$name" ]; then
        echo "$name: only in $a"
        differ=$((differ + 1))
    elif cmp -s "$a/$name" "$b/$name"; then
        same=$((same + 1))
    else
        size_a=$("${identify[@]}" -format '%wx%h' "$a/$name")
        size_b=$("${identify[@]}" -format '%wx%h' "$b/$name")
        if [ "$size_a" != "$size_b" ]; then
            echo "$name: differs in size, $size_a and $size_b px"
        else
            # compare writes the count to stderr and exits 1 when the images differ.
            pixels=$("${compare[@]}" -metric AE "$a/$name" "$b/$name" null: 2>&1) || true
            if [ "$pixels" = 0 ]; then
                echo "$name: differs in its bytes, not in its pixels (another PNG encoding)"
            else
                echo "$name: differs in $pixels pixels (of $size_a)"
            fi
        fi
        differ=$((differ + 1))
    fi
done < <(names "$a")
while read -r name; do
    [ -f "$a/$name" ] || { echo "$name: only in $b"; differ=$((differ + 1)); }
done < <(names "$b")

if [ "$differ" -gt 0 ]; then
    echo "compare-frame-sets: $differ differences, $same frames identical"
    exit 1
fi
if [ "$same" -eq 0 ]; then
    echo "compare-frame-sets: no frames in $a" >&2
    exit 1
fi
echo "compare-frame-sets: all $same frames identical"
