import SwivelCore
import SwivelPhotoCore
import SwivelPhotos

/// The photos' ratings and colour labels (0–5, 6–9 and P, X; Ctrl+Z takes them back): what each
/// photo's XMP said when it was read (`RatingStore`, in the decoder workers), and what the keys
/// set since, which is saved to the photo's sidecar off the frame step. A photo is known by its
/// `PhotoKey`, so that a rating stays with its file while live folders move cards about.
///
/// A rating set by a key wins over a read of the file that was under way meanwhile (`took`): the
/// read saw the file before the save. A save that fails keeps the rating here until Swivel quits
/// (`unsaved`), and the next change to that photo writes it whole again.
struct CardRatings: Equatable, Sendable {
    /// A photo as ratings know it: by its file. (A RAW+JPEG pair is one photo whose files share one
    /// rating: both map to one key, the pair's, where the deck pairs them.)
    struct PhotoKey: Hashable, Sendable {
        let path: FilePath
        init(_ path: FilePath) { self.path = path }
    }

    /// A save for the store to make: the photo's rating as it is now, and which of its two
    /// properties the key changed (only those are written: the other stays as the file has it).
    struct Save: Equatable, Sendable {
        let photo: FilePath
        let rating: Rating
        let changes: PhotoXMP.Changes
    }

    /// One change a key made, with what it replaced (for Ctrl+Z).
    struct Change: Equatable, Sendable {
        let photo: PhotoKey
        let before: Rating
    }

    private var ratings: [PhotoKey: Rating] = [:]
    /// Saves asked for and not yet reported back, by photo: reads of these are stale.
    private var saving: [PhotoKey: Int] = [:]
    /// Saves the store has not taken yet, oldest first.
    private(set) var toSave: [Save] = []
    private(set) var undoStack: [Change] = []
    /// Photos whose last save failed (the rating here is the one that counts).
    private(set) var unsaved: Set<PhotoKey> = []
    /// Photos whose XMP has been read or whose rating a key set: the rating filter judges these
    /// (one not known yet stays hidden while a filter is on, rather than flash by).
    private var known: Set<PhotoKey> = []

    static func key(_ path: FilePath) -> PhotoKey { PhotoKey(path) }

    func rating(of path: FilePath) -> Rating { ratings[Self.key(path)] ?? .none }

    /// Whether `path`'s rating is known (read from its XMP, or set by a key).
    func isKnown(_ path: FilePath) -> Bool { known.contains(Self.key(path)) }

    /// Whether any photo has a rating or label (frames without any are drawn as before).
    var isEmpty: Bool { ratings.isEmpty }

    /// `command` (a rate, label or reject command) on the photo `path`: its rating changed, kept
    /// for undo, saved. Whether it changed anything.
    @discardableResult
    mutating func perform(_ command: Command, on path: FilePath) -> Bool {
        let before = rating(of: path)
        var after = before
        if let stars = command.stars {
            after.setStars(stars)
        } else if let colour = command.colourLabel {
            after.toggle(colour)
        } else if command == .reject {
            after.toggleRejected()
        }
        guard after != before else { return false }
        undoStack.append(Change(photo: Self.key(path), before: before))
        set(after, on: Self.key(path), from: before)
        return true
    }

    /// Ctrl+Z: puts back the rating the last change replaced (and saves it); the photo it was on,
    /// nil when there was none.
    mutating func undo() -> FilePath? {
        guard let change = undoStack.popLast() else { return nil }
        set(change.before, on: change.photo, from: ratings[change.photo] ?? .none)
        return change.photo.path
    }

    private mutating func set(_ rating: Rating, on photo: PhotoKey, from before: Rating) {
        ratings[photo] = rating.isEmpty ? nil : rating
        known.insert(photo)
        saving[photo, default: 0] += 1
        toSave.append(Save(photo: photo.path, rating: rating,
                           changes: PhotoXMP.Changes(rating: rating.value != before.value, label: rating.label != before.label)))
    }

    /// The saves asked for since the last take, for the store.
    mutating func takeSaves() -> [Save] {
        defer { toSave = [] }
        return toSave
    }

    /// What the store did: a read of a photo's XMP (taken unless a save of it is under way), a save
    /// made or failed.
    mutating func took(_ event: RatingEvent) {
        switch event {
        case .read(let path, let rating):
            let photo = Self.key(path)
            known.insert(photo)
            guard saving[photo] == nil else { return }
            ratings[photo] = rating.isEmpty ? nil : rating
        case .saved(let path, let says):
            let photo = Self.key(path)
            finished(photo, failed: false)
            // What the file says once no other save of it is under way (the property the key did
            // not set is the file's).
            if saving[photo] == nil { ratings[photo] = says.isEmpty ? nil : says }
        case .notSaved(let path, _, _):
            finished(Self.key(path), failed: true)
        }
    }

    private mutating func finished(_ photo: PhotoKey, failed: Bool) {
        if let count = saving[photo], count > 1 { saving[photo] = count - 1 } else { saving[photo] = nil }
        if failed { unsaved.insert(photo) } else { unsaved.remove(photo) }
    }

    /// Photos that left the deck take their ratings with them from the screen (their files keep
    /// them); their undo entries go too. Those the rating filter hides are still the deck's.
    mutating func keepCardsOf(_ cards: DeckMembership) {
        guard !ratings.isEmpty || !undoStack.isEmpty || !known.isEmpty else { return }
        ratings = ratings.filter { cards.holds($0.key.path) }
        known = known.filter { cards.holds($0.path) }
        undoStack.removeAll { !cards.holds($0.photo.path) }
    }
}
