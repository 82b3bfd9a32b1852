import CBox
import Glibc

/// The phrase that says why a worker ended in the middle of a request, for the line
/// "swivel: skipped PATH: the decoder …".
public enum WorkerFailure {
    /// The reason for `end`; `report` is the worker's last message when it was the trap's
    /// ("forbidden N"), `cpuSeconds` the request's CPU limit.
    public static func reason(_ end: WorkerEnd, report: String?, cpuSeconds: Int) -> String {
        if let report, let number = forbiddenCall(report) {
            return "the decoder was stopped: it tried a forbidden system call (\(callName(number)))"
        }
        switch end {
        case .signalled(SIGXCPU):
            return "the decoder was stopped: it used its \(cpuSeconds) s of CPU time"
        case .signalled(SIGSYS):
            return "the decoder was stopped: it tried a forbidden system call"
        case .signalled(SIGKILL):
            return "the decoder was killed (SIGKILL)"
        case .signalled(let signal):
            return "the decoder crashed (\(signalName(signal)))"
        case .exited(let status):
            return "the decoder ended with status \(status)"
        }
    }

    /// The system call number of a trap's report, "forbidden N".
    public static func forbiddenCall(_ report: String) -> Int32? {
        guard report.hasPrefix("forbidden ") else { return nil }
        return Int32(report.dropFirst("forbidden ".count))
    }

    /// `number`'s name on this architecture (libseccomp's table), or "system call N".
    public static func callName(_ number: Int32) -> String {
        guard let name = swivel_box_syscall_name(number) else { return "system call \(number)" }
        defer { free(name) }
        return String(cString: name)
    }

    /// "SIGSEGV" for 11.
    public static func signalName(_ signal: Int32) -> String {
        guard let abbreviation = swivel_box_signal_abbreviation(signal) else { return "signal \(signal)" }
        return "SIG" + String(cString: abbreviation)
    }
}
