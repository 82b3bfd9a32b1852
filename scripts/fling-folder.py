#!/usr/bin/env python3
"""fling-folder.py - a folder of N photos with their shared-cache thumbnails already written, for
the warm fling benchmark in docs/performance.md (`--bench --images DIR` flings at 5,000 pt/s).

    fling-folder.py SRC_DIR OUT_DIR CACHE_DIR [--n 10000] [--size 1600x1200]

Makes one JPEG of SIZE (quality 85) from each JPEG in SRC_DIR (ImageMagick `convert`), then N names
p00000.jpg ... in OUT_DIR, hard links to them in turn. Thumbnails are per URI, so each name gets its
own x-large (512) and xx-large (1024) thumbnail in CACHE_DIR/thumbnails, written here as the
Thumbnail Managing Standard 0.9.0 asks (md5 of the file:// URI, Thumb::URI, Thumb::MTime,
Thumb::Size): the pixels are scaled once per distinct photo, only the text chunks differ. Names
are plain ASCII, so the URI needs no escaping. Python 3 standard library and ImageMagick only.
"""
import hashlib, os, struct, subprocess, sys, zlib

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

def thumbnail(jpeg, side):
    """(width, height, deflated Paeth-free rows) of `jpeg` fitted within side x side, RGB."""
    size = subprocess.run(["identify", "-format", "%w %h", jpeg], check=True, capture_output=True, text=True).stdout
    w, h = map(int, size.split())
    scale = min(1.0, side / max(w, h))
    tw, th = max(1, round(w * scale)), max(1, round(h * scale))
    rgb = subprocess.run(["convert", jpeg, "-resize", f"{tw}x{th}!", "-depth", "8", "rgb:-"],
                         check=True, capture_output=True).stdout
    rows = b"".join(b"\0" + rgb[y * tw * 3:(y + 1) * tw * 3] for y in range(th))
    return tw, th, zlib.compress(rows, 6), (w, h)

def main():
    args = sys.argv[1:]
    n = int(args[args.index("--n") + 1]) if "--n" in args else 10000
    size = args[args.index("--size") + 1] if "--size" in args else "1600x1200"
    src, out, cache = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or not args[i - 1].startswith("--"))][:3]
    os.makedirs(os.path.join(out, "distinct"), exist_ok=True)
    sources = sorted(f for f in os.listdir(src) if f.lower().endswith((".jpg", ".jpeg")))
    distinct = []
    for i, name in enumerate(sources):
        path = os.path.join(out, "distinct", f"d{i:03d}.jpg")
        if not os.path.exists(path):
            subprocess.run(["convert", os.path.join(src, name), "-resize", size + "^", "-gravity", "center",
                            "-extent", size, "-quality", "85", path], check=True)
        distinct.append(path)
    sizes = {"x-large": 512, "xx-large": 1024}
    thumbs = {(p, folder): thumbnail(p, side) for p in distinct for folder, side in sizes.items()}
    for folder in sizes:
        os.makedirs(os.path.join(cache, "thumbnails", folder), mode=0o700, exist_ok=True)
    for i in range(n):
        original = distinct[i % len(distinct)]
        path = os.path.abspath(os.path.join(out, f"p{i:05d}.jpg"))
        if not os.path.exists(path):
            os.link(original, path)
        st = os.stat(path)
        uri = "file://" + path
        name = hashlib.md5(uri.encode()).hexdigest() + ".png"
        for folder in sizes:
            tw, th, idat, (w, h) = thumbs[(original, folder)]
            texts = [("Thumb::URI", uri), ("Thumb::MTime", str(int(st.st_mtime))), ("Thumb::Size", str(st.st_size)),
                     ("Thumb::Image::Width", str(w)), ("Thumb::Image::Height", str(h)),
                     ("Thumb::Mimetype", "image/jpeg"), ("Software", "fling-folder.py")]
            png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", tw, th, 8, 2, 0, 0, 0))
            png += b"".join(chunk(b"tEXt", k.encode() + b"\0" + v.encode()) for k, v in texts)
            png += chunk(b"IDAT", idat) + chunk(b"IEND", b"")
            target = os.path.join(cache, "thumbnails", folder, name)
            with open(target + ".tmp", "wb") as f:
                f.write(png)
            os.chmod(target + ".tmp", 0o600)
            os.rename(target + ".tmp", target)
    print(f"{n} photos in {out} ({len(distinct)} distinct), thumbnails in {cache}/thumbnails")

main()
