import SwivelCore
import SwivelPhotoCore
import SwivelPhotos

/// The marked cards (M, Ctrl+A, U) of the deck on screen: a photo by its files' paths, so that a
/// mark stays with its file while live folders add, remove and rewrite cards around it, and
/// leaves with it (`keepCardsOf`); a colour card (no file) by its number, which never changes.
///
/// A RAW+JPEG pair is one card: marking it marks both its files, and the marked files are always
/// whole cards' (`keepCardsOf` spreads a mark to a file that joined its card since), so a pair
/// whose JPEG is deleted stays marked as its RAW, and one whose RAW appears beside a marked JPEG
/// is marked as a pair.
struct CardMarks: Equatable, Sendable {
    enum Key: Hashable, Sendable {
        case file(FilePath)
        case card(Int)
    }

    private var marks = Marks<Key>()
    /// How many cards are marked (a pair is one).
    private(set) var count = 0

    var isEmpty: Bool { marks.isEmpty }

    /// The keys of the card at `position` of a row of `cardCount` cards (of `deck`'s files, if any).
    private static func keys(at position: Int, cardCount: Int, deck: (any DeckFiles)?) -> [Key] {
        if let deck { return deck.files(at: position)?.all.map(Key.file) ?? [] }
        return (0..<cardCount).contains(position) ? [.card(position)] : []
    }

    func isMarked(_ position: Int, deck: (any DeckFiles)?) -> Bool {
        guard !marks.isEmpty else { return false }
        return Self.keys(at: position, cardCount: .max, deck: deck).contains(where: marks.contains)
    }

    /// Whether the card of `files` is marked.
    func isMarked(files: CardFiles) -> Bool {
        !marks.isEmpty && files.all.contains { marks.contains(.file($0)) }
    }

    mutating func toggle(_ position: Int, cardCount: Int, deck: (any DeckFiles)?) {
        let keys = Self.keys(at: position, cardCount: cardCount, deck: deck)
        guard !keys.isEmpty else { return }
        if keys.contains(where: marks.contains) {
            marks.unmark(keys)
            count -= 1
        } else {
            marks.mark(keys)
            count += 1
        }
    }

    mutating func markAll(cardCount: Int, deck: (any DeckFiles)?) {
        if let deck {
            let cards = deck.cards
            marks.mark(cards.flatMap(\.all).map(Key.file))
            count = cards.count
        } else {
            marks.markAll((0..<cardCount).map(Key.card))
            count = marks.count
        }
    }

    mutating func clear() {
        marks.clear()
        count = 0
    }

    /// The marked photos' files in the deck's order, a pair's RAW first (none for the colour deck).
    func markedPaths(deck: (any DeckFiles)?) -> [FilePath] {
        guard let deck, !marks.isEmpty else { return [] }
        return deck.cards.filter { $0.all.contains { marks.contains(.file($0)) } }.flatMap(\.all)
    }

    /// Files that left the deck (deleted, or found unreadable) take their marks with them: a file
    /// that comes back later is a new card, unmarked. (A file rewritten in place keeps its card
    /// and its mark; one the rating filter hides keeps it for when it shows again.) A marked card's
    /// files that joined it since (a pair's other half) are marked.
    mutating func keepCardsOf(_ cards: DeckMembership) {
        guard !marks.isEmpty else { return }
        var marked: Set<CardFiles> = []
        marks.keep { key in
            guard case .file(let path) = key, let card = cards.heldCard(containing: path) else { return false }
            marked.insert(card)
            return true
        }
        marks.mark(marked.flatMap(\.all).map(Key.file))
        count = marked.count
    }
}
