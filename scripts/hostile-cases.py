#!/usr/bin/env python3
"""Measures Swivel on hostile input from outside: hostile-cases.py BINARY [NAME-SUBSTRING ...].

Makes each case (files built to be expensive, cut short, sparse; endless standard input; resource
limits; signals; a closed pipe) in a temporary folder, runs BINARY on it offscreen (SDL_VIDEODRIVER=
offscreen) and prints one Markdown table row per case: exit status, wall time, peak resident memory
(GNU time's %M, the largest RSS of the process and the decoder workers it reaped; workers that
outlive it are reaped here, the script being their subreaper, and the larger peak is shown with
"w"), and stderr's first line. Every run has a time limit
(TIMEOUT s) and an address-space cap (CAP_MIB) so that a regression shows as a failure, not as a
swapping machine. A measurement for docs/performance.md and closing notes, not a test: the tests
that pin these behaviours are the suites named in the last column.

Needs: GNU time, ImageMagick (convert), jpegtran, prlimit, avifenc, exiftool."""
import base64, ctypes, hashlib, os, signal, struct, subprocess, sys, tempfile, time, urllib.parse, zlib

TIMEOUT = 120
CAP_MIB = 4096
BINARY = os.path.abspath(sys.argv[1])
ONLY = sys.argv[2:]
WORK = tempfile.mkdtemp(prefix="swivel-hostile-")
ENV = {"PATH": "/usr/bin:/bin", "HOME": WORK, "XDG_CONFIG_HOME": WORK + "/config",
       "XDG_CACHE_HOME": WORK + "/cache", "SDL_VIDEODRIVER": "offscreen", "LC_ALL": "C.UTF-8"}


def path(*parts):
    return os.path.join(WORK, *parts)


def folder(name):
    os.makedirs(path(name), exist_ok=True)
    return path(name)


def write(name, data):
    os.makedirs(os.path.dirname(path(name)), exist_ok=True)
    with open(path(name), "wb") as f:
        f.write(data)
    return path(name)


def convert(*args):
    subprocess.run(["convert", *args], check=True, capture_output=True)


# --- Files -------------------------------------------------------------------------------------

def jpeg_segments(data):
    """(marker, bytes) of each segment after SOI; an SOS segment carries its entropy-coded data."""
    pos, out = 2, []
    while pos < len(data):
        marker = data[pos + 1]
        if marker == 0xD9:
            out.append((marker, data[pos:pos + 2])); break
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        end = pos + 2 + length
        if marker == 0xDA:   # entropy-coded data runs to the next marker that is not RSTn or a stuffed 0
            while not (data[end] == 0xFF and data[end + 1] not in (0x00, *range(0xD0, 0xD8))):
                end += 1
        out.append((marker, data[pos:end])); pos = end
    return out


def scan_bomb():
    """A progressive JPEG whose last AC refinement scan is repeated 3,000 times (libjpeg warns
    of a bogus progression and goes on refining: each scan costs a pass over the coefficients)."""
    convert("-size", "1024x1024", "plasma:", "-interlace", "JPEG", "-quality", "90", path("p.jpg"))
    segs = jpeg_segments(open(path("p.jpg"), "rb").read())
    last = max(i for i, (m, _) in enumerate(segs) if m == 0xDA)
    tables = [s for m, s in segs[:last] if m == 0xC4][-1:]
    body = b"".join(s for _, s in segs[:last + 1]) + (b"".join(tables) + segs[last][1]) * 3000
    return write("bomb/scans.jpg", b"\xff\xd8" + body + b"\xff\xd9")


def svg(name, body, before=""):
    return write(f"svg/{name}", (before + '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">'
                                 + body + "</svg>").encode())


def lcg_path(count, command="C", numbers=6):
    state, parts = 1, ["M 0 0"]
    for _ in range(count):
        nums = []
        for _ in range(numbers):
            state = (state * 1103515245 + 12345) & 0xFFFFFFFF
            nums.append(str((state >> 8) % 1000))
        parts.append(command + " " + " ".join(nums))
    return " ".join(parts)


def tiff(entries, extra=b""):
    """A little-endian TIFF: one IFD of (tag, type, count, value) at offset 8, `extra` after it."""
    ifd = struct.pack("<H", len(entries)) + b"".join(struct.pack("<HHII", *e) for e in entries) + b"\0\0\0\0"
    return b"II*\0" + struct.pack("<I", 8) + ifd + extra


def duplicate_width_tiff():
    """ImageWidth given twice, 30000 then 100 (libtiff keeps the first), 16000 rows of 8-bit grey."""
    data_offset = 8 + 2 + 9 * 12 + 4
    return write("tiff/dup.tif", tiff([(256, 4, 1, 30000), (256, 4, 1, 100), (257, 4, 1, 16000), (258, 3, 1, 8),
                                       (259, 3, 1, 1), (262, 3, 1, 1), (273, 4, 1, data_offset), (278, 4, 1, 16000),
                                       (279, 4, 1, 30000 * 16000)], b"\x80" * 4096))


def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def small_png(width=64, height=64):
    """The IHDR and IDAT chunks of an RGB gradient."""
    raw = b"".join(b"\0" + bytes(v for x in range(width) for v in (x * 4 & 255, y * 4 & 255, 128)) for y in range(height))
    return png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)), png_chunk(b"IDAT", zlib.compress(raw))


def sparse_exif_png():
    """A valid 64² PNG with a 1 GiB eXIf chunk (a hole) before its IDAT; the CRC is of zeros."""
    ihdr, idat = small_png()
    name = path("sparse/exif.png"); os.makedirs(os.path.dirname(name), exist_ok=True)
    size, crc = 1 << 30, zlib.crc32(b"eXIf")
    zeros = bytes(1 << 20)
    for _ in range(1024): crc = zlib.crc32(zeros, crc)
    with open(name, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + ihdr + struct.pack(">I", size) + b"eXIf")
        f.seek(size, 1)
        f.write(struct.pack(">I", crc) + idat + png_chunk(b"IEND", b""))
    return name


def sparse_jpeg():
    """A valid 64² JPEG followed by a 400 MiB hole before its end (the bytes after EOI are junk)."""
    convert("-size", "64x64", "gradient:red-blue", path("g.jpg"))
    name = path("sparse/big.jpg")
    with open(name, "wb") as f:
        f.write(open(path("g.jpg"), "rb").read()[:-2]); f.seek(400 << 20, 1); f.write(b"\xff\xd9")
    return name


def cut_files():
    """Files of seven formats whose headers say 16000 × 16000 and which end after their headers."""
    d = folder("cut")
    w = h = 16000
    write("cut/a.tga", struct.pack("<BBBHHBHHHHBB", 0, 0, 2, 0, 0, 0, 0, 0, w, h, 24, 0) + b"\0" * 20)
    write("cut/b.gif", b"GIF89a" + struct.pack("<HHBBB", w, h, 0, 0, 0) + b",\0\0\0\0" + struct.pack("<HHB", w, h, 0) + b"\x08\x02")
    write("cut/c.qoi", b"qoif" + struct.pack(">IIBB", w, h, 4, 0) + b"\xfe\x10\x20\x30" * 12)
    ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    write("cut/d.png", b"\x89PNG\r\n\x1a\n" + ihdr + struct.pack(">I", 1000) + b"IDAT" + zlib.compress(b"\0" * 60000)[:40])
    write("cut/e.bmp", b"BM" + struct.pack("<IHHI", 54 + w * h * 3, 0, 0, 54) + struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, 0, 0, 0, 0, 0) + b"\0" * 16)
    write("cut/f.ppm", f"P6\n{w} {h}\n255\n".encode() + b"\0" * 16)
    write("cut/g.webp", b"RIFF" + struct.pack("<I", 4 + 8 + 10 + 64) + b"WEBPVP8L" + struct.pack("<I", 10 + 64)
          + bytes([0x2f]) + struct.pack("<I", (w - 1) | ((h - 1) << 14)) + b"\0" * 5)
    return d


def dated_tiffs():
    """64 links to one sparse TIFF whose IFD0 is 1 GiB into the file (for --sort taken)."""
    name = path("dated/one.tif"); os.makedirs(os.path.dirname(name), exist_ok=True)
    with open(name, "wb") as f:
        f.write(b"II*\0" + struct.pack("<I", 1 << 30)); f.seek(1 << 30)
        f.write(tiff([(256, 4, 1, 1), (257, 4, 1, 1)])[8:])
    for i in range(63): os.symlink(name, path(f"dated/link{i:02}.tif"))
    return folder("dated")


def good_folder():
    d = folder("good")
    for i, colour in enumerate(["red", "green", "blue"]):
        convert("-size", "400x600", f"xc:{colour}", f"{d}/{i}.jpg")
    return d


def weird_names():
    d = folder("names")
    for name in ["line\u2028sep.png", "para\u2029sep.png", "rtl\u202eroloc.png"]:
        write(f"names/{name}", b"not a png")
    return d


def long_path():
    """A photo whose path is over 4,096 bytes (PATH_MAX): folders of 200-byte names made with
    mkdirat, as open(2) with the whole path would refuse them (ENAMETOOLONG)."""
    d = folder("long")
    convert("-size", "40x60", "xc:orange", path("orange.png"))
    data, fd, length = open(path("orange.png"), "rb").read(), os.open(d, os.O_RDONLY), len(d)
    while length < 4300:
        os.mkdir("x" * 200, dir_fd=fd)
        inner = os.open("x" * 200, os.O_RDONLY, dir_fd=fd); os.close(fd); fd = inner; length += 201
    out = os.open("deep.png", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
    os.write(out, data); os.close(out); os.close(fd)
    return d


def progressive_jpeg(side, ac_scans):
    """A grey progressive JPEG of side × side written by hand: every coefficient 0 (a DC scan of
    one bit a block), then `ac_scans` identical AC scans (1-63) that are end-of-band runs of 32767
    blocks, 231 bytes each. libjpeg takes each AC scan as a new first pass over the band (no
    warning), a pass over all side²/64 blocks; the 500-scan limit is reached only after 500 such passes."""
    def segment(marker, body): return b"\xff" + bytes([marker]) + struct.pack(">H", len(body) + 2) + body
    blocks = ((side + 7) // 8) ** 2
    bits, value, count = bytearray(), 0, 0

    def put(code, length):
        nonlocal value, count
        for i in range(length - 1, -1, -1):
            value, count = value << 1 | (code >> i & 1), count + 1
            if count == 8:
                bits.extend(b"\xff\x00" if value == 0xFF else bytes([value])); value, count = 0, 0
    left = blocks
    while left >= 16384:   # EOBRUN 14: the code 0, then the run less 2^14 in 14 bits
        run = min(left, 32767); put(0, 1); put(run - 16384, 14); left -= run
    if left:               # EOBRUN 11 (2048 to 4095): the code 10, then 11 bits
        put(0b10, 2); put(left - 2048, 11)
    if count: put((1 << (8 - count)) - 1, 8 - count)
    header = (b"\xff\xd8" + segment(0xDB, b"\x00" + b"\x01" * 64)
              + segment(0xC2, struct.pack(">BHHB", 8, side, side, 1) + b"\x01\x11\x00")
              + segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")            # DC: 0 -> difference 0
              + segment(0xC4, b"\x10" + bytes([1, 1] + [0] * 14) + b"\xe0\xb0"))    # AC: 0 -> EOBRUN 14, 10 -> EOBRUN 11
    dc = segment(0xDA, b"\x01\x01\x00\x00\x00\x00") + b"\x00" * (blocks // 8) + (b"\x7f" if blocks % 8 else b"")
    ac = segment(0xDA, b"\x01\x01\x00\x01\x3f\x00") + bytes(bits)
    return header + dc + ac * ac_scans + b"\xff\xd9"


def good_jpegs(name, count):
    d = folder(name)
    colours = ["red", "green", "blue", "orange", "purple", "teal", "gold", "navy"]
    for i in range(count):
        convert("-size", "400x600", f"xc:{colours[i % len(colours)]}", f"{d}/{i + 1} good.jpg")
    return d


def scan_bombs_beside_good_photos():
    """Two 16000² 3,000-scan JPEGs first in a folder of 6 good photos: the cards on screen at
    640 × 360 are the two bombs and the first good photos."""
    d = good_jpegs("scanfolder", 6)
    for name in ["0a bomb.jpg", "0b bomb.jpg"]:
        write(f"scanfolder/{name}", progressive_jpeg(16000, 3000))
    return d


def ispe_avif():
    """A 640 × 360 AVIF (avifenc) whose `ispe` says 16000 × 16000."""
    convert("-size", "640x360", "gradient:orange-navy", path("frame.png"))
    subprocess.run(["avifenc", "-s", "10", path("frame.png"), path("frame.avif")], check=True, capture_output=True)
    data = bytearray(open(path("frame.avif"), "rb").read())
    at = data.find(b"ispe")
    data[at + 8:at + 16] = struct.pack(">II", 16000, 16000)
    return write("avif/ispe.avif", bytes(data))


# A valid JPEG XL of 16000 × 16000 (768 MB of RGB) in 382 bytes: OutOfMemoryTests.hugeJXL.
HUGE_JXL = base64.b64decode(
    "/wr88yEgobgQwBIIAQD0wSIMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAF3lEgAAFSqjjBu8nOv58kOHxbSN6wxttW1hJStSUFC4B+cwXozBOjxKOzgC8gD4sIKoAufBv/iMNgmSvx0Iok4ew2gH7THT9LT6oPFRfPY4c+5GWD2A3R7C5bE0IdydnvDxh/8JIfm9gRjOnYUUWLFx48YYd2PcGDxvjHEBDCCRwjpsDHcMt2zGmv7GI1D7pjBc/XDHw00ZXginujvrJMvh9HyFohhNxtooewcCxxUTF7476yTL4fR8haLIi9+LCTxC/hmhH8X2AIAx3DHcshlr+hjv873VPZ2eKiwtPdzyMdyyGWv6G49A7ZvCcPXkO2khrQdewbuzTrIcTs9XKIq8+L2YwCPkHwElCQ==")


def huge_jxl_beside_good_photos():
    d = good_jpegs("jxlfolder", 3)
    write("jxlfolder/0 huge.jxl", HUGE_JXL)
    return d


def broken_jxl_library():
    """A folder with a JPEG XL and a JPEG, and a folder of libraries whose libjxl.so.0.7 is an
    empty file (LD_LIBRARY_PATH: the dynamic loader finds it first and cannot load it)."""
    d = huge_jxl_beside_good_photos()
    write("brokenlib/libjxl.so.0.7", b"")
    return d


def thumbnail_uri(file):
    return "file://" + urllib.parse.quote(os.path.realpath(file), safe="/-_.!~*'()")


def thumbnail_png(width, height, texts):
    """A grey PNG of width × height with `texts` in tEXt chunks before its data (deflated row by row)."""
    compressor, data, row = zlib.compressobj(1), bytearray(), b"\0" + b"\x80" * width
    for _ in range(height): data += compressor.compress(row)
    data += compressor.flush()
    chunks = b"".join(png_chunk(b"tEXt", k.encode("latin-1") + b"\0" + v.encode("latin-1")) for k, v in texts)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunks + png_chunk(b"IDAT", bytes(data)) + png_chunk(b"IEND", b""))


def thumbnail_texts(photo):
    status = os.stat(photo)
    return [("Thumb::URI", thumbnail_uri(photo)), ("Thumb::MTime", str(int(status.st_mtime))),
            ("Thumb::Size", str(status.st_size))]


def planted_thumbnail():
    """A good photo whose x-large thumbnail (at most 512 px by the spec) is a planted 16000² PNG
    with the right URI, MTime and Size; at 640 × 360 a 200 × 300 card looks in x-large first."""
    d = good_jpegs("thumbfolder", 1)
    photo = f"{d}/1 good.jpg"
    name = hashlib.md5(thumbnail_uri(photo).encode()).hexdigest() + ".png"
    write(f"cache/thumbnails/x-large/{name}", thumbnail_png(16000, 16000, thumbnail_texts(photo)))
    return d


def planted_failure(software=None):
    """A good photo with a failure entry in swivel's own fail folder whose reason sets the
    terminal's title, clears it and forges a line; its Software another program's, or with
    `software` "swivel", swivel's own."""
    d = good_jpegs("failfolder", 1)
    photo = f"{d}/1 good.jpg"
    version = subprocess.run([BINARY, "--version"], capture_output=True, text=True).stdout.split()[-1]
    name = hashlib.md5(thumbnail_uri(photo).encode()).hexdigest() + ".png"
    reason = "\x1b]0;owned\x07\x1b[2Jforged\nswivel: wrote nothing"
    write(f"cache/thumbnails/fail/swivel-{version}/{name}",
          thumbnail_png(1, 1, thumbnail_texts(photo) + [("Software", f"swivel {version}" if software else "another program"),
                                                       ("X-Swivel::Reason", reason)]))
    return d


def escaping_exif():
    """A JPEG whose name and EXIF Make and Model hold escape sequences and a newline, for --info."""
    d = folder("info")
    name = f"{d}/a\x1b[2Jb.jpg"
    convert("-size", "40x60", "xc:red", name)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-Make=\x1b]0;owned\x07Canon",
                    "-Model=EOS\nPixels: 1 × 1", name], check=True, capture_output=True)
    return name


def recording(name, lines):
    return write(name, ("\n".join(lines) + "\n").encode())


# --- Runs --------------------------------------------------------------------------------------

def run(args, stdin=None, prefix=(), env=None, signal_after=None, pipe=None, stdout=False, timeout=TIMEOUT):
    """Runs BINARY under GNU time, an address-space cap and a time limit; (status, wall s, peak
    MiB, first stderr line, or with `stdout` the first line of stdout and stderr together)."""
    stats = path("time.txt")
    cap = ["prlimit", f"--as={CAP_MIB << 20}"] if "--as" not in " ".join(prefix) else []
    command = [*prefix, *cap, "/usr/bin/time", "-o", stats, "-f", "%e %M", BINARY, "--no-config", *args]
    start = time.monotonic()
    stdin_handle = open(stdin, "rb") if isinstance(stdin, str) else subprocess.DEVNULL if stdin is None else subprocess.PIPE
    if pipe:   # stderr (and stdout) into a pipe that closes after `pipe` bytes
        shell = " ".join(map(sh_quote, command)) + f" 2>&1 | head -c {pipe} >/dev/null; echo ${{PIPESTATUS[0]}}"
        result = subprocess.run(["bash", "-c", shell], env=env or ENV, capture_output=True, timeout=timeout)
        status, err = int(result.stdout.split()[-1]), ""
    else:
        process = subprocess.Popen(command, stdin=stdin_handle, stdout=subprocess.PIPE if stdout else subprocess.DEVNULL,
                                   stderr=subprocess.STDOUT if stdout else subprocess.PIPE, env=env or ENV)
        if isinstance(stdin, bytes):
            try: process.stdin.write(stdin); process.stdin.close()
            except BrokenPipeError: pass
        sent = None
        if signal_after:
            time.sleep(signal_after[1])
            # The process is prlimit exec'd into GNU time; its child is swivel (whose own children
            # are its decoder workers, which the signal is not for).
            child = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
            for pid in child: os.kill(int(pid), signal_after[0])
            sent = time.monotonic()
        try:
            out, err = process.communicate(timeout=timeout)
            status = process.returncode
        except subprocess.TimeoutExpired:   # swivel first: it holds the pipes time's end would not close
            for pid in subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split():
                os.kill(int(pid), signal.SIGKILL)
            process.kill(); out, err = process.communicate(); status = "timeout"
        if stdout: err = out
        err = err.decode(errors="replace")
        if sent: start = sent
    wall = time.monotonic() - start
    peak = "?"
    try:   # GNU time's report: perhaps "Command exited with non-zero status N" or "… terminated by signal N", then "%e %M"
        report = open(stats).read().splitlines()
        fields = report[-1].split() if report else []
        if len(fields) == 2 and fields[1].isdigit(): peak = f"{int(fields[1]) / 1024:.0f}"
        if report and "terminated by signal" in report[0]: status = "signal " + report[0].split()[-1]
    except OSError: pass
    orphans = reap_orphans()
    if orphans and (peak == "?" or orphans > float(peak)): peak = f"{orphans:.0f} w"
    lines = [l for l in err.splitlines() if l.strip()]
    first = lines[0] if lines else ""
    if len(lines) > 1: first += f" (+{len(lines) - 1} lines)"
    first = first.replace(WORK, "…")
    # What the app wrote raw that a terminal would act on (ESC, BEL, …) shown as <1B>, <07>.
    first = "".join(c if c.isprintable() else f"<{ord(c):02X}>" for c in first)
    if len(first) > 160: first = first[:100] + " … " + first[-50:]
    return status, wall, peak, first.replace("|", "\\|")


def reap_orphans(limit=10):
    """The largest peak RSS in MiB of the children left to this script (the decoder workers of a
    run that ended without reaping them), once all have ended (at most `limit` s); 0 if none."""
    peak, deadline = 0, time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            pid, _, usage = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0: time.sleep(0.01); continue
        peak = max(peak, usage.ru_maxrss / 1024)
    return peak


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


SHOT = lambda: ["--screenshot", path("shot.png")]

CASES = [
    ("JPEG, 3,000 progressive scans", lambda: [scan_bomb(), *SHOT()], {}, "BoundedJPEGAndSVGTests"),
    ("JPEG 16000², 3,000 identical AC scans", lambda: [write("bomb/16000.jpg", progressive_jpeg(16000, 3000)), *SHOT()], {}, "BoundedJPEGAndSVGTests"),
    ("two of those beside 6 good JPEGs, 640 × 360", lambda: [scan_bombs_beside_good_photos(), "--size", "640x360", *SHOT()], {}, "BoundedJPEGAndSVGTests"),
    ("AVIF 640 × 360 whose ispe says 16000²", lambda: [ispe_avif(), *SHOT()], {}, "AVIFTests"),
    ("SVG, 16,000 cubic curves", lambda: [svg("curves.svg", f'<path d="{lcg_path(16000)}"/>'), *SHOT()], {}, "BoundedJPEGAndSVGTests"),
    ("SVG, 8,000 dashed segments", lambda: [svg("dash.svg", f'<path stroke="black" stroke-dasharray="1 1" d="{lcg_path(8000, "L", 2)}"/>'), *SHOT()], {}, "BoundedJPEGAndSVGTests"),
    ("SVG root after a 20 KB comment, 1 × 100,000", lambda: [write("svg/late.svg", ("<!--" + "x" * 20000 + '--><svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000"/>').encode()), *SHOT()], {}, "BoundedJPEGAndSVGTests"),
    ("TIFF, ImageWidth twice (30000, 100) × 16000", lambda: [duplicate_width_tiff(), *SHOT()], {}, "HostileInputTests"),
    ("folder of 7 cut files, 16000² headers", lambda: [cut_files(), *SHOT()], {}, "CutFileMemoryTests"),
    ("PNG with a sparse 1 GiB eXIf", lambda: [sparse_exif_png(), *SHOT()], {}, "StreamedReadMemoryTests"),
    ("JPEG followed by a 400 MiB hole", lambda: [sparse_jpeg(), *SHOT()], {}, "SparseJPEGMemoryTests"),
    ("`-0 -` from /dev/zero", lambda: ["-0", "-", *SHOT()], {"stdin": "/dev/zero"}, "InputLimitTests"),
    ("`yes P | swivel -` (100 MB)", lambda: ["-", *SHOT()], {"stdin": b"P\n" * 50_000_000}, "InputLimitTests"),
    ("`--replay /dev/zero`", lambda: ["--replay", "/dev/zero", *SHOT()], {}, "InputLimitTests"),
    ("recording with `resize 20000 300`", lambda: ["--replay", recording("r.rec", ["swivel-recording 1", "0 resize 1280 720", "1 resize 20000 300", "1.5 end"]), *SHOT()], {}, "CommandLineTests"),
    ("`--size 16384x16384 --scale 4`", lambda: ["--size", "16384x16384", "--scale", "4", *SHOT()], {}, "BadOptionValueTests"),
    ("`--sort taken`, 64 links to a TIFF with IFD0 at 1 GiB", lambda: [dated_tiffs(), "--sort", "taken", *SHOT()], {}, "DeckOrderTests"),
    ("`--texture-budget 16 --scale 4`", lambda: [good_folder(), "--texture-budget", "16", "--scale", "4", "--size", "640x360", *SHOT()], {}, "TextureBudgetTests"),
    ("names with U+2028, U+2029, U+202E", lambda: [weird_names(), *SHOT()], {}, "HostileInputTests"),
    ("path over 4,096 bytes under `--recursive`", lambda: [long_path(), "--recursive", *SHOT()], {}, "DeckScannerTests"),
    ("good folder, `prlimit --nofile=12`", lambda: [good_folder(), *SHOT()], {"prefix": ["prlimit", "--nofile=12"]}, "PhotoDeckTests"),
    *[(f"16000² JPEG XL beside 3 good JPEGs, `ulimit -v` {gib} GiB", lambda: [huge_jxl_beside_good_photos(), *SHOT()],
       {"prefix": ["prlimit", f"--as={int(gib * (1 << 30))}"]}, "OutOfMemoryTests") for gib in (1, 1.5, 2, 2.5, 3, 3.5, 4)],
    ("JPEG XL with libjxl an empty file (LD_LIBRARY_PATH)", lambda: [broken_jxl_library(), *SHOT()],
     {"env": {**ENV, "LD_LIBRARY_PATH": path("brokenlib")}}, "MissingLibraryTests"),
    ("JPEG XL and JPEGs, `prlimit --nofile=7`", lambda: [huge_jxl_beside_good_photos(), *SHOT()], {"prefix": ["prlimit", "--nofile=7"]}, "DescriptorLimitTests"),
    *[(f"8 JPEGs, `prlimit --nofile={n}`", lambda: [good_jpegs("fds", 8), *SHOT()], {"prefix": ["prlimit", f"--nofile={n}"]}, "DescriptorLimitTests")
      for n in (6, 7, 9)],
    ("planted 16000² x-large thumbnail, 640 × 360", lambda: [planted_thumbnail(), "--size", "640x360", *SHOT()], {}, "ThumbnailCacheTests"),
    ("planted failure entry with escapes, another program's", lambda: [planted_failure(), "--size", "640x360", *SHOT()], {}, "ThumbnailCacheTests"),
    ("planted failure entry with escapes, Software swivel's", lambda: [planted_failure("swivel"), "--size", "640x360", *SHOT()], {}, "FileTextEscapingTests"),
    ("`--info`, escapes in the name and EXIF", lambda: ["--info", escaping_exif()], {"stdout": True}, "FileTextEscapingTests"),
    ("demo under `ulimit -v` 400 MB", lambda: ["--demo", *SHOT()], {"prefix": ["prlimit", f"--as={400 << 20}"]}, "GLStartMemoryTests"),
    ("warnings into a pipe closed after 1 byte", lambda: [weird_names(), good_folder(), *SHOT()], {"pipe": 1}, "SignalTests"),
    ("SIGTERM 1 s into `--soak 1`", lambda: ["--soak", "1", "--demo"], {"signal_after": (signal.SIGTERM, 1.0)}, "SignalTests"),
    ("SIGINT 1 s into `--bench`", lambda: ["--bench", "--demo"], {"signal_after": (signal.SIGINT, 1.0)}, "SignalTests"),
    ("SIGHUP 1 s into a live window", lambda: ["--demo"], {"signal_after": (signal.SIGHUP, 1.0)}, "SignalTests"),
    ("`--soak 1 --demo`", lambda: ["--soak", "1", "--demo"], {}, "SoakTests"),
]


def main():
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)   # PR_SET_CHILD_SUBREAPER: workers outliving the app come here
    print("| case | exit | wall s | peak MiB | stderr | pinned by |")
    print("|---|---|---|---|---|---|")
    for name, make, options, pinned in CASES:
        if ONLY and not any(o.lower() in name.lower() for o in ONLY): continue
        try:
            args = make()
            status, wall, peak, line = run(args, **options)
        except Exception as error:   # a case that cannot be made here says so
            status, wall, peak, line = "not run", 0, "", f"{type(error).__name__}: {error}"
        print(f"| {name} | {status} | {wall:.2f} | {peak} | {line} | {pinned} |", flush=True)
    subprocess.run(["rm", "-rf", WORK])


if __name__ == "__main__":
    main()
