#!/usr/bin/env python3
"""Draws Swivel's built-in sample deck (assets/demo/*.png): six small procedural scenes, made here
from gradients and shapes so the project owns every pixel. Run it to regenerate them:
    python3 assets/make-demo.py
Only the Python standard library is used (PNG written with zlib)."""
import math, os, struct, zlib

W, H = 400, 600
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "demo")

def png(path, pixels):
    rows = b"".join(b"\0" + bytes(row) for row in pixels)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))

def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))

def render(shade):
    out = []
    for y in range(H):
        row = bytearray()
        for x in range(W):
            r, g, b = shade(x / W, y / H)
            row += bytes((int(max(0, min(255, r))), int(max(0, min(255, g))), int(max(0, min(255, b)))))
        out.append(row)
    return out

def sunset(u, v):
    sky = mix((255, 120, 80), (90, 40, 120), 1 - v / 0.6) if v < 0.6 else (40, 20, 60)
    d = math.hypot((u - 0.5) * W / H, v - 0.5)   # distance in heights, so the sun is round
    if d < 0.09: sky = mix((255, 220, 120), sky, (d - 0.08) / 0.01)
    hill = 0.62 + 0.06 * math.sin(u * 7.0)
    return mix((40, 20, 50), (20, 10, 30), (v - hill) * 4) if v > hill else sky

def ocean(u, v):
    if v < 0.45: return mix((150, 210, 255), (40, 120, 220), v / 0.45)
    wave = 0.5 + 0.5 * math.sin(u * 40 + v * 90)
    return mix(mix((20, 110, 170), (5, 40, 90), (v - 0.45) / 0.55), (200, 240, 255), wave * 0.15)

def forest(u, v):
    base = mix((200, 230, 190), (30, 90, 50), v)
    for k in range(7):
        cx = (k + 0.5) / 7
        top = 0.25 + 0.1 * ((k * 37) % 5) / 5
        if v > top and abs(u - cx) < (v - top) * 0.35: base = mix((20, 80 + 10 * k, 40), base, 0.1)
    return base

def aurora(u, v):
    night = mix((5, 10, 30), (10, 30, 50), v)
    band = math.exp(-((v - 0.35 - 0.1 * math.sin(u * 6)) / 0.08) ** 2)
    glow = mix(night, (60, 255, 160), band * 0.8)
    n = (int(u * W) * 73856093) ^ (int(v * H) * 19349663)
    star = (n * 2654435761 >> 7) % 1000 == 0
    return (255, 255, 255) if star and band < 0.2 else glow

def dunes(u, v):
    sky = mix((250, 220, 170), (240, 170, 100), v / 0.5)
    crest = 0.5 + 0.08 * math.sin(u * 5 + 1) + 0.04 * math.sin(u * 13)
    if v < crest: return sky
    return mix((230, 160, 90), (170, 100, 50), (v - crest) * 3 + 0.2 * math.sin(u * 30 + v * 10))

def city(u, v):
    sky = mix((20, 20, 60), (80, 50, 110), v)
    col = int(u * 12)
    height = 0.35 + 0.4 * (((col * 53) % 11) / 11)
    if v > height:
        lit = (int(u * 96) % 3 == 1) and (int(v * 120) % 4 == 1) and ((int(u * 96) * 31 + int(v * 120)) % 5 < 2)
        return (255, 210, 120) if lit else (25, 25, 40)
    return sky

if __name__ == "__main__":
    os.makedirs(HERE, exist_ok=True)
    for name, shade in [("1 Sunset", sunset), ("2 Ocean", ocean), ("3 Forest", forest),
                        ("4 Aurora", aurora), ("5 Dunes", dunes), ("6 City at night", city)]:
        png(os.path.join(HERE, name + ".png"), render(shade))
        print("wrote", name)
