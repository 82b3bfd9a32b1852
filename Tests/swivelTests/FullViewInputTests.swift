import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// The full view's pointer input through the real binary, at 1× and 2× (`--scale`): `--replay`
/// recordings of `down`/`move`/`up` lines, the frame at the recording's end (`--screenshot`).
/// Frames are compared with the frames other input gives (keys, `--open`), or edges measured.
@Suite struct FullViewInputTests {
    /// The frame at `end` s after `lines` in a `size` window over `deck` (nil: the seven colour cards).
    static func frame(_ lines: [String], end: Double, size: String = "1280 720", deck: String? = nil,
                      options: [String] = []) throws -> Image {
        let directory = TemporaryDirectory()
        let rec = directory.path("r.rec").text, out = directory.path("f.png").text
        let text = ([RecordedEntry.header, "0 resize \(size)"] + lines + ["\(end) end"]).joined(separator: "\n") + "\n"
        try text.write(toFile: rec, atomically: true, encoding: .utf8)
        let source = deck.map { [$0, "--no-captions"] } ?? ["--cards", "7"]
        let result = try SwivelProcess.run(source + ["--replay", rec, "--screenshot", out] + options,
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        return try Image(contentsOf: out)
    }

    static func same(_ a: Image, _ b: Image) -> Bool {
        a.width == b.width && a.height == b.height
            && (0..<a.height).allSatisfy { y in stride(from: 0, to: a.width, by: 1).allSatisfy { a.rgb($0, y) == b.rgb($0, y) } }
    }

    /// A mouse click at (x, y) pressed at `time`, released 50 ms later.
    static func click(_ x: Double, _ y: Double, at time: Double) -> [String] {
        ["\(time) down mouse 0 \(x) \(y)", "\(time + 0.05) up mouse 0 \(x) \(y)"]
    }

    static let scales: [[String]] = [[], ["--scale", "2"]]

    @Test(arguments: scales)
    func aClickOnTheCentredCardOpensItAsEnterDoes(scale: [String]) throws {
        let clicked = try Self.frame(Self.click(640, 360, at: 0.1), end: 1, options: scale)
        #expect(Self.same(clicked, try Self.frame(["0.1 key enter"], end: 1, options: scale)))
        // A click on the side card beside it (card 1, 240 pt right) only centres it.
        let side = try Self.frame(Self.click(880, 360, at: 0.1), end: 1, options: scale)
        #expect(Self.same(side, try Self.frame(["0.1 key right"], end: 1, options: scale)))
    }

    @Test(arguments: scales)
    func aDoubleClickOnASideCardOpensIt(scale: [String]) throws {
        let double = try Self.frame(Self.click(880, 360, at: 0.1) + Self.click(880, 360, at: 0.35), end: 1.5, options: scale)
        #expect(Self.same(double, try Self.frame([], end: 1.5, options: scale + ["--open", "1"])))
    }

    /// 400 × 200 over a 200 × 300 photo in quadrants (`FullViewZoomTests.quadrantDeck`): the card's
    /// texture fits at 2/3 of its size, origin (133⅓, 0) pt. A double-click at (180, 60) is over
    /// image point ((180 − 133⅓)·1.5, 60·1.5) = (70, 90); at 1:1 it stays under the pointer in y
    /// (origin y = 60 − 90 = −30) and the 200 pt wide photo is centred in x (origin 100): the
    /// quadrants' crossing (image (100, 150)) shows at (200, 120) pt. Another double-click goes
    /// back to fit: the frame of the view never zoomed.
    @Test(arguments: [1, 2])
    func aDoubleClickTogglesFitAndOneToOneAboutThePoint(scale: Int) throws {
        let folder = TemporaryDirectory()
        let deck = FullViewZoomTests.quadrantDeck(folder)
        let options = ["--scale", "\(scale)"], k = Double(scale)
        let toggle = ["0.1 key enter"] + Self.click(180, 60, at: 0.6) + Self.click(180, 60, at: 0.8)
        let zoomed = try Self.frame(toggle, end: 1.5, size: "400 200", deck: deck, options: options)
        let expected = Point(200 * k, 120 * k)
        let measured = FullViewZoomTests.crossing(zoomed, near: expected, span: 6)
        print("double-click at \(scale)x: crossing at \(measured), closed form \(expected)")
        #expect(abs(measured.x - expected.x) <= 0.5 && abs(measured.y - expected.y) <= 0.5)
        let back = try Self.frame(toggle + Self.click(300, 150, at: 1.6) + Self.click(300, 150, at: 1.8), end: 2.5,
                                  size: "400 200", deck: deck, options: options)
        #expect(Self.same(back, try Self.frame(["0.1 key enter"], end: 2.5, size: "400 200", deck: deck, options: options)))
    }

    /// At fit a double-click on the white letterbox closes: the row's frame once the card has landed.
    @Test(arguments: scales)
    func aDoubleClickOnTheLetterboxCloses(scale: [String]) throws {
        let closed = try Self.frame(["0.1 key enter"] + Self.click(100, 360, at: 0.6) + Self.click(100, 360, at: 0.8),
                                    end: 2, options: scale)
        #expect(Self.same(closed, try Self.frame([], end: 2, options: scale)))
    }
}
