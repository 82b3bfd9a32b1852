import SwivelCore

/// Which files a deck's cards show, in the row's order, and how the folder's changes move them.
///
/// Cards are known by id, their place in `cards`, a list that only grows: a card whose files
/// appear, change or leave while the deck is open gets a new id, so a decode of its old bytes
/// still running is never taken for it; a file found unreadable leaves the row without disturbing
/// the others' ids. A card is one file or a RAW+JPEG pair (`CardFiles`): with `RAWPairing.together`
/// a RAW that appears beside a card's lone JPEG of its name (or a JPEG beside a lone RAW) joins
/// that card rather than making one, and one of a pair's two leaving leaves the other as the card.
/// The rating filter (`filter`) hides a card, a pair as one, and shows it again, files and all.
/// A plain value: the deck holds one (`PhotoDeck.membership`) and does what a change of it asks
/// (decodes for the new ids, textures let go for the ids that left).
public struct DeckMembership: Sendable {
    /// Every card the deck has had, by id.
    public private(set) var cards: [CardFiles]
    /// The ids of the cards, in the row's order.
    public private(set) var order: [Int]
    /// Where files that appear go (`placeNewFiles`), and each card's place by it.
    public private(set) var placement: DeckPlacement?
    /// Whether files that appear beside their RAW+JPEG partner join its card.
    public let pairing: RAWPairing
    private var keys: [Int: DeckPlacement.Key] = [:]
    /// The ids in `order`, by each of their files' paths.
    private var idsByPath: [FilePath: Int] = [:]
    /// The ids in `order` of lone files that a partner would join (`RAWJPEGPairs`), by their key
    /// and side.
    private var lone: [LoneKey: Int] = [:]
    /// Cards the rating filter hides (`filter`), by the file each draws: not in the row, but still
    /// the deck's, each with the key that puts it back in its sorted place when it passes again
    /// (nil: at the end, as a random deck's new files).
    public private(set) var hidden: [FilePath: DeckPlacement.Key?] = [:]
    /// The hidden cards' files, by each of their files' paths.
    private var hiddenCards: [FilePath: CardFiles] = [:]
    /// Photos read again by `reread`, each with the id of the photo that stands in for it until it
    /// is up (its old pixels, which the deck keeps meanwhile): new id → old id.
    public private(set) var standIns: [Int: Int] = [:]

    private struct LoneKey: Hashable {
        let key: RAWJPEGPairs.Key
        let isRAW: Bool
    }

    /// A deck of `cards`, in that order, ids 0, 1, 2, …; files that appear later pair as `pairing` says.
    public init(cards: [CardFiles], pairing: RAWPairing = .together) {
        self.cards = cards
        self.pairing = pairing
        order = Array(cards.indices)
        for id in order { register(id) }
    }

    /// A deck of one card a file of `paths`, in that order.
    public init(paths: [FilePath], pairing: RAWPairing = .together) {
        self.init(cards: paths.map { CardFiles($0) }, pairing: pairing)
    }

    public var count: Int { order.count }

    /// The id of the card at `position`, nil past the deck's end.
    public func id(at position: Int) -> Int? { order.indices.contains(position) ? order[position] : nil }

    /// The file the card at `position` draws, nil past the deck's end.
    public func path(at position: Int) -> FilePath? { id(at: position).map { cards[$0].shown } }

    /// The files of the card at `position`, nil past the deck's end.
    public func files(at position: Int) -> CardFiles? { id(at: position).map { cards[$0] } }

    /// The files the cards draw, in the row's order.
    public var orderedPaths: [FilePath] { order.map { cards[$0].shown } }

    /// The cards' files, in the row's order.
    public var orderedCards: [CardFiles] { order.map { cards[$0] } }

    /// Whether `path` is the deck's: one of a card's files, or of a card the filter hides.
    public func holds(_ path: FilePath) -> Bool { idsByPath[path] != nil || hiddenCards[path] != nil }

    /// The files of the card, shown or hidden by the filter, that `path` is one of; nil when none is.
    public func heldCard(containing path: FilePath) -> CardFiles? { card(containing: path) ?? hiddenCards[path] }

    /// Whether a card shows `path` (as the file it draws or the RAW of its pair).
    public func contains(_ path: FilePath) -> Bool { idsByPath[path] != nil }

    /// The files of the card that `path` is one of, nil when none is.
    public func card(containing path: FilePath) -> CardFiles? { idsByPath[path].map { cards[$0] } }

    /// The position of the card that `path` is one of, nil when none is.
    public func position(of path: FilePath) -> Int? { idsByPath[path].flatMap { order.firstIndex(of: $0) } }

    /// Files that appear from now on go where `placement` says; `times` are the times the cards'
    /// files were sorted by, in the row's order (`DeckOrder.ordered`). A pair is placed by the
    /// file it draws, its JPEG, as the scan sorted it (`App.deckFiles`).
    public mutating func placeNewFiles(_ placement: DeckPlacement, times: [Double]) {
        self.placement = placement
        for (position, id) in order.enumerated() {
            keys[id] = placement.key(for: cards[id].shown, time: times.indices.contains(position) ? times[position] : 0)
        }
    }

    /// The change (for `apply`) that brings back a file that was at `path` before (a trashed file
    /// restored): a card in the place the scan and the sort give it, or its pair's other half.
    public func returned(_ path: FilePath) -> FolderChange {
        .written(path, root: placement.map { $0.root(of: path) ?? $0.roots.count } ?? 0)
    }

    /// Reads the file at `path` (or its card's, one of a pair's) again, in its place, under a new id (a decode of its old bytes is
    /// then never taken for it), the old photo standing in for it until the new one is up
    /// (`standIns`): the file was rewritten by Swivel itself (a turn saved), which shows the same
    /// photo. The old id and the new; nil when no card shows the file.
    public mutating func reread(_ path: FilePath) -> (old: Int, new: Int)? {
        guard let old = idsByPath[path], let position = order.firstIndex(of: old) else { return nil }
        let id = cards.count
        cards.append(cards[old])
        keys[id] = keys[old]
        order[position] = id
        forget(old)
        register(id)
        standIns = standIns.filter { order.contains($0.key) }
        standIns[id] = old
        return (old, id)
    }

    /// Takes card `id` out of the row (its file could not be read); its position then, nil when
    /// it was not in the row.
    @discardableResult
    public mutating func remove(_ id: Int) -> Int? {
        guard let position = order.firstIndex(of: id) else { return nil }
        order.remove(at: position)
        forget(id)
        return position
    }

    /// Applies what the folder watch saw, in order: a file written that is in the deck is read
    /// again in its place (its card under a new id); one that is not joins the lone card of its
    /// RAW+JPEG partner (under a new id, in that card's place; with `RAWPairing.together`) or
    /// becomes a card where the placement puts it (sorted by `sortTime`, the file's time for the
    /// deck's sort, which the caller reads); a file removed takes its card out, or, one of a pair,
    /// leaves the other as the card (under a new id); a folder removed takes its cards out; a
    /// folder listed again (after lost events) adds its files not in the deck and takes out its
    /// cards' files it no longer has, leaving the others as they are. `centred` is the position of
    /// the card at the centre; returns the deck's new size and that card's new position (where it
    /// went, or, if it left, the card that followed it, else the one before it), or nil when
    /// nothing changed.
    public mutating func apply(_ changes: [FolderChange], centred: Int,
                               sortTime: (FilePath, DeckSort) -> Double) -> (count: Int, centred: Int)? {
        let before = order
        var replaced: [Int: Int] = [:]
        var changed = false
        /// Card `old`, at `position`, becomes `files` under a new id.
        func replace(_ old: Int, at position: Int, with files: CardFiles) {
            let id = cards.count
            cards.append(files)
            keys[id] = keys[old]
            order[position] = id
            replaced[old] = id
            forget(old)
            register(id)
            changed = true
        }
        /// `path`, not in the row, joins its partner's lone card or becomes a card of its own; a
        /// hidden card's file written again, or its partner's arriving, makes the card a card
        /// again until the filter has seen its new rating.
        func arrive(_ path: FilePath, root: Int) {
            if let (partner, joined) = partnerCard(for: path), let position = order.firstIndex(of: partner) {
                replace(partner, at: position, with: joined)
                return
            }
            var files = CardFiles(path)
            var key: DeckPlacement.Key?
            if let (card, entry) = unhide(path) {
                (files, key) = (card, entry)
            } else if let (card, entry) = hiddenPartner(for: path) {
                (files, key) = (card, entry)
            } else {
                key = placement?.key(for: path, root: root, time: sortTime(path, placement?.sort ?? .name))
            }
            let id = cards.count
            cards.append(files)
            keys[id] = key
            order.insert(id, at: insertionPoint(for: key))
            register(id)
            changed = true
        }
        func remove(_ leaving: Set<Int>) {
            guard !leaving.isEmpty else { return }
            order.removeAll { leaving.contains($0) }
            for id in leaving { forget(id) }
            changed = true
        }
        /// The cards directly in `folder` (not in its subfolders).
        func cardsDirectly(in folder: FilePath) -> [Int] {
            let prefix = Self.asFolder(folder)
            return order.filter { id in
                let path = cards[id].shown.bytes
                return path.starts(with: prefix) && !path[prefix.count...].contains(UInt8(ascii: "/"))
            }
        }
        for change in changes {
            switch change {
            case .written(let path, let root):
                if let old = idsByPath[path], let position = order.firstIndex(of: old) {
                    replace(old, at: position, with: cards[old])
                } else {
                    arrive(path, root: root)
                }
            case .removed(let path):
                if let (card, entry) = unhide(path), let rest = card.without(path) { hide(rest, key: entry) }
                guard let id = idsByPath[path], let position = order.firstIndex(of: id) else { continue }
                if let rest = cards[id].without(path) {
                    replace(id, at: position, with: rest)
                } else {
                    remove([id])
                }
            case .removedFolder(let folder):
                let prefix = Self.asFolder(folder)
                for shown in hidden.keys where shown.bytes.starts(with: prefix) { _ = unhide(shown) }
                remove(Set(order.filter { cards[$0].shown.bytes.starts(with: prefix) }))
            case .listed(let folder, let files, let root):
                let listed = Set(files)
                var leaving: Set<Int> = []
                for id in cardsDirectly(in: folder) {
                    let kept = cards[id].all.filter(listed.contains)
                    if kept.isEmpty {
                        leaving.insert(id)
                    } else if kept.count < cards[id].all.count, let position = order.firstIndex(of: id) {
                        replace(id, at: position, with: CardFiles(kept[0]))
                    }
                }
                remove(leaving)
                let prefix = Self.asFolder(folder)
                for shown in Array(hidden.keys) where shown.bytes.starts(with: prefix)
                    && !shown.bytes[prefix.count...].contains(UInt8(ascii: "/")) {
                    guard let card = hiddenCards[shown] else { continue }
                    let kept = card.all.filter(listed.contains)
                    if kept.count < card.all.count, let (_, entry) = unhide(shown), !kept.isEmpty {
                        hide(CardFiles(kept[0]), key: entry)
                    }
                }
                for path in files where idsByPath[path] == nil && hiddenCards[path] == nil { arrive(path, root: root) }
            case .present(let path, let root):
                if idsByPath[path] == nil && hiddenCards[path] == nil { arrive(path, root: root) }
            case .sidecarChanged:
                continue
            }
        }
        guard changed else { return nil }
        return (order.count, Self.centred(before: before, centred: centred, now: order, replaced: replaced))
    }

    /// Hides the cards of `leaving` (any of a card's files hides the card, a pair as one) and shows
    /// the hidden cards of `returning` (the files they draw), each in its sorted place (the rating
    /// filter changed, or a photo's rating did). `centred` is the position of the card at the
    /// centre; returns the deck's new size and that card's new position (where it went, or, if it
    /// left, the card that followed it, else the one before it), or nil when nothing changed. A
    /// shown card gets a new id, as a file that appears does.
    public mutating func filter(hiding leaving: [FilePath], showing returning: [FilePath],
                                centred: Int) -> (count: Int, centred: Int)? {
        let before = order
        var changed = false
        let leavingIDs = Set(leaving.compactMap { idsByPath[$0] })
        if !leavingIDs.isEmpty {
            order.removeAll { leavingIDs.contains($0) }
            for id in leavingIDs {
                hide(cards[id], key: keys[id])
                forget(id)
            }
            changed = true
        }
        for path in returning {
            guard let (card, entry) = unhide(path) else { continue }
            let id = cards.count
            cards.append(card)
            keys[id] = entry
            order.insert(id, at: insertionPoint(for: entry))
            register(id)
            changed = true
        }
        guard changed else { return nil }
        return (order.count, Self.centred(before: before, centred: centred, now: order, replaced: [:]))
    }

    /// Where the card at `centred` in `before` is in `order` now; if it left, the one after it
    /// (else before it) that stayed; `replaced` maps an id to the one that took its card's place.
    private static func centred(before: [Int], centred: Int, now order: [Int], replaced: [Int: Int]) -> Int {
        let positions = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        func now(_ id: Int) -> Int? {
            var id = id
            while let next = replaced[id] { id = next }
            return positions[id]
        }
        let start = min(max(0, centred), before.count)
        let after = before[start...].lazy.compactMap(now).first
        let earlier = before[..<start].reversed().lazy.compactMap(now).first
        return after ?? earlier.map { $0 + 1 } ?? 0
    }

    /// Keeps `card` hidden, with `key` for its place when it shows again.
    private mutating func hide(_ card: CardFiles, key: DeckPlacement.Key?) {
        hidden.updateValue(key, forKey: card.shown)
        for path in card.all { hiddenCards[path] = card }
    }

    /// Takes the hidden card that `path` is one of out of the hidden ones: its files and key; nil
    /// when no hidden card has `path`.
    private mutating func unhide(_ path: FilePath) -> (card: CardFiles, key: DeckPlacement.Key?)? {
        guard let card = hiddenCards[path], let entry = hidden.removeValue(forKey: card.shown) else { return nil }
        for file in card.all where hiddenCards[file] == card { hiddenCards[file] = nil }
        return (card, entry)
    }

    /// The hidden lone card `path` is the RAW+JPEG partner of (with `RAWPairing.together`), taken
    /// out of the hidden ones, with `path` joined to it, and its key.
    private mutating func hiddenPartner(for path: FilePath) -> (card: CardFiles, key: DeckPlacement.Key?)? {
        guard pairing == .together, let (key, side) = RAWJPEGPairs.key(path) else { return nil }
        for card in Set(hiddenCards.values) where !card.isPair {
            guard let (other, otherSide) = RAWJPEGPairs.key(card.shown), other == key, (otherSide == .raw) != (side == .raw),
                  let (_, entry) = unhide(card.shown) else { continue }
            return (side == .raw ? CardFiles(card.shown, raw: path) : CardFiles(path, raw: card.shown), entry)
        }
        return nil
    }

    /// The lone card `path` would join as its RAW+JPEG partner (with `RAWPairing.together`), and
    /// the pair it would make.
    private func partnerCard(for path: FilePath) -> (id: Int, joined: CardFiles)? {
        guard pairing == .together, let (key, side) = RAWJPEGPairs.key(path),
              let id = lone[LoneKey(key: key, isRAW: side != .raw)] else { return nil }
        let partner = cards[id].shown
        return (id, side == .raw ? CardFiles(partner, raw: path) : CardFiles(path, raw: partner))
    }

    /// A folder's path with one `/` at its end, to match the paths under it.
    private static func asFolder(_ folder: FilePath) -> [UInt8] {
        folder.bytes.last == UInt8(ascii: "/") ? folder.bytes : folder.bytes + [UInt8(ascii: "/")]
    }

    /// Where a card with `key` goes in `order`: after every card that comes before it.
    private func insertionPoint(for key: DeckPlacement.Key?) -> Int {
        guard let placement, let key, !placement.appendsNewFiles else { return order.count }
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if let other = keys[order[middle]], placement.areInIncreasingOrder(key, other) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    /// Notes card `id`, now in `order`, under its files' paths (and, a lone RAW or JPEG, its key).
    private mutating func register(_ id: Int) {
        let card = cards[id]
        for path in card.all { idsByPath[path] = id }
        if !card.isPair, let (key, side) = RAWJPEGPairs.key(card.shown) {
            let lonely = LoneKey(key: key, isRAW: side == .raw)
            if lone[lonely] == nil { lone[lonely] = id }
        }
    }

    /// Drops what is kept for card `id`, which has left `order`.
    private mutating func forget(_ id: Int) {
        keys[id] = nil
        let card = cards[id]
        for path in card.all where idsByPath[path] == id { idsByPath[path] = nil }
        if !card.isPair, let (key, side) = RAWJPEGPairs.key(card.shown) {
            let lonely = LoneKey(key: key, isRAW: side == .raw)
            if lone[lonely] == id { lone[lonely] = nil }
        }
    }
}
