/// Where a RAW+JPEG pair's tag sits: a small label, "RAW+JPEG" in white on a translucent dark
/// pill, in the card's top-left corner (the mark badge has the top-right), in the card's own plane
/// as the badge is (it turns and foreshortens with the card), drawn by the card pass right after
/// its card. The text is the system's font rendered at the pixel scale (`text`, `pointSize`); the
/// pill is the text's box with `padding` round it, its ends round.
public struct PairTag: Equatable, Sendable {
    public static let text = "RAW+JPEG"
    /// The text's size, and the pill's padding and gap to the card's top and left edges, points,
    /// for the seed's 200×300 card (clear of its 16 pt corner's curve, level with the badge's top).
    /// A smaller card gets a tag scaled down with its shorter side below 200 pt, as the badge.
    public static let pointSize = 10.0
    public static let padding = Size(6, 3)
    public static let inset = 10.0
    /// The pill's colour and the text's, sRGB (the pill is black at 60 %: legible on a white or a
    /// dark photo alike).
    public static let fill = RGBA8(0, 0, 0, 153)
    public static let ink = RGBA8(255, 255, 255)

    /// The pill's rectangle, card-local points from the card's centre (y down), and the text's
    /// within it.
    public let pill: Rect
    public let text: Rect

    /// The tag on a card of `cardSize` for a text `textSize` points in size at `pointSize`.
    public init(cardSize: Size, textSize: Size) {
        let scale = min(1, min(cardSize.width, cardSize.height) / 200)
        let width = (textSize.width + 2 * Self.padding.width) * scale
        let height = (textSize.height + 2 * Self.padding.height) * scale
        let origin = Point(-cardSize.width / 2 + Self.inset * scale, -cardSize.height / 2 + Self.inset * scale)
        pill = Rect(x: origin.x, y: origin.y, width: width, height: height)
        text = Rect(x: origin.x + Self.padding.width * scale, y: origin.y + Self.padding.height * scale,
                    width: textSize.width * scale, height: textSize.height * scale)
    }
}
