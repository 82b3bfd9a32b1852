/// The marked cards of a deck (M, Ctrl+A, U), by what each card is rather than where it is: a
/// photo by its file's path, so that files appearing, leaving or being rewritten while the deck is
/// open (live folders) neither move a mark to another card nor lose it; the marks leave with their
/// files (`keep`). What is printed (`inOrder`) follows the deck's order, not the order of marking.
public struct Marks<Key: Hashable & Sendable>: Equatable, Sendable {
    private var keys: Set<Key> = []

    public init() {}

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public func contains(_ key: Key) -> Bool { !keys.isEmpty && keys.contains(key) }

    /// Marks `key`, or unmarks it if it was marked.
    public mutating func toggle(_ key: Key) {
        if keys.remove(key) == nil { keys.insert(key) }
    }

    /// Marks every one of `deck` (Ctrl+A).
    public mutating func markAll(_ deck: some Sequence<Key>) { keys.formUnion(deck) }

    /// Marks each of `keys` (the files of one card, marked together).
    public mutating func mark(_ keys: some Sequence<Key>) { self.keys.formUnion(keys) }

    /// Unmarks each of `keys`.
    public mutating func unmark(_ keys: some Sequence<Key>) { self.keys.subtract(keys) }

    /// Unmarks everything (U).
    public mutating func clear() { keys.removeAll() }

    /// Keeps only the marks of cards still in the deck (`isInDeck`); whether any left.
    @discardableResult
    public mutating func keep(where isInDeck: (Key) -> Bool) -> Bool {
        let before = keys.count
        keys = keys.filter(isInDeck)
        return keys.count != before
    }

    /// The marked ones of `deck`, in the deck's order.
    public func inOrder(_ deck: some Sequence<Key>) -> [Key] {
        keys.isEmpty ? [] : deck.filter(keys.contains)
    }
}
