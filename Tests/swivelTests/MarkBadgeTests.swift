import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// A marked card's badge through the real binary (`--replay … --screenshot`, offscreen): a blue
/// disc (iOS's system blue, 0 122 255) of radius 12 pt in a white ring 2 pt wide, with a white
/// check, its centre 22 pt in from the card's right and top edges, in the card's plane. Where it
/// lands is worked out here from the projection docs/design.md gives (w = 1 + u·sinθ/d,
/// X = cx + u·cosθ/w, Y = cy + v/w; d = 300, θ = −12° a card to the right), not from the app's code.
@Suite struct MarkBadgeTests {
    static let blue = [0, 122, 255], white = [255, 255, 255], green = [52, 199, 89]

    static func recording(_ lines: [String], size: (Int, Int) = (1280, 720)) -> String {
        ([RecordedEntry.header, "0 resize \(size.0) \(size.1)"] + lines + ["2 end"]).joined(separator: "\n") + "\n"
    }

    /// The frame at the end of `lines`, seven colour cards.
    static func frame(_ lines: [String], options: [String] = [], size: (Int, Int) = (1280, 720)) throws -> Image {
        let folder = TemporaryDirectory()
        let rec = folder.write("keys.rec", bytes: Array(recording(lines, size: size).utf8))
        let out = folder.path("f.png").text
        let result = try SwivelProcess.run(["--cards", "7", "--size", "\(size.0)x\(size.1)", "--replay", rec.text,
                                            "--screenshot", out] + options,
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        return try Image(contentsOf: out)
    }

    /// Where card `index`'s point (u, v) (points from its centre, y down) lands at scroll 0 in a
    /// 1280 × 720 window, in points.
    static func project(card index: Int, u: Double, v: Double, centre: (Double, Double) = (640, 360)) -> (Double, Double) {
        let theta = -12.0 * Double(index) * .pi / 180
        let w = 1 + u * sin(theta) / 300
        return (centre.0 + 240 * Double(index) + u * cos(theta) / w, centre.1 + v / w)
    }

    /// The pixel holding the point (x, y) in points at `scale`.
    static func pixel(_ point: (Double, Double), scale: Double = 1) -> (Int, Int) {
        (Int((point.0 * scale).rounded(.down)), Int((point.1 * scale).rounded(.down)))
    }

    /// Card 1 (green) centred and marked, at 1× and 2×, its badge's centre at (640 + 78,
    /// 360 − 128) points: blue 7 pt from the centre, white 10.6–11 pt from it (in the ring, on the
    /// diagonals, clear of the check) and on the check's corner (−1.44, 3.6) pt, the card's green
    /// 14 pt from it. Each pixel's centre is within half a pixel of the point named, and every
    /// one named lies more than half a pixel (the anti-aliasing ramp) inside its part.
    @Test(arguments: [1.0, 2.0])
    func theCentredCardsBadge(scale: Double) throws {
        let options = scale == 1 ? [] : ["--scale", "2"]
        let image = try Self.frame(["0.1 key right", "1 key mark"], options: options)
        #expect(image.width == Int(1280 * scale))
        func at(_ dx: Double, _ dy: Double) -> [Int] {
            let (x, y) = Self.pixel((718 + dx, 232 + dy), scale: scale)
            return image.rgb(x, y)
        }
        for (dx, dy) in [(0.0, -7.0), (0, 7), (-6, -4), (4, 4), (-7, 2)] { #expect(at(dx, dy) == Self.blue, "(\(dx), \(dy))") }
        for (dx, dy) in [(7.9, -7.9), (7.9, 7.9), (-7.9, 7.9), (-7.9, -7.9)] { #expect(at(dx, dy) == Self.white, "(\(dx), \(dy))") }
        #expect(at(-1.44, 3.6) == Self.white, "the check's corner")
        for (dx, dy) in [(0.0, -14.0), (14, 0), (0, 14), (-14, 0)] { #expect(at(dx, dy) == Self.green, "(\(dx), \(dy))") }
    }

    /// The badge is drawn only on the marked card: the frame with card 1 marked differs from the
    /// unmarked one only inside the badge's square (14 pt round its centre, at 1×).
    @Test func onlyTheMarkedCardChanges() throws {
        let plain = try Self.frame(["0.1 key right"])
        let marked = try Self.frame(["0.1 key right", "1 key mark"])
        var outside = 0, inside = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain.rgb(x, y) != marked.rgb(x, y) {
                if abs(Double(x) + 0.5 - 718) <= 14, abs(Double(y) + 0.5 - 232) <= 14 { inside += 1 } else { outside += 1 }
            }
        }
        #expect(outside == 0 && inside > 300, "changed: \(inside) inside the badge's square, \(outside) outside")
    }

    /// Ctrl+A marks the turned cards too, their badges turned with them: blue where the
    /// projection puts the point 7 pt above the badge's centre on card 1 (θ = −12°) and card 2
    /// (θ = −24°; 16 px above where a badge left flat would have it).
    @Test func aTurnedCardsBadgeTurnsWithIt() throws {
        let image = try Self.frame(["0.1 key markAll"])
        for card in [1, 2] {
            let point = Self.project(card: card, u: 78, v: -135)
            let (x, y) = Self.pixel(point)
            #expect(image.rgb(x, y) == Self.blue, "card \(card) at \(point)")
        }
    }

    /// The HUD says "7 marked" on a line of its own below its two, so its dark panel reaches
    /// further down: at 640 × 360, (12, 98) is the white window without marks, the panel with them.
    @Test func theHUDCountsTheMarks() throws {
        let plain = try Self.frame([], options: ["--hud"], size: (640, 360))
        let marked = try Self.frame(["0.1 key markAll"], options: ["--hud"], size: (640, 360))
        #expect(plain.rgb(12, 98) == Self.white, "\(plain.rgb(12, 98))")
        #expect(marked.rgb(12, 98).allSatisfy { $0 < 128 }, "\(marked.rgb(12, 98))")
    }

    /// Marks that are all taken back leave the frame as it was, byte for byte (M twice; Ctrl+A then U).
    @Test func framesWithoutMarksAreUnchanged() throws {
        let plain = try Self.frame(["0.1 key right"])
        #expect(try Self.frame(["0.1 key right", "0.5 key mark", "1 key mark"]).bytes == plain.bytes)
        #expect(try Self.frame(["0.1 key right", "0.5 key markAll", "1 key clearMarks"]).bytes == plain.bytes)
    }
}
