import SwivelCore
import SwivelRender

/// The notice line (`Notice`) drawn: one line of text in a dark panel at the foot of the window,
/// rendered again only when its text or the pixel scale changes.
final class NoticeOverlay {
    static let pointSize = 14.0
    /// The panel's bottom edge above the window's, in points (clear of the captions' line).
    static let bottomMargin = 24.0

    private var builtText: String?
    private var builtScale = 0.0
    private let image = OverlayImage()

    func overlay(_ text: String, viewport: Size, pixelScale: Double) -> Overlay? {
        if builtText != text || builtScale != pixelScale {
            guard let face = Fonts.face(pointSize: Self.pointSize, pixelScale: pixelScale, for: "notices"),
                  let line = face.render(text, maxWidth: Int(max(100, viewport.width - 64) * pixelScale)) else { return nil }
            image.update(width: line.width, height: line.height, coverage: line.coverage)
            (builtText, builtScale) = (text, pixelScale)
        }
        let size = Size(Double(image.width) / pixelScale, Double(image.height) / pixelScale)
        return Overlay(image: image, origin: Point((viewport.width - size.width) / 2,
                                                   viewport.height - Self.bottomMargin - size.height),
                       textColor: .white, panelColor: RGBA8(0, 0, 0, 200), padding: 10)
    }
}
