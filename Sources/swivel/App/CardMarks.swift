import SwivelCore
import SwivelPhotos

/// The marked cards (M, Ctrl+A, U) of the deck on screen: a photo by its file's path, so that a
/// mark stays with its file while live folders add, remove and rewrite cards around it, and
/// leaves with it; a colour card (no file) by its number, which never changes.
final class CardMarks {
    enum Key: Hashable, Sendable {
        case file(FilePath)
        case card(Int)
    }

    private let deck: PhotoDeck?
    private var marks = Marks<Key>()
    /// The deck's order when the marks were last matched to it (an unchanged order is the same
    /// array storage, so comparing costs nothing until the deck changes).
    private var matchedOrder: [Int] = []

    init(deck: PhotoDeck?) { self.deck = deck }

    var count: Int {
        dropMarksOfCardsGone()
        return marks.count
    }

    var isEmpty: Bool { marks.isEmpty }

    /// The key of the card at `position` of a row of `cardCount` cards.
    private func key(at position: Int, cardCount: Int) -> Key? {
        if let deck { return deck.path(at: position).map(Key.file) }
        return (0..<cardCount).contains(position) ? .card(position) : nil
    }

    func isMarked(_ position: Int) -> Bool {
        guard !marks.isEmpty, let key = key(at: position, cardCount: .max) else { return false }
        return marks.contains(key)
    }

    func toggle(_ position: Int, cardCount: Int) {
        if let key = key(at: position, cardCount: cardCount) { marks.toggle(key) }
    }

    func markAll(cardCount: Int) {
        if let deck {
            marks.markAll(deck.paths.map(Key.file))
        } else {
            marks.markAll((0..<cardCount).map(Key.card))
        }
    }

    func clear() { marks.clear() }

    /// The marked photos' files in the deck's order (none for the colour deck).
    var markedPaths: [FilePath] {
        guard let deck, !marks.isEmpty else { return [] }
        return marks.inOrder(deck.paths.map(Key.file)).compactMap { if case .file(let path) = $0 { path } else { nil } }
    }

    /// Files that left the deck (deleted, or found unreadable) take their marks with them: a file
    /// that comes back later is a new card, unmarked. (A file rewritten in place keeps its card
    /// and its mark.)
    private func dropMarksOfCardsGone() {
        guard let deck, !marks.isEmpty, deck.order != matchedOrder else { return }
        matchedOrder = deck.order
        marks.keep { if case .file(let path) = $0 { deck.contains(path) } else { false } }
    }
}
