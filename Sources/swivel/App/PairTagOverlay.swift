import SwivelCore
import SwivelRender

/// The RAW+JPEG tag's text (`PairTag`) for the card pass: the system font at `PairTag.pointSize`,
/// rendered at the pixel scale once (again when the scale changes), only once a frame has a pair:
/// a deck without pairs holds no texture for it.
final class PairTagOverlay {
    private var builtScale = 0.0
    private var made: OverlayImage?

    func text(pixelScale: Double) -> PairTagText? {
        let image = made ?? OverlayImage(smooth: true)
        made = image
        if builtScale != pixelScale {
            guard let face = Fonts.face(pointSize: PairTag.pointSize, pixelScale: pixelScale, for: "the RAW+JPEG tag"),
                  let line = face.render(PairTag.text, maxWidth: Int(200 * pixelScale)) else { return nil }
            image.update(width: line.width, height: line.height, coverage: line.coverage)
            builtScale = pixelScale
        }
        return PairTagText(image: image, size: Size(Double(image.width) / pixelScale, Double(image.height) / pixelScale))
    }
}
