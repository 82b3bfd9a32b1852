import SwivelCore

/// Which files a deck's cards show, in the row's order, and how the folder's changes move them.
///
/// Files are known by id, their place in `paths`, a list that only grows: a file that appears or
/// changes while the deck is open gets a new id, so a decode of its old bytes still running is
/// never taken for it; a file found unreadable leaves the row without disturbing the others' ids.
/// A plain value: the deck holds one (`PhotoDeck.membership`) and does what a change of it asks
/// (decodes for the new ids, textures let go for the ids that left).
public struct DeckMembership: Sendable {
    /// Every file the deck has had, by id.
    public private(set) var paths: [FilePath]
    /// The ids of the cards, in the row's order.
    public private(set) var order: [Int]
    /// Where files that appear go (`placeNewFiles`), and each card's place by it.
    public private(set) var placement: DeckPlacement?
    private var keys: [Int: DeckPlacement.Key] = [:]
    /// The ids in `order`, by path.
    private var idsByPath: [FilePath: Int] = [:]
    /// Files the rating filter hides (`filter`): not cards, but still the deck's, each with the key
    /// that puts it back in its sorted place when it passes again (nil: at the end, as a random
    /// deck's new files).
    public private(set) var hidden: [FilePath: DeckPlacement.Key?] = [:]
    /// Photos read again by `reread`, each with the id of the photo that stands in for it until it
    /// is up (its old pixels, which the deck keeps meanwhile): new id → old id.
    public private(set) var standIns: [Int: Int] = [:]

    /// A deck of `paths`, in that order, ids 0, 1, 2, ….
    public init(paths: [FilePath]) {
        self.paths = paths
        order = Array(paths.indices)
        for id in order { idsByPath[paths[id]] = id }
    }

    public var count: Int { order.count }

    /// The id of the card at `position`, nil past the deck's end.
    public func id(at position: Int) -> Int? { order.indices.contains(position) ? order[position] : nil }

    /// The file of the card at `position`, nil past the deck's end.
    public func path(at position: Int) -> FilePath? { id(at: position).map { paths[$0] } }

    /// The files of the cards, in the row's order.
    public var orderedPaths: [FilePath] { order.map { paths[$0] } }

    /// Whether `path` is the deck's, a card or hidden by the filter.
    public func holds(_ path: FilePath) -> Bool { idsByPath[path] != nil || hidden[path] != nil }

    /// Whether a card shows `path`.
    public func contains(_ path: FilePath) -> Bool { idsByPath[path] != nil }

    /// The position of the card showing `path`, nil when none does.
    public func position(of path: FilePath) -> Int? { idsByPath[path].flatMap { order.firstIndex(of: $0) } }

    /// Files that appear from now on go where `placement` says; `times` are the times the cards'
    /// files were sorted by, in the row's order (`DeckOrder.ordered`).
    public mutating func placeNewFiles(_ placement: DeckPlacement, times: [Double]) {
        self.placement = placement
        for (position, id) in order.enumerated() {
            keys[id] = placement.key(for: paths[id], time: times.indices.contains(position) ? times[position] : 0)
        }
    }

    /// The change (for `apply`) that brings back a file that was at `path` before (a trashed file
    /// restored): a card in the place the scan and the sort give it.
    public func returned(_ path: FilePath) -> FolderChange {
        .written(path, root: placement.map { $0.root(of: path) ?? $0.roots.count } ?? 0)
    }

    /// Reads the file at `path` again, in its place, under a new id (a decode of its old bytes is
    /// then never taken for it), the old photo standing in for it until the new one is up
    /// (`standIns`): the file was rewritten by Swivel itself (a turn saved), which shows the same
    /// photo. The old id and the new; nil when no card shows the file.
    public mutating func reread(_ path: FilePath) -> (old: Int, new: Int)? {
        guard let old = idsByPath[path], let position = order.firstIndex(of: old) else { return nil }
        let id = paths.count
        paths.append(path)
        keys[id] = keys[old]
        order[position] = id
        forget(old)
        idsByPath[path] = id
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
    /// again in its place (under a new id); one that is not becomes a card where the placement
    /// puts it (sorted by `sortTime`, the file's time for the deck's sort, which the caller reads);
    /// a file or folder removed takes its cards out; a folder listed again (after lost events) adds
    /// its files not in the deck and takes out its cards whose file it no longer has, leaving the
    /// others as they are. `centred` is the position of the card at the centre; returns the deck's
    /// new size and that card's new position (where it went, or, if it left, the card that
    /// followed it, else the one before it), or nil when nothing changed.
    public mutating func apply(_ changes: [FolderChange], centred: Int,
                               sortTime: (FilePath, DeckSort) -> Double) -> (count: Int, centred: Int)? {
        let before = order
        var replaced: [Int: Int] = [:]
        var changed = false
        func add(_ path: FilePath, root: Int) {
            // A hidden file written again is a card until the filter has seen its new rating.
            hidden[path] = nil
            let id = paths.count
            paths.append(path)
            let key = placement?.key(for: path, root: root, time: sortTime(path, placement?.sort ?? .name))
            keys[id] = key
            order.insert(id, at: insertionPoint(for: key))
            idsByPath[path] = id
            changed = true
        }
        func remove(_ leaving: Set<Int>) {
            guard !leaving.isEmpty else { return }
            order.removeAll { leaving.contains($0) }
            for id in leaving { forget(id) }
            changed = true
        }
        for change in changes {
            switch change {
            case .written(let path, let root):
                if let old = idsByPath[path], let position = order.firstIndex(of: old) {
                    let id = paths.count
                    paths.append(path)
                    keys[id] = keys[old]
                    order[position] = id
                    replaced[old] = id
                    forget(old)
                    idsByPath[path] = id
                    changed = true
                } else {
                    add(path, root: root)
                }
            case .removed(let path):
                hidden[path] = nil
                guard let id = idsByPath[path], order.contains(id) else { continue }
                remove([id])
            case .removedFolder(let folder):
                let prefix = Self.asFolder(folder)
                hidden = hidden.filter { !$0.key.bytes.starts(with: prefix) }
                remove(Set(order.filter { paths[$0].bytes.starts(with: prefix) }))
            case .listed(let folder, let files, let root):
                let listed = Set(files)
                let prefix = Self.asFolder(folder)
                remove(Set(order.filter { id in
                    let path = paths[id].bytes
                    return path.starts(with: prefix) && !path[prefix.count...].contains(UInt8(ascii: "/"))
                        && !listed.contains(paths[id])
                }))
                hidden = hidden.filter { path, _ in
                    !(path.bytes.starts(with: prefix) && !path.bytes[prefix.count...].contains(UInt8(ascii: "/"))
                      && !listed.contains(path))
                }
                for path in files where idsByPath[path] == nil && hidden[path] == nil { add(path, root: root) }
            case .present(let path, let root):
                if idsByPath[path] == nil && hidden[path] == nil { add(path, root: root) }
            case .sidecarChanged:
                continue
            }
        }
        guard changed else { return nil }
        return (order.count, Self.centred(before: before, centred: centred, now: order, replaced: replaced))
    }

    /// Hides the cards of `leaving` and shows the hidden files of `returning`, each in its sorted
    /// place (the rating filter changed, or a photo's rating did). `centred` is the position of the
    /// card at the centre; returns the deck's new size and that card's new position (where it
    /// went, or, if it left, the card that followed it, else the one before it), or nil when
    /// nothing changed. A shown file gets a new id, as a file that appears does.
    public mutating func filter(hiding leaving: [FilePath], showing returning: [FilePath],
                                centred: Int) -> (count: Int, centred: Int)? {
        let before = order
        var changed = false
        let leavingIDs = Set(leaving.compactMap { idsByPath[$0] })
        if !leavingIDs.isEmpty {
            order.removeAll { leavingIDs.contains($0) }
            for id in leavingIDs {
                hidden.updateValue(keys[id], forKey: paths[id])
                forget(id)
            }
            changed = true
        }
        for path in returning {
            guard let entry = hidden.removeValue(forKey: path) else { continue }
            let id = paths.count
            paths.append(path)
            keys[id] = entry
            order.insert(id, at: insertionPoint(for: entry))
            idsByPath[path] = id
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

    /// Drops what is kept for card `id`, which has left `order`.
    private mutating func forget(_ id: Int) {
        keys[id] = nil
        if idsByPath[paths[id]] == id { idsByPath[paths[id]] = nil }
    }
}
