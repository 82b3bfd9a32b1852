import SwivelCore

/// Where a file that appears while the deck is open goes in the row: where `DeckScanner` and
/// `DeckOrder` would have put it had it been there at the start. In name order that is its
/// command-line path's place, then the walk's (a folder's own files in natural order before its
/// subfolders, each in natural order); by mtime or date taken, its time first, ties in name order;
/// all of it turned round with `--reverse`. A random deck takes new files at its end.
public struct DeckPlacement: Sendable {
    /// A file's place: the time it is sorted by, the command-line path it falls under, and its
    /// path's components below that one.
    public struct Key: Sendable {
        let time: Double
        let root: Int
        let components: [[UInt8]]
    }

    public let roots: [FilePath]
    public let sort: DeckSort
    public let reverse: Bool

    /// `roots`: the command line's paths, `-` replaced by the paths it read, in order.
    public init(roots: [FilePath], sort: DeckSort, reverse: Bool) {
        (self.roots, self.sort, self.reverse) = (roots, sort, reverse)
    }

    /// The key of `path`, found under command-line path `root` (the first that holds it when not
    /// given), sorted by `time` (`DeckOrder.sortTime`).
    public func key(for path: FilePath, root: Int? = nil, time: Double) -> Key {
        let root = root ?? self.root(of: path) ?? roots.count
        var components: [[UInt8]] = []
        if roots.indices.contains(root), path.bytes.starts(with: roots[root].bytes) {
            components = path.bytes.dropFirst(roots[root].bytes.count)
                .split(separator: UInt8(ascii: "/")).map(Array.init)
        } else {
            components = [path.bytes]
        }
        return Key(time: time, root: root, components: components)
    }

    /// Whether the file with key `a` comes before the one with key `b` in the deck.
    public func areInIncreasingOrder(_ a: Key, _ b: Key) -> Bool {
        reverse ? Self.precedes(b, a) : Self.precedes(a, b)
    }

    /// Whether new files go at the deck's end rather than in a sorted place.
    public var appendsNewFiles: Bool { sort == .random }

    private static func precedes(_ a: Key, _ b: Key) -> Bool {
        if a.time != b.time { return a.time < b.time }
        if a.root != b.root { return a.root < b.root }
        for level in 0..<min(a.components.count, b.components.count) {
            let x = a.components[level], y = b.components[level]
            let xIsFile = level == a.components.count - 1, yIsFile = level == b.components.count - 1
            // A folder's own files come before its subfolders.
            if xIsFile != yIsFile { return xIsFile }
            if x != y { return NaturalOrder.areInIncreasingOrder(x, y) }
        }
        return a.components.count < b.components.count
    }

    /// The first command-line path that `path` is, or lies under.
    public func root(of path: FilePath) -> Int? {
        roots.firstIndex { root in
            let bytes = root.bytes
            guard path.bytes.starts(with: bytes) else { return false }
            return path.bytes.count == bytes.count || bytes.last == UInt8(ascii: "/")
                || path.bytes[bytes.count] == UInt8(ascii: "/")
        }
    }
}
