import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// Zoom and pan in the full view through the real binary: a 400 × 200 window, whose 200 × 300
/// card fits at s = min(400/200, 200/300) = 2/3 (133⅓ × 200 pt at x 133⅓); its card texture is
/// 200 × 300 device pixels per point of scale, larger than that, so it is the image `ZoomPan`
/// places (fit 2/3, 1:1 one texel per device pixel).
@Suite struct FullViewZoomTests {
    static func recording(_ lines: [String], end: Double) -> String {
        ([RecordedEntry.header, "0 resize 400 200", "0.1 key enter"] + lines + ["\(end) end"]).joined(separator: "\n") + "\n"
    }

    /// The frame at the end of `recording` over `deck` (nil: the seven colour cards).
    static func frame(_ recording: String, deck: String? = nil, options: [String] = []) throws -> Image {
        let directory = TemporaryDirectory()
        let rec = directory.path("r.rec").text, out = directory.path("f.png").text
        try recording.write(toFile: rec, atomically: true, encoding: .utf8)
        let source = deck.map { [$0, "--no-captions"] } ?? ["--cards", "7"]
        let result = try SwivelProcess.run(source + ["--replay", rec, "--screenshot", out] + options,
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        if let keep = ProcessInfo.processInfo.environment["SWIVEL_KEEP_FRAMES"] {
            try? FileManager.default.copyItem(atPath: out, toPath: "\(keep)/\(abs(recording.hashValue)).png")
        }
        return try Image(contentsOf: out)
    }

    /// A 200 × 300 photo in four quadrants: red and blue above image row 150, green and black
    /// below; red and green left of image column 100. The boundaries cross at image point (100, 150).
    static func quadrantDeck(_ folder: TemporaryDirectory) -> String {
        folder.makeDirectories("photos")
        let png = ImageFiles.image(.png, width: 200, height: 300) { x, y in
            y < 150 ? (x < 100 ? [255, 0, 0] : [0, 0, 255]) : (x < 100 ? [0, 255, 0] : [0, 0, 0])
        }
        ImageFiles.write(folder.path("photos/q.png"), png)
        return folder.path("photos").text
    }

    /// Where the image's boundaries (x = 100, y = 150) are in a frame, window pixels.
    static func crossing(_ image: Image, near: Point, span: Int = 6) -> Point {
        let row = Int(near.y) - 20, column = Int(near.x) - 20
        let x = EdgeProbe(image: image, cardColor: [0, 0, 255]).verticalEdge(row: row, near: near.x, insideIsRight: true, span: span)
        let y = EdgeProbe(image: image, cardColor: [0, 255, 0]).horizontalEdge(column: column, near: near.y, insideIsBelow: true, span: span)
        return Point(x, y)
    }

    /// Key 1 at `--scale 2`: 1:1 is one image pixel per device pixel, so the 400 × 600 px card
    /// texture is 400 px wide, centred in the 800 px drawable: columns 200 …< 600 (at fit
    /// 266⅔ …< 533⅓), about the window's centre, its full height cropped.
    @Test func keyOneShowsTheTextureOneTexelPerDevicePixel() throws {
        let fitted = try Self.frame(Self.recording([], end: 1), options: ["--scale", "2"])
        let one = try Self.frame(Self.recording(["0.6 key one"], end: 1.5), options: ["--scale", "2"])
        #expect(one.width == 800 && one.height == 400)
        let blue = [0, 122, 255], white = [255, 255, 255]
        for y in [0, 200, 399] {
            for x in [200, 201, 400, 598, 599] { #expect(one.rgb(x, y) == blue, "(\(x), \(y))") }
            for x in [0, 198, 199, 600, 601, 799] { #expect(one.rgb(x, y) == white, "(\(x), \(y))") }
            for x in [268, 531] { #expect(fitted.rgb(x, y) == blue, "fit (\(x), \(y))") }
            for x in [265, 535] { #expect(fitted.rgb(x, y) == white, "fit (\(x), \(y))") }
        }
    }

    /// Eight notches up (×4) at (180, 100), then two (×√2) at (240, 60), each taken when the last
    /// has ended: the image point under the pointer stays there. Closed form: at fit the origin
    /// is (133⅓, 0) at s = 2/3; each step q = (p − o)/s, o' = p − q·s'; the boundaries then lie at
    /// o + (100, 150)·s. (Every origin stays inside its resting range, so nothing is clamped.)
    @Test func wheelZoomKeepsThePointUnderThePointer() throws {
        let folder = TemporaryDirectory()
        let deck = Self.quadrantDeck(folder)
        let frame = try Self.frame(Self.recording(["0.6 wheel 0 8 180 100", "1.2 wheel 0 2 240 60"], end: 2), deck: deck)
        var s = 2.0 / 3, o = Point(400.0 / 3, 0)
        for (p, notches) in [(Point(180, 100), 8.0), (Point(240, 60), 2.0)] {
            let q = Point((p.x - o.x) / s, (p.y - o.y) / s)
            s *= pow(2, notches / 4)
            o = Point(p.x - q.x * s, p.y - q.y * s)
            #expect(o.x <= 0 && o.x >= 400 - 200 * s && o.y <= 0 && o.y >= 200 - 300 * s, "clamped at \(o)")
        }
        let expected = Point(o.x + 100 * s, o.y + 150 * s)
        let measured = Self.crossing(frame, near: expected)
        print("wheel zoom: boundary crossing at \(measured), closed form \(expected), scale \(s)")
        #expect(abs(measured.x - expected.x) <= 0.5 && abs(measured.y - expected.y) <= 0.5)
    }

    /// Zoomed, a drag pans 1:1: between two moves of the held pointer 23 pt left and 17 up (both
    /// inside the photo's resting range, so no rubber band), the image's boundaries move by exactly that.
    @Test func aDragPansOneToOne() throws {
        let folder = TemporaryDirectory()
        let deck = Self.quadrantDeck(folder)
        let zoom = ["0.6 wheel 0 8 180 100", "1.2 down mouse 0 150 80", "1.3 move mouse 0 140 70"]
        let before = try Self.frame(Self.recording(zoom, end: 1.5), deck: deck)
        let after = try Self.frame(Self.recording(zoom + ["1.4 move mouse 0 117 53"], end: 1.5), deck: deck)
        // After the zoom the crossing is at (260, 100) (see above); the first move takes it past the slop.
        let a = Self.crossing(before, near: Point(253, 93), span: 12)
        let b = Self.crossing(after, near: Point(a.x - 23, a.y - 17), span: 12)
        print("pan: crossing from \(a) to \(b)")
        #expect(abs(a.x - b.x - 23) <= 0.5 && abs(a.y - b.y - 17) <= 0.5)
    }
}
