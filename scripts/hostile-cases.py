#!/usr/bin/env python3
"""Measures Swivel on hostile input from outside: hostile-cases.py BINARY [NAME-SUBSTRING ...].

Makes each case (files built to be expensive, cut short, sparse; endless standard input; resource
limits; signals; a closed pipe) in a temporary folder, runs BINARY on it offscreen (SDL_VIDEODRIVER=
offscreen) and prints one Markdown table row per case: exit status, wall time, peak resident memory
(GNU time's %M, the largest RSS of the process; then the largest peak of any of its decoder
workers, read from their /proc/PID/status VmHWM every 10 ms while they live), and stderr's first line. Every run has a time limit
(TIMEOUT s) and an address-space cap (CAP_MIB) so that a regression shows as a failure, not as a
swapping machine. A measurement for docs/performance.md and closing notes, not a test: the tests
that pin these behaviours are the suites named in the last column.

Needs: GNU time, ImageMagick (convert), jpegtran, prlimit, unshare (root, for the missing library)."""
import os, signal, struct, subprocess, sys, tempfile, time, zlib

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


def recording(name, lines):
    return write(name, ("\n".join(lines) + "\n").encode())


# --- Runs --------------------------------------------------------------------------------------

def run(args, stdin=None, prefix=(), env=None, signal_after=None, pipe=None, timeout=TIMEOUT):
    """Runs BINARY under GNU time, an address-space cap and a time limit; (status, wall s, peak
    MiB, first stderr line)."""
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
        process = subprocess.Popen(command, stdin=stdin_handle, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   env=env or ENV)
        if isinstance(stdin, bytes):
            try: process.stdin.write(stdin); process.stdin.close()
            except BrokenPipeError: pass
        sent = None
        watch = WorkerWatch(process.pid)
        if signal_after:
            time.sleep(signal_after[1])
            app = watch.app()
            if app: os.kill(app, signal_after[0])
            sent = time.monotonic()
        try:
            _, err = process.communicate(timeout=timeout)
            status = process.returncode
        except subprocess.TimeoutExpired:
            process.kill(); _, err = process.communicate(); status = "timeout"
        finally:
            watch.stop()
        err = err.decode(errors="replace")
        if sent: start = sent
    wall = time.monotonic() - start
    peak = "?"
    workers = watch.peak_mib() if not pipe else None
    try:   # GNU time's report: perhaps "Command exited with non-zero status N" or "… terminated by signal N", then "%e %M"
        report = open(stats).read().splitlines()
        fields = report[-1].split() if report else []
        if len(fields) == 2 and fields[1].isdigit(): peak = f"{int(fields[1]) / 1024:.0f}"
        if workers is not None: peak += f" / {workers:.0f}"
        if report and "terminated by signal" in report[0]: status = "signal " + report[0].split()[-1]
    except OSError: pass
    lines = [l for l in err.splitlines() if l.strip()]
    first = lines[0] if lines else ""
    if len(lines) > 1: first += f" (+{len(lines) - 1} lines)"
    first = first.replace(WORK, "…")
    if len(first) > 160: first = first[:100] + " … " + first[-50:]
    return status, wall, peak, first.replace("|", "\\|")


class WorkerWatch:
    """The swivel process under `root` (prlimit and GNU time exec or fork it) and its decoder
    workers' largest VmHWM, sampled on a thread every 10 ms until stopped."""
    def __init__(self, root):
        self.root, self.peak, self.done = root, None, False
        import threading
        self.thread = threading.Thread(target=self.sample, daemon=True); self.thread.start()

    @staticmethod
    def children(pid):
        try: return [int(c) for c in open(f"/proc/{pid}/task/{pid}/children").read().split()]
        except OSError: return []

    @staticmethod
    def command(pid):
        try: return open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
        except OSError: return []

    def app(self):
        """The swivel process: the descendant running BINARY (the workers it starts are not)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            stack = [self.root]
            while stack:
                pid = stack.pop()
                argv = self.command(pid)
                if argv[:1] == [BINARY.encode()]:   # GNU time runs it by its path; workers are "swivel"
                    return pid
                stack += self.children(pid)
            time.sleep(0.01)
        return None

    def sample(self):
        while not self.done:
            stack = [self.root]
            while stack:
                pid = stack.pop()
                children = self.children(pid)
                if b"--decode-worker" in self.command(pid):
                    try:
                        for line in open(f"/proc/{pid}/status"):
                            if line.startswith("VmHWM:"): self.peak = max(self.peak or 0, int(line.split()[1]))
                    except OSError: pass
                stack += children
            time.sleep(0.01)

    def stop(self):
        self.done = True; self.thread.join()

    def peak_mib(self):
        return None if self.peak is None else self.peak / 1024


def sh_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


SHOT = lambda: ["--screenshot", path("shot.png")]

CASES = [
    ("JPEG, 3,000 progressive scans", lambda: [scan_bomb(), *SHOT()], {}, "BoundedJPEGAndSVGTests"),
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
    ("`--sort taken`, 64 links to a TIFF with IFD0 at 1 GiB", lambda: [dated_tiffs(), "--sort", "taken", *SHOT()], {}, "—"),
    ("`--texture-budget 16 --scale 4`", lambda: [good_folder(), "--texture-budget", "16", "--scale", "4", "--size", "640x360", *SHOT()], {}, "TextureBudgetTests"),
    ("names with U+2028, U+2029, U+202E", lambda: [weird_names(), *SHOT()], {}, "HostileInputTests"),
    ("path over 4,096 bytes under `--recursive`", lambda: [long_path(), "--recursive", *SHOT()], {}, "DeckScannerTests"),
    ("good folder, `prlimit --nofile=12`", lambda: [good_folder(), *SHOT()], {"prefix": ["prlimit", "--nofile=12"]}, "PhotoDeckTests"),
    ("demo under `ulimit -v` 400 MB", lambda: ["--demo", *SHOT()], {"prefix": ["prlimit", f"--as={400 << 20}"]}, "GLStartMemoryTests"),
    ("warnings into a pipe closed after 1 byte", lambda: [weird_names(), good_folder(), *SHOT()], {"pipe": 1}, "SignalTests"),
    ("SIGTERM 1 s into `--soak 1`", lambda: ["--soak", "1", "--demo"], {"signal_after": (signal.SIGTERM, 1.0)}, "SignalTests"),
    ("SIGINT 1 s into `--bench`", lambda: ["--bench", "--demo"], {"signal_after": (signal.SIGINT, 1.0)}, "SignalTests"),
    ("SIGHUP 1 s into a live window", lambda: ["--demo"], {"signal_after": (signal.SIGHUP, 1.0)}, "SignalTests"),
    ("`--soak 1 --demo`", lambda: ["--soak", "1", "--demo"], {}, "SoakTests"),
]


def main():
    print("| case | exit | wall s | peak MiB (app / largest worker) | stderr | pinned by |")
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
