import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

extension RealWindowSuites {
    /// The real app in a real window, dragged and flung with real pointer events: in an X window
    /// (Xvfb, xdotool) and natively in a Wayland compositor (headless sway at scale 1, a virtual
    /// pointer), each test once on each; the sway ones report themselves skipped, with the reason,
    /// where sway cannot run.
    @Suite(.serialized) struct DragInRealWindowTests {
        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 7)

        @Test func draggingSlowlyMovesTheRowOneToOneInXvfb() throws { try draggingSlowlyMovesTheRowOneToOne(on: .xvfb) }
        @Test(.enabled(if: HeadlessSway.isAvailable, "needs sway, grim, wtype, wayland-scanner, libwayland-dev and cc"))
        func draggingSlowlyMovesTheRowOneToOneInSway() throws { try draggingSlowlyMovesTheRowOneToOne(on: .sway) }

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

        /// The recorded gestures so far.
        static func gestures(_ recording: URL) throws -> [RecordedFlick.Gesture] {
            RecordedFlick.gestures(in: try String(contentsOf: recording, encoding: .utf8))
        }

        /// With `--snap` a fling comes to rest on the card nearest where it would have glided to (at
        /// least the next one), not on the card nearest where the finger let go: a flick of 200 pt
        /// lets go at 196 pt, nearest card 1, and at the 1000 pt/s or more of a recorded flick would
        /// glide 500 pt or more further, so it rests on card 3 or beyond (a snap that ignored the
        /// velocity would rest on card 1). Which card comes from the recording by the rules the docs
        /// give (`RecordedFlick`), not from the app's code; the row ends at card 6.
        @Test func aFlingGlidesOnAndSnapsToTheCardItsVelocityReachesInXvfb() throws {
            try aFlingGlidesOnAndSnapsToTheCardItsVelocityReaches(on: .xvfb)
        }
        @Test(.enabled(if: HeadlessSway.isAvailable, "needs sway, grim, wtype, wayland-scanner, libwayland-dev and cc"))
        func aFlingGlidesOnAndSnapsToTheCardItsVelocityReachesInSway() throws {
            try aFlingGlidesOnAndSnapsToTheCardItsVelocityReaches(on: .sway)
        }

        func aFlingGlidesOnAndSnapsToTheCardItsVelocityReaches(on desktop: Desktop) throws {
            let folder = TemporaryDirectory()
            let recording = folder.url("fling.rec")
            let app = try LiveApp(arguments: ["--size", "1280x720", "--snap", "--record", recording.path], on: desktop)
            // A quick flick: 200 pt in six moves about 8 ms apart, released while moving. SDL stamps
            // pointer events when it reads them, once a frame, so on a loaded machine the app can see
            // a pause instead (no fling, rightly): then Home, and again, up to three flicks.
            var flick: RecordedFlick.Gesture?, justAfter: Image?, tries = 0
            while flick == nil && tries < 3 {
                tries += 1
                if tries > 1 {
                    try app.key("Home")
                    _ = try app.frameAtRest()
                }
                try app.drag(from: 1000, through: [960, 920, 880, 840, 800], pause: 0.008)
                let frame = try app.frameNow()
                #expect(try app.poll { try Self.gestures(recording).count == tries }, "the release was not recorded")
                if let last = try Self.gestures(recording).last, last.releaseVelocity >= 1000 {
                    (flick, justAfter) = (last, frame)
                }
            }
            let gesture = try #require(flick, "none of \(tries) flicks was recorded as one (1000 pt/s or more)")
            #expect(gesture.dragged == 196)
            let projected = gesture.dragged + gesture.glide
            let expected = min(6, max(Int((projected / 240).rounded()), 1))
            print("\(desktop): snap fling at \(gesture.releaseVelocity) pt/s (flick \(tries)): would glide to "
                  + "\(projected) pt, so card \(expected)")
            #expect(expected >= 3)

            // Photograph every half second until two frames in a row are the same.
            let (previous, rest, seconds) = try app.frameAtRest(from: try #require(justAfter))
            print("\(desktop): snap fling: frames stopped changing \(seconds) s after the release")
            // Rows above the pointer (and its cursor, which grim may show): the cards' upper halves.
            #expect(justAfter!.maxDifference(rest, rows: 220..<340) > 100, "the row did not keep moving after the release")
            #expect(previous.maxDifference(rest) == 0, "the row had not come to rest 15 s after the release")
            let colour = SystemColor.seedDeckColor(expected)
            #expect(rest.rgb(640, 360) == [Int(colour.r), Int(colour.g), Int(colour.b)],
                    "centre pixel \(rest.rgb(640, 360)), not card \(expected)")
            RenderedFrameTests.checkEdges(rest, layout: layout, index: expected, scroll: 240 * Double(expected))
            #expect(try app.quit() == 0)

            // The recording of that session, replayed offscreen at its end, gives the same frame.
            let replayed = folder.path("replayed.png").text
            let result = try SwivelProcess.run(["--replay", recording.path, "--snap", "--screenshot", replayed],
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 0, "\(result.stderr)")
            let difference = try Image(contentsOf: replayed).maxDifference(rest)
            #expect(difference <= 1, "replayed frame differs by \(difference)")
        }

        /// Free scrolling: a hard flick towards the end (600 pt in 30 ms) glides past card 6, the
        /// last, and springs back: the row comes to rest exactly at the end, 1440 pt, card 6 flat in
        /// the middle. A flick the app saw as a pause (see above) leaves the row inside; then
        /// another, up to three, until the recording says one carries past the end.
        @Test func aFreeFlingPastTheEndComesBackToRestAtTheEndInXvfb() throws {
            try aFreeFlingPastTheEndComesBackToRestAtTheEnd(on: .xvfb)
        }
        @Test(.enabled(if: HeadlessSway.isAvailable, "needs sway, grim, wtype, wayland-scanner, libwayland-dev and cc"))
        func aFreeFlingPastTheEndComesBackToRestAtTheEndInSway() throws {
            try aFreeFlingPastTheEndComesBackToRestAtTheEnd(on: .sway)
        }

        func aFreeFlingPastTheEndComesBackToRestAtTheEnd(on desktop: Desktop) throws {
            let folder = TemporaryDirectory()
            let recording = folder.url("free.rec")
            let app = try LiveApp(arguments: ["--size", "1280x720", "--record", recording.path], on: desktop)
            var offset = 0.0, pastTheEnd = false, justAfter: Image?, flicks = 0
            while !pastTheEnd && flicks < 3 {
                flicks += 1
                try app.drag(from: 1200, through: [1100, 1000, 900, 800, 700, 600], pause: 0.005)
                justAfter = try app.frameNow()
                #expect(try app.poll { try Self.gestures(recording).count == flicks }, "the release was not recorded")
                let gesture = try #require(try Self.gestures(recording).last)
                // Released inside the row, it glides on; past its end, it springs back to the end.
                let released = offset + gesture.dragged
                pastTheEnd = released >= 1440 || released + gesture.glide >= 1440 + 10
                print("\(desktop): flick \(flicks) released at \(released) pt, \(gesture.releaseVelocity) pt/s")
                if !pastTheEnd {
                    offset = released + gesture.glide
                    _ = try app.frameAtRest()
                }
            }
            #expect(pastTheEnd, "none of \(flicks) flicks was recorded as carrying past the end")
            let rest = try app.frameAtRest()
            #expect(justAfter!.maxDifference(rest, rows: 220..<340) > 100, "the row did not keep moving after the release")
            #expect(try app.quit() == 0)
            #expect(rest.rgb(640, 360) == [255, 204, 0], "card 6 (yellow) is not in the middle: \(rest.rgb(640, 360))")
            RenderedFrameTests.checkEdges(rest, layout: layout, index: 6, scroll: 1440)
            RenderedFrameTests.checkEdges(rest, layout: layout, index: 5, scroll: 1440)
        }

    }
}
