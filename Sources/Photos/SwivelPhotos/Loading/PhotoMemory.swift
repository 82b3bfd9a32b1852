import Glibc
import SwivelSystem

/// The one gate for memory whose size a file decides (pixel buffers, the whole file, the
/// resampler's rows, tone-mapped copies). A Swift array that cannot be allocated stops the
/// process, so each such allocation first asks here, and a photo that would not fit is skipped
/// with "out of memory" instead: under `ulimit -v`, or when the system is out of memory.
///
/// The question is asked of the kernel, as malloc asks it for blocks this large (mmap), for the
/// bytes plus `headroom`: a refusal is the address-space limit or the kernel out of memory. Checks on the
/// decode threads go one at a time, and the bytes each one was promised stay counted (`promised`)
/// until its work has made them, so two threads cannot both be promised the last free room.
/// Allocations made by the libraries themselves are not counted: those fail through their own
/// error paths, which the decoders report as out of memory too.
enum PhotoMemory {
    /// The failure every decoder gives when memory could not be had; says nothing about the file,
    /// but the photo is still skipped (one line): a limit such as `ulimit -v` does not grow while
    /// Swivel runs, and retrying a huge photo would redo its partial decode again and again.
    static let outOfMemory = Failure(reason: "out of memory")

    /// Room left over after a promise, for what follows it without asking: the card's own buffers
    /// (at most a few MiB for the largest card textures), strings, small arrays of the decode.
    static let headroom = 32 << 20

    private static let lock = Condition()
    nonisolated(unsafe) private static var promised = 0

    /// Runs `body` once `bytes` can be had (with `headroom` to spare, beside what other threads
    /// were promised and have not yet made), for it to allocate them; else throws `outOfMemory`.
    static func reserving<T>(_ bytes: Int, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        try reserve(bytes)
        defer { lock.withLock { promised -= bytes } }
        return try body()
    }

    /// `count` elements of `T`, zeroed, or `outOfMemory`.
    static func zeros<T: BinaryInteger>(_ type: T.Type = T.self, count: Int) throws(Failure) -> [T] {
        try reserving(try byteCount(count, of: T.self)) { [T](repeating: 0, count: count) }
    }

    /// `count` × `T`'s size in bytes, or `outOfMemory` when that overflows.
    static func byteCount<T>(_ count: Int, of _: T.Type) throws(Failure) -> Int {
        let (bytes, overflow) = max(0, count).multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard !overflow else { throw outOfMemory }
        return bytes
    }

    /// Whether `bytes` could be had now; promises them if so.
    private static func reserve(_ bytes: Int) throws(Failure) {
        lock.lock()
        defer { lock.unlock() }
        let (total, overflow) = bytes.addingReportingOverflow(promised + headroom)
        guard bytes >= 0, !overflow else { throw outOfMemory }
        // mmap, as malloc does for blocks this large: the kernel refuses what RLIMIT_AS (or its
        // overcommit check) would refuse malloc. Not malloc and free themselves: the optimiser
        // drops a malloc that is only freed and takes it to have succeeded (so release builds
        // still aborted on a 768 MB JPEG XL under a 1100 MiB cap).
        let block = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let block, block != MAP_FAILED else { throw outOfMemory }
        munmap(block, total)
        promised += bytes
    }
}
