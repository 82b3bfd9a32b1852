/// Where a marked card's badge sits: a disc in the card's top-right corner, in the card's own
/// plane (it turns and foreshortens with the card), drawn by the card pass over the card. Blue
/// with a white ring (a sixth of the radius) and a white check (badge.frag draws them), as the
/// selection badge of iOS Photos; the ring keeps it visible on a blue card or photo, the blue on a
/// white one.
public struct MarkBadge: Equatable, Sendable {
    /// The disc's radius and its gap to the card's top and right edges, points, for the seed's
    /// 200×300 card: 24 pt across, 10 pt in (clear of the 16 pt corner's curve). A smaller card
    /// gets a badge scaled down with its shorter side below 200 pt, so it never covers the card.
    public static let seedRadius = 12.0
    public static let seedInset = 10.0
    /// The fill and the ring and check, sRGB: iOS's system blue and white.
    public static let fill = RGBA8(0, 122, 255)
    public static let mark = RGBA8(255, 255, 255)

    /// The disc's centre, card-local points from the card's centre (y down).
    public let center: Point
    public let radius: Double

    /// Where the badge of a marked photo open in the full view goes: the seed card's badge, flat,
    /// at the same size on screen whatever the photo's (`seedRadius`), `seedInset` in from the
    /// top-right corner of `clip`, the part of the photo showing (its fitted rectangle at fit).
    public static func fullView(clip: Rect) -> Point {
        Point(clip.maxX - seedInset - seedRadius, clip.y + seedInset + seedRadius)
    }

    public init(cardSize: Size) {
        let scale = min(1, min(cardSize.width, cardSize.height) / 200)
        radius = Self.seedRadius * scale
        let inset = Self.seedInset * scale + radius
        center = Point(cardSize.width / 2 - inset, -cardSize.height / 2 + inset)
    }
}
