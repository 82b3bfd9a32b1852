import SwivelCore

/// The card flying between the row and the full view (or resting open in it), in window points:
/// its clip rectangle, corner radius, the part of its photo shown, its colour and photo; and how
/// much of everything else still shows.
public struct FlyingCard {
    public var clip: Rect
    public var cornerRadius: Double
    /// The part of the card's texture inside `clip`, 0…1 across it.
    public var crop: Rect
    public var color: RGBA8
    public var image: CardImage?
    /// The sharp photo, drawn instead of `image` where given (`crop` is then across it).
    public var sharp: FullViewTexture?
    /// Drawn where `sharp`'s tiles are not all up yet (its full resolution going up a few bands a
    /// frame): the same photo at the window's size.
    public var sharpFallback: FullViewTexture?
    /// How far the sharp photo has faded in over the card's texture, shown at `standIn` (clip and
    /// crop of the card's texture) beneath it until 1.
    public var sharpOpacity: Double = 1
    public var standIn: (clip: Rect, crop: Rect)?
    /// How the sharp photo is turned on screen beyond its pixels (the card's texture's turn is its
    /// `image`'s); the identity as decoded.
    public var sharpTurn: ContentTurn = .identity
    /// The other cards and all shadows: 1 shown as in the row, 0 gone (the background alone).
    public var othersOpacity: Double

    public init(clip: Rect, cornerRadius: Double, crop: Rect, color: RGBA8, image: CardImage?, sharp: FullViewTexture? = nil,
                othersOpacity: Double) {
        self.sharp = sharp
        self.clip = clip
        self.cornerRadius = cornerRadius
        self.crop = crop
        self.color = color
        self.image = image
        self.othersOpacity = othersOpacity
    }
}

extension FlyingCard {
    /// This card as `FlightDrawList` takes it: its sharp photos by their `tileLayout`s.
    var drawn: FlightDrawList.Card {
        FlightDrawList.Card(clip: clip, cornerRadius: cornerRadius, crop: crop, color: color, image: image,
                            sharp: sharp?.tileLayout, sharpFallback: sharpFallback?.tileLayout, sharpOpacity: sharpOpacity,
                            standIn: standIn.map { FlightDrawList.StandIn(clip: $0.clip, crop: $0.crop) },
                            othersOpacity: othersOpacity, sharpTurn: sharpTurn)
    }
}
