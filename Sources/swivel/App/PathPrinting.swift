import Glibc
import SwivelCore
import SwivelSystem

/// How a window session that prints paths ends: `--pick` prints what Enter chose and exits 0, or
/// exits 130 when it ended without (Esc in the row, the window closed); `-o` prints the marked
/// photos on quitting. Standard output gets the paths' bytes and nothing else (`PickOutput`). A
/// signal ends the process with its own status, printing nothing (`TerminationSignals`).
enum PathPrinting {
    static func finish(_ options: Options, state: AppState, deck: DeckFiles?) {
        guard options.pick || options.printMarked, TerminationSignals.requested == nil else { return }
        if options.pick {
            guard case .picked(let picked) = state.end else { exit(ExitStatus.cancelled.rawValue) }
            write(picked, nulTerminated: options.print0)
        } else {
            write(state.marks.markedPaths(deck: deck), nulTerminated: options.print0)
        }
    }

    static func write(_ paths: [FilePath], nulTerminated: Bool) {
        guard !paths.isEmpty else { return }
        guard FileDescriptor.write(STDOUT_FILENO, PickOutput.bytes(paths.map(\.bytes), nulTerminated: nulTerminated)) else {
            fail(.failure, "cannot write the paths to standard output: \(String(cString: strerror(errno)))")
        }
    }
}
