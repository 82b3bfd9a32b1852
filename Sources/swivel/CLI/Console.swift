import Glibc
import SwivelSystem

/// Where the app speaks: results on stdout, problems on stderr, one line each.
enum Console {
    static func out(_ line: String) {
        FileDescriptor.write(STDOUT_FILENO, Array((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileDescriptor.write(STDERR_FILENO, Array(("swivel: " + line + "\n").utf8))
    }
}

/// The process's exit statuses (sysexits.h where one fits).
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    /// `--open PATH` names a photo that is not in the deck.
    case notInDeck = 2
    /// EX_USAGE: the command line was wrong.
    case usage = 64
}

/// Ends the process after saying why.
func fail(_ status: ExitStatus, _ message: String) -> Never {
    Console.error(message)
    exit(status.rawValue)
}
