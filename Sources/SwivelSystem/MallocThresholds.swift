import Glibc

/// glibc's malloc thresholds (mallopt(3)): when a freed block goes back to the kernel.
///
/// By default glibc raises its mmap threshold to the size of the largest mapped block freed so far
/// (up to 32 MiB) and its trim threshold to twice that, so that after a big decode buffer is freed
/// the next ones come from the heap of the thread that asked. Until such a block is freed, the
/// thresholds stay at 128 KiB: blocks that large are mapped and unmapped on their own, and the
/// heap's top is given back once more than 128 KiB of it is free. Setting either threshold turns
/// the raising off for both.
public enum MallocThresholds {
    /// For `--soak`: the mmap threshold fixed at glibc's default, 128 KiB, so that resident memory
    /// measures what the process holds rather than what glibc keeps for reuse. A decode thread's
    /// own heap (a glibc "arena") otherwise keeps up to the trim threshold of free memory at its
    /// top, resident, and `malloc_trim(0)` does not give that back: in glibc 2.36 it returns the
    /// free pages inside each arena's bins but trims the top only of the main arena. The soak
    /// measured that as 2–6 MiB of "growth" over its first simulated minute (the demo deck,
    /// release build, llvmpipe), one step up each time a larger buffer was first freed, and none
    /// of it with one arena (`GLIBC_TUNABLES=glibc.malloc.arena_max=1`: 0.02–0.2 MiB) or with the
    /// thresholds pinned (0.04–0.22 MiB over five runs).
    public static func pin() {
        _ = mallopt(mmapThresholdParameter, 128 * 1024)
    }

    /// For a decoder worker: the thresholds where glibc's raising would take them at most (mmap
    /// 32 MiB, trim 64 MiB) from the first request, so that one decode's heap is there for the
    /// next rather than given back and faulted in again. A worker decoding DNG cards (a 1620 ×
    /// 1080 preview for a 200 × 300 card) freed no mapped block under 32 MiB, so its thresholds
    /// stayed at 128 KiB and glibc trimmed its heap's top after every card: 875-879 minor page faults
    /// a card against 59 for the same preview as a JPEG file, 8.5-9.3 ms of CPU a card against
    /// 6.5-8.0 (1.19-1.37x; in-process, where the app's threads had raised them, 1.01-1.11x).
    /// What a worker keeps is given back when it is idle (`malloc_trim(0)`, the main arena's
    /// heap: a worker decodes on one thread).
    public static func keepBetweenDecodes() {
        _ = mallopt(mmapThresholdParameter, 32 << 20)
        _ = mallopt(trimThresholdParameter, 64 << 20)
    }

    /// `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD` in glibc's malloc.h.
    private static let mmapThresholdParameter: Int32 = -3
    private static let trimThresholdParameter: Int32 = -1
}

/// glibc's `mallopt`, which the Glibc module does not export.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
