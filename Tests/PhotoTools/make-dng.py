#!/usr/bin/env python3
"""Writes a DNG from known pixels, for the tests of Swivel's RAW decoder: the 8-bit sRGB photo in
INPUT (a binary PPM) becomes the linear light a camera with linear sRGB's primaries would record
(ColorMatrix1 is sRGB's XYZ-to-RGB matrix, D65), each channel scaled by the as-shot neutral
(AsShotNeutral: the camera's response to white, which the raw converter divides out again), laid
out as a Bayer mosaic (one colour a pixel, CFAPattern) and stored as N-bit integers above a black
level: uncompressed (packed, most significant bit first, as DNG 1.4 section 6 stores them) or
lossless JPEG (ITU T.81 process 14, compression 7, encoded here). IFD 0 is an embedded
preview (NewSubFileType 1: a baseline JPEG made by cjpeg, or 8-bit RGB) with the raw image in a
SubIFD, or the raw image itself. The EXIF IFD holds the date, exposure and lens.

    make-dng.py INPUT.ppm OUTPUT.dng [--bits 12|14|16] [--compression none|ljpeg]
        [--orientation 1-8] [--preview none|jpeg|rgb] [--preview-width N] [--cfa RGGB|BGGR|GRBG|GBRG]
        [--neutral R,G,B] [--date 'YYYY:MM:DD HH:MM:SS'] [--make M] [--model M] [--lens L]
        [--exposure N/D] [--fnumber F] [--iso N] [--focal MM]

Needs numpy (PyPI) and cjpeg (libjpeg-turbo-progs, for a
JPEG preview).
"""
import argparse, struct, subprocess, sys
import numpy as np

# sRGB's primaries, D65 white (IEC 61966-2-1): linear RGB to XYZ; ColorMatrix1 is its inverse.
SRGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                        [0.2126729, 0.7151522, 0.0721750],
                        [0.0193339, 0.1191920, 0.9503041]])


def read_ppm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P6" and fields[3] == b"255", "a binary 8-bit PPM"
    width, height = int(fields[1]), int(fields[2])
    return np.frombuffer(data[pos + 1:pos + 1 + width * height * 3], np.uint8).reshape(height, width, 3)


def srgb_to_linear(v):
    v = v / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def area_shrink(pixels, width):
    """`pixels` averaged down to `width` columns (and the height in proportion), box by box."""
    h, w, _ = pixels.shape
    height = max(1, round(h * width / w))
    ys = (np.arange(height + 1) * h) // height
    xs = (np.arange(width + 1) * w) // width
    out = np.zeros((height, width, 3))
    sums = pixels.astype(np.float64).cumsum(0).cumsum(1)
    sums = np.pad(sums, ((1, 0), (1, 0), (0, 0)))
    for i in range(height):
        y0, y1 = ys[i], ys[i + 1]
        box = sums[y1][xs[1:]] - sums[y0][xs[1:]] - sums[y1][xs[:-1]] + sums[y0][xs[:-1]]
        out[i] = box / ((y1 - y0) * (xs[1:] - xs[:-1]))[:, None]
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def pack_bits(values, bits):
    """Unsigned `bits`-bit samples packed most significant bit first, each row to whole bytes."""
    if bits == 16:
        return values.astype("<u2").tobytes()   # a little-endian TIFF's byte order
    h, w = values.shape
    v = values.astype(np.uint64)
    bitrows = ((v[:, :, None] >> np.arange(bits - 1, -1, -1, dtype=np.uint64)) & 1).astype(np.uint8).reshape(h, w * bits)
    return np.packbits(bitrows, axis=1).tobytes()


def lossless_jpeg(samples, bits):
    """`samples` (one component) as a lossless JPEG (ITU T.81 process 14): predictor 1 (the
    sample to the left; the one above at the start of a row, 2^(bits-1) for the first), every
    difference category (0-16) coded in 5 bits (one Huffman table, 17 codes of length 5), then the
    difference's own bits. Written here because PiDNG's C encoder fails on Python 3.11
    ("PY_SSIZE_T_CLEAN macro must be defined")."""
    h, w = samples.shape
    x = samples.astype(np.int64)
    pred = np.empty_like(x)
    pred[:, 1:] = x[:, :-1]
    pred[1:, 0] = x[:-1, 0]
    pred[0, 0] = 1 << (bits - 1)
    diff = (x - pred) & 0xFFFF
    diff = np.where(diff >= 0x8000, diff - 0x10000, diff)      # -32768..32767
    diff = np.where(diff == -32768, 32768, diff).ravel()
    magnitude = np.abs(diff)
    category = np.zeros_like(magnitude)
    nz = magnitude > 0
    category[nz] = np.floor(np.log2(magnitude[nz])).astype(np.int64) + 1
    extra = np.where(diff > 0, diff, diff - 1) & ((1 << category) - 1)
    extra = np.where(category == 16, 0, extra)
    extra_bits = np.where(category == 16, 0, category)
    codes = (category << extra_bits) | extra
    lengths = 5 + extra_bits
    # Each code's bits, most significant first, then the stream packed and 0xFF bytes stuffed.
    width = int(lengths.max())
    shifts = np.arange(width - 1, -1, -1)
    aligned = codes << (width - lengths)
    bitmatrix = ((aligned[:, None] >> shifts) & 1).astype(np.uint8)
    keep = np.arange(width)[None, :] < lengths[:, None]
    bits_out = bitmatrix[keep]
    pad = (-len(bits_out)) % 8
    bits_out = np.concatenate([bits_out, np.ones(pad, np.uint8)])
    stream = np.packbits(bits_out).tobytes().replace(b"\xff", b"\xff\x00")
    sof = struct.pack(">BHHB", bits, h, w, 1) + bytes([1, 0x11, 0])
    dht = bytes([0x00]) + bytes([0, 0, 0, 0, 17] + [0] * 11) + bytes(range(17))
    sos = bytes([1, 1, 0x00, 1, 0, 0])      # one component, table 0; predictor 1, Se 0, Ah/Al 0
    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body
    return b"\xff\xd8" + segment(0xC3, sof) + segment(0xC4, dht) + segment(0xDA, sos) + stream + b"\xff\xd9"


class TIFF:
    """A little-endian TIFF built in memory: IFDs of (tag, type, values) and their data."""
    TYPES = {1: "B", 2: "s", 3: "H", 4: "I", 5: "II", 7: "B", 10: "ii", 12: "d"}
    SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 10: 8, 12: 8}

    def __init__(self):
        self.data = bytearray(b"II*\x00\x00\x00\x00\x00")

    def align(self):
        if len(self.data) % 2:
            self.data += b"\x00"

    def blob(self, payload):
        self.align()
        offset = len(self.data)
        self.data += payload
        return offset

    def ifd(self, entries):
        """Writes an IFD of `entries` ({tag: (type, values)}) and returns its offset."""
        self.align()
        payloads = []
        for tag in sorted(entries):
            kind, values = entries[tag]
            if kind == 2:
                raw = values.encode() + b"\x00"
                count = len(raw)
            elif kind in (5, 10):
                raw = b"".join(struct.pack("<" + self.TYPES[kind], *v) for v in values)
                count = len(values)
            elif kind == 7 and isinstance(values, (bytes, bytearray)):
                raw, count = bytes(values), len(values)
            else:
                raw = b"".join(struct.pack("<" + self.TYPES[kind], v) for v in values)
                count = len(values)
            payloads.append((tag, kind, count, raw))
        start = len(self.data)
        table = bytearray(struct.pack("<H", len(payloads)))
        extra = bytearray()
        extra_at = start + 2 + 12 * len(payloads) + 4
        for tag, kind, count, raw in payloads:
            if len(raw) <= 4:
                table += struct.pack("<HHI", tag, kind, count) + raw.ljust(4, b"\x00")
            else:
                if (extra_at + len(extra)) % 2:
                    extra += b"\x00"
                table += struct.pack("<HHII", tag, kind, count, extra_at + len(extra))
                extra += raw
        table += b"\x00\x00\x00\x00"
        self.data += table + extra
        return start

    def set_first(self, offset):
        self.data[4:8] = struct.pack("<I", offset)


def rational(value, denominator=10000):
    return (int(round(value * denominator)), denominator)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--bits", type=int, default=14, choices=[12, 14, 16])
    p.add_argument("--compression", default="none", choices=["none", "ljpeg"])
    p.add_argument("--orientation", type=int, default=1, choices=range(1, 9))
    p.add_argument("--preview", default="jpeg", choices=["none", "jpeg", "rgb"])
    p.add_argument("--preview-width", type=int, default=0, help="0: the photo's own width")
    p.add_argument("--cfa", default="RGGB")
    p.add_argument("--neutral", default="0.5,1,0.75")
    p.add_argument("--date", default="2021:03:04 05:06:07")
    p.add_argument("--make", default="Swivel")
    p.add_argument("--model", default="Test Camera")
    p.add_argument("--lens", default="Test Lens 35mm F2")
    p.add_argument("--exposure", default="1/250")
    p.add_argument("--fnumber", type=float, default=5.6)
    p.add_argument("--iso", type=int, default=200)
    p.add_argument("--focal", type=float, default=35)
    a = p.parse_args()

    photo = read_ppm(a.input)
    height, width, _ = photo.shape
    assert width % 2 == 0 and height % 2 == 0, "even sides (whole 2 × 2 Bayer quads)"
    neutral = [float(v) for v in a.neutral.split(",")]
    black, white = 64 << (a.bits - 12) if a.bits < 16 else 1024, (1 << a.bits) - 1
    linear = srgb_to_linear(photo.astype(np.float64)) * np.array(neutral)
    colours = {"R": 0, "G": 1, "B": 2}
    pattern = [colours[c] for c in a.cfa]
    mosaic = np.zeros((height, width))
    for k, colour in enumerate(pattern):
        dy, dx = divmod(k, 2)
        mosaic[dy::2, dx::2] = linear[dy::2, dx::2, colour]
    raw = np.clip(np.round(black + mosaic * (white - black)), 0, white).astype(np.uint16)

    tiff = TIFF()
    if a.compression == "ljpeg":
        payload = lossless_jpeg(raw, a.bits)
    else:
        payload = pack_bits(raw, a.bits)
    raw_at = tiff.blob(payload)
    raw_entries = {
        254: (4, [0]), 256: (4, [width]), 257: (4, [height]), 258: (3, [a.bits]),
        259: (3, [7 if a.compression == "ljpeg" else 1]), 262: (3, [32803]), 277: (3, [1]), 284: (3, [1]),
        33421: (3, [2, 2]), 33422: (1, pattern), 50710: (1, [0, 1, 2]), 50711: (3, [1]),
        50714: (4, [black]), 50717: (4, [white]),
    }
    if a.compression == "ljpeg":
        raw_entries.update({322: (4, [width]), 323: (4, [height]), 324: (4, [raw_at]), 325: (4, [len(payload)])})
    else:
        raw_entries.update({273: (4, [raw_at]), 278: (4, [height]), 279: (4, [len(payload)])})

    num, den = (int(v) for v in a.exposure.split("/"))
    exif_at = tiff.ifd({33434: (5, [(num, den)]), 33437: (5, [rational(a.fnumber)]), 34855: (3, [a.iso]),
                        36867: (2, a.date), 36868: (2, a.date), 37386: (5, [rational(a.focal)]),
                        42036: (2, a.lens)})
    xyz_to_camera = np.linalg.inv(SRGB_TO_XYZ)
    main_entries = {
        271: (2, a.make), 272: (2, a.model), 274: (3, [a.orientation]), 305: (2, "make-dng.py"),
        306: (2, a.date), 34665: (4, [exif_at]),
        50706: (1, [1, 4, 0, 0]), 50707: (1, [1, 1, 0, 0]), 50708: (2, f"{a.make} {a.model}"),
        50721: (10, [rational(v) for v in xyz_to_camera.flatten()]), 50778: (3, [21]),
        50728: (5, [rational(v) for v in neutral]),
    }
    if a.preview == "none":
        main_entries.update(raw_entries)
    else:
        small = area_shrink(photo, a.preview_width) if a.preview_width else photo
        ph, pw, _ = small.shape
        if a.preview == "jpeg":
            ppm = b"P6\n%d %d\n255\n" % (pw, ph) + small.tobytes()
            jpeg = subprocess.run(["cjpeg", "-quality", "92"], input=ppm, capture_output=True, check=True).stdout
            preview_at = tiff.blob(jpeg)
            preview_entries = {259: (3, [7]), 262: (3, [6]), 273: (4, [preview_at]), 279: (4, [len(jpeg)]),
                               530: (3, [2, 2])}
        else:
            preview_at = tiff.blob(small.tobytes())
            preview_entries = {259: (3, [1]), 262: (3, [2]), 273: (4, [preview_at]), 279: (4, [small.size])}
        raw_ifd = tiff.ifd(raw_entries)
        main_entries.update(preview_entries)
        main_entries.update({254: (4, [1]), 256: (4, [pw]), 257: (4, [ph]), 258: (3, [8, 8, 8]), 277: (3, [3]),
                             278: (4, [ph]), 284: (3, [1]), 330: (4, [raw_ifd])})
    tiff.set_first(tiff.ifd(main_entries))
    open(a.output, "wb").write(tiff.data)


if __name__ == "__main__":
    sys.exit(main())
