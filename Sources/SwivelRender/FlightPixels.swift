import SwivelCore

/// Which pixels a flight frame's cards cover, and how: the rules `FlightDrawList` draws by.
extension FlightDrawList {
    /// The pixels where `card` is drawn with alpha 255, which hides whatever is beneath (empty when
    /// none is), `LayerPixels.inside` the part drawn opaque. `flight.frag` gives the card's colour
    /// faded to its texture's layer (alpha 1 when both are opaque: `CardTextures.opaqueLayers`),
    /// or the sharp photo's texels times its opacity (alpha 1 at opacity 1 when every texel is
    /// opaque: `FullViewTexture.isOpaque`, all its tiles up, within its clip and the photo's own
    /// rectangle), times a coverage of 1; `photo.frag` the same without the coverage. llvmpipe
    /// blends in 8 bits, so alpha 255 keeps nothing of the pixel beneath. While the sharp photo
    /// fades in, its stand-in (the card's texture at its own clip) is drawn opaque beneath it.
    static func opaquePixels(of card: Card, cardArray: CardArray?, pixelScale: Double, width: Int, height: Int) -> LayerPixels {
        let none = LayerPixels(x0: 0, y0: 0, x1: 0, y1: 0)
        func inside(_ clip: Rect) -> LayerPixels {
            guard clip.width > 0, clip.height > 0 else { return none }
            return LayerPixels.inside(clip, radius: card.cornerRadius, pixelScale: pixelScale, width: width, height: height)
        }
        // A photo turned on screen may leave parts of its clip undrawn while it turns.
        guard card.sharpTurn.isIdentity, card.image?.turn.isIdentity ?? true else { return none }
        let textureOpaque: Bool = {
            guard card.color.a == 255 else { return false }
            guard let cardArray, let image = card.image, image.layer >= 0, image.opacity > 0 else { return true }
            return cardArray.opaqueLayers.contains(image.layer)
        }()
        guard let sharp = card.sharp else { return textureOpaque ? inside(card.clip) : none }
        if min(max(card.sharpOpacity, 0), 1) < 1 {
            guard let standIn = card.standIn, textureOpaque else { return none }
            return inside(standIn.clip)
        }
        let c = card.crop
        guard sharp.isOpaque, c.width > 0, c.height > 0 else { return none }
        // Outside the whole photo's rectangle within the clip nothing is drawn.
        return card.clip.intersection(photoRect(of: card)).map(inside) ?? none
    }

    /// The whole sharp photo's rectangle on screen (points), from the card's clip and the part of
    /// the photo it shows (`crop`, of a width and height above 0).
    static func photoRect(of card: Card) -> Rect {
        let c = card.crop
        return Rect(x: card.clip.x - c.x / c.width * card.clip.width, y: card.clip.y - c.y / c.height * card.clip.height,
                    width: card.clip.width / c.width, height: card.clip.height / c.height)
    }

    /// The pixels inside the window that `clip` (points) with corners rounded to `radius` covers
    /// wholly, as a rectangle of whole pixels in points (`flight.frag`'s coverage is 1 in it): with
    /// a rounded corner, within the clip inset by the radius, where the outline's distance from a
    /// pixel's centre is at least the radius plus half a pixel.
    static func wholePixels(of clip: Rect, radius: Double, pixelScale: Double, viewport: Size) -> Rect {
        // An edge within 1e-4 px of a whole pixel counts as on it (coverage 1 − 1e-4 is 255 in 8 bits).
        func up(_ x: Double) -> Double { (x - 1e-4).rounded(.up) }
        func down(_ x: Double) -> Double { (x + 1e-4).rounded(.down) }
        let r = max(radius, 0)
        let x0 = max(0, up((clip.x + r) * pixelScale)), y0 = max(0, up((clip.y + r) * pixelScale))
        let x1 = min(viewport.width * pixelScale, down((clip.maxX - r) * pixelScale))
        let y1 = min(viewport.height * pixelScale, down((clip.maxY - r) * pixelScale))
        return Rect(x: x0 / pixelScale, y: y0 / pixelScale, width: max(0, x1 - x0) / pixelScale, height: max(0, y1 - y0) / pixelScale)
    }

    /// The pixels `clip` touches outside `inner` (its `wholePixels`), as up to four strips of whole
    /// pixels in points: above and below `inner` the clip's whole width, beside it its height;
    /// with `inner` empty, one rectangle of every pixel the clip touches.
    static func border(of clip: Rect, inside inner: Rect, pixelScale: Double) -> [Rect] {
        let x0 = (clip.x * pixelScale).rounded(.down) / pixelScale, y0 = (clip.y * pixelScale).rounded(.down) / pixelScale
        let x1 = (clip.maxX * pixelScale).rounded(.up) / pixelScale, y1 = (clip.maxY * pixelScale).rounded(.up) / pixelScale
        guard inner.width > 0, inner.height > 0 else { return [Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)] }
        return [Rect(x: x0, y: y0, width: x1 - x0, height: inner.y - y0),
                Rect(x: x0, y: inner.maxY, width: x1 - x0, height: y1 - inner.maxY),
                Rect(x: x0, y: inner.y, width: inner.x - x0, height: inner.height),
                Rect(x: inner.maxX, y: inner.y, width: x1 - inner.maxX, height: inner.height)]
            .filter { $0.width > 0 && $0.height > 0 }
    }
}
