import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelRender

/// The photo information overlay (I): a panel in the bottom-left corner with `PhotoInfo`'s lines
/// for the photo open in the full view, or the centred card in the row, following it as it
/// changes. The colour deck has no files: "Card N".
///
/// The information is read on the main thread, once per file shown: the header and metadata
/// reads are bounded (`PhotoInfo.read`; about 1 ms for a camera JPEG), so a thread of its own
/// would cost more in hand-over than it saves; the text is rendered again only when the card or
/// the pixel scale changes.
final class InfoPanel {
    static let pointSize = 13.0
    /// Values longer than this are cut with an ellipsis (a lens name, a profile's description).
    static let maxWidth = 520.0

    private var built: (card: Int, files: CardFiles?, scale: Double)?
    private let image = OverlayImage()

    /// The panel for the card at deck position `card`, whose files are `files` (nil: a colour
    /// card); a RAW+JPEG pair's tells both (`PhotoInfo.pair`).
    func overlay(card: Int, files: CardFiles?, viewport: Size, pixelScale: Double) -> Overlay? {
        if built?.card != card || built?.files != files || built?.scale != pixelScale {
            guard let text = Fonts.face(path: KeyListOverlay.fontPath, pointSize: Self.pointSize, pixelScale: pixelScale,
                                        for: "photo information") else { return nil }
            let lines = files.map { Self.lines(Self.info($0)) } ?? ["Card \(card + 1)"]
            let rendered = lines.compactMap { text.render($0, maxWidth: Int(Self.maxWidth * pixelScale)) }
            let lineHeight = rendered.map(\.height).max() ?? 0
            var canvas = CoverageCanvas(width: rendered.map(\.width).max() ?? 0, height: lineHeight * rendered.count)
            for (index, line) in rendered.enumerated() {
                canvas.draw(line.coverage, width: line.width, at: 0, index * lineHeight)
            }
            image.update(width: canvas.width, height: canvas.height, coverage: canvas.coverage)
            built = (card, files, pixelScale)
        }
        guard image.width > 0 else { return nil }
        let height = Double(image.height) / pixelScale
        let margin = 16.0, padding = 8.0
        return Overlay(image: image, origin: Point(margin + padding, viewport.height - margin - padding - height),
                       textColor: .white, panelColor: RGBA8(0, 0, 0, 176), padding: padding)
    }

    /// The information of a card's files: a pair's is its RAW's with its JPEG's name and sizes.
    static func info(_ files: CardFiles) -> PhotoInfo {
        guard let raw = files.raw else { return PhotoDecoding.info(files.shown) }
        return PhotoInfo.pair(raw: PhotoDecoding.info(raw), jpeg: PhotoDecoding.info(files.shown))
    }

    /// "Label         value", the values in one column (the face is monospaced).
    static func lines(_ info: PhotoInfo) -> [String] {
        let lines = info.lines
        let width = lines.map(\.label.count).max() ?? 0
        return lines.map { $0.label + String(repeating: " ", count: width - $0.label.count + 2) + $0.value }
    }
}
