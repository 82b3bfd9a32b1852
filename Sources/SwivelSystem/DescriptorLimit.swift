import Glibc

/// The process's limit on open files (RLIMIT_NOFILE, what `ulimit -n` and `prlimit --nofile` set).
public enum DescriptorLimit {
    /// The soft limit; nil when there is none.
    public static var current: Int? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {   // RLIM_INFINITY
            return nil
        }
        return Int(clamping: limit.rlim_cur)
    }
}
