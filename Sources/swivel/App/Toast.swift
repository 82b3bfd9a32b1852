import SwivelCore
import SwivelRender

/// A brief message at the bottom of the window ("Copied PATH"), shown for `duration` seconds from
/// the input that asked for it, over the row and the full view; then gone (no fade: one frame
/// more, when it ends).
final class Toast {
    /// Long enough to read a short line, short enough not to linger (Android's short toast is 2 s,
    /// GNOME's in-app notifications a few seconds; this one says only what a key just did).
    static let duration = 1.5
    static let pointSize = 14.0
    /// How far the panel's bottom edge is from the window's, points.
    static let bottomGap = 40.0

    private var text = ""
    private var shownAt = -Double.infinity
    private var builtText = ""
    private var builtScale = 0.0
    private let image = OverlayImage()
    /// Whether the frame last drawn showed it (so that its end draws one frame more).
    private var drawnVisible = false

    /// Shows `text` from `time` for `duration`.
    func show(_ text: String, at time: Double) {
        self.text = text
        shownAt = time
    }

    func isVisible(at time: Double) -> Bool { !text.isEmpty && time >= shownAt && time - shownAt < Self.duration }

    /// When it goes, if it shows (the frame loop wakes then to draw the frame without it).
    func endTime(after time: Double) -> Double? { isVisible(at: time) ? shownAt + Self.duration : nil }

    /// Whether it came or went since the frame last drawn.
    func changed(at time: Double) -> Bool { isVisible(at: time) != drawnVisible }

    func overlay(viewport: Size, pixelScale: Double, now: Double) -> Overlay? {
        drawnVisible = isVisible(at: now)
        guard drawnVisible, let face = Fonts.face(pointSize: Self.pointSize, pixelScale: pixelScale, for: "toast") else {
            return nil
        }
        if builtText != text || builtScale != pixelScale {
            let maxWidth = Int((max(viewport.width - 64, 1) * pixelScale).rounded(.down))
            guard let line = face.render(text, maxWidth: maxWidth) else { return nil }
            image.update(width: line.width, height: line.height, coverage: line.coverage)
            (builtText, builtScale) = (text, pixelScale)
        }
        let size = Size(Double(image.width) / pixelScale, Double(image.height) / pixelScale)
        return Overlay(image: image, origin: Point((viewport.width - size.width) / 2,
                                                   viewport.height - Self.bottomGap - size.height),
                       textColor: .white, panelColor: RGBA8(0, 0, 0, 200), padding: 10)
    }
}
