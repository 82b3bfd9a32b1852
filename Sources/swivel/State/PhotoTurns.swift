import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelSystem

/// R, Shift+R and the flips: each turns the photo on screen at once (animated, `TurnOnScreen`,
/// by photo id: the pixels a card or the full view holds are the file's as decoded) and asks for
/// the turn to be written into its file (`ActionRequest.turn`: a lossless JPEG transform or the
/// orientation the file records, made in a decoder worker, written atomically). A file's turns
/// are written one after the other; once it holds all of them its card is read again (a new id,
/// the old photo standing in until the new one is up: `DeckMembership.reread`), so that every
/// later decode of it shows them. A turn that cannot be written (a format with no orientation, a
/// read-only folder, a full disk) says why in one line and stays on screen until Swivel quits.
///
/// Ctrl+Z undoes the latest turn or Delete: a turn by giving the file its bytes from before
/// (kept in memory since the turn, with its modification time), if nothing else has written the
/// file since; one not yet written is simply not written.
struct PhotoTurns: Sendable {
    let reducesMotion: Bool
    /// Whether turns are written into files (not by `--screenshot`, which leaves files alone).
    let saves: Bool

    /// How each photo is turned on screen beyond its pixels, by photo id.
    private(set) var shown: [Int: TurnOnScreen] = [:]
    /// Where the full view's photo stood when its latest turn began, by photo id.
    private(set) var fullViewStart: [Int: FullViewStart] = [:]
    /// Each file's turns on their way into it.
    private(set) var files: [FilePath: FileTurns] = [:]
    /// The turns Ctrl+Z can undo, the latest last.
    private(set) var undoStack: [Undo] = []
    /// The changes the folder watch will report for Swivel's own writes, dropped as they come.
    private var echoes: [(path: FilePath, until: Double)] = []
    private var nextTicket = 0

    struct FullViewStart: Equatable, Sendable {
        let scale: Double
        let center: Point
    }

    /// A file's turns: waiting to be written (the first in flight once sent), what the file holds
    /// that its card's pixels do not, and the identity Swivel's last write left it with.
    struct FileTurns: Sendable {
        var queue: [Job] = []
        var inFlight = false
        var written = DihedralMatrix.identity
        var lastWritten: FileReplace.Identity?
        /// Why its turns cannot be written (said once); later turns are shown only.
        var failed: String?
        /// The folder watch reported the file written while a write of Swivel's was under way: the
        /// rename is seen before the write's result comes back (it still flushes the folder), so
        /// that report was the write's own.
        var echoSeen = false
    }

    /// A write waiting for its file: a turn, or the bytes from before one (an undo).
    struct Job: Sendable {
        let ticket: Int
        let turn: PhotoTurn
        let restore: SavedTurn?
    }

    /// A turn Ctrl+Z can undo: its file, and what it is so far.
    struct Undo: Sendable {
        let ticket: Int
        let path: FilePath
        let turn: PhotoTurn
        var saved: SavedTurn?
        /// Undone while its write was under way: its bytes go back once it is done.
        var undone = false
    }

    init(reducesMotion: Bool, saves: Bool) {
        self.reducesMotion = reducesMotion
        self.saves = saves
    }

    // MARK: Turning

    /// Turns photo `id` (the file at `path`) by `turn` at `time`: on screen at once, and asked to
    /// be written; `fullView`: where the full view shows it now (its scale and centre), for its
    /// animation there. The requests to send.
    mutating func turn(_ id: Int, path: FilePath, by turn: PhotoTurn, fullView: FullViewStart?, at time: Double) -> [ActionRequest] {
        show(turn, on: id, fullView: fullView, at: time)
        guard saves else { return [] }
        var file = files[path] ?? FileTurns()
        guard file.failed == nil else { return [] }
        nextTicket += 1
        file.queue.append(Job(ticket: nextTicket, turn: turn, restore: nil))
        undoStack.append(Undo(ticket: nextTicket, path: path, turn: turn))
        files[path] = file
        return send(path)
    }

    /// Shows `turn` on photo `id` from `time`.
    mutating func show(_ turn: PhotoTurn, on id: Int, fullView: FullViewStart?, at time: Double) {
        var onScreen = shown[id] ?? TurnOnScreen(reducesMotion: reducesMotion)
        onScreen.add(turn, at: time)
        shown[id] = onScreen
        fullViewStart[id] = fullView
    }

    /// The next write of `path`'s queue, if none is under way.
    private mutating func send(_ path: FilePath) -> [ActionRequest] {
        guard var file = files[path], !file.inFlight, let job = file.queue.first else { return [] }
        file.inFlight = true
        files[path] = file
        if let restore = job.restore {
            return [.restore(path, bytes: restore.original, modified: restore.originalModified, expecting: file.lastWritten)]
        }
        return [.turn(path, job.turn, expecting: file.lastWritten)]
    }

    /// What came of a write.
    struct Outcome {
        /// What to send next.
        var requests: [ActionRequest] = []
        /// The one line to say (it failed).
        var warning: String?
        /// The file to read again: it holds every turn asked for, or all it can, and nothing more is
        /// on its way (its card then shows the file as it is, with what it could not take on screen).
        var reread: FilePath?
        /// A turn to show again: its undo could not be written, so the file still holds it.
        var showAgain: (path: FilePath, turn: PhotoTurn)?
    }

    /// What a write came to.
    mutating func finished(_ result: ActionResult, at time: Double) -> Outcome {
        var outcome = Outcome()
        let path: FilePath
        switch result {
        case .opened, .keyHandled:
            return outcome
        case .turned(let turned, _, let result):
            path = turned
            guard var file = files[path], file.inFlight, let job = file.queue.first else { return outcome }
            file.queue.removeFirst()
            file.inFlight = false
            switch result {
            case .success(let saved):
                file.written = job.turn.matrix.times(file.written)
                file.lastWritten = saved.written
                if !file.echoSeen { expectEcho(path, at: time) }
                file.echoSeen = false
                if let index = undoStack.firstIndex(where: { $0.ticket == job.ticket }) {
                    undoStack[index].saved = saved
                } else if let undone = undoneWhileWriting.firstIndex(where: { $0.ticket == job.ticket }) {
                    // Undone while it was written: its bytes go back first.
                    undoneWhileWriting.remove(at: undone)
                    nextTicket += 1
                    file.queue.insert(Job(ticket: nextTicket, turn: job.turn.inverse, restore: saved), at: 0)
                }
            case .failure(let failure):
                // What the watch saw meanwhile was another program's write: read it again.
                if file.echoSeen { outcome.reread = path }
                file.echoSeen = false
                outcome.warning = "cannot save the turn of \(path): \(failure.reason); it stays turned on screen until Swivel quits"
                file.failed = failure.reason
                // The turns waiting for the file are shown only, as this one is.
                let dropped = Set(file.queue.filter { $0.restore == nil }.map(\.ticket) + [job.ticket])
                file.queue.removeAll { $0.restore == nil }
                undoStack.removeAll { dropped.contains($0.ticket) }
                undoneWhileWriting.removeAll { dropped.contains($0.ticket) }
            }
            files[path] = file
        case .restored(let restored, let result):
            path = restored
            guard var file = files[path], file.inFlight, let job = file.queue.first else { return outcome }
            file.queue.removeFirst()
            file.inFlight = false
            switch result {
            case .success(let identity):
                // Its bytes from before the turn: the file no longer holds it.
                file.written = job.turn.matrix.times(file.written)
                file.lastWritten = identity
                if !file.echoSeen { expectEcho(path, at: time) }
                file.echoSeen = false
            case .failure(let failure):
                if file.echoSeen { outcome.reread = path }
                file.echoSeen = false
                outcome.warning = "cannot undo the turn of \(path): \(failure.reason)"
                outcome.showAgain = (path, job.turn.inverse)
            }
            files[path] = file
        }
        outcome.requests = send(path)
        if outcome.reread == nil, outcome.requests.isEmpty, let file = files[path], file.queue.isEmpty, !file.inFlight,
           file.written != .identity {
            outcome.reread = path
        }
        return outcome
    }

    /// Turns undone while their write was under way (their tickets), to be given back once written.
    private var undoneWhileWriting: [Undo] = []

    /// The file at `path` was read again (photo `old` replaced by `new`): `new`'s pixels hold what
    /// the file holds, so it shows only what the file could not take.
    mutating func reread(_ path: FilePath, old: Int, new: Int) {
        let written = files[path]?.written ?? .identity
        files[path]?.written = .identity
        let wanted = shown[old]?.target ?? .identity
        let residual = wanted.times(written.inverse)
        guard residual != .identity else { return }
        var onScreen = TurnOnScreen(reducesMotion: true)
        for turn in Self.turns(making: residual) { onScreen.add(turn, at: 0) }
        shown[new] = onScreen
    }

    /// Turns that together make `matrix` (at most two: a mirror and quarter turns).
    static func turns(making matrix: DihedralMatrix) -> [PhotoTurn] {
        let rotations: [[PhotoTurn]] = [[], [.clockwise], [.clockwise, .clockwise], [.anticlockwise]]
        for prefix in [[], [PhotoTurn.mirror]] {
            for rotation in rotations {
                let turns = prefix + rotation
                if turns.reduce(DihedralMatrix.identity, { $1.matrix.times($0) }) == matrix { return turns }
            }
        }
        return []
    }

    // MARK: Undo

    /// Ctrl+Z on the latest turn (photo `id` shows the file at its path now): turned back on
    /// screen; its write not yet sent is dropped, one under way is given back once done, one done
    /// is given back now. Nil when there is no turn to undo; else the requests to send.
    mutating func undo(currentID id: Int?, fullView: FullViewStart?, at time: Double) -> [ActionRequest]? {
        guard let entry = undoStack.popLast() else { return nil }
        if let id { show(entry.turn.inverse, on: id, fullView: fullView, at: time) }
        guard var file = files[entry.path] else { return [] }
        if let saved = entry.saved {
            nextTicket += 1
            file.queue.append(Job(ticket: nextTicket, turn: entry.turn.inverse, restore: saved))
            files[entry.path] = file
            return send(entry.path)
        }
        if let index = file.queue.firstIndex(where: { $0.ticket == entry.ticket }) {
            if index == 0 && file.inFlight {
                undoneWhileWriting.append(entry)
            } else {
                file.queue.remove(at: index)
            }
        }
        files[entry.path] = file
        return []
    }

    var canUndo: Bool { !undoStack.isEmpty }

    // MARK: The folder watch

    private mutating func expectEcho(_ path: FilePath, at time: Double) { echoes.append((path, time + TrashState.echoSeconds)) }

    /// `changes` without the reports of Swivel's own writes (each dropped once). A file written by
    /// something else is read again as any other, and its turns on the way are dropped.
    mutating func withoutEchoes(_ changes: [FolderChange], at time: Double) -> [FolderChange] {
        echoes.removeAll { $0.until < time }
        // One replace is reported more than once (the rename, the new file's attributes): an echo
        // takes every report of its file in the batch it comes in.
        var echoed: Set<FilePath> = []
        return changes.filter { change in
            guard case .written(let path, _) = change else { return true }
            if echoed.contains(path) { return false }
            if let index = echoes.firstIndex(where: { $0.path == path }) {
                echoes.remove(at: index)
                echoed.insert(path)
                return false
            }
            if files[path]?.inFlight == true {
                files[path]?.echoSeen = true
                echoed.insert(path)
                return false
            }
            if var file = files[path] {
                let dropped = Set(file.queue.dropFirst(file.inFlight ? 1 : 0).map(\.ticket))
                file.queue = Array(file.queue.prefix(file.inFlight ? 1 : 0))
                undoStack.removeAll { dropped.contains($0.ticket) }
                file.written = .identity
                files[path] = file
            }
            return true
        }
    }

    /// Forgets the photos no longer shown anywhere (`kept`: the ids still in use).
    mutating func keepOnly(_ kept: Set<Int>) {
        shown = shown.filter { kept.contains($0.key) }
        fullViewStart = fullViewStart.filter { kept.contains($0.key) }
    }

    // MARK: Drawing

    /// Whether a turn still moves at `time`.
    func isAnimating(at time: Double) -> Bool { shown.values.contains { $0.isAnimating(at: time) } }

    /// Photo `id`'s turn when its texture (`texture`, any unit) covers `rect`.
    func covering(_ id: Int?, rect: Size, texture: Size, at time: Double) -> ContentTurn {
        guard let id, let onScreen = shown[id] else { return .identity }
        return onScreen.covering(rect, texture: texture, at: time)
    }
}
