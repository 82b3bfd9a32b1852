import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelSystem

/// Delete and Ctrl+Z for a photo deck: files go to the freedesktop.org trash (through
/// `AppEffects.moveToTrash`: never unlinked), their cards leave the row, and Ctrl+Z puts the files
/// and cards back.
///
/// A photo is a card's files (a RAW+JPEG pair's two), moved and put back as one: all of them or
/// none (`Trash.move`, `Trash.restore`). Each Delete is one entry on the undo stack (one photo, or
/// all the photos one confirmation moved); Ctrl+Z restores the latest entry, the next Ctrl+Z the one before it, and so on back to
/// the first Delete of the session. A file that cannot come back (something is at its path now)
/// stays in the trash, and its entry is used up all the same. What this session trashed is
/// forgotten when Swivel quits; the trash itself keeps everything.
struct TrashState: Equatable, Sendable {
    /// One photo moved to the trash.
    struct Moved: Equatable, Sendable {
        /// The card's files' paths in the deck (as scanned; the trash records them resolved), a
        /// pair's RAW first.
        let card: [FilePath]
        /// Where each is in the trash, in the same order.
        let files: [TrashedFile]
    }

    private(set) var undoStack: [[Moved]] = []
    /// Photos (each its card's files) waiting for Enter (Esc drops them): a Delete of more than
    /// one asks first.
    private(set) var pending: [[FilePath]]?
    /// The changes the folder watch will report for Swivel's own moves, dropped as they come so
    /// a card is not taken out (or read again) twice.
    private var echoes: [Expected] = []
    /// How long an echo is waited for: the watch sends a batch within 200 ms of its first change,
    /// and the loop takes it once the row stops moving; an echo that never comes (a folder past
    /// the watch limit) must not swallow a real change much later.
    static let echoSeconds = 10.0
    /// Whether the deck's folders are watched (else no echo will come).
    let watching: Bool

    private struct Expected: Equatable, Sendable {
        let echo: Echo
        let until: Double
    }

    private struct Echo: Equatable, Sendable {
        let arrives: Bool
        let path: FilePath
        /// The echo `change` would be (the watch names a file's root its own way: not compared).
        init?(_ change: FolderChange) {
            switch change {
            case .written(let path, _): (arrives, self.path) = (true, path)
            case .removed(let path): (arrives, self.path) = (false, path)
            case .removedFolder, .listed, .present, .sidecarChanged: return nil
            }
        }
    }

    init(watching: Bool) { self.watching = watching }

    /// Delete on `photos` (each a card's files): one goes at once; more wait for Enter, the
    /// question in `notice`. The deck changes for the files that went (none while asking).
    mutating func delete(_ photos: [[FilePath]], notice: inout Notice, effects: AppEffects, at now: Double) -> [FolderChange] {
        guard !photos.isEmpty else { return [] }
        guard photos.count == 1 else {
            pending = photos
            notice.ask("Move \(photos.count) photos to the trash? Enter / Esc")
            return []
        }
        return move(photos, notice: &notice, effects: effects, at: now)
    }

    /// Enter (true) or Esc (false) for the waiting question.
    mutating func answer(_ confirmed: Bool, notice: inout Notice, effects: AppEffects, at now: Double) -> [FolderChange] {
        guard let photos = pending else { return [] }
        pending = nil
        notice.clear()
        return confirmed ? move(photos, notice: &notice, effects: effects, at: now) : []
    }

    /// Moves `photos` to the trash, each all its files or none: the `.removed` changes of the
    /// files that went; each failure one line on stderr, and on screen.
    private mutating func move(_ photos: [[FilePath]], notice: inout Notice, effects: AppEffects, at now: Double) -> [FolderChange] {
        var moved: [Moved] = []
        var failures: [String] = []
        for card in photos where !card.isEmpty {
            switch effects.moveToTrash(card) {
            case .success(let files):
                moved.append(Moved(card: card, files: files))
            case .failure(let failure):
                failures.append("cannot move \(Self.paths(card)) to the trash: \(failure.reason)")
            }
        }
        for line in failures { effects.warn(line) }
        if !moved.isEmpty { undoStack.append(moved) }
        let changes = moved.flatMap { $0.card.map(FolderChange.removed) }
        expect(changes, at: now)
        let done = moved.count == 1 ? "Moved \(Self.names(moved[0].card)) to the trash" : "Moved \(moved.count) photos to the trash"
        switch (moved.isEmpty, failures.count) {
        case (true, 1): notice.show(Self.capitalised(failures[0]), at: now)
        case (true, _): notice.show("Cannot move \(failures.count) photos to the trash (see the terminal)", at: now)
        case (false, 0): notice.show("\(done) — Ctrl+Z to undo", at: now)
        case (false, _): notice.show("\(done); \(failures.count) could not go (see the terminal) — Ctrl+Z to undo", at: now)
        }
        return changes
    }

    /// Ctrl+Z: puts the latest Delete's photos back, each all its files or none; the deck changes
    /// for the files restored (each as `returned` makes it) and the first of them (to centre).
    mutating func undo(returned: (FilePath) -> FolderChange, notice: inout Notice, effects: AppEffects,
                       at now: Double) -> (changes: [FolderChange], first: FilePath?) {
        guard let moved = undoStack.popLast() else {
            notice.show("Nothing to undo", at: now)
            return ([], nil)
        }
        var restored: [[FilePath]] = []
        var failures: [String] = []
        for entry in moved {
            switch effects.restore(entry.files) {
            case .success:
                restored.append(entry.card)
            case .failure(let failure):
                let originals = entry.files.map { FilePath(bytes: $0.original) }
                failures.append("cannot restore \(Self.paths(originals)): \(failure.reason) "
                                + (originals.count == 1 ? "(it stays in the trash)" : "(they stay in the trash)"))
            }
        }
        for line in failures { effects.warn(line) }
        let changes = restored.flatMap { $0.map(returned) }
        // The watch reports each file back, whether linked back or renamed.
        expect(changes, at: now)
        let done = restored.count == 1 ? "Restored \(Self.names(restored[0]))" : "Restored \(restored.count) photos"
        switch (restored.isEmpty, failures.count) {
        case (true, 1): notice.show(Self.capitalised(failures[0]), at: now)
        case (true, _): notice.show("Cannot restore \(failures.count) photos (see the terminal)", at: now)
        case (false, 0): notice.show(done, at: now)
        case (false, _): notice.show("\(done); \(failures.count) stay in the trash (see the terminal)", at: now)
        }
        return (changes, restored.first?.first)
    }

    /// Notes that the folder watch will report `changes` (Swivel's own moves).
    private mutating func expect(_ changes: [FolderChange], at now: Double) {
        guard watching else { return }
        echoes += changes.compactMap(Echo.init).map { Expected(echo: $0, until: now + Self.echoSeconds) }
    }

    /// `changes` without the ones Swivel's own moves caused (each dropped once).
    mutating func withoutEchoes(_ changes: [FolderChange], at now: Double) -> [FolderChange] {
        echoes.removeAll { $0.until < now }
        guard !echoes.isEmpty else { return changes }
        return changes.filter { change in
            guard let echo = Echo(change), let index = echoes.firstIndex(where: { $0.echo == echo }) else { return true }
            echoes.remove(at: index)
            return false
        }
    }

    /// A photo's file names for the notice line: "IMG_1.CR2 and IMG_1.JPG".
    private static func names(_ card: [FilePath]) -> String {
        card.map { FilePath(bytes: $0.lastComponent).description }.joined(separator: " and ")
    }

    /// A photo's paths for stderr: "DIR/IMG_1.CR2 and DIR/IMG_1.JPG".
    private static func paths(_ card: [FilePath]) -> String { card.map(\.description).joined(separator: " and ") }
    private static func capitalised(_ line: String) -> String { line.prefix(1).uppercased() + line.dropFirst() }
}
