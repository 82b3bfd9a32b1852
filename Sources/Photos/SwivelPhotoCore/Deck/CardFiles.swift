import SwivelCore

/// The files one card stands for: one photo file, or a camera's RAW+JPEG pair (`RAWJPEGPairs`),
/// the JPEG the card draws and the RAW beside it. A pair is one photo to the user: it is marked,
/// picked, trashed and restored as one, its files always together, the RAW first.
public struct CardFiles: Hashable, Sendable {
    /// The file the card draws: a pair's JPEG.
    public let shown: FilePath
    /// A pair's RAW.
    public let raw: FilePath?

    public init(_ shown: FilePath, raw: FilePath? = nil) {
        self.shown = shown
        self.raw = raw
    }

    /// Whether this is a RAW+JPEG pair.
    public var isPair: Bool { raw != nil }

    /// Every file of the card, a pair's RAW first (as `--pick` prints them and Delete moves them).
    public var all: [FilePath] { raw.map { [$0, shown] } ?? [shown] }

    /// The card without `file` (one of a pair's two): the other file alone; nil when `file` was
    /// the card's only file.
    public func without(_ file: FilePath) -> CardFiles? {
        guard let raw else { return nil }
        return file == raw ? CardFiles(shown) : file == shown ? CardFiles(raw) : self
    }
}

/// `--pairs`: whether a camera's RAW+JPEG pairs are one card or a card each.
public enum RAWPairing: String, CaseIterable, Sendable {
    /// One card: the JPEG drawn, the RAW beside it (the default).
    case together
    /// A card for each file.
    case separate
}
