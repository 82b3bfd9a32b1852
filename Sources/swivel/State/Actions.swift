import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// What the app's state asks to be done outside the frame step, that may take a while: a photo's
/// file turned and written, a file given back its old bytes. The state leaves these as values
/// (`AppState.takeRequests`); the session hands them to an `ActionPerformer`, which does each off
/// the frame loop and brings back its `ActionResult` as an event (`AppEvent.actionsFinished`).
enum ActionRequest: Equatable, Sendable {
    /// Turn the photo at `path` by `turn` in its file: the new bytes made in a decoder worker,
    /// written atomically in place of the file (`expecting`: only if it is still the file Swivel
    /// last wrote there).
    case turn(FilePath, PhotoTurn, expecting: FileReplace.Identity?)
    /// Give the file at `path` back `bytes` (and its old modification time), if it is still the
    /// file Swivel last wrote there (`expecting`).
    case restore(FilePath, bytes: [UInt8], modified: timespec, expecting: FileReplace.Identity?)
    /// Open the photo at `path` in another program: `editor` (a shell command, the path after it),
    /// else the desktop's default application for its type (`gio open`).
    case open(FilePath, editor: String?)
    /// Run the user's key handler with `key`, `input` (the paths) on its standard input.
    case runKeyHandler(key: String, input: [UInt8])

    static func == (a: ActionRequest, b: ActionRequest) -> Bool {
        switch (a, b) {
        case let (.turn(p, t, e), .turn(q, u, f)): p == q && t == u && e == f
        case let (.restore(p, x, m, e), .restore(q, y, n, f)):
            p == q && x == y && m.tv_sec == n.tv_sec && m.tv_nsec == n.tv_nsec && e == f
        case let (.open(p, e), .open(q, f)): p == q && e == f
        case let (.runKeyHandler(k, i), .runKeyHandler(l, j)): k == l && i == j
        default: false
        }
    }
}

/// What came of an `ActionRequest`.
enum ActionResult: Sendable {
    /// The file at `path` turned by `turn`, or why not (the file then is as it was).
    case turned(FilePath, PhotoTurn, Result<SavedTurn, ActionFailure>)
    /// The file at `path` given back its old bytes, its new identity; or why not.
    case restored(FilePath, Result<FileReplace.Identity, ActionFailure>)
    /// The program that opens the file at `path` ended well, or why not.
    case opened(FilePath, Result<Void, ActionFailure>)
    /// The key handler run with `key` ended well, or why not.
    case keyHandled(String, Result<Void, ActionFailure>)
}

/// A turn written into a file: what undoes it (the file's bytes and modification time before),
/// what the file is now, and how the turn was recorded.
struct SavedTurn: Sendable {
    let original: [UInt8]
    let originalModified: timespec
    let written: FileReplace.Identity
    let lossless: Bool
}

/// Why an action did not happen, in words that follow "cannot … PATH: ".
struct ActionFailure: Error, Equatable, Sendable {
    let reason: String
}
