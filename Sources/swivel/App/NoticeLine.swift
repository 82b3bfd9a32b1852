import SwivelCore
import SwivelRender

/// One line of text in a dark panel at the foot of the window, over the row and the full view: what
/// a key just did ("Moved beach to the trash — Ctrl+Z to undo", or why not; "Copied PATH"), or a
/// question waiting for Enter or Esc. A message goes after its duration; a question stays until
/// answered. A new line replaces the one showing.
final class NoticeLine {
    /// Seconds a message stays: long enough to read a line and reach for Ctrl+Z.
    static let duration = 4.0
    /// Seconds a message that only confirms a key stays (Ctrl+C's "Copied PATH"): Android's short
    /// toast is 2 s; this one says only what the key just did.
    static let briefDuration = 1.5
    static let pointSize = 14.0
    /// The panel's bottom edge above the window's, in points (clear of the captions' line).
    static let bottomMargin = 24.0

    private(set) var text: String?
    /// When the message goes; nil while a question waits or nothing shows.
    private(set) var hideTime: Double?
    private var builtText: String?
    private var builtScale = 0.0
    private let image = OverlayImage()

    /// Shows `text` for `seconds` from `now`.
    func show(_ text: String, at now: Double, for seconds: Double = NoticeLine.duration) {
        self.text = text
        hideTime = now + seconds
    }

    /// Shows `question` until `clear`.
    func ask(_ question: String) {
        text = question
        hideTime = nil
    }

    func clear() {
        text = nil
        hideTime = nil
    }

    /// Hides a message whose time is up; whether it did (a frame is due).
    func expire(at now: Double) -> Bool {
        guard let hideTime, now >= hideTime else { return false }
        clear()
        return true
    }

    func overlay(viewport: Size, pixelScale: Double) -> Overlay? {
        guard let text else { return nil }
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
