import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// `--replay FILE --screenshot OUT.png` renders the frame at the recording's end, the same every time.
@Suite struct ReplayTests {
    /// A fling to the left: press, six 40 pt moves 15 ms apart, release; the recording ends 0.25 s
    /// later, mid-glide.
    static let fling: String = {
        var lines = [RecordedEntry.header, "0 resize 1280 720", "0.5 down mouse 0 1000 360"]
        for step in 1...6 {
            lines.append("\(0.5 + 0.015 * Double(step)) move mouse 0 \(1000 - 40 * step) 360")
        }
        lines.append("0.6 up mouse 0 760 360")
        lines.append("0.85 end")
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func replayingAFlingTwiceGivesTheSameBytes() throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("fling.rec")
        try Self.fling.write(to: recording, atomically: true, encoding: .utf8)
        var shots: [Data] = []
        for name in ["a.png", "b.png"] {
            let out = directory.appendingPathComponent(name).path
            let result = try SwivelProcess.run(["--replay", recording.path, "--screenshot", out],
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 0, "\(result.stderr)")
            shots.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(shots[0] == shots[1])

        // And the frame is the core's answer for that moment: mid-glide, past where the finger let go.
        var controller = ScrollController(layout: CarouselLayout(viewport: Size(1280, 720), cardCount: 7))
        for entry in try RecordedEntry.parseRecording(Self.fling) {
            if case .input(let input) = entry { controller.handle(input) }
        }
        let offset = controller.offset(at: 0.85)
        #expect(offset > 240 + 50, "the row kept moving after the release (offset \(offset))")
        #expect(controller.isAnimating(at: 0.85))
        let image = try Image(contentsOf: directory.appendingPathComponent("a.png").path)
        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 7)
        let nearest = Int((offset / 240).rounded())
        RenderedFrameTests.checkEdges(image, layout: layout, index: nearest, scroll: offset)
    }

    @Test(arguments: [
        ("swivel-recording 1\n0.5 down mouse 0 nan 3\n", "line 2: x must be a finite number"),
        ("not a recording\n", "line 1: not a swivel recording"),
    ])
    func badRecordingExits64(text: String, message: String) throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.rec").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try SwivelProcess.run(["--replay", path, "--screenshot", directory.path + "/x.png"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("swivel: \(path) \(message)"), "\(result.stderr)")
        let missing = try SwivelProcess.run(["--replay", directory.path + "/none.rec"],
                                            environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("swivel: cannot read the recording"))
    }
}
