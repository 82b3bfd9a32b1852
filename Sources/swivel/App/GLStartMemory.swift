import SwivelSystem

/// How much address space OpenGL needs to start, so that a process under a smaller `ulimit -v`
/// says so in one line and exits 1 instead of crashing inside the driver: Mesa's llvmpipe
/// segfaults or aborts in SDL_GL_CreateContext or the first draw when its mmaps fail (at 400 to
/// 700 MiB), and below about 300 MiB EGL cannot even load the driver and prints its own warnings.
enum GLStartMemory {
    /// The smallest `prlimit --as` cap at which `swivel --demo --screenshot` (1280×720, offscreen)
    /// still worked, measured on Debian 12 with Mesa 22.3 llvmpipe by bisection to 10 MiB: 645 MiB
    /// with LP_NUM_THREADS=0, 726 with 1, 807 with 2, 1025 with 4, 1376 with 8. That is about
    /// 650 MiB (libLLVM, the driver, the malloc arenas of Swivel's own threads) and 90 MiB for
    /// each rasteriser thread (its stack, its malloc arena, its JIT and scene memory).
    static let baseMiB = 650
    static let perThreadMiB = 90
    /// llvmpipe starts a rasteriser thread for each processor, or as many as LP_NUM_THREADS says,
    /// up to LP_MAX_THREADS: 32 in Mesa 22.3 (measured: LP_NUM_THREADS=64 starts as many threads as 32).
    static let maxThreads = 32

    /// The MiB OpenGL needs here to start.
    static func neededMiB(environment: (String) -> String?, processors: Int) -> Int {
        let threads = environment("LP_NUM_THREADS").flatMap { Int($0) }.map { max(0, $0) } ?? processors
        return baseMiB + perThreadMiB * min(threads, maxThreads)
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
        problem(limitBytes: AddressSpaceLimit.bytes,
                neededMiB: neededMiB(environment: Environment.nonEmpty, processors: AddressSpaceLimit.processorsOnline))
    }
}
