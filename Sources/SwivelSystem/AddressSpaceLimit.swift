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

    /// The processors online, as sysconf tells.
    public static var processorsOnline: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
