#!/usr/bin/env python3
"""Whether a shared GL context on another thread can compile Swivel's programs for the window's
context: scripts/shared-context-warmup.c, built here, run RUNS times in each case, interleaved, for
the video driver in SDL_VIDEODRIVER (offscreen, or x11 under xvfb-run); prints the median and
range of the window context's first draw with flight.vert + flight.frag, wall and CPU ms:

    SDL_VIDEODRIVER=offscreen scripts/shared-context-warmup.py 5      (from the project root)
    SDL_VIDEODRIVER=x11 xvfb-run -s '-screen 0 1280x720x24' scripts/shared-context-warmup.py 5

Cases: the window's context alone (cold), or after a worker linked the program and drew once into
an RGBA8 texture (worker fbo) or into a hidden second window of the window's pixel format (worker
window); each with Mesa's on-disk shader cache off (MESA_SHADER_CACHE_DISABLE), empty at start
(a fresh MESA_SHADER_CACHE_DIR), or filled by a run before (cold, warm cache: the same program
drawn by an earlier process, as from a user's second start on).
"""
import os, re, shutil, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = tempfile.mkdtemp(prefix="swivel-shared-context-")
PROGRAM = os.path.join(WORK, "shared-context-warmup")
sdl = subprocess.run(["sdl2-config", "--cflags", "--libs"], capture_output=True, text=True, check=True).stdout.split()
subprocess.run(["gcc", "-O2", "-o", PROGRAM, os.path.join(ROOT, "scripts", "shared-context-warmup.c")] + sdl
               + ["-lGL", "-lEGL", "-lpthread"], check=True)

def run(args, cache):
    """One run; cache is "off", or a cache folder."""
    env = dict(os.environ)
    if cache == "off":
        env["MESA_SHADER_CACHE_DISABLE"] = "true"
    else:
        env["MESA_SHADER_CACHE_DIR"] = cache
    done = subprocess.run([PROGRAM, os.path.join(ROOT, "Shaders")] + args, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    line = done.stdout.strip()
    return line, {k: float(v) for k, v in re.findall(r"(\w+_ms)=([\d.]+)", line)}

cases = [("cold", ["cold"]), ("worker fbo", ["worker", "fbo"]), ("worker window", ["worker", "window"])]
results = {}
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
for _ in range(runs):
    for cache in ("off", "empty"):
        for name, args in cases:
            folder = tempfile.mkdtemp(dir=WORK)
            line, values = run(args, "off" if cache == "off" else folder)
            results.setdefault((name, cache), []).append(values)
            if name == "cold" and cache == "empty":
                _, again = run(args, folder)     # the same cache, filled by the run just made
                results.setdefault(("cold", "warm"), []).append(again)
            shutil.rmtree(folder)
print(line.split(" mode=")[0], f"({runs} runs each)")
print(f"{'case':<14} {'shader cache':<12} {'first draw ms':>22} {'first draw CPU ms':>22} {'worker draw CPU ms':>19}")
def summary(values, key):
    if not values or key not in values[0]:
        return "–"
    xs = [v[key] for v in values]
    return f"{statistics.median(xs):.1f} ({min(xs):.1f}–{max(xs):.1f})"
for key in [("cold", "off"), ("worker fbo", "off"), ("worker window", "off"),
            ("cold", "empty"), ("worker fbo", "empty"), ("worker window", "empty"), ("cold", "warm")]:
    v = results[key]
    print(f"{key[0]:<14} {key[1]:<12} {summary(v, 'first_draw_ms'):>22} {summary(v, 'first_draw_cpu_ms'):>22} "
          f"{summary(v, 'worker_draw_cpu_ms'):>19}")
print("load average:", open("/proc/loadavg").read().split()[:3])
shutil.rmtree(WORK)
