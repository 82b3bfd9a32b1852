#!/bin/sh
# The 12 MP decode benchmark (it used to run, untimed, in every test run): one 4000x3000 camera-sized
# JPEG made from a Debian wallpaper as docs/performance.md (under "`--bench`") makes them (Gaussian
# noise, quality 92, 4:2:0), hard-linked to 20 names, decoded into cards by the release binary's
# `--bench --images`. Prints the decode CPU and wall time per photo (p50 / p95 / max, ms).
#   scripts/bench-decode.sh [WALLPAPER.jpg] [--scale 2]
# Needs ImageMagick (`convert`) and a release build (`swift build -c release`).
set -eu
binary=${SWIVEL:-.build/release/swivel}
wallpaper=/usr/share/wallpapers/Flow/contents/images/5120x2880.jpg
case ${1:-} in *.jpg|*.jpeg|*.png) wallpaper=$1; shift ;; esac
[ -x "$binary" ] || { echo "bench-decode: no $binary (swift build -c release)" >&2; exit 1; }
folder=$(mktemp -d /tmp/swivel-bench-decode-XXXXXX)
trap 'rm -rf "$folder"' EXIT INT TERM
convert "$wallpaper" -resize 4000x3000^ -gravity center -extent 4000x3000 \
    -attenuate 0.4 +noise Gaussian -quality 92 -sampling-factor 2x2 "$folder/photo 0.jpg"
for i in $(seq 1 19); do ln "$folder/photo 0.jpg" "$folder/photo $i.jpg"; done
SDL_VIDEODRIVER=offscreen "$binary" --bench --images "$folder" --frames 300 "$@" | python3 -c '
import json, sys
run = json.load(sys.stdin)
cpu, wall = run["decode_cpu_ms"], run["decode_ms"]
print("12 MP JPEG (%s bytes) into a card, %d decodes, %s pixels:" % (sys.argv[1], run["decoded"], run["pixels"]))
print("  decode CPU per photo  p50 %.1f  p95 %.1f  max %.1f ms" % (cpu["p50"], cpu["p95"], cpu["max"]))
print("  decode wall per photo p50 %.1f  p95 %.1f  max %.1f ms" % (wall["p50"], wall["p95"], wall["max"]))
' "$(stat -c %s "$folder/photo 0.jpg")"
