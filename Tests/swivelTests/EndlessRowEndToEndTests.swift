import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// `--loop` and `--slideshow` through the real binary: replayed, screenshotted, and the centred
/// card read off the middle pixel (`--cards 5`: blue, green, orange, red, gray, the seed's colours).
@Suite struct EndlessRowEndToEndTests {
    static let colours: [[Int]] = [[0, 122, 255], [52, 199, 89], [255, 149, 0], [255, 59, 48], [142, 142, 147]]

    /// The card in the middle of the frame that `arguments` and `recording` end on.
    static func centredCard(_ arguments: [String], recording: String) throws -> Int? {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.rec").path
        try recording.write(toFile: path, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("shot.png").path
        let result = try SwivelProcess.run(["--cards", "5", "--size", "960x600", "--replay", path, "--screenshot", out]
                                           + arguments, environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try Image(contentsOf: out)
        let middle = image.rgb(image.width / 2, image.height / 2)
        return colours.firstIndex { zip($0, middle).allSatisfy { abs($0 - $1) <= 2 } }
    }

    /// A fling to the right from card 0: press at x = 240, twelve 40 pt moves 8 ms apart, release.
    /// The tracker's fit through points on one line gives 5000 pt/s; the row lets go 480 − 4 (the
    /// slop) = 476 pt back and, as UIScrollView's friction says, would glide on
    /// 5000 / (1000·ln(1/0.998)) = 2497.5 pt: to −2973.5 pt, slot −12.39, so it snaps to slot −12:
    /// card −12 mod 5 = 3 (red). A straight row bounces off its start and rests on card 0 (blue).
    static let flingAcrossTheSeam: String = {
        var lines = [RecordedEntry.header, "0 resize 960 600", "0.5 down mouse 0 240 300"]
        for step in 1...12 { lines.append("\(0.5 + 0.008 * Double(step)) move mouse 0 \(240 + 40 * step) 300") }
        lines.append("0.596 up mouse 0 720 300")
        lines.append("8 end")
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func aFlingAcrossTheSeamRestsWhereTheUnwrappedFlingWould() throws {
        let rest = -476 - 5000 / (1000 * log(1 / 0.998))
        #expect(abs(rest / 240 + 12.39) < 0.01, "\(rest / 240)")
        #expect(try Self.centredCard(["--loop", "--snap"], recording: Self.flingAcrossTheSeam) == 3)
        #expect(try Self.centredCard(["--snap"], recording: Self.flingAcrossTheSeam) == 0)
    }

    /// `--slideshow 0.5`: card k comes to rest at 0.65·k s (0.5 s shown, then the 0.15 s eased
    /// move: `GestureConstants.easeDuration`) and leaves at 0.65·k + 0.5 s. At the end (card 4,
    /// reached at 2.6 s) it stops; with --loop card 0 follows at 3.25 s.
    @Test(arguments: [(0.25, 0), (0.9, 1), (1.55, 2), (2.2, 3), (2.85, 4), (3.5, 4)])
    func theSlideshowMovesOnEveryIntervalAndStops(time: Double, card: Int) throws {
        let recording = RecordedEntry.header + "\n0 resize 960 600\n\(time) end\n"
        #expect(try Self.centredCard(["--slideshow", "0.5"], recording: recording) == card)
    }

    @Test(arguments: [(3.5, 0), (4.15, 1)])
    func theLoopingSlideshowGoesOnFromTheLastCardToTheFirst(time: Double, card: Int) throws {
        let recording = RecordedEntry.header + "\n0 resize 960 600\n\(time) end\n"
        #expect(try Self.centredCard(["--slideshow", "0.5", "--loop"], recording: recording) == card)
    }

    /// With a card open the show pages the full view, on the same clock (the page keys' eased
    /// move); with --loop, past the last page it goes back to the first (Home).
    @Test(arguments: [([String](), 1.55, 2), ([], 3.5, 4), (["--loop"], 3.5, 0)])
    func theSlideshowPagesTheFullView(extra: [String], time: Double, card: Int) throws {
        let recording = RecordedEntry.header + "\n0 resize 960 600\n\(time) end\n"
        #expect(try Self.centredCard(["--open", "0", "--slideshow", "0.5"] + extra, recording: recording) == card)
    }

    /// S in a recording: it stops a running show before its first step, or starts one of 4 s
    /// (`Slideshow.standardInterval`) that counts from the key: card 1 from 4.3 s.
    @Test(arguments: [(["--slideshow", "0.5"], 1.55, 0), ([], 4.0, 0), ([], 4.6, 1)])
    func theKeyStartsAndStopsTheSlideshow(arguments: [String], time: Double, card: Int) throws {
        let recording = RecordedEntry.header + "\n0 resize 960 600\n0.3 key slideshow\n\(time) end\n"
        #expect(try Self.centredCard(arguments, recording: recording) == card)
    }

    /// Photos across the seam: 40 one-colour photos, `--loop --scroll -240` centres slot −1, the
    /// last photo (p39, yellow), with p00 (slot 0, red) to its right and p38 (slot −2, blue) to its
    /// left, all decoded (the screenshot waits for every visible card's photo; the last ones, far
    /// from the first in a straight row, would never be asked for and stay grey).
    @Test func photosAcrossTheSeamAreDecodedAndDrawn() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        let colours: [[UInt8]] = (0..<40).map { i in
            i == 0 ? [255, 0, 0] : i == 38 ? [0, 0, 255] : i == 39 ? [255, 255, 0] : [0, 200, 0]
        }
        for (i, colour) in colours.enumerated() {
            let name = i < 10 ? "p0\(i)" : "p\(i)"
            ImageFiles.write(folder.path("photos/\(name).png"), ImageFiles.image(.png, width: 200, height: 300) { _, _ in colour })
        }
        let png = folder.path("frame.png").text
        let result = try SwivelProcess.run([folder.path("photos").text, "--loop", "--scroll", "-240", "--no-captions",
                                            "--size", "960x600", "--screenshot", png],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("still loading"), "\(result.stderr)")
        let frame = try Image(contentsOf: png)
        // The middle card, and the middle of the cards 240 pt either side (turned ±12°).
        for (x, expected) in [(480, 39), (720, 0), (240, 38)] {
            let pixel = frame.rgb(x * frame.width / 960, frame.height / 2)
            #expect(zip(pixel, colours[expected]).allSatisfy { abs($0 - Int($1)) <= 2 }, "at \(x): \(pixel)")
        }
    }

    /// The live frame loop, in the real binary: it steps the show, and between steps it sleeps (no
    /// frame drawn, next to no CPU: a loop that spun until the step was due would use the whole
    /// second measured). A 4 s show: the second measured starts 0.4 s after the frame log shows
    /// the first step (the 0.15 s eased move is over) and ends 2.6 s before the next step is due,
    /// room for a loaded machine's late reading of the log.
    @Test func theLiveLoopStepsAndSleepsBetweenSteps() throws {
        let app = try RunningSwivel(["--cards", "5", "--size", "960x600", "--slideshow", "4", "--loop"])
        defer { app.stop() }
        #expect(app.waitFor(timeout: 30) { $0.last?.centre == 1 }, "\(app.stderr)")
        usleep(400_000)    // the 0.15 s eased move is over
        let (cpuBefore, framesBefore) = (try Self.cpuSeconds(app.pid), app.frames.count)
        usleep(1_000_000)
        let cpu = try Self.cpuSeconds(app.pid) - cpuBefore
        let frames = app.frames
        print("slideshow at rest: \(cpu) s of CPU in 1 s, \(frames.count - framesBefore) frames")
        #expect(cpu < 0.15)
        #expect(frames.count == framesBefore, "\(frames.suffix(3).map(\.centre))")
        #expect(app.waitFor(timeout: 30) { $0.last?.centre == 2 })
    }

    /// User and system CPU time of process `pid` so far (/proc/PID/stat fields 14 and 15, in clock ticks).
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.lastIndex(of: ")")!...].split(separator: " ")
        // Field 3 (state) is fields[1] here; utime and stime are fields 14 and 15.
        return (Double(fields[12])! + Double(fields[13])!) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Input pauses it: a key at 0.3 s (Page Up at the first card: nothing moves) puts the first
    /// step at 0.8 s rather than 0.5 s, so at 0.7 s card 0 is still centred, at 1.1 s card 1.
    @Test(arguments: [(0.7, 0), (1.1, 1)])
    func inputPausesTheSlideshow(time: Double, card: Int) throws {
        let recording = RecordedEntry.header + "\n0 resize 960 600\n0.3 key pageUp\n\(time) end\n"
        #expect(try Self.centredCard(["--slideshow", "0.5"], recording: recording) == card)
    }
}
