#!/usr/bin/env bash
# The accepted frame set: a fixed list of frames rendered headless by a given swivel binary, so that
# two binaries (before and after a refactor of the app's state or frame loop) can be shown to draw
# the same pixels: render each into its own folder, then scripts/compare-frame-sets.sh A B.
#   scripts/frame-set.sh BINARY OUTDIR
# Every frame is `swivel --screenshot`, some after a `--replay` whose times are virtual, so each is a
# function of its options alone. The photos are made here, the same bytes every run: the embedded
# demo deck, one small file of each format (ImageMagick, cjxl for JPEG XL, a few lines of Python for
# QOI, SVG as text) and three Debian wallpapers (plasma-workspace-wallpapers; their frames are left
# out, with a message, where the package is not installed). OUTDIR gets one PNG a frame and
# inputs.sha256, the checksums of the photos the frames were rendered from. The binary runs with an
# empty environment but for its own temporary HOME, XDG folders and TMPDIR, on Mesa's llvmpipe, with
# no config file and no thumbnail cache: nothing of the user's is read or written.
# The HUD is in it once (--hud): with --screenshot it shows no measurement (0 fps, 0 draw calls), the
# same every run. Not in the set: H and the key list (? and H are the frame loop's own keys: a replay,
# live or with --screenshot, never presses them) and Delete (it moves files to the trash).
# Needs ImageMagick (convert or magick), cjxl (libjxl-tools), python3 and the DejaVu fonts.
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: scripts/frame-set.sh BINARY OUTDIR" >&2
    exit 64
fi
[ -f "$1" ] && [ -x "$1" ] || { echo "frame-set: $1 is not an executable" >&2; exit 64; }
binary=$(realpath "$1")
out=$2
mkdir -p "$out"
out=$(realpath "$out")
if [ -n "$(ls -A "$out")" ]; then
    echo "frame-set: $out is not empty; give a new or empty folder (frames of another run would mix in)" >&2
    exit 64
fi
magick=$(command -v magick || command -v convert) || { echo "frame-set: needs ImageMagick" >&2; exit 1; }
command -v cjxl > /dev/null || { echo "frame-set: needs cjxl (libjxl-tools)" >&2; exit 1; }
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
[ -f "$bold" ] || { echo "frame-set: needs $bold (fonts-dejavu-core)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/swivel-frame-set-XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/cache" "$work/config" "$work/data" "$work/tmp" "$work/recordings" \
    "$work/formats" "$work/wallpapers"

# The formats folder: one 240x320 picture a format (a gradient, a disc and the format's name, each
# in its own colours), written with options that keep out dates and other per-run bytes.
picture() { # LABEL TOP BOTTOM: the picture, to standard output as PNG
    "$magick" -size 240x320 "gradient:$2-$3" -fill white -draw "circle 120,210 120,260" \
        -font "$bold" -pointsize 44 -fill black -gravity north -annotate +0+48 "$1" \
        -define png:exclude-chunks=date,time png:-
}
f=$work/formats
picture JPEG '#c0392b' '#f5b7b1' | "$magick" png:- -quality 90 -sampling-factor 2x2 "$f/a-jpeg.jpg"
picture PNG '#1e8449' '#abebc6' > "$f/b-png.png"
picture WebP '#2471a3' '#aed6f1' | "$magick" png:- -quality 90 "$f/c-webp.webp"
picture HEIC '#7d3c98' '#d7bde2' | "$magick" png:- -quality 80 "$f/d-heic.heic"
picture AVIF '#b9770e' '#fad7a0' | "$magick" png:- -quality 80 "$f/e-avif.avif"
picture JXL '#17a589' '#a3e4d7' > "$work/jxl.png"
cjxl --quiet -d 0 "$work/jxl.png" "$f/f-jxl.jxl" > /dev/null 2>&1
picture TIFF '#34495e' '#d6dbdf' | "$magick" png:- -compress lzw "$f/g-tiff.tif"
picture GIF '#cb4335' '#f9e79f' | "$magick" png:- "$f/h-gif.gif"
picture BMP '#2e86c1' '#f4ecf7' | "$magick" png:- "$f/i-bmp.bmp"
# ImageMagick 6 writes a TGA's rows as they are and its orientation into the origin bits: TopLeft, upright.
picture TGA '#a04000' '#edbb99' | "$magick" png:- -orient TopLeft "$f/j-tga.tga"
picture QOI '#616a6b' '#f2f3f4' | "$magick" png:- -depth 8 rgba:- | python3 -c '
import struct, sys
pixels = sys.stdin.buffer.read()
# QOI_OP_RGBA for every pixel: valid QOI (qoiformat.org, specification 1.0), if not the smallest.
body = b"".join(b"\xff" + pixels[i:i + 4] for i in range(0, len(pixels), 4))
sys.stdout.buffer.write(b"qoif" + struct.pack(">IIBB", 240, 320, 4, 0) + body + b"\0" * 7 + b"\1")
' > "$f/k-qoi.qoi"
picture PPM '#1f618d' '#d4e6f1' | "$magick" png:- "$f/l-ppm.ppm"
# The gradient's ends in percentages: nanosvg (SDL2_image's) reads the spec's unitless fractions of
# the bounding box as points (memononen/nanosvg pull request 47, open), a 1 pt gradient.
cat > "$f/m-svg.svg" << 'EOF'
<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320" viewBox="0 0 240 320">
  <defs><linearGradient id="g" x1="0%" y1="0%" x2="0%" y2="100%">
    <stop offset="0" stop-color="#117864"/><stop offset="1" stop-color="#f9e79f"/></linearGradient></defs>
  <rect width="240" height="320" fill="url(#g)"/>
  <circle cx="120" cy="210" r="50" fill="white"/>
  <path d="M40 60 L120 130 L200 60 Z" fill="#922b21"/>
</svg>
EOF
# For --sort mtime: a fixed date per file, an order unlike the names' (a day apart, in the order of
# this list: SVG oldest, JPEG newest).
day=0
for name in m-svg.svg c-webp.webp k-qoi.qoi h-gif.gif e-avif.avif l-ppm.ppm b-png.png \
            j-tga.tga f-jxl.jxl d-heic.heic i-bmp.bmp g-tiff.tif a-jpeg.jpg; do
    day=$((day + 1))
    touch -d "2021-03-$(printf %02d "$day") 12:00:00 UTC" "$f/$name"
done

# The wallpapers folder: three of Debian's 2560x1600 JPEGs, copied under fixed names.
wallpapers=yes
for name in Autumn FallenLeaf Path; do
    source=/usr/share/wallpapers/$name/contents/images/2560x1600.jpg
    if [ -f "$source" ]; then
        cp "$source" "$work/wallpapers/$name.jpg"
    else
        wallpapers=no
    fi
done
if [ "$wallpapers" = no ]; then
    echo "frame-set: no /usr/share/wallpapers/{Autumn,FallenLeaf,Path}/contents/images/2560x1600.jpg" \
        "(plasma-workspace-wallpapers); leaving out the wallpaper frames" >&2
fi
(cd "$work" && sha256sum formats/* $([ "$wallpapers" = yes ] && echo wallpapers/*)) > "$out/inputs.sha256"

# One frame: swivel with the set's options and ARGS, into OUTDIR/NAME.png.
frames=0
frame() { # NAME ARGS...
    local name=$1
    shift
    if ! env -i PATH=/usr/bin:/bin HOME="$work/home" XDG_CACHE_HOME="$work/cache" \
            XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" TMPDIR="$work/tmp" LANG=C.UTF-8 \
            SDL_VIDEODRIVER=offscreen LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe \
            "$binary" --no-config --no-thumbnail-cache --reduced-motion=no --no-watch \
            "$@" --screenshot "$out/$name.png" > "$work/log" 2>&1; then
        echo "frame-set: $name failed: swivel $* --screenshot $name.png" >&2
        cat "$work/log" >&2
        exit 1
    fi
    # Placeholders in place of photos: a frame of the machine's load, not of the binary.
    if grep -q 'photos still loading' "$work/log"; then
        echo "frame-set: $name: the photos took over 60 s; drawn with placeholders, not used" >&2
        exit 1
    fi
    if grep -q . <(grep -v '^wrote ' "$work/log"); then
        echo "frame-set: $name: swivel said:" >&2
        grep -v '^wrote ' "$work/log" >&2
    fi
    frames=$((frames + 1))
    echo "$name"
}
# A frame at the end of a recording: LINES (after the header, one entry a line) replayed, then ARGS.
replayed() { # NAME LINES ARGS...
    local name=$1 lines=$2
    shift 2
    printf 'swivel-recording 1\n%s\n' "$lines" > "$work/recordings/$name.rec"
    frame "$name" --replay "$work/recordings/$name.rec" "$@"
}
# A flick to the left from the window's right half: released at 0.1 s at about 3000 pt/s.
flick='0 down mouse 0 900 360
0.02 move mouse 0 860 360
0.04 move mouse 0 800 360
0.06 move mouse 0 740 360
0.08 move mouse 0 680 360
0.1 up mouse 0 620 360'
start=$SECONDS

# The colour deck (7 cards, 240 pt apart).
frame colour-scroll-0 --scroll 0
frame colour-scroll-120 --scroll 120                  # half-way between two cards
frame colour-scroll-500 --scroll 500
frame colour-scroll-1440 --scroll 1440                # the last card
frame colour-cards-1000 --cards 1000 --scroll 123456
frame colour-spacing-0 --spacing 0 --scroll 100
frame colour-scale-2 --scale 2 --scroll 120
frame colour-background-black --background black --scroll 300
frame colour-loop-seam --loop --scroll 1560           # half-way across the seam: the last card and the first
frame colour-loop-past-seam --loop --scroll 1700      # just past the first card, the last card to its left
frame colour-hud --hud
replayed colour-key-mark '0 key mark
0.5 end'
replayed colour-drag-mid-fling "$flick
0.3 end"
replayed colour-resize-800x500 '0 resize 1280 720
0.2 resize 800 500
0.5 end'

# The demo deck (6 photos).
frame demo --demo
frame demo-scroll-600-scale-2 --demo --scroll 600 --scale 2
replayed demo-key-info '0 key info
0.5 end' --demo
replayed demo-key-mark-row '0 key right
0.8 key mark
1.2 end' --demo
replayed demo-key-markall-row '0 key markAll
0.5 end' --demo
replayed demo-drag-mid-fling "$flick
0.3 end" --demo
replayed demo-slideshow-9s '0 key slideshow
9 end' --demo
# The full view.
frame demo-open-0 --demo --open 0
frame demo-open-3-scale-2 --demo --open 3 --scale 2
# 640x360: the 400x600 px demo photos fit a 1280x720 window at 1:1 already.
replayed demo-open-0-key-one-640x360 '0 key one
1 end' --demo --open 0 --size 640x360
replayed demo-open-0-key-plus-1 '0 key plus
1 end' --demo --open 0
replayed demo-open-0-key-plus-3 '0 key plus
0.1 key plus
0.2 key plus
1.2 end' --demo --open 0
replayed demo-open-0-key-right-mid '0 key right
0.05 end' --demo --open 0
replayed demo-open-0-key-right-after '0 key right
1 end' --demo --open 0
replayed demo-open-0-key-info '0 key info
0.5 end' --demo --open 0
replayed demo-open-0-key-mark '0 key mark
0.5 end' --demo --open 0
replayed demo-open-0-key-markall '0 key markAll
0.5 end' --demo --open 0
replayed demo-open-0-slideshow-9s '0 key slideshow
9 end' --demo --open 0
# The flights between the row and the full view, mid-way.
replayed demo-open-flight-mid '0 key enter
0.12 end' --demo
replayed demo-open-flight-mid-scale-2 '0 key enter
0.12 end' --demo --scale 2
replayed demo-close-flight-mid '0 key backspace
0.12 end' --demo --open 0
replayed demo-close-flight-mid-scale-2 '0 key backspace
0.12 end' --demo --open 0 --scale 2

# The formats folder (13 files), in name order at four scrolls, and by date, newest first.
frame formats-scroll-0 "$work/formats" --scroll 0
frame formats-scroll-960 "$work/formats" --scroll 960
frame formats-scroll-1920 "$work/formats" --scroll 1920
frame formats-scroll-2880 "$work/formats" --scroll 2880
frame formats-sort-mtime-reverse "$work/formats" --sort mtime --reverse
frame formats-open-svg "$work/formats" --open 12
frame one-file "$work/formats/f-jxl.jxl"

# The wallpapers folder (three 2560x1600 JPEGs).
if [ "$wallpapers" = yes ]; then
    frame wallpapers "$work/wallpapers" --scroll 240
    frame wallpapers-scale-2 "$work/wallpapers" --scroll 240 --scale 2
    frame wallpapers-open-1 "$work/wallpapers" --open 1
    replayed wallpapers-open-1-key-one '0 key one
1 end' "$work/wallpapers" --open 1
    # At 2x a demo photo's full view is the card's size: these flights have far to go.
    replayed wallpapers-open-flight-mid-scale-2 '0 key enter
0.12 end' "$work/wallpapers" --scroll 240 --scale 2
    replayed wallpapers-close-flight-mid-scale-2 '0 key backspace
0.12 end' "$work/wallpapers" --open 1 --scale 2
fi

echo "frame-set: $frames frames in $out ($((SECONDS - start)) s)"
