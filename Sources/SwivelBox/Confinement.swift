import CBox
import Glibc

/// Confines the calling process, a decoder worker, before it reads its first request
/// (docs/design.md, "Decoders in a box"): no new privileges; Landlock with no file access where
/// the kernel has it; the SIGSYS trap, then the seccomp allow-list on every thread. Every
/// descriptor above its socket is closed first. Whatever it
/// needs from the file system (libraries, plugins, the time zone) must be loaded before.
public enum Confinement {
    /// The parts, for tests that leave one out as a kernel without it would (`apply(without:)`).
    public enum Part: String, Sendable {
        case landlock, seccomp
    }

    /// What could not be set up, a phrase each ("Landlock: the kernel has none"); empty when all was.
    /// The worker goes on with what it could set. `without`: parts left out as if the kernel
    /// had none of them (debug builds' tests).
    public static func apply(socket: Int32, without: Set<Part> = []) -> [String] {
        // Whatever else the app left open stays out of the worker's reach.
        swivel_box_close_from(socket + 1)
        var missing: [String] = []
        if let code = failure(swivel_box_no_new_privs()) { missing.append("no_new_privs: \(code)") }
        let abi = without.contains(.landlock) ? -ENOSYS : swivel_box_landlock_abi()
        if abi < 1 {
            missing.append(abi == -ENOSYS ? "Landlock: the kernel has none"
                           : abi == -EOPNOTSUPP ? "Landlock: turned off in this kernel" : "Landlock: \(errorText(-abi))")
        } else if let code = failure(swivel_box_landlock_deny_all(abi)) {
            missing.append("Landlock: \(code)")
        }
        if without.contains(.seccomp) {
            missing.append("seccomp: the kernel has none")
        } else if let code = failure(swivel_box_install_trap(socket)) {
            missing.append("seccomp: cannot install the trap's handler: \(code)")
        } else if let code = failure(swivel_box_load_filter(socket)) {
            missing.append("seccomp: \(code)")
        }
        return missing
    }

    /// Sets the per-request limits: CPU time `cpuSeconds` from now (the soft limit raises
    /// SIGXCPU, the hard one a second later SIGKILL) and the address space `addressBytes` in all.
    public static func limit(cpuSeconds: Int, addressBytes: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let used = Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec) + 1
        var cpu = rlimit(rlim_cur: rlim_t(used + cpuSeconds), rlim_max: rlim_t(used + cpuSeconds + 1))
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
        var address = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &address)
        address.rlim_cur = min(rlim_t(addressBytes), address.rlim_max)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &address)
    }

    /// The process's address space now, in bytes (its first field of /proc/self/statm); read
    /// before `apply`, which closes /proc.
    public static func addressSpaceBytes() -> Int {
        guard let fd = Optional(open("/proc/self/statm", O_RDONLY | O_CLOEXEC)), fd >= 0 else { return 0 }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 128)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0, let pages = Int(String(decoding: bytes[..<count].prefix { $0 != 0x20 }, as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func failure(_ code: Int32) -> String? { code == 0 ? nil : errorText(-code) }

    private static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
