import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

extension RealWindowSuites {
    /// The real app in a real window, dragged and flung with real pointer events: in an X window
    /// (Xvfb, xdotool) and natively in a Wayland compositor (headless sway at scale 1, a virtual
    /// pointer), each test once on each.
    @Suite(.serialized) struct DragInRealWindowTests {
        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 7)

        @Test(arguments: Desktop.available)
        func draggingSlowlyMovesTheRowOneToOne(on desktop: Desktop) throws {
            let app = try LiveApp(arguments: ["--size", "1280x720"], on: desktop)
            let start = try app.screenshot()
            #expect(start.width == 1280 && start.height == 720)
            #expect(start.rgb(640, 360) == [0, 122, 255])          // blue, flat in the middle
            RenderedFrameTests.checkEdges(start, layout: layout, index: 0, scroll: 0)

            // Press on the green card, drag 240 pt left in 20 pt steps, hold still, release: no fling.
            try app.drag(from: 900, through: Array(stride(from: 880, through: 660, by: -20)), pause: 0.01,
                         hold: 0.15)
            let moved = try app.frameAtRest()
            #expect(moved.rgb(640, 360) == [52, 199, 89])          // green is now in the middle
            // The content follows 1:1 once the pointer has moved past the mouse's 4 pt slop (no jump
            // when the drag starts, as on a phone): 240 − 4 = 236 pt.
            let worst = [0, 1, 2].map { RenderedFrameTests.checkEdges(moved, layout: layout, index: $0, scroll: 236) }.max()!
            print("\(desktop): after a 240 pt drag: largest edge error \(worst) px against the layout at scroll 236")
            #expect(try app.quit() == 0)
        }

        @Test(arguments: Desktop.available)
        func aFlingGlidesOnAndSnapsToACard(on desktop: Desktop) throws {
            let folder = TemporaryDirectory()
            let recording = folder.url("fling.rec")
            let app = try LiveApp(arguments: ["--size", "1280x720", "--snap", "--record", recording.path], on: desktop)
            // A quick flick: 200 pt in six moves about 10 ms apart, released while moving.
            try app.drag(from: 1000, through: [960, 920, 880, 840, 800], pause: 0.008)
            let justAfter = try app.frameNow()
            // Photograph every half second until two frames in a row are the same.
            let (previous, rest, seconds) = try app.frameAtRest(from: justAfter)
            print("\(desktop): snap fling: frames stopped changing \(seconds) s after the release")
            // Rows above the pointer (and its cursor, which grim may show): the cards' upper halves.
            #expect(justAfter.maxDifference(rest, rows: 220..<340) > 100, "the row did not keep moving after the release")
            #expect(previous.maxDifference(rest) == 0, "the row had not come to rest 15 s after the release")
            // At rest a card is flat in the middle: card k ≥ 1. The finger moved the row 196 pt (200
            // less the 4 pt slop), so resting on card 1 at 240 or beyond means it glided on.
            let centre = rest.rgb(640, 360)
            let k = SystemColor.seedDeck.firstIndex { [Int($0.r), Int($0.g), Int($0.b)] == centre }
            #expect(k != nil && k! >= 1, "centre pixel \(centre)")
            if let k { RenderedFrameTests.checkEdges(rest, layout: layout, index: k, scroll: 240 * Double(k)) }
            #expect(try app.quit() == 0)

            // The recording of that session, replayed offscreen at its end, gives the same frame.
            let replayed = recording.deletingLastPathComponent().appendingPathComponent("replayed.png").path
            let result = try SwivelProcess.run(["--replay", recording.path, "--snap", "--screenshot", replayed],
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 0, "\(result.stderr)")
            let difference = try Image(contentsOf: replayed).maxDifference(rest)
            #expect(difference <= 1, "replayed frame differs by \(difference)")
        }

        @Test(arguments: Desktop.available)
        func aFreeFlingComesToRestInsideTheRow(on desktop: Desktop) throws {
            let folder = TemporaryDirectory()
            let recording = folder.url("free.rec")
            let app = try LiveApp(arguments: ["--size", "1280x720", "--record", recording.path], on: desktop)
            // Hard flings towards the end, twice: the second runs into the end and bounces back.
            for _ in 0..<2 {
                try app.drag(from: 1200, through: [1100, 1000, 900, 800, 700, 600], pause: 0.005)
            }
            let justAfter = try app.frameNow()
            let rest = try app.frameAtRest()
            #expect(justAfter.maxDifference(rest, rows: 220..<340) > 100)
            #expect(try app.quit() == 0)

            // Where it came to rest, from the recording: inside 0…1440, and the frame shows exactly that.
            let text = try String(contentsOf: recording, encoding: .utf8)
            var controller = ScrollController(layout: layout)
            for entry in try RecordedEntry.parseRecording(text) {
                if case .input(let input) = entry { controller.handle(input) }
            }
            let end = try RecordedEntry.parseRecording(text).last!.time
            #expect(!controller.isAnimating(at: end))
            let offset = controller.offset(at: end)
            print("\(desktop): free fling came to rest at \(offset) pt")
            #expect(offset >= 0 && offset <= 1440)
            let nearest = Int((offset / 240).rounded())
            RenderedFrameTests.checkEdges(rest, layout: layout, index: nearest, scroll: offset,
                                          tolerance: RenderedFrameTests.recordedOffsetTolerance)
        }
    }
}
