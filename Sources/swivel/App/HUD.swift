import SwivelCore
import SwivelRender

/// The heads-up display (H): frames per second, frame time with a graph of the last 120 frames,
/// draw calls, cards drawn and the overdraw factor, and how many cards are marked if any. Text is
/// re-rendered four times a second; the graph is redrawn into the same coverage image at most 15
/// times a second, then uploaded (about 25 kB).
final class HUD {
    static let history = 120
    static let pointSize = 13.0
    /// The graph's full height stands for two 60 Hz frames.
    static let graphMilliseconds = 1000.0 / 30

    /// How many cards are marked; a line says so when any are.
    var marked = 0 {
        didSet { if marked != oldValue { (linesUpdatedAt, imageUpdatedAt) = (-.infinity, -.infinity) } }
    }
    /// The current photo's rating ("★★★ Red"; "" for none), on a line of its own when it has one.
    var rating = "" {
        didSet { if rating != oldValue { (linesUpdatedAt, imageUpdatedAt) = (-.infinity, -.infinity) } }
    }
    private var frameMilliseconds: [Double] = []
    private var frameTimes: [Double] = []
    private var lines: [TextLine] = []
    private var linesUpdatedAt = -Double.infinity
    private var imageUpdatedAt = -Double.infinity
    private var textScale = 0.0
    private let image = OverlayImage()

    /// Notes one presented frame: how long it took (render to swap, without pacing) and what it drew.
    func record(milliseconds: Double, at time: Double) {
        frameMilliseconds.append(milliseconds)
        frameTimes.append(time)
        if frameMilliseconds.count > Self.history {
            frameMilliseconds.removeFirst(frameMilliseconds.count - Self.history)
            frameTimes.removeFirst(frameTimes.count - Self.history)
        }
    }

    /// Frames presented in the last second before `now`.
    func framesPerSecond(now: Double) -> Int { frameTimes.filter { now - $0 <= 1 }.count }

    func overlay(now: Double, pixelScale: Double, drawCalls: Int, cards: Int, overdraw: Double?) -> Overlay? {
        guard let text = Fonts.face(pointSize: Self.pointSize, pixelScale: pixelScale, for: "HUD") else {
            return nil
        }
        if textScale != pixelScale {
            textScale = pixelScale
            (linesUpdatedAt, imageUpdatedAt) = (-.infinity, -.infinity)
        }
        let overlay = Overlay(image: image, origin: Point(16, 16), textColor: .white,
                              panelColor: RGBA8(0, 0, 0, 166), padding: 6)
        // The graph is redrawn 15 times a second at most: smooth enough to read, and most frames
        // then only draw the panel.
        if now - imageUpdatedAt < 1.0 / 15, now >= imageUpdatedAt, image.width > 0 { return overlay }
        imageUpdatedAt = now
        if now - linesUpdatedAt >= 0.25 {
            let recent = Percentiles(frameMilliseconds)
            let fps = framesPerSecond(now: now)
            let overdrawText = overdraw.map { "overdraw " + $0.fixed(2) } ?? "overdraw n/a"
            lines = ([
                "\(fps) fps   frame \((frameMilliseconds.last ?? 0).fixed(1)) ms (p95 \((recent.value(95) ?? 0).fixed(1)))",
                "\(drawCalls) draw call\(drawCalls == 1 ? "" : "s") · \(cards) cards · \(overdrawText)",
            ] + (marked > 0 ? ["\(marked) marked"] : []) + (rating.isEmpty ? [] : ["rated " + rating])).compactMap { text.render($0, maxWidth: Int(400 * pixelScale)) }
            linesUpdatedAt = now
        }

        let bar = max(1, Int((2 * pixelScale).rounded()))
        let graphHeight = Int((32 * pixelScale).rounded())
        let spacing = Int((4 * pixelScale).rounded())
        let textHeight = lines.reduce(0) { $0 + $1.height }
        let width = max(Self.history * bar, lines.map(\.width).max() ?? 0)
        var canvas = CoverageCanvas(width: width, height: textHeight + spacing + graphHeight)
        var y = 0
        for line in lines {
            canvas.draw(line.coverage, width: line.width, at: 0, y)
            y += line.height
        }
        y += spacing
        // One bar per frame, oldest on the left; a dotted line marks 16.7 ms (60 Hz).
        for (index, ms) in frameMilliseconds.enumerated() {
            let height = Int((min(ms / Self.graphMilliseconds, 1) * Double(graphHeight)).rounded())
            canvas.fill(x: index * bar, y: y + graphHeight - height, width: bar, height: height, value: 170)
        }
        let budget = y + graphHeight - Int((Double(graphHeight) / 2).rounded())
        for x in stride(from: 0, to: width, by: 2 * bar) { canvas.fill(x: x, y: budget, width: bar, height: 1) }
        image.update(width: canvas.width, height: canvas.height, coverage: canvas.coverage)
        return overlay
    }
}
