/// One moment of the card's flight between its slot in the row and the full view, in window points:
/// `clip`, the rounded rectangle the photo shows through; `photo`, where the whole photo would lie
/// (larger than `clip` where the photo is cropped); the clip's corner radius; and the opacity of
/// everything else (the other cards and all shadows).
///
/// Both ends keep the photo's aspect in `photo`, so any mix of them does too: the photo is never
/// stretched on the way, and the crop follows from the two rectangles.
public struct FlightFrame: Equatable, Sendable {
    public var clip: Rect
    public var photo: Rect
    public var cornerRadius: Double
    public var othersOpacity: Double

    public init(clip: Rect, photo: Rect, cornerRadius: Double, othersOpacity: Double) {
        self.clip = clip
        self.photo = photo
        self.cornerRadius = cornerRadius
        self.othersOpacity = othersOpacity
    }

    /// The card in the row: the photo of `imageSize` pixels scaled to cover `card` and centred on
    /// it (the row's aspect fill), the row's corner radius, the other cards fully shown.
    public static func card(_ card: Rect, imageSize: Size, cornerRadius: Double) -> FlightFrame {
        var cover = card.size
        if imageSize.width > 0, imageSize.height > 0, card.width > 0, card.height > 0 {
            let k = max(card.width / imageSize.width, card.height / imageSize.height)
            cover = Size(imageSize.width * k, imageSize.height * k)
        }
        return FlightFrame(clip: card, photo: Rect(center: card.center, size: cover), cornerRadius: cornerRadius,
                           othersOpacity: 1)
    }

    /// The full view: the photo at `photo` (the zoom's placement, in window points), shown where it
    /// lies inside a `window`, square corners, nothing else shown.
    public static func fullView(photo: Rect, window: Size) -> FlightFrame {
        let x0 = max(photo.x, 0), y0 = max(photo.y, 0)
        let x1 = min(photo.maxX, window.width), y1 = min(photo.maxY, window.height)
        return FlightFrame(clip: Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)), photo: photo,
                           cornerRadius: 0, othersOpacity: 0)
    }

    /// The part of the photo the clip shows, in texture coordinates (0…1 across the photo): the
    /// aspect-fill crop in the row, the whole photo at fit.
    public var crop: Rect {
        guard photo.width > 0, photo.height > 0 else { return .unit }
        return Rect(x: (clip.x - photo.x) / photo.width, y: (clip.y - photo.y) / photo.height,
                    width: clip.width / photo.width, height: clip.height / photo.height)
    }

    /// `a` at `p` = 0, `b` at `p` = 1, each number in between linearly (`p` limited to 0…1).
    public static func mix(_ a: FlightFrame, _ b: FlightFrame, _ p: Double) -> FlightFrame {
        let p = min(max(p, 0), 1)
        func m(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        func m(_ r: Rect, _ s: Rect) -> Rect {
            Rect(x: m(r.x, s.x), y: m(r.y, s.y), width: m(r.width, s.width), height: m(r.height, s.height))
        }
        return FlightFrame(clip: m(a.clip, b.clip), photo: m(a.photo, b.photo),
                           cornerRadius: m(a.cornerRadius, b.cornerRadius), othersOpacity: m(a.othersOpacity, b.othersOpacity))
    }
}
