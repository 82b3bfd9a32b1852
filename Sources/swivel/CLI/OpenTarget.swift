import Glibc
import SwivelCore
import SwivelPhotos

/// `--open N|PATH`: the card to start with open in the full view, by its place in the deck
/// (digits only) or by its photo's path.
enum OpenTarget: Hashable, Sendable {
    case card(Int)
    case path(FilePath)

    /// The card in `photos` (nil: the colour deck, which has no paths): N as given (the view
    /// clamps it to the deck); PATH the first card one of whose files (either of a RAW+JPEG pair)
    /// is it as given or after both are resolved to real paths (links, `.` and `..`). No such
    /// card: one line, exit 2.
    func card(in photos: [PhotoSource]?) -> Int {
        switch self {
        case .card(let index):
            return index
        case .path(let path):
            let sources = photos ?? []
            if let index = sources.firstIndex(where: { $0.files.all.contains(path) }) { return index }
            if let real = Self.realPath(path),
               let index = sources.firstIndex(where: { $0.files.all.contains { Self.realPath($0) == real } }) { return index }
            fail(.notInDeck, "--open \(path.text): not in the deck")
        }
    }

    static func realPath(_ path: FilePath) -> FilePath? {
        guard let real = path.cString.withUnsafeBufferPointer({ realpath($0.baseAddress!, nil) }) else { return nil }
        defer { free(real) }
        return FilePath(bytes: Array(UnsafeRawBufferPointer(start: real, count: strlen(real))))
    }
}

extension ValueType where Value == OpenTarget {
    /// A card number (digits) or a path.
    static func openTarget(cards range: ClosedRange<Int>) -> Self {
        Self(check: { v, l throws(Options.UsageError) in
                 if !v.isEmpty, v.allSatisfy({ (0x30...0x39).contains($0) }) {
                     return .card(try OptionValue.whole(v, l, range))
                 }
                 return .path(try OptionValue.path(v, l))
             },
             range: "\(range.lowerBound) to \(range.upperBound)",
             show: { target in
                 switch target {
                 case .card(let index): String(index)
                 case .path(let path): path.text
                 }
             })
    }
}
