import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// The full view through the real binary: a recording opens the centred card with Enter (and
/// closes it with Esc), and `--replay … --screenshot` takes the frame at the recording's end.
@Suite struct FullViewTests {
    /// A 1280 × 720 window of the seven colour cards with `lines` after the resize; ends at `end` s.
    static func recording(_ lines: [String], end: Double) -> String {
        ([RecordedEntry.header, "0 resize 1280 720"] + lines + ["\(end) end"]).joined(separator: "\n") + "\n"
    }

    /// The frame at the end of `recording`, as PNG bytes.
    static func frame(_ recording: String, options: [String] = []) throws -> Data {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rec = directory.appendingPathComponent("r.rec"), out = directory.appendingPathComponent("f.png").path
        try recording.write(to: rec, atomically: true, encoding: .utf8)
        let result = try SwivelProcess.run(["--cards", "7", "--replay", rec.path, "--screenshot", out] + options,
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    static func image(_ png: Data) throws -> Image {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("f.png").path
        try png.write(to: URL(fileURLWithPath: path))
        return try Image(contentsOf: path)
    }

    static let opened = recording(["0.1 key enter"], end: 1)

    /// 0.9 s after Enter (the flight takes 0.3 s) the blue first card fills its aspect-fit
    /// rectangle: a 200 × 300 card in 1280 × 720 scales by min(1280/200, 720/300) = 2.4 to
    /// 480 × 720, centred: x 400 …< 880, the whole height; square corners; the rest white.
    @Test func enterOpensTheCentredCardToItsAspectFitRectangle() throws {
        let image = try Self.image(try Self.frame(Self.opened))
        for y in [0, 1, 360, 718, 719] {
            for x in [400, 401, 640, 878, 879] { #expect(image.rgb(x, y) == [0, 122, 255], "(\(x), \(y))") }
            for x in [0, 200, 398, 399, 880, 881, 1100, 1279] { #expect(image.rgb(x, y) == [255, 255, 255], "(\(x), \(y))") }
        }
    }

    /// Mid-flight (0.15 s into 0.3 s) the frame is the same every replay, and neither end.
    @Test func aMidFlightFrameIsTheSameEveryReplay() throws {
        let mid = Self.recording(["0.1 key enter"], end: 0.25)
        let first = try Self.frame(mid), second = try Self.frame(mid)
        #expect(first == second)
        #expect(first != (try Self.frame(Self.opened)))
        #expect(first != (try Self.frame(Self.recording([], end: 0.25))))
    }

    /// Esc flies the card back: once landed the frame is the row's before opening, byte for byte.
    @Test func escapeReturnsToTheRowsFrame() throws {
        let closed = try Self.frame(Self.recording(["0.1 key enter", "1 key escape"], end: 2))
        #expect(closed == (try Self.frame(Self.recording([], end: 2))))
    }

    /// With reduced motion the card is open at once: 10 ms after Enter the frame is the open one.
    @Test func reducedMotionJumps() throws {
        let soon = try Self.frame(Self.recording(["0.1 key enter"], end: 0.11), options: ["--reduced-motion"])
        #expect(soon == (try Self.frame(Self.opened)))
    }

    /// → in the full view pages to the second card (green), which then fills the same rectangle.
    @Test func rightArrowPagesToTheNextCard() throws {
        let image = try Self.image(try Self.frame(Self.recording(["0.1 key enter", "0.6 key right"], end: 1.5)))
        for x in [400, 640, 879] { #expect(image.rgb(x, 360) == [52, 199, 89], "(\(x), 360)") }
        for x in [399, 880] { #expect(image.rgb(x, 360) == [255, 255, 255], "(\(x), 360)") }
    }

    /// Closing after paging lands in the new card's slot: the row is where → alone takes it.
    @Test func closingAfterPagingLandsInTheNewCardsSlot() throws {
        let closed = try Self.frame(Self.recording(["0.1 key enter", "0.6 key right", "1.2 key escape"], end: 2.5))
        #expect(closed == (try Self.frame(Self.recording(["0.1 key right"], end: 2.5))))
    }

    /// `--open 1` starts with the second card open: the frame is the one paging to it gives.
    @Test func openOptionStartsWithTheCardOpen() throws {
        let paged = try Self.frame(Self.recording(["0.1 key enter", "0.6 key right"], end: 1.5))
        #expect((try Self.frame(Self.recording([], end: 0.5), options: ["--open", "1"])) == paged)
    }

    /// A drag downwards released past a quarter of the window (180 pt shown, at half the pointer's
    /// 450 − slop pt) closes from where it is: the frame is the row's.
    @Test func aSwipeDownPastTheThresholdCloses() throws {
        let swipe = ["0.1 key enter", "0.6 down mouse 0 640 200", "0.7 move mouse 0 640 400", "0.8 move mouse 0 640 650",
                     "1.3 up mouse 0 640 650"]
        #expect((try Self.frame(Self.recording(swipe, end: 3))) == (try Self.frame(Self.recording([], end: 3))))
    }

    /// Released short of it (100 − slop pt down, 50 shown), held still, it springs back: the open frame.
    @Test func aShortSwipeDownSpringsBack() throws {
        let swipe = ["0.1 key enter", "0.6 down mouse 0 640 200", "0.7 move mouse 0 640 300", "1.3 up mouse 0 640 300"]
        let pulled = try Self.frame(Self.recording(swipe.dropLast(), end: 1.2))
        #expect(pulled != (try Self.frame(Self.opened)))
        #expect((try Self.frame(Self.recording(swipe, end: 3))) == (try Self.frame(Self.recording(["0.1 key enter"], end: 3))))
    }
}
