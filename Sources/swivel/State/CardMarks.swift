import SwivelCore
import SwivelPhotoCore
import SwivelPhotos

/// The marked cards (M, Ctrl+A, U) of the deck on screen: a photo by its file's path, so that a
/// mark stays with its file while live folders add, remove and rewrite cards around it, and
/// leaves with it (`keepCardsOf`); a colour card (no file) by its number, which never changes.
struct CardMarks: Equatable, Sendable {
    enum Key: Hashable, Sendable {
        case file(FilePath)
        case card(Int)
    }

    private var marks = Marks<Key>()

    var count: Int { marks.count }
    var isEmpty: Bool { marks.isEmpty }

    /// The key of the card at `position` of a row of `cardCount` cards (of `deck`'s files, if any).
    private static func key(at position: Int, cardCount: Int, deck: (any DeckFiles)?) -> Key? {
        if let deck { return deck.path(at: position).map(Key.file) }
        return (0..<cardCount).contains(position) ? .card(position) : nil
    }

    func isMarked(_ position: Int, deck: (any DeckFiles)?) -> Bool {
        guard !marks.isEmpty, let key = Self.key(at: position, cardCount: .max, deck: deck) else { return false }
        return marks.contains(key)
    }

    mutating func toggle(_ position: Int, cardCount: Int, deck: (any DeckFiles)?) {
        if let key = Self.key(at: position, cardCount: cardCount, deck: deck) { marks.toggle(key) }
    }

    mutating func markAll(cardCount: Int, deck: (any DeckFiles)?) {
        if let deck {
            marks.markAll(deck.paths.map(Key.file))
        } else {
            marks.markAll((0..<cardCount).map(Key.card))
        }
    }

    mutating func clear() { marks.clear() }

    /// The marked photos' files in the deck's order (none for the colour deck).
    func markedPaths(deck: (any DeckFiles)?) -> [FilePath] {
        guard let deck, !marks.isEmpty else { return [] }
        return marks.inOrder(deck.paths.map(Key.file)).compactMap { if case .file(let path) = $0 { path } else { nil } }
    }

    /// Files that left the deck (deleted, or found unreadable) take their marks with them: a file
    /// that comes back later is a new card, unmarked. (A file rewritten in place keeps its card
    /// and its mark; one the rating filter hides keeps it for when it shows again.)
    mutating func keepCardsOf(_ cards: DeckMembership) {
        guard !marks.isEmpty else { return }
        marks.keep { if case .file(let path) = $0 { cards.holds(path) } else { false } }
    }
}
