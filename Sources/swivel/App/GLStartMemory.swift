import SwivelSystem

/// How much address space the process needs for OpenGL to start and draw its first frames, so that
/// a process under a smaller `ulimit -v` says so in one line and exits 1 instead of crashing inside
/// the driver: Mesa's llvmpipe segfaults or aborts in SDL_GL_CreateContext or the first draw when
/// its mmaps fail, and below about 250 MiB EGL cannot even load the driver and prints its own
/// warnings. What the process has mapped already (VmSize) counts as it is; OpenGL's own need is
/// added to it.
enum GLStartMemory {
    /// Measured on Debian 12, Mesa 22.3 llvmpipe, by sweeping `ulimit -v` in 5 MiB steps with the
    /// check off, malloc's arenas shared under the limit (`MallocArenas`): `swivel --demo
    /// --screenshot` (1280×720) had 42 MiB mapped before the window and drew at every limit from
    /// 330 MiB up with LP_NUM_THREADS=0, 345 with 1, 360 with 2, 395 with 4, 460 with 8 (offscreen;
    /// under Xvfb 365 with 2), and below those aborted or segfaulted. That is about 290 MiB for the
    /// driver, libLLVM and the first frames (300 under X11) and 16 MiB for each rasteriser thread
    /// (its own thread and its compute pool's, an 8 MiB stack each), plus what was mapped before;
    /// 20 MiB more here as headroom. (The estimate this replaces, 650 MiB and 90 a thread, was the
    /// whole process with an arena of 64 MiB for each thread: 830 MiB for 2 threads, refusing 781
    /// MiB, where one arena draws from 360.)
    static let baseMiB = 320
    static let perThreadMiB = 16
    /// llvmpipe starts a rasteriser thread for each processor, or as many as LP_NUM_THREADS says,
    /// up to LP_MAX_THREADS: 32 in Mesa 22.3 (measured: LP_NUM_THREADS=64 starts as many threads as 32).
    static let maxThreads = 32

    /// The MiB the process needs for OpenGL to start, with `mappedMiB` mapped now.
    static func neededMiB(mappedMiB: Int, environment: (String) -> String?, processors: Int) -> Int {
        let threads = environment("LP_NUM_THREADS").flatMap { Int($0) }.map { max(0, $0) } ?? processors
        return mappedMiB + baseMiB + perThreadMiB * min(threads, maxThreads)
    }

    /// The one line to exit with when the address-space limit (`limitBytes`, nil: none) is below
    /// what OpenGL needs, else nil.
    static func problem(limitBytes: Int?, neededMiB: Int) -> String? {
        guard let limitBytes, limitBytes < neededMiB << 20 else { return nil }
        return "cannot start OpenGL: the address-space limit (ulimit -v) is \(limitBytes >> 20) MiB, "
            + "and OpenGL here needs about \(neededMiB) MiB to start"
    }

    /// `problem` for this process.
    static var problem: String? {
        guard let limit = AddressSpaceLimit.bytes else { return nil }
        let mapped = (AddressSpaceLimit.mappedBytes ?? 0) >> 20
        return problem(limitBytes: limit, neededMiB: neededMiB(mappedMiB: mapped, environment: Environment.nonEmpty,
                                                                processors: AddressSpaceLimit.processorsOnline))
    }
}
