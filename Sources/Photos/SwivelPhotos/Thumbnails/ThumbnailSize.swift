/// The Thumbnail Managing Standard's sizes (0.9.0, "Thumbnail Directory"): each a folder of
/// thumbnails no larger than its side each way.
public enum ThumbnailSize: Int, CaseIterable, Sendable, Comparable {
    case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

    /// The longest side a thumbnail of this size may have, in pixels.
    public var side: Int { rawValue }

    /// Its folder under the thumbnails directory.
    public var folder: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `width` × `height` scaled to fit within this size, never scaled up (the spec: a thumbnail
    /// must not exceed its size; an image already within it is kept at its own size).
    public func fit(width: Int, height: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > side else { return (width, height) }
        let scale = Double(side) / Double(longest)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// Whether a thumbnail of `width` × `height` px may stand in this size's folder: no side over
    /// the size's, none 0. Anything larger is not a thumbnail by the spec, whoever wrote it, and
    /// is passed over from its header, never decoded (a planted 16000² "x-large" one took a
    /// decoder to 802 MiB).
    public func holds(width: Int, height: Int) -> Bool { (1...side).contains(width) && (1...side).contains(height) }

    /// Whether an image of `image` pixels covers a `card` for aspect fill: it needs no scaling up
    /// either way (`AspectFill.crop` then takes at least the card's pixels from it).
    public static func covers(_ image: (width: Int, height: Int), card: (width: Int, height: Int)) -> Bool {
        image.width >= card.width && image.height >= card.height
    }

    /// The sizes worth looking in for a card, smallest first: a thumbnail's sides are at most its
    /// size's, so the smaller sizes cannot cover the card.
    public static func candidates(card: (width: Int, height: Int)) -> [ThumbnailSize] {
        allCases.filter { $0.side >= max(card.width, card.height) }
    }

    /// The smallest size whose thumbnail of an upright `image` covers `card`; nil when none does
    /// (the image is too small or too long for the card even at 1024).
    public static func smallestCovering(image: (width: Int, height: Int), card: (width: Int, height: Int)) -> ThumbnailSize? {
        allCases.first { covers($0.fit(width: image.width, height: image.height), card: card) }
    }
}
