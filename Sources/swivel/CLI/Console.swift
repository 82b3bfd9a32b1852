import Glibc
import SwivelCore
import SwivelSystem

/// Where the app speaks: results on stdout, problems on stderr, one line each.
///
/// Text from files (names, EXIF fields, the libraries' messages about them, reasons stored in
/// the thumbnail cache) reaches a terminal only through `Quoting.oneLine`, the one escaping:
/// every stderr line here, `--info`'s lines (`InfoCommand`), and text drawn on screen
/// (`TextRenderer.render`). A file cannot set the terminal's title, clear it, or forge a line.
enum Console {
    /// With `--pick` and `-o` standard output carries the chosen paths and nothing else: the
    /// results `out` would print (F12's file, `--screenshot`'s line) go to stderr instead.
    nonisolated(unsafe) static var outputIsForPaths = false

    static func out(_ line: String) {
        FileDescriptor.write(outputIsForPaths ? STDERR_FILENO : STDOUT_FILENO, Array((line + "\n").utf8))
    }

    /// `line` with its control and format characters escaped (`Quoting.oneLine`): one line on
    /// stderr whatever it holds.
    static func error(_ line: String) {
        FileDescriptor.write(STDERR_FILENO, Array(("swivel: " + Quoting.oneLine(line) + "\n").utf8))
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
    /// `--pick` ended without a pick (Esc, the window closed): 128 + SIGINT, as fzf exits when
    /// interrupted, so a script tells "nothing chosen" from a failure.
    case cancelled = 130
}

/// Ends the process after saying why.
func fail(_ status: ExitStatus, _ message: String) -> Never {
    Console.error(message)
    exit(status.rawValue)
}
