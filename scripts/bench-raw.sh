#!/bin/sh
# Camera RAW against JPEG, by the release binary's own benchmarks, in alternating rounds in one
# sitting (ratios, not absolute times: the shared machine's load moves both alike):
#   - the row (`--bench --images`): time to all visible cards (visible_photos_ms), decode CPU per
#     card (decode_cpu_ms p50) and --sort taken's cost (taken_dates_ms, taken_dates_cpu_ms), for
#     the DNGs beside their own previews as JPEGs;
#   - the full view (`--bench --images --open 0`): open -> sharp p50 of the DNGs against the goal
#     made of libjpeg-turbo's decode of the previews (the JPEG run's turbojpeg_ms: 1.25 x it + two
#     60 Hz frames), and the full demosaic of the first DNG beside dcraw_emu's, in the same run.
# No thumbnail cache (every card decoded from its file).
#   scripts/bench-raw.sh [--rounds N] DNG_DIR JPEG_DIR
#   scripts/bench-raw.sh --make DIR [WALLPAPER]   makes DIR/dng: 100 copies of a 24 MP DNG (6000 x
#       4000, 16-bit uncompressed, a 1620 x 1080 q92 JPEG preview) by Tests/PhotoTools/make-dng.py
#       from WALLPAPER (a Debian wallpaper by default), and DIR/jpeg: the previews as
#       `exiftool -b -PreviewImage` extracts them (about 4.7 GB in all)
# Needs a release build (`swift build -c release`), python3; --make needs numpy
# (.build/test-venv: make pypi-install), ImageMagick and exiftool.
set -eu
binary=${SWIVEL:-.build/release/swivel}
if [ "${1:-}" = --make ]; then
    dir=$2
    wallpaper=${3:-/usr/share/wallpapers/Autumn/contents/images/2560x1600.jpg}
    python=.build/test-venv/bin/python3
    [ -x "$python" ] || python=python3
    mkdir -p "$dir/dng" "$dir/jpeg"
    convert "$wallpaper" -resize '6000x4000!' -depth 8 "ppm:$dir/photo.ppm"
    "$python" Tests/PhotoTools/make-dng.py "$dir/photo.ppm" "$dir/photo.dng" --bits 16 --preview jpeg --preview-width 1620
    exiftool -b -PreviewImage "$dir/photo.dng" > "$dir/preview.jpg"
    for i in $(seq -w 1 100); do
        cp "$dir/photo.dng" "$dir/dng/IMG_$i.dng"
        cp "$dir/preview.jpg" "$dir/jpeg/IMG_$i.jpg"
    done
    rm "$dir/photo.ppm" "$dir/photo.dng" "$dir/preview.jpg"
    exit 0
fi
rounds=3
if [ "${1:-}" = --rounds ]; then rounds=$2; shift 2; fi
[ $# -eq 2 ] || { echo "usage: bench-raw.sh [--rounds N] DNG_DIR JPEG_DIR, or bench-raw.sh --make DIR" >&2; exit 64; }
[ -x "$binary" ] || { echo "bench-raw: no $binary (swift build -c release)" >&2; exit 1; }
dng=$1 jpeg=$2
out=$(mktemp -d /tmp/swivel-bench-raw-XXXXXX)
trap 'rm -rf "$out"' EXIT INT TERM
export SDL_VIDEODRIVER=offscreen XDG_CACHE_HOME="$out/cache"
for round in $(seq 1 "$rounds"); do
    "$binary" --bench --images "$jpeg" --no-thumbnail-cache > "$out/row-jpeg-$round.json"
    "$binary" --bench --images "$dng" --no-thumbnail-cache > "$out/row-dng-$round.json"
    "$binary" --bench --images "$jpeg" --open 0 --no-thumbnail-cache > "$out/open-jpeg-$round.json"
    "$binary" --bench --images "$dng" --open 0 --no-thumbnail-cache > "$out/open-dng-$round.json"
done
python3 - "$out" "$rounds" <<'EOF'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def load(kind, deck, r): return json.load(open(f"{out}/{kind}-{deck}-{r}.json"))
rows, ratios = [], {k: [] for k in ["visible", "decode_cpu", "taken", "taken_cpu", "open_goal", "open_jpeg", "demosaic_wall", "demosaic_cpu"]}
print("round | deck | visible cards ms | decode CPU p50 ms | taken dates ms (CPU) | open->sharp p50 ms | turbojpeg p50 ms | full demosaic ms wall/CPU | dcraw_emu ms wall/CPU | load")
for r in range(1, rounds + 1):
    rj, rd, oj, od = load("row", "jpeg", r), load("row", "dng", r), load("open", "jpeg", r), load("open", "dng", r)
    for name, row, op in (("JPEG", rj, oj), ("DNG", rd, od)):
        demo, ref = op.get("raw_full_demosaic_ms") or {}, op.get("dcraw_emu_ms") or {}
        print(f"{r} | {name} | {row['visible_photos_ms']:.0f} | {row['decode_cpu_ms']['p50']:.1f} | "
              f"{row['taken_dates_ms']:.1f} ({row['taken_dates_cpu_ms']:.1f}) | {op['open_to_sharp_ms']['p50']:.1f} | "
              f"{op['turbojpeg_ms']['p50'] if op['turbojpeg_ms']['p50'] is not None else '-'} | "
              f"{demo.get('wall') or '-'} / {demo.get('cpu') or '-'} | {ref.get('wall') or '-'} / {ref.get('cpu') or '-'} | {op['load_average']}")
    goal = 1.25 * oj["turbojpeg_ms"]["p50"] + 2 * 1000 / 60
    ratios["visible"].append(rd["visible_photos_ms"] / rj["visible_photos_ms"])
    ratios["decode_cpu"].append(rd["decode_cpu_ms"]["p50"] / rj["decode_cpu_ms"]["p50"])
    ratios["taken"].append(rd["taken_dates_ms"] / rj["taken_dates_ms"])
    ratios["taken_cpu"].append(rd["taken_dates_cpu_ms"] / rj["taken_dates_cpu_ms"])
    ratios["open_goal"].append(od["open_to_sharp_ms"]["p50"] / goal)
    ratios["open_jpeg"].append(od["open_to_sharp_ms"]["p50"] / oj["open_to_sharp_ms"]["p50"])
    demo, ref = od.get("raw_full_demosaic_ms") or {}, od.get("dcraw_emu_ms") or {}
    if demo.get("wall") and ref.get("wall"):
        ratios["demosaic_wall"].append(demo["wall"] / ref["wall"])
        ratios["demosaic_cpu"].append(demo["cpu"] / ref["cpu"])
print()
names = {"visible": "DNG/JPEG time to all visible cards (goal <= 1.15)", "decode_cpu": "DNG/JPEG decode CPU p50 (goal <= 1.15)",
         "taken": "DNG/JPEG --sort taken wall", "taken_cpu": "DNG/JPEG --sort taken CPU",
         "open_goal": "DNG open->sharp p50 / (1.25 x turbojpeg(preview) + 2 frames) (goal <= 1)",
         "open_jpeg": "DNG/JPEG open->sharp p50", "demosaic_wall": "Swivel's full demosaic / dcraw_emu's, wall",
         "demosaic_cpu": "Swivel's full demosaic / dcraw_emu's, CPU"}
for key, values in ratios.items():
    if values:
        print(f"{names[key]}: " + ", ".join(f"{v:.2f}" for v in values) + f"; median {statistics.median(values):.2f}")
EOF
