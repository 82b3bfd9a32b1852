import SwivelCore
import SwivelRender

/// The key list (?): a panel in the middle of the window with the key table's lines
/// (`KeyTable.standard`, those `listed`), each its keys and what they do in two columns.
final class KeyListOverlay {
    /// The panel's lines: the keys padded to one column (the face is monospaced), then the action.
    static let lines: [String] = {
        let listed = KeyTable.standard.lines.filter(\.listed)
        let width = (listed.map(\.keys.count).max() ?? 0) + 2
        return listed.map { line in
            line.isHeading ? line.keys : line.keys + String(repeating: " ", count: width - line.keys.count) + line.action
        }
    }()
    static let pointSize = 14.0
    /// Debian fonts-dejavu-core's monospaced face, next to the captions' DejaVu Sans.
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    private var builtScale = 0.0
    private let image = OverlayImage()

    func overlay(viewport: Size, pixelScale: Double) -> Overlay? {
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
