/// glibc's malloc thresholds, pinned for `--soak` so that resident memory measures what the
/// process holds rather than what glibc keeps for reuse.
///
/// By default glibc raises its mmap threshold to the size of the largest block freed so far (up
/// to 32 MiB) and its trim threshold to twice that, so that after a big decode buffer is freed the
/// next ones come from the heap of the thread that asked. A decode thread's own heap (a glibc
/// "arena") then keeps up to the trim threshold of free memory at its top, resident, and
/// `malloc_trim(0)` does not give that back: in glibc 2.36 it returns the free pages inside each
/// arena's bins but trims the top only of the main arena. The soak measured that as 2–6 MiB of
/// "growth" over its first simulated minute (the demo deck, release build, llvmpipe), one step up
/// each time a larger buffer was first freed, and none of it with one arena
/// (`GLIBC_TUNABLES=glibc.malloc.arena_max=1`: 0.02–0.2 MiB) or with the thresholds pinned
/// (0.04–0.22 MiB over five runs).
enum MallocThresholds {
    /// Fixes the mmap threshold at glibc's default, 128 KiB; setting it turns off the raising of
    /// both thresholds (mallopt(3)), so blocks of 128 KiB or more are mapped and unmapped on their
    /// own and a thread's heap gives back what is over 128 KiB free at its top.
    static func pin() {
        _ = mallopt(mmapThresholdParameter, 128 * 1024)
    }

    /// `M_MMAP_THRESHOLD` in glibc's malloc.h.
    private static let mmapThresholdParameter: Int32 = -3
}

/// glibc's `mallopt`, which the Glibc module does not export.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
