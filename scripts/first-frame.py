#!/usr/bin/env python3
"""Time from exec to the first frame on screen, as ../shared/bench/vs-floor measures it (its xprobe
watches two pixels of the root window for the first two cards' colours), many times over under one
Xvfb, the programs interleaved:

    scripts/first-frame.py RUNS NAME=COMMAND...    (from the project root; prints median and min ms)
    scripts/first-frame.py 15 floor=floor before="/tmp/swivel-main --no-config --cards 7" \
        after=".build/release/swivel --no-config --cards 7"

A command "floor" is ../shared/bench/floor.c, built here. Each run is killed once its frame is seen.
"""
import os, subprocess, sys, time, statistics, signal, tempfile
BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "..", "shared", "bench")
WORK = tempfile.mkdtemp(prefix="swivel-first-frame-")
subprocess.run(["gcc", "-O2", "-o", WORK + "/xprobe", BENCH + "/xprobe.c", "-lX11", "-lXdamage", "-lXfixes"], check=True)
sdl = subprocess.run(["sdl2-config", "--cflags", "--libs"], capture_output=True, text=True, check=True).stdout.split()
subprocess.run(["gcc", "-O2", "-o", WORK + "/floor", BENCH + "/floor.c"] + sdl + ["-lGL"], check=True)
runs = int(sys.argv[1])
peers = [(n, WORK + "/floor" if c == "floor" else c) for n, c in (a.split("=", 1) for a in sys.argv[2:])]
disp = ":77"
xvfb = subprocess.Popen(["Xvfb", disp, "-screen", "0", "1280x720x24", "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
time.sleep(1.0)
env = dict(os.environ, DISPLAY=disp); env.setdefault("XDG_RUNTIME_DIR", "/tmp/runtime-root")
res = {n: [] for n, _ in peers}
try:
    for r in range(runs + 1):
        for name, cmd in peers:
            out = WORK + "/probe.txt"
            if os.path.exists(out): os.remove(out)
            probe = subprocess.Popen([WORK + "/xprobe", out, "640", "360", "007AFF", "880", "360", "34C759", "40"], env=env)
            while not (os.path.exists(out) and os.path.getsize(out) > 0): time.sleep(0.005)
            time.sleep(0.05)
            t0 = time.time()
            app = subprocess.Popen(cmd.split(), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            first = None
            while time.time() - t0 < 5 and first is None:
                for line in open(out):
                    if line.startswith("first "): first = float(line.split()[1])
                time.sleep(0.003)
            app.kill(); app.wait()
            probe.send_signal(signal.SIGTERM); probe.wait()
            if first is None: print(f"{name}: no frame within 5 s", file=sys.stderr)
            if r > 0 and first: res[name].append((first - t0) * 1000)
            time.sleep(0.2)
finally:
    xvfb.terminate(); xvfb.wait()
for name, v in res.items():
    print(f"{name}: median {statistics.median(v):.1f} ms  min {min(v):.1f}  n={len(v)}  runs {' '.join(f'{x:.0f}' for x in v)}")
