/// Where a rated card's stars, label and rejection show: a dark pill centred at the foot of the card,
/// in the card's own plane (it turns and foreshortens with the card, as `MarkBadge` does), drawn by
/// the card pass over the card with rating.vert and rating.frag. Left to right: the label's colour
/// as a disc, then the stars (1–5 white stars) or, for a rejected photo, a white cross on red — as
/// Lightroom's grid shows a photo's label, stars and reject flag along a cell's foot. The pill is as
/// wide as what it holds, so a card with one star has a short pill.
public struct RatingStrip: Equatable, Sendable {
    /// For the seed's 200×300 card: items 14 pt apart in a pill 20 pt tall, 10 pt above the
    /// card's foot (clear of the 16 pt corners); a smaller card scales it down as `MarkBadge` does.
    public static let seedPitch = 14.0
    public static let seedHeight = 20.0
    public static let seedInset = 10.0
    /// The pill: black at 60 %, which white stars read on over any photo; the stars white; a
    /// rejection's disc iOS's system red.
    public static let pill = RGBA8(0, 0, 0, 153)
    public static let star = RGBA8(255, 255, 255)
    public static let reject = RGBA8(255, 59, 48)
    /// The disc of a label whose name is no colour Swivel knows (iOS's system grey).
    public static let otherLabel = RGBA8(142, 142, 147)

    /// The pill's centre (card-local points from the card's centre, y down) and half its size.
    public let center: Point
    public let halfSize: Size
    /// The distance between items' centres, points.
    public let pitch: Double
    /// What it shows: whether a label disc leads, then how many stars (0 with a rejection).
    public let hasLabel: Bool
    /// The label's code (`labelCode`), −1 for none.
    public let label: Int
    public let stars: Int
    public let rejected: Bool

    /// The label as a number for the GPU's side (`CardInstance.label`): −1 none, 0–4 a
    /// `ColourLabel`, 5 a name of no colour.
    public static func labelCode(_ rating: Rating) -> Int {
        guard rating.label != nil else { return -1 }
        return rating.colour?.rawValue ?? 5
    }

    /// The disc's colour for a label code (nil: none).
    public static func labelColor(code: Int) -> RGBA8? {
        guard code >= 0 else { return nil }
        return ColourLabel(rawValue: code)?.color ?? otherLabel
    }

    /// How many items (label disc, stars or the cross) a strip of `rating` holds.
    public var items: Int { (hasLabel ? 1 : 0) + (rejected ? 1 : stars) }

    /// The strip of a card of `cardSize` rated `value` (−1…5) with label code `label`; nil when it
    /// shows nothing.
    public init?(cardSize: Size, value: Int, label: Int) {
        let scale = min(1, min(cardSize.width, cardSize.height) / 200)
        self.init(scale: scale, value: value, label: label,
                  foot: cardSize.height / 2 - Self.seedInset * scale - Self.seedHeight * scale / 2)
    }

    /// The strip of an open photo in the full view, flat at the seed's size: centred on `clip`
    /// (the part of the photo showing, window points), `seedInset` above its foot; `center` is in
    /// window points.
    public init?(fullView clip: Rect, value: Int, label: Int) {
        self.init(scale: 1, value: value, label: label, foot: clip.maxY - Self.seedInset - Self.seedHeight / 2,
                  x: clip.x + clip.width / 2)
    }

    private init?(scale: Double, value: Int, label: Int, foot: Double, x: Double = 0) {
        hasLabel = label >= 0
        self.label = label
        rejected = value < 0
        stars = max(0, min(value, 5))
        guard hasLabel || rejected || stars > 0 else { return nil }
        pitch = Self.seedPitch * scale
        let count = Double((hasLabel ? 1 : 0) + (rejected ? 1 : stars))
        // Half a pitch of room round the items, as the pill's rounded ends.
        halfSize = Size((count * pitch + Self.seedHeight * scale - pitch) / 2 + pitch / 4, Self.seedHeight * scale / 2)
        center = Point(x, foot)
    }
}
