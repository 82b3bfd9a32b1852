import Glibc
import SwivelSystem

/// Where the app speaks: results on stdout, problems on stderr, one line each.
enum Console {
    /// With `--pick` and `-o` standard output carries the chosen paths and nothing else: the
    /// results `out` would print (F12's file, `--screenshot`'s line) go to stderr instead.
    nonisolated(unsafe) static var outputIsForPaths = false

    static func out(_ line: String) {
        FileDescriptor.write(outputIsForPaths ? STDERR_FILENO : STDOUT_FILENO, Array((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileDescriptor.write(STDERR_FILENO, Array(("swivel: " + line + "\n").utf8))
    }
}

/// The process's exit statuses (sysexits.h where one fits).
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    /// EX_USAGE: the command line was wrong.
    case usage = 64
    /// `--pick` ended without a pick (Esc, the window closed): 128 + SIGINT, as fzf exits when
    /// interrupted, so a script tells "nothing chosen" from a failure.
    case cancelled = 130
}

/// Ends the process after saying why.
func fail(_ status: ExitStatus, _ message: String) -> Never {
    Console.error(message)
    exit(status.rawValue)
}
