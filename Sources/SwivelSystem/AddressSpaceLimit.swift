import Glibc

/// The process's address-space limit (RLIMIT_AS, what `ulimit -v` and `prlimit --as` set).
public enum AddressSpaceLimit {
    /// The soft limit in bytes, or nil when there is none (RLIM_INFINITY) or it cannot be read.
    public static var bytes: Int? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {   // RLIM_INFINITY
            return nil
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The malloc arenas this process's threads share under a limit. glibc gives each thread that
    /// allocates while the others hold theirs an arena of its own, up to 8 a processor, and each
    /// reserves 64 MiB of address space: with a photo deck's threads (decode, thumbnail writer,
    /// folder watch) beside llvmpipe's, the app under `ulimit -v` 880 to 1056 MiB ran out between
    /// its arenas, differently from run to run, and a Swift allocation (the screenshot's 3.6 MB)
    /// ended it with SIGABRT, 3 runs in 3 at 1008 MiB. With 2 arenas it ran from 832 MiB, every
    /// run. Its decoding is in its workers, so little contends for the arenas.
    public static let mallocArenas: Int32 = 2

    /// Under a limit, caps the malloc arenas at `mallocArenas` (glibc fixes its count when the
    /// second arena is made: call before other threads start). Without one, nothing changes.
    public static func shareMallocArenasUnderALimit() {
        guard bytes != nil else { return }
        // malloc.h is not part of Swift's Glibc module: mallopt is looked up, and M_ARENA_MAX is
        // its value there (-8).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }   // RTLD_DEFAULT
        _ = unsafeBitCast(mallopt, to: Mallopt.self)(-8, mallocArenas)
    }

    /// The processors online, as sysconf tells.
    public static var processorsOnline: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
