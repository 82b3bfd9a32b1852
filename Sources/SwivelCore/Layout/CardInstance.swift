/// A card's photo: its layer in the renderer's card textures, how far it has faded in, and how it
/// is turned on screen beyond its pixels (a turn not yet read back from its file).
public struct CardImage: Equatable, Sendable {
    public var layer: Int
    public var opacity: Double
    public var turn: ContentTurn
    public init(layer: Int, opacity: Double, turn: ContentTurn = .identity) {
        self.layer = layer
        self.opacity = opacity
        self.turn = turn
    }
}

/// What the vertex shader needs of one card: where its centre is, how far it is turned, its
/// colour, photo and mark. Plain 32-bit floats, in the form the GPU reads them: the renderer uploads an
/// array of these as it is, one instance per card (so every stored property must stay a `Float`).
public struct CardInstance: Equatable, Sendable {
    /// The card's centre in window points, before rotation.
    public var centerX: Float
    public var centerY: Float
    /// Rotation about y, radians.
    public var angle: Float
    /// Premultiplied colour (a photo card's placeholder).
    public var r: Float, g: Float, b: Float, a: Float
    /// The photo's layer in the card textures, −1 for none.
    public var layer: Float
    /// How far the photo has faded in over the colour, 0…1.
    public var imageOpacity: Float
    /// 1 when every pixel of the card's middle is opaque (an opaque colour and no photo, whose
    /// pixels may be translucent), 0 otherwise: only an opaque middle may be drawn with the flat,
    /// unblended shader (the renderer reads this on the CPU; it is not a vertex attribute).
    public var opaque: Float
    /// 1 when the card is marked (M): the card pass draws `MarkBadge` over it (read on the CPU too).
    public var marked: Float
    /// The card's size as a fraction of the row's (1; less for a card shrinking out of the row,
    /// `RowClosing`), about its centre.
    public var scale: Float
    /// How much of the card and its shadow shows, 0…1 (1; less for a card fading out of the row).
    public var fade: Float
    /// The photo's rating (`Rating.value`: −1 rejected, 0 none, 1–5 stars) and its label
    /// (`RatingStrip.labelCode`: −1 none, 0–4 a colour, 5 a name of no colour): the card pass draws
    /// `RatingStrip` over it when either is set (read on the CPU, not vertex attributes).
    public var rating: Float
    public var label: Float
    /// The photo's `ContentTurn`, its `mat2` columns (1, 0, 0, 1: as decoded).
    public var turnA: Float, turnC: Float, turnB: Float, turnD: Float
    /// 1 when the card is a RAW+JPEG pair: the card pass draws `PairTag` on it (read on the CPU).
    public var tagged: Float

    public init(center: Point, degrees: Double, color: RGBA8, image: CardImage? = nil, marked: Bool = false,
                rating: Rating = .none, tagged: Bool = false, scale: Double = 1, fade: Double = 1) {
        centerX = Float(center.x)
        centerY = Float(center.y)
        angle = Float(radians(degrees))
        (r, g, b, a) = color.premultiplied
        layer = image.map { Float($0.layer) } ?? -1
        imageOpacity = image.map { Float(min(max($0.opacity, 0), 1)) } ?? 0
        opaque = color.a == 255 && image == nil && fade >= 1 ? 1 : 0
        self.marked = marked ? 1 : 0
        self.tagged = tagged ? 1 : 0
        self.scale = Float(scale)
        self.fade = Float(min(max(fade, 0), 1))
        self.rating = Float(rating.value)
        label = Float(RatingStrip.labelCode(rating))
        (turnA, turnC, turnB, turnD) = (image?.turn ?? .identity).columns
    }

    /// Whether the card pass draws a rating strip over it.
    public var isRated: Bool { rating != 0 || label >= 0 }
}
