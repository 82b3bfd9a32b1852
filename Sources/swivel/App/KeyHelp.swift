import SwivelCore
import SwivelRender

/// The key list (?): a panel in the middle of the window, until ? or Esc is pressed again.
final class KeyHelp {
    static let lines = [
        "Drag or flick        scroll the row",
        "Click a side card    bring it to the centre",
        "Wheel / trackpad     scroll",
        "← →                  one card",
        "Page Up / Page Down  one screenful",
        "Home / End           first / last card",
        "S                    start or stop the slideshow",
        "F or F11             fullscreen",
        "H                    frame statistics",
        "F12                  save a screenshot",
        "Enter / Space        open the centred card",
        "M                    mark or unmark it",
        "Ctrl+A / U           mark all / clear the marks",
        "Ctrl+C               copy the photo's path",
        "?                    this list",
        "Esc                  close this, leave fullscreen, quit",
    ]
    static let pointSize = 14.0
    /// Debian fonts-dejavu-core's monospaced face, next to the captions' DejaVu Sans.
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    var isVisible = false
    private var builtScale = 0.0
    private let image = OverlayImage()

    func overlay(viewport: Size, pixelScale: Double) -> Overlay? {
        guard isVisible else { return nil }
        if builtScale != pixelScale {
            // Monospaced, so the two columns line up.
            guard let text = Fonts.face(path: Self.fontPath, pointSize: Self.pointSize, pixelScale: pixelScale,
                                        for: "key list") else { return nil }
            let rendered = Self.lines.compactMap { text.render($0, maxWidth: Int(1000 * pixelScale)) }
            let lineHeight = rendered.map(\.height).max() ?? 0
            var canvas = CoverageCanvas(width: rendered.map(\.width).max() ?? 0, height: lineHeight * rendered.count)
            for (index, line) in rendered.enumerated() {
                canvas.draw(line.coverage, width: line.width, at: 0, index * lineHeight)
            }
            image.update(width: canvas.width, height: canvas.height, coverage: canvas.coverage)
            builtScale = pixelScale
        }
        let size = Size(Double(image.width) / pixelScale, Double(image.height) / pixelScale)
        return Overlay(image: image, origin: Point((viewport.width - size.width) / 2, (viewport.height - size.height) / 2),
                       textColor: .white, panelColor: RGBA8(0, 0, 0, 200), padding: 16)
    }
}
