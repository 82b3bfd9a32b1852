import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// Puts a scanned deck in the chosen order before the first frame, so nothing reshuffles later.
public enum DeckOrder {
    /// `paths` (in the scan's natural name order) in `order`, reversed if asked; ties keep the
    /// name order. `taken` and `rating` read each file's metadata bytes (never its pixels), in
    /// parallel.
    public static func sorted(_ paths: [FilePath], by order: DeckSort, seed: UInt64,
                              reverse: Bool = false) -> [FilePath] {
        ordered(paths, by: order, seed: seed, reverse: reverse).map(\.path)
    }

    /// `sorted`, each path with the time it was sorted by (`sortTime`; 0 for name and random),
    /// which places files that appear later among them (`DeckPlacement`).
    public static func ordered(_ paths: [FilePath], by order: DeckSort, seed: UInt64,
                               reverse: Bool = false) -> [(path: FilePath, time: Double)] {
        var result: [(path: FilePath, time: Double)]
        switch order {
        case .name:
            result = paths.map { ($0, 0) }
        case .mtime, .taken, .rating:
            let keys = order == .taken ? DateTaken.times(paths) : order == .rating ? ratingKeys(paths) : modificationTimes(paths)
            // Stable: equal times keep the natural name order.
            result = paths.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { (paths[$0], keys[$0]) }
        case .random:
            var generator = SeededRandom(seed: seed)
            result = paths.shuffled(using: &generator).map { ($0, 0) }
        }
        if reverse { result.reverse() }
        return result
    }

    /// The time one file is sorted by in `order`: its mtime, or when it was taken; 0 for name and
    /// random.
    public static func sortTime(_ path: FilePath, by order: DeckSort) -> Double {
        switch order {
        case .name, .random: 0
        case .mtime: modificationTime(path) ?? 0
        case .taken: DateTaken.times([path])[0]
        case .rating: ratingKeys([path])[0]
        }
    }

    /// Each file's place by its rating (its sidecar's, else its own XMP's, read in the decoder
    /// workers as the window reads it): −stars, so 5 stars come first and unrated (0) after
    /// the rated; rejected (−1) is 1, last.
    static func ratingKeys(_ paths: [FilePath]) -> [Double] {
        PhotoDecoding.ratings(paths).map { $0.isRejected ? 1 : -Double($0.stars) }
    }

    /// Each file's modification time in seconds since 1970 (0 for one that cannot be read).
    static func modificationTimes(_ paths: [FilePath]) -> [Double] {
        inParallel(paths) { path in modificationTime(path) ?? 0 }
    }

    static func modificationTime(_ path: FilePath) -> Double? {
        var status = stat()
        guard stat(path.cString, &status) == 0 else { return nil }
        return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    }

    /// `body` of every path, in order, worked out on all cores in contiguous slices.
    static func inParallel<Item: Sendable, T>(_ paths: [Item], _ body: @Sendable (Item) -> T) -> [T] {
        let slices = max(1, min(paths.count / 64, 4 * max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))))
        var results = [[T]](repeating: [], count: slices)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            concurrentlyPerform(iterations: slices) { slice in
                let range = (paths.count * slice / slices)..<(paths.count * (slice + 1) / slices)
                out[slice] = range.map { body(paths[$0]) }   // each slice writes only its own element
            }
        }
        return results.flatMap { $0 }
    }
}
