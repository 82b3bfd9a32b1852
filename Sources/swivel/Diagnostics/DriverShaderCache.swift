import Glibc

/// Mesa's on-disk shader cache, turned off for `--soak` so that the driver's compiler is resident
/// from the first frame, whatever the cache holds, and resident memory after the warm-up measures
/// the process rather than the cache.
///
/// With the cache, llvmpipe takes from ~/.cache/mesa_shader_cache the shader variants that earlier
/// runs (of any program on the machine) compiled, and compiles only the rest. The first compile
/// pages in LLVM's code generator, about 3 MiB of libLLVM-15's code with some of libzstd's and
/// swrast_dri's, which then stays resident. When that is depends on what the cache holds and,
/// through when the photos arrive, on the machine's load: the demo deck's `--soak 2` took it at
/// frame 6 in one run beside busy loops and at frame 6012, past the warm-up, in the next, with the
/// full view open at 201 × 1 pixels while a card's photo faded in (3.1 MiB more file-backed memory
/// in that frame, a step of 3.9 MiB between two quiet readings, and a trend of 4.9 MiB against the
/// 2 MiB limit). Without the cache the first compile is at frame 0, and two runs the same way read
/// trends of 0.33 MiB. Each variant is then compiled in the process (once: llvmpipe keeps them).
enum DriverShaderCache {
    /// Before the GL context is made: Mesa reads it when it creates its screen.
    static func turnOff() {
        _ = setenv("MESA_SHADER_CACHE_DISABLE", "true", 1)
    }
}
