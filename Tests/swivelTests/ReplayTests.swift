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

        // And the frame is where the docs' rules put the row at that moment, worked out by hand:
        // the press and six moves lie on one line, x = 1000 − 2666.67·(t − 0.5), so the velocity
        // tracker's fit through them gives 8000/3 pt/s exactly (the release repeats the last
        // position and adds no sample; it comes 10 ms after it, inside the 40 ms stop); the row,
        // dragged 240 pt less the 4 pt slop, lets go at 236 pt and glides on as UIScrollView's
        // friction says, x(t) = 236 + v·(1 − 0.998^(1000t)) / (1000·ln(1/0.998)), for 0.25 s: 760.5 pt,
        // still moving at v·0.998^250 = 1617 pt/s.
        let velocity = 8000.0 / 3, glide = 0.25
        let offset = 236 + velocity * (1 - pow(0.998, 1000 * glide)) / (1000 * log(1 / 0.998))
        #expect(abs(offset - 760.5) < 0.05, "\(offset)")
        let image = try Image(contentsOf: directory.appendingPathComponent("a.png").path)
        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 7)
        // Cards 2 (orange) and 3 (red, nearest the middle); the gray card 4 beside them reads 0.18
        // px off at this angle, past its 0.17 (see `RenderedFrameTests.grayEdgeTolerance`).
        let worst = [2, 3].map { RenderedFrameTests.checkEdges(image, layout: layout, index: $0, scroll: offset) }.max()!
        print("replayed fling: frame at 0.85 s against the closed form's \(offset) pt: largest edge error \(worst) px")
    }

    /// A recording that ends far off — at the largest time a Double holds, 1.8e308 s in round
    /// figures — finishes once its motion is over (the clock goes straight on to the end: 0.74 s
    /// here in a debug build, where stepping every 1/120 s to 1e9 s alone took minutes) and draws
    /// the frame the same recording ending at 2 s draws. The ceiling is a minute a run.
    @Test func aFarEndFinishesWithTheSameFrame() throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var shots: [Data] = []
        for (name, end) in [("near", "2"), ("far", "1.7976931348623157e308")] {
            let recording = directory.appendingPathComponent("\(name).rec")
            try [RecordedEntry.header, "0 resize 1280 720", "0.5 key right", "\(end) end", ""].joined(separator: "\n")
                .write(to: recording, atomically: true, encoding: .utf8)
            let out = directory.appendingPathComponent("\(name).png").path
            let result = try SwivelProcess.run(["--replay", recording.path, "--screenshot", out],
                                               environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            shots.append((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data())
        }
        #expect(!shots[0].isEmpty && shots[0] == shots[1])
    }

    @Test(arguments: [
        ("swivel-recording 1\n0.5 down mouse 0 nan 3\n", "line 2: x must be a finite number"),
        ("not a recording\n", "line 1: not a swivel recording"),
        ("swivel-recording 1\n0 resize 1280 720\n1 resize 20000 300\n1.5 end\n",
         "line 3: a window is at most 16384x16384 points (got 20000x300)\n"),
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
