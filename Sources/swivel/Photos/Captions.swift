import SwivelCore
import SwivelRender

/// The file name under the centred card of a photo deck, in DejaVu Sans, rendered at the screen's
/// pixel size (crisp on HiDPI) and shortened with "…" to the card's width. It fades out as the
/// row moves away from a card and in as the next one arrives.
final class Captions {
    /// Caption size and gap below the card, in points.
    static let pointSize = 15.0
    static let gap = 22.0

    private let image = OverlayImage()
    private var shown: (name: String, maxWidth: Int, scale: Double)?

    /// The overlay of the caption `name` under the centred card, shown `opacity` (1 with a card
    /// centred, 0 half-way to the next: `AppState.frame`), or nil when there is nothing to show.
    func overlay(name: String, opacity: Double, layout: CarouselLayout, pixelScale: Double,
                 background: RGBA8) -> Overlay? {
        guard let text = Fonts.face(pointSize: Self.pointSize, pixelScale: pixelScale, for: "captions") else {
            return nil
        }
        let maxWidth = Int(layout.parameters.cardSize.width * pixelScale)
        if shown?.name != name || shown?.maxWidth != maxWidth || shown?.scale != pixelScale {
            let bitmap = text.render(name, maxWidth: maxWidth)
            image.update(width: bitmap?.width ?? 0, height: bitmap?.height ?? 0, coverage: bitmap?.coverage ?? [])
            shown = (name, maxWidth, pixelScale)
        }
        let width = Double(image.width) / pixelScale
        let origin = Point(layout.viewport.width / 2 - width / 2,
                           layout.viewport.height / 2 + layout.parameters.cardSize.height / 2 + Self.gap)
        return Overlay(image: image, origin: origin, textColor: Self.textColor(on: background), opacity: opacity)
    }

    /// Dark grey on light backgrounds, light grey on dark ones.
    static func textColor(on background: RGBA8) -> RGBA8 {
        let luma = 0.2126 * Double(background.r) + 0.7152 * Double(background.g) + 0.0722 * Double(background.b)
        return luma > 128 ? RGBA8(60, 60, 67) : RGBA8(235, 235, 245)
    }
}
