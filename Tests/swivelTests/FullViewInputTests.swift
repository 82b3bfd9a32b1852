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

    /// At fit a double-click on the white letterbox closes: the row's frame once the card has
    /// landed. (400 × 200: the card's texture fits at 2/3, so on the photo it would zoom; the
    /// photo spans x 133⅓ … 266⅔.)
    @Test(arguments: scales)
    func aDoubleClickOnTheLetterboxCloses(scale: [String]) throws {
        let closed = try Self.frame(["0.1 key enter"] + Self.click(50, 100, at: 0.6) + Self.click(50, 100, at: 0.8),
                                    end: 2, size: "400 200", options: scale)
        #expect(Self.same(closed, try Self.frame([], end: 2, size: "400 200", options: scale)))
    }

    // MARK: Paging

    /// A flick left at 4000 pt/s (40 pt every 10 ms; 136 pt dragged, far short of half a page)
    /// pages once, as → does. (The snap after a fling this fast still moves at 2.5 s, 1.9 s after
    /// the release; by 4 s it rests.)
    @Test(arguments: scales)
    func aFlickPagesOnce(scale: [String]) throws {
        let flick = ["0.1 key enter", "0.6 down mouse 0 900 360", "0.61 move mouse 0 860 360", "0.62 move mouse 0 820 360",
                     "0.63 move mouse 0 780 360", "0.64 up mouse 0 740 360"]
        #expect(Self.same(try Self.frame(flick, end: 4, options: scale),
                          try Self.frame(["0.1 key enter", "0.6 key right"], end: 4, options: scale)))
    }

    /// Past either end the strip stretches as the row does: 300 pt past the first page's left end
    /// (296 after the 4 pt slop) shows 296·0.55·1280/(1280 + 0.55·296) = 144.43 pt, so the blue
    /// photo's left edge, at 400 pt at rest, is at 544.43; the yellow last one's right edge, at
    /// 880, at 735.57. Released, each springs back to the frame of the view at rest.
    @Test(arguments: [1, 2])
    func theEndsRubberBandAndSpringBack(scale: Int) throws {
        let k = Double(scale), options = ["--scale", "\(scale)"]
        let pull = ["0.1 key enter", "0.6 down mouse 0 400 360", "0.7 move mouse 0 700 360"]
        let first = try Self.frame(pull, end: 0.8, options: options)
        let left = EdgeProbe(image: first, cardColor: [0, 122, 255]).verticalEdge(row: 360 * scale, near: 544.43 * k,
                                                                                   insideIsRight: true)
        let push = ["0.6 down mouse 0 880 360", "0.7 move mouse 0 580 360"]
        let last = try Self.frame(push, end: 0.8, options: options + ["--open", "6"])
        let right = EdgeProbe(image: last, cardColor: [255, 204, 0]).verticalEdge(row: 360 * scale, near: 735.57 * k,
                                                                                   insideIsRight: false)
        print("rubber band at \(scale)x: first page's left edge \(left / k) pt, last page's right edge \(right / k) pt")
        #expect(abs(left - 544.43 * k) <= 0.5 && abs(right - 735.57 * k) <= 0.5)
        #expect(Self.same(try Self.frame(pull + ["0.9 up mouse 0 700 360"], end: 3, options: options),
                          try Self.frame(["0.1 key enter"], end: 3, options: options)))
        #expect(Self.same(try Self.frame(push + ["0.9 up mouse 0 580 360"], end: 3, options: options + ["--open", "6"]),
                          try Self.frame([], end: 3, options: options + ["--open", "6"])))
    }

    /// Open, page three times (by keys, and by flicks), close: the row rests on card 3, as three →
    /// in the row leave it.
    @Test func openPageThreeTimesAndCloseLandsTheRowOnTheThirdPhoto() throws {
        let row = try Self.frame(["0.1 key right", "0.5 key right", "0.9 key right"], end: 6)
        let keys = ["0.1 key enter", "0.6 key right", "1.0 key right", "1.4 key right", "1.8 key escape"]
        #expect(Self.same(try Self.frame(keys, end: 6), row))
        var flicks = ["0.1 key enter"]
        for start in [0.6, 1.8, 3.0] {
            flicks += ["\(start) down mouse 0 900 360", "\(start + 0.01) move mouse 0 860 360",
                       "\(start + 0.02) move mouse 0 820 360", "\(start + 0.03) up mouse 0 780 360"]
        }
        #expect(Self.same(try Self.frame(flicks + ["4.5 key escape"], end: 6), row))
    }

    // MARK: Zoom and pan

    /// Six wheel notches at (200, 60), two every 50 ms (each interrupting the last), over the
    /// quadrant photo: the photo stays narrower than the window (2/3·2^(6/4) = 1.89 < 2 of its
    /// 200 pt), so it is centred in x and its left edge L gives the scale, s = (200 − L)/100;
    /// image point (100, 90) stays under the pointer, so the quadrants' horizontal boundary (image
    /// row 150) is at 60 + (150 − 90)·s. Checked in five frames, three of them mid-zoom.
    @Test(arguments: [1, 2])
    func theImagePointUnderThePointerStaysThroughAWheelSequence(scale: Int) throws {
        let folder = TemporaryDirectory()
        let deck = FullViewZoomTests.quadrantDeck(folder)
        let k = Double(scale)
        let wheel = ["0.1 key enter", "0.6 wheel 0 2 200 60", "0.65 wheel 0 2 200 60", "0.7 wheel 0 2 200 60"]
        var worst = 0.0
        for end in [0.62, 0.68, 0.74, 0.8, 1.5] {
            let due = wheel.filter { Double($0.split(separator: " ")[0])! <= end }
            let image = try Self.frame(due, end: end, size: "400 200", deck: deck, options: ["--scale", "\(scale)"])
            let row = 20 * scale
            let first = (0..<image.width).first { image.rgb($0, row) != [255, 255, 255] } ?? 0
            let left = EdgeProbe(image: image, cardColor: [255, 0, 0]).verticalEdge(row: row, near: Double(first),
                                                                                     insideIsRight: true)
            let s = (200 * k - left) / (100 * k)
            let expected = k * (60 + 60 * s)
            let column = Int((left + 200 * k) / 2)
            let measured = EdgeProbe(image: image, cardColor: [0, 255, 0]).horizontalEdge(column: column, near: expected,
                                                                                        insideIsBelow: true, span: 6)
            print("wheel at \(scale)x, \(end) s: scale \(s), boundary at \(measured) px, expected \(expected)")
            worst = max(worst, abs(measured - expected))
        }
        print("wheel sequence at \(scale)x: worst \(worst) device px")
        #expect(worst <= 0.5)
    }

    /// Zoomed eight notches at (180, 100) (scale 8/3 of the 200 × 300 photo, origin (−6⅔, −300)
    /// pt, the crossing at (260, 100)): a 200 pt/s flick left (2 pt every 10 ms for 0.1 s; 20 pt
    /// less the slop dragged) glides on v/λ = 200/(1000·ln(1/0.998)) = 99.90 pt, inside the photo's
    /// range: the crossing rests at 260 − 16 − 99.90 = 144.10. A 2000 pt/s flick right runs past
    /// the left edge, bounces and rests on it: origin x 0, the crossing at 266.67.
    @Test(arguments: [1, 2])
    func aPanFlingGlidesAndSpringsBackAtTheEdge(scale: Int) throws {
        let folder = TemporaryDirectory()
        let deck = FullViewZoomTests.quadrantDeck(folder)
        let k = Double(scale), options = ["--scale", "\(scale)"]
        var slow = ["0.1 key enter", "0.6 wheel 0 8 180 100", "1.2 down mouse 0 200 150"]
        for i in 1...10 { slow.append("\(1.2 + 0.01 * Double(i)) move mouse 0 \(200 - 2 * i) 150") }
        slow.append("1.31 up mouse 0 180 150")
        let glided = FullViewZoomTests.crossing(try Self.frame(slow, end: 5, size: "400 200", deck: deck, options: options),
                                                near: Point(144.10 * k, 100 * k), span: 8)
        var fast = ["0.1 key enter", "0.6 wheel 0 8 180 100", "1.2 down mouse 0 200 150"]
        for i in 1...5 { fast.append("\(1.2 + 0.01 * Double(i)) move mouse 0 \(200 + 20 * i) 150") }
        fast.append("1.26 up mouse 0 300 150")
        let sprung = FullViewZoomTests.crossing(try Self.frame(fast, end: 5, size: "400 200", deck: deck, options: options),
                                                near: Point(266.67 * k, 100 * k), span: 8)
        print("pan at \(scale)x: glided to \(glided), sprung back to \(sprung) px")
        #expect(abs(glided.x - 144.10 * k) <= 0.75 && abs(glided.y - 100 * k) <= 0.5)
        #expect(abs(sprung.x - 266.67 * k) <= 0.5 && abs(sprung.y - 100 * k) <= 0.5)
    }

    // MARK: --open PATH

    /// `--open PATH` opens the card whose path is PATH as given, or is the same file once both are
    /// resolved (through `..` or a link); a path not in the deck is one line and exit 2.
    @Test func openTakesAPath() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        folder.write("photos/a.png", .png, width: 60, height: 90) { _, _ in RGBA8(255, 0, 0) }
        folder.write("photos/b.png", .png, width: 60, height: 90) { _, _ in RGBA8(0, 0, 255) }
        folder.link("link.png", to: folder.path("photos/b.png").text)
        let deck = folder.path("photos").text
        let second = try Self.frame([], end: 0.5, deck: deck, options: ["--open", "1"])
        for given in ["photos/b.png", "photos/../photos/b.png", "link.png"] {
            let opened = try Self.frame([], end: 0.5, deck: deck, options: ["--open", folder.path(given).text])
            #expect(Self.same(opened, second), "\(given)")
        }
        for (source, path) in [([deck], folder.path("link.png").text + "x"), ([] as [String], folder.path("photos/a.png").text)] {
            let out = folder.path("x.png").text
            let result = try SwivelProcess.run(source + ["--open", path, "--screenshot", out],
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 2 && result.stderr == "swivel: --open \(path): not in the deck\n", "\(result.stderr)")
        }
    }
}
