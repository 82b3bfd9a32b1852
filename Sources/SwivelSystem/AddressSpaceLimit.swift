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

    /// The address space the process has mapped now (VmSize: /proc/self/statm's first field, in
    /// pages), nil when it cannot be read.
    public static var mappedBytes: Int? {
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let digits = line.prefix { $0 >= 48 && $0 <= 57 }   // ASCII 0-9
        guard !digits.isEmpty, let pages = Int(String(decoding: digits.map { UInt8($0) }, as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The processors online, as sysconf tells.
    public static var processorsOnline: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
