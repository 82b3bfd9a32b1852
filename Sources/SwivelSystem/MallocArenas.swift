import Glibc

/// glibc's malloc arenas under an address-space limit (`ulimit -v`, RLIMIT_AS).
///
/// glibc gives a thread that finds the heap's lock taken an arena of its own, up to eight per
/// processor, and each reserves 64 MiB of address space (`HEAP_MAX_SIZE`; mapped at 128 MiB to be
/// aligned, then trimmed) however little it holds. Memory in use does not grow by it; the address
/// space that `ulimit -v` counts does. At the end of `swivel --demo --screenshot` with llvmpipe's
/// two rasteriser threads, 10 such arenas were 638 of the 939 MiB mapped (Debian 12, glibc 2.36),
/// and under a limit the arenas the threads happened to make first took the room that llvmpipe's
/// and the frame's own allocations then lacked: at 781 MiB (`ulimit -v 800000`) 16 runs in 20
/// aborted ("failed to allocate 3686432 bytes", the frame read back), and between 300 MiB and
/// 1 GiB a run drew or died by the race. With one arena the same run drew at every limit from 360
/// MiB up (2 threads; 330 with none). So under a limit every thread shares the main arena, as in a
/// program with one thread; without a limit nothing changes.
public enum MallocArenas {
    /// Under an address-space limit, no arena past the main one. Before other threads start: the
    /// arenas made before stay.
    public static func shareOneUnderAddressSpaceLimit() {
        guard AddressSpaceLimit.bytes != nil else { return }
        _ = mallopt(arenaMaxParameter, 1)
    }

    /// `M_ARENA_MAX` in glibc's malloc.h.
    private static let arenaMaxParameter: Int32 = -8
}

/// glibc's `mallopt`, which the Glibc module does not export.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
