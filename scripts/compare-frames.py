#!/usr/bin/env python3
"""Compares PNG frames pixel by pixel: compare-frames.py BEFORE.png AFTER.png [...pairs].
Prints, per pair, the largest difference of any channel in 8-bit levels and how many pixels differ;
exits 1 if any pair differs by more than --tolerance levels (default 1) or in size.
Reads 8-bit RGB/RGBA, non-interlaced PNGs (what `swivel --screenshot` writes) with the standard library."""
import struct, sys, zlib

def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR": header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT": idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: unsupported PNG"
    bpp = 4 if colour == 6 else 3
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); prev = line
    return width, height, bpp, rows

def main(args):
    tolerance = 1
    if args and args[0].startswith("--tolerance="): tolerance = int(args.pop(0).split("=")[1])
    worst = 0
    for before, after in zip(args[::2], args[1::2]):
        wa, ha, ba, ra = read_png(before); wb, hb, bb, rb = read_png(after)
        if (wa, ha) != (wb, hb):
            print(f"{after}: {wb}x{hb}, {before} is {wa}x{ha}"); worst = 999; continue
        most, differing = 0, 0
        for y in range(ha):
            for x in range(wa):
                d = max(abs(ra[y][x * ba + k] - rb[y][x * bb + k]) for k in range(3))
                if d: differing += 1; most = max(most, d)
        worst = max(worst, most)
        print(f"{after} vs {before}: max difference {most} levels, {differing} pixels differ")
    return 1 if worst > tolerance else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
