import SwivelCore

/// One frame's worth of scene, in window points: the cards to draw, the effect parameters they
/// share (card size, corners, shadow, eye distance), the background, the photos' textures and the
/// overlays. Where the cards are comes from the caller (SwivelCore turns a layout and a scroll
/// offset into instances): the renderer knows nothing of carousels or scrolling.
public struct CardScene {
    /// The window's size in points.
    public var viewport: Size
    public var parameters: EffectParameters
    /// The cards in paint order (later cards on top).
    public var cards: [CardInstance]
    public var background: RGBA8
    /// Where the cards' photos live (`CardInstance.layer`); nil when no card has a photo.
    public var textures: CardTextures?
    /// Text and panels drawn over the cards (captions, HUD, key list), in order.
    public var overlays: [Overlay]
    /// The card open in the full view or flying to or from it (or the pages showing while
    /// paging), drawn over the row (none: the row alone).
    public var flyingCards: [FlyingCard] = []
    /// Badges over the flying or open cards (marked photos in the full view): their discs' centres
    /// in window points, drawn flat at the seed's size (`MarkBadge.fullView`) after the cards.
    public var badges: [Point] = []
    /// Rating strips over the open photos (flat, at the seed's size: `RatingStrip.init(fullView:…)`).
    public var ratingStrips: [RatingStrip] = []
    /// The clipping overlay (J) on the open photo's sharp pixels: 255 in any channel red, 0 in all blue.
    public var clippingMarks = false
    /// The RAW+JPEG tag's text (`PairTag.text`) rendered at the pixel scale, for the cards that
    /// carry it (`CardInstance.tagged`); nil when none does.
    public var pairTag: PairTagText?

    public init(viewport: Size, parameters: EffectParameters = EffectParameters(), cards: [CardInstance],
                background: RGBA8 = .white, textures: CardTextures? = nil, overlays: [Overlay] = []) {
        self.viewport = viewport
        self.parameters = parameters
        self.cards = cards
        self.background = background
        self.textures = textures
        self.overlays = overlays
    }
}

/// The RAW+JPEG tag's text as the card pass draws it: its coverage image (sampled smoothly: it
/// turns with the card) and the text's size in points.
public struct PairTagText {
    public let image: OverlayImage
    public let size: Size

    public init(image: OverlayImage, size: Size) {
        self.image = image
        self.size = size
    }
}
