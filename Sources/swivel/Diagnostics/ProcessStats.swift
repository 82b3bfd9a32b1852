import Glibc
import SwivelSystem

/// What the kernel says this process has used: CPU time, peak resident memory, age.
enum ProcessStats {
    /// User and system CPU seconds so far.
    static func cpuSeconds() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    /// Peak resident set size in MiB (`ru_maxrss` is in KiB on Linux).
    static func peakResidentMiB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// Current resident set size in MiB, from /proc/self/statm. With `trimmed`, glibc first gives
    /// the kernel back the free memory it keeps for reuse (`malloc_trim(0)`), so what is left is
    /// what the process holds: memory freed but cached by malloc does not count as growth.
    static func residentMiB(trimmed: Bool = false) -> Double {
        if trimmed { _ = malloc_trim(0) }
        guard let text = procText("/proc/self/statm") else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Seconds since the kernel started this process: /proc/self/stat's start time (clock ticks
    /// since boot) against CLOCK_BOOTTIME. Resolution one clock tick (10 ms).
    static func secondsSinceStart() -> Double? {
        guard let text = procText("/proc/self/stat"),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after the command name start at field 3; the start time is field 22.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let boot = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return boot - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// This process with its decoder workers, for `--bench`: their PSS (a shared page counted once,
/// split between the processes that map it) and their CPU time.
enum ProcessGroup {
    /// The workers: this process's children, which any of its threads may have started.
    static func children() -> [pid_t] {
        guard let tasks = opendir("/proc/self/task") else { return [] }
        defer { closedir(tasks) }
        var children: [pid_t] = []
        while let entry = readdir(tasks) {
            let name = String(decoding: directoryEntryName(entry), as: UTF8.self)
            guard Int(name) != nil, let text = procText("/proc/self/task/\(name)/children") else { continue }
            children += text.split(separator: " ").compactMap { pid_t($0) }
        }
        return children
    }

    /// Process `pid`'s proportional set size in MiB (smaps_rollup), 0 when it cannot be read.
    static func pssMiB(_ pid: pid_t) -> Double {
        guard let text = procText("/proc/\(pid)/smaps_rollup"),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Pss:") }),
              let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) else { return 0 }
        return kib / 1024
    }

    /// Process `pid`'s user and system CPU seconds so far (/proc/PID/stat), 0 when it cannot be read.
    static func cpuSeconds(_ pid: pid_t) -> Double {
        guard let text = procText("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The CPU time all of process `pid`'s threads have had so far, in nanoseconds (the first field
    /// of each /proc/PID/task/TID/schedstat: the scheduler's own count, not the clock ticks of
    /// /proc/PID/stat, 10 ms apart); 0 when it cannot be read.
    static func cpuNanoseconds(_ pid: pid_t) -> UInt64 {
        guard let tasks = opendir("/proc/\(pid)/task") else { return 0 }
        defer { closedir(tasks) }
        var total: UInt64 = 0
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int(name) != nil, let text = procText("/proc/\(pid)/task/\(name)/schedstat"),
                  let first = text.split(separator: " ").first, let nanoseconds = UInt64(first) else { continue }
            total += nanoseconds
        }
        return total
    }

    /// The CPU time this process and its workers have had so far, in milliseconds (`cpuNanoseconds`).
    static func cpuMilliseconds() -> Double {
        Double(([getpid()] + children()).reduce(UInt64(0)) { $0 + cpuNanoseconds($1) }) / 1e6
    }

    /// This process's PSS and its workers', in MiB.
    static func pssMiB() -> (app: Double, workers: [Double]) {
        (pssMiB(getpid()), children().map(pssMiB))
    }
}

/// A /proc file's text (read whole: its size shows as 0).
private func procText(_ path: String) -> String? {
    FileDescriptor.readFile(path).map { String(decoding: $0, as: UTF8.self) }
}

/// glibc's `malloc_trim`, which the Glibc module does not export.
@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32
