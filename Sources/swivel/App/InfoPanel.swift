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

    private var built: (card: Int, files: CardFiles?, scale: Double, histogram: Histogram?)?
    private let image = OverlayImage()
    /// The histogram's red, green, blue and luminance images (`HistogramCurves`): a photo deck's
    /// (the colour cards have none), made with the panel so that the textures alive stay as many
    /// from the start (the soak's leak check).
    private let curves: [OverlayImage]

    init(histograms: Bool) { curves = histograms ? (0..<4).map { _ in OverlayImage() } : [] }
    /// Where the histogram sits in the text image, in its pixels from the top.
    private var curvesTop = 0

    /// The panel for the card at deck position `card`, whose files are `files` (nil: a colour
    /// card; a RAW+JPEG pair's tells both, `PhotoInfo.pair`), with the histogram of the photo as the
    /// full view shows it when there is one (under the text, with the clipped shares); the panel
    /// first, the curves over it.
    func overlays(card: Int, files: CardFiles?, histogram: Histogram?, viewport: Size, pixelScale: Double) -> [Overlay] {
        if built?.card != card || built?.files != files || built?.scale != pixelScale || built?.histogram != histogram {
            guard let text = Fonts.face(path: KeyListOverlay.fontPath, pointSize: Self.pointSize, pixelScale: pixelScale,
                                        for: "photo information") else { return [] }
            var lines = files.map { Self.lines(Self.info($0)) } ?? ["Card \(card + 1)"]
            if let histogram { lines.append(histogram.clippingText) }
            let rendered = lines.compactMap { text.render($0, maxWidth: Int(Self.maxWidth * pixelScale)) }
            let lineHeight = rendered.map(\.height).max() ?? 0
            let curvesSize = (width: Int((HistogramCurves.size.width * pixelScale).rounded()),
                              height: Int((HistogramCurves.size.height * pixelScale).rounded()))
            // Room for the curves above the last line (the clipped shares), a line's gap above them.
            let room = histogram == nil ? 0 : curvesSize.height + lineHeight / 2
            var canvas = CoverageCanvas(width: max(rendered.map(\.width).max() ?? 0, histogram == nil ? 0 : curvesSize.width),
                                        height: lineHeight * rendered.count + room)
            for (index, line) in rendered.enumerated() {
                let last = histogram != nil && index == rendered.count - 1
                canvas.draw(line.coverage, width: line.width, at: 0, index * lineHeight + (last ? room : 0))
            }
            image.update(width: canvas.width, height: canvas.height, coverage: canvas.coverage)
            if let histogram {
                curvesTop = lineHeight * (rendered.count - 1) + lineHeight / 4
                for (curve, coverage) in zip(curves, HistogramCurves.images(histogram, width: curvesSize.width,
                                                                          height: curvesSize.height)) {
                    curve.update(width: curvesSize.width, height: curvesSize.height, coverage: coverage)
                }
            }
            built = (card, files, pixelScale, histogram)
        }
        guard image.width > 0 else { return [] }
        let height = Double(image.height) / pixelScale
        let margin = 16.0, padding = 8.0
        let origin = Point(margin + padding, viewport.height - margin - padding - height)
        let panel = Overlay(image: image, origin: origin, textColor: .white, panelColor: RGBA8(0, 0, 0, 176), padding: padding)
        guard histogram != nil else { return [panel] }
        let curvesOrigin = Point(origin.x, origin.y + Double(curvesTop) / pixelScale)
        return [panel] + zip(curves, HistogramCurves.colours).map { Overlay(image: $0, origin: curvesOrigin, textColor: $1) }
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
