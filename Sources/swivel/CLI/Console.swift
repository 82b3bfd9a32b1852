import Foundation

/// Where the app speaks: results on stdout, problems on stderr, one line each.
enum Console {
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data(("swivel: " + line + "\n").utf8))
    }
}

/// The process's exit statuses (sysexits.h where one fits).
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    /// EX_USAGE: the command line was wrong.
    case usage = 64
}

/// Ends the process after saying why.
func fail(_ status: ExitStatus, _ message: String) -> Never {
    Console.error(message)
    exit(status.rawValue)
}
