import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

extension RealWindowSuites {
    /// The real app natively on Wayland, in a headless sway whose one output is 640 × 360 points at
    /// scale 1 (640 × 360 pixels) and at scale 2 (1280 × 720 pixels). The app runs with no DISPLAY and
    /// sway has no XWayland, so a window can only be native. Keys come from wtype, the pointer from a
    /// virtual pointer, frames from the app's F12 and from grim (what the compositor shows).
    @Suite(.serialized, .enabled(if: HeadlessSway.isAvailable,
                                 "needs sway, grim, wtype, wayland-scanner, libwayland-dev and cc (make test installs them)"))
    struct WaylandTests {
        let layout = CarouselLayout(viewport: Size(640, 360), cardCount: 7)

        static func start(scale: Int, _ arguments: [String] = []) throws -> LiveApp {
            let sway = try HeadlessSway(pointWidth: 640, pointHeight: 360, scale: scale)
            return try LiveApp(arguments: arguments, sway: sway)
        }

        /// docs/design.md's figure for card 0's edges here, in pixels (measured 0.064 at scale 1 and
        /// 0.039 at scale 2); the offscreen frames are held to `RenderedFrameTests.edgeTolerance`.
        static let edgeTolerance = 0.07

        /// Native, laid out in points and drawn in pixels: the frame is the output's pixel size, card
        /// edges are the projected corners × scale, and the compositor shows the app's pixels as they
        /// are (grim's picture of the output is the app's own frame, byte for byte: nothing was
        /// scaled). `--scale` is for X11 and offscreen: on Wayland it is ignored with a warning.
        @Test(arguments: [1, 2])
        func opensNativelyAndDrawsEveryPointAsScalePixels(scale: Int) throws {
            let app = try Self.start(scale: scale, ["--scale", "3"])
            let sway = try #require(app.sway)
            let node = try #require(try sway.focusedWindow())
            #expect(node["shell"] as? String == "xdg_shell", "window shell \(node["shell"] ?? "none")")
            let frame = try app.screenshot()
            #expect(frame.width == 640 * scale && frame.height == 360 * scale, "frame \(frame.width)x\(frame.height)")
            // Card 1 runs off the right edge of a 640-point window; card 0 is whole.
            let worst = RenderedFrameTests.checkEdges(frame, layout: layout, index: 0, scroll: 0, scale: Double(scale),
                                                      tolerance: Self.edgeTolerance)
            let probe = EdgeProbe(image: frame, cardColor: [0, 122, 255])
            let width = probe.verticalEdge(row: 180 * scale, near: Double(420 * scale), insideIsRight: false)
                - probe.verticalEdge(row: 180 * scale, near: Double(220 * scale), insideIsRight: true)
            print("wayland scale \(scale): frame \(frame.width)x\(frame.height), card 0 \(width) px wide, "
                + "largest edge error \(worst) px")
            #expect(abs(width - Double(200 * scale)) <= 0.5)
            #expect(app.stderr == "swivel: --scale is not used on Wayland, where the compositor sets the scale\n")
            let shown = try sway.grim()
            let difference = shown.maxDifference(frame)
            print("wayland scale \(scale): grim's output differs from the app's frame by \(difference)")
            #expect(difference == 0)
            #expect(try app.quit() == 0)
        }

        /// Captions and the HUD are rasterised at the pixel size: at scale 2 their glyphs are twice as
        /// tall in pixels as at scale 1 (the same text, in points, in the same 640 × 360 window). The
        /// heights are docs/design.md's: the caption's ink 11 → 22 px, the HUD's first line 13 → 25
        /// (DejaVu Sans, hinted at each pixel size, so not exactly twice).
        @Test func captionAndHUDGlyphsAreTwiceAsTallAtScale2() throws {
            var captions: [Int] = [], huds: [Int] = []
            for scale in [1, 2] {
                let app = try Self.start(scale: scale, ["--demo", "--hud", "--card", "140x210"])
                // The photos decode and fade in (below the HUD, whose graph moves with every frame).
                let frame = try app.frameAtRest(rows: 100 * scale..<360 * scale)
                let caption = try #require(frame.caption(viewport: (640, 360), cardHeight: 210, scale: scale))
                let hud = try #require(frame.hudFirstLine(scale: scale))
                captions.append(caption.y.count)
                huds.append(hud.y.count)
                #expect(try app.quit() == 0)
            }
            print("wayland: caption ink \(captions[0]) px tall at scale 1, \(captions[1]) at 2; HUD line \(huds[0]), \(huds[1])")
            #expect(captions == [11, 22])
            #expect(huds == [13, 25])
        }

        /// → moves one card, End goes to the last, H shows the HUD, F makes sway put the window
        /// fullscreen (and F again takes it back).
        @Test(arguments: [1, 2])
        func keysWork(scale: Int) throws {
            let app = try Self.start(scale: scale)
            let sway = try #require(app.sway)
            let middle = (320 * scale, 180 * scale)
            try app.key("Right")
            #expect(try app.frameAtRest().rgb(middle.0, middle.1) == [52, 199, 89], "→: green is not in the middle")
            try app.key("End")
            let end = try app.frameAtRest()
            #expect(end.rgb(middle.0, middle.1) == [255, 204, 0], "End: yellow (the seventh card) is not in the middle")
            #expect(end.rgb(14 * scale, 14 * scale)[0] > 200)     // background (under a trace of shadow)
            try app.key("h")
            let hud = try app.screenshot()
            let panel = hud.rgb(14 * scale, 14 * scale)
            #expect(panel[0] < 120 && panel[0] == panel[1] && panel[1] == panel[2], "H: no HUD panel (\(panel))")
            try app.key("f")
            #expect(try app.poll { try sway.focusedWindow()?["fullscreen_mode"] as? Int == 1 }, "F: not fullscreen")
            try app.key("f")
            #expect(try app.poll { try sway.focusedWindow()?["fullscreen_mode"] as? Int == 0 }, "F again: still fullscreen")
            #expect(try app.quit() == 0)
        }

        /// The Wayland side of `WindowStressTests.fullscreenToggledAHundredTimes`: F pressed 100
        /// times, 20 ms apart (sway configures the window each time); the app ends windowed, drawing
        /// the window's size with the cards where the layout puts them, and then idles (no CPU over 3 s).
        @Test func fullscreenToggledAHundredTimesAtScale2() throws {
            let app = try Self.start(scale: 2)
            let sway = try #require(app.sway)
            // 99 presses end fullscreen (so they all arrived, as far as parity tells), the 100th windowed.
            try sway.keys(Array(repeating: "f", count: 99), delay: 20)
            // The app handles its events in order: once F12's file is written, it has worked through
            // the 99 presses before it; then sway says fullscreen.
            _ = try app.screenshot(timeout: 30)
            func fullscreen() throws -> Int? { try sway.focusedWindow()?["fullscreen_mode"] as? Int }
            #expect(try app.poll { try fullscreen() == 1 }, "not fullscreen after 99 presses")
            #expect(app.isRunning)
            try app.key("f")
            #expect(try app.poll { try fullscreen() == 0 }, "fullscreen after 100 presses")
            let frame = try app.screenshot(timeout: 30)
            #expect(frame.width == 1280 && frame.height == 720, "frame \(frame.width)x\(frame.height)")
            let worst = RenderedFrameTests.checkEdges(frame, layout: layout, index: 0, scroll: 0, scale: 2)
            print("wayland scale 2: after 100 fullscreen switches, card 0's largest edge error \(worst) px")
            try WindowStressTests.expectIdle(app)
            #expect(try app.quit() == 0)
        }

        /// A slow drag moves the row 1:1 in points (less the 4-point slop); a flick glides on after
        /// the release and comes to rest where its recorded input says, drawn there. Where that is
        /// comes from the recording by the rules the docs give (`RecordedFlick`), not from the app's
        /// `ScrollController`: the slow drag leaves the row at 120 − 4 = 116 pt, a flick of 200 pt
        /// lets go at 116 + 200 − 4 = 312 pt (docs/design.md's figure), and the row then rests
        /// v / λ further on, v the release velocity of the recorded samples.
        @Test(arguments: [1, 2])
        func aDragMovesOneToOneAndAFlickGlides(scale: Int) throws {
            let folder = TemporaryDirectory()
            let recording = folder.url("session.rec")
            let app = try Self.start(scale: scale, ["--record", recording.path, "--cards", "20"])
            let s = Double(scale)
            try app.drag(from: 450, through: Array(stride(from: 440, through: 330, by: -10)), y: 180, pause: 0.01, hold: 0.15)
            let moved = try app.frameAtRest()
            let worst = [0, 1].map { RenderedFrameTests.checkEdges(moved, layout: layout, index: $0, scroll: 116, scale: s) }.max()!
            print("wayland scale \(scale): after a 120 pt drag, largest edge error \(worst) px against scroll 116")

            // A flick: 200 pt in five moves 8 ms apart, released while moving. SDL stamps pointer
            // events when it reads them, once a frame, so on a busy machine a frame that runs long
            // can make the last moves look like a pause, which rightly ends without a fling: up to
            // three flicks, until the recording (written as the app reads each event) holds one
            // whose release flings. Rows above the pointer and its cursor (grim may show it) are
            // compared: the cards' upper halves.
            func gestures() throws -> [RecordedFlick.Gesture] {
                RecordedFlick.gestures(in: try String(contentsOf: recording, encoding: .utf8))
            }
            let rows = 40 * scale..<165 * scale
            var flung = false, kept = false, flicks = 0
            while !flung && flicks < 3 {
                flicks += 1
                try app.drag(from: 520, through: [480, 440, 400, 360, 320], y: 180, pause: 0.008)
                let justAfter = try app.frameNow()
                // The app has read the release (it reads events once a frame).
                #expect(try app.poll { try gestures().count == 1 + flicks }, "the release was not recorded")
                flung = try gestures().last?.glide ?? 0 > 50
                if flung {
                    kept = try app.poll(limit: 3) { justAfter.maxDifference(try app.frameNow(), rows: rows) > 100 }
                } else {
                    _ = try app.frameAtRest()
                }
            }
            #expect(kept, "the row did not keep moving after the release")
            print("wayland scale \(scale): \(flicks) flick(s) until one flung")
            #expect(flung, "none of \(flicks) flicks was recorded as a flick")
            // Photograph every half second until two frames in a row are the same.
            let (_, rest, _) = try app.frameAtRest(from: try app.screenshot())
            #expect(try app.quit() == 0)

            // The row, gesture by gesture: each drag adds what the pointer dragged, each fling its glide.
            let all = try gestures()
            #expect(all.count == 1 + flicks)
            #expect(all[0].dragged == 116 && all[0].releaseVelocity == 0, "the slow drag: \(all[0].dragged) pt")
            var offset = 0.0, atRelease = 0.0
            for (index, gesture) in all.enumerated() {
                if index > 0 { #expect(gesture.dragged == 196, "a flick dragged \(gesture.dragged) pt") }
                atRelease = offset + gesture.dragged
                offset = atRelease + gesture.glide
            }
            print("wayland scale \(scale): flick released at \(atRelease) pt, came to rest at \(offset) pt")
            #expect(atRelease == 116 + 196 * Double(flicks))
            #expect(offset - atRelease > 50, "the last flick did not glide on")
            #expect(offset < 19 * 240, "past the row's end, where the closed form does not hold: \(offset) pt")
            let nearest = Int((offset / 240).rounded())
            RenderedFrameTests.checkEdges(rest, layout: layout, index: nearest, scroll: offset, scale: s,
                                          tolerance: RenderedFrameTests.recordedOffsetTolerance)
        }

        /// sway resizes the window (floating, 600 × 340 points): the app lays out for the new size.
        @Test(arguments: [1, 2])
        func aResizeByTheCompositorLaysOutAgain(scale: Int) throws {
            let app = try Self.start(scale: scale)
            let sway = try #require(app.sway)
            // Asked again each second until the frame has the new size: at scale 2 a resize sent
            // right after start-up was lost in 3 of 6 runs (before any change of this suite's
            // code), the window keeping its first size for the whole 10 s.
            let resize = "[con_id=\(app.window)] floating enable, resize set width 600 px height 340 px"
            try sway.command(resize)
            var frame = try app.screenshot()
            var asked = Date()
            _ = try app.poll {
                frame = try app.screenshot()
                if frame.width != 600 * scale && Date().timeIntervalSince(asked) > 1 {
                    try sway.command(resize)
                    asked = Date()
                }
                return frame.width == 600 * scale
            }
            #expect(frame.width == 600 * scale && frame.height == 340 * scale, "frame \(frame.width)x\(frame.height)")
            guard frame.width == 600 * scale else { return }
            let resized = CarouselLayout(viewport: Size(600, 340), cardCount: 7)
            let worst = RenderedFrameTests.checkEdges(frame, layout: resized, index: 0, scroll: 0, scale: Double(scale))
            print("wayland scale \(scale): resized to 600x340 pt, card 0's largest edge error \(worst) px")
            #expect(try app.quit() == 0)
        }

        /// Sent to another workspace in the middle of a fling, the window gets no frame callbacks. The
        /// app must neither hang nor spin: almost no CPU while hidden (< 0.1 s over 10 s), SIGTERM
        /// answered (within 5 s: a hung loop never answers; a debug build beside two busy loops took
        /// 1.003 s once), and on coming back the compositor shows the frame where the fling
        /// came to rest (the frame it would draw now, F12).
        @Test(arguments: [1, 2])
        func hiddenInTheMiddleOfAFlingItIdlesAndComesBackRight(scale: Int) throws {
            let app = try Self.start(scale: scale, ["--cards", "1000"])
            let sway = try #require(app.sway)
            // A hard flick: it glides for seconds after the window is hidden.
            try app.drag(from: 630, through: [600, 540, 460, 380, 300, 220, 140, 60], y: 180, pause: 0.01)
            try sway.command("[con_id=\(app.window)] move container to workspace 2")
            let before = try WindowStressTests.cpuTicks(app.processIdentifier)
            let beforeHiding = try sway.grim()
            usleep(10_000_000)
            let ticks = try WindowStressTests.cpuTicks(app.processIdentifier) - before
            let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
            print("wayland scale \(scale): \(Double(ticks) / hertz) CPU-s in 10 s on a hidden workspace")
            #expect(Double(ticks) / hertz < 0.1)
            #expect(app.isRunning)

            try sway.command("workspace 2")
            // What the compositor shows once its picture stops changing (grim, not F12: F12 would draw
            // a new frame); then the frame the app would draw now (F12).
            var shown = try sway.grim()
            _ = try app.poll(limit: 5) {
                usleep(100_000)
                let next = try sway.grim()
                defer { shown = next }
                return next.maxDifference(shown) == 0
            }
            let now = try app.screenshot()
            let stale = shown.maxDifference(beforeHiding), wrong = shown.maxDifference(now)
            print("wayland scale \(scale): back on screen, the compositor's frame differs from the one before hiding "
                + "by \(stale) and from the app's current frame by \(wrong)")
            #expect(stale > 100, "the frame from before hiding is still shown")
            #expect(wrong <= 2)

            // Hidden again while moving, then SIGTERM.
            try app.drag(from: 600, through: [560, 500, 420, 340, 260, 180], y: 180, pause: 0.01)
            try sway.command("[con_id=\(app.window)] move container to workspace 3")
            #expect(try app.poll { try sway.window(app.window)?["visible"] as? Bool == false }, "still visible")
            let blocked = try String(contentsOfFile: "/proc/\(app.processIdentifier)/status", encoding: .utf8)
                .split(separator: "\n").first { $0.hasPrefix("SigBlk:") } ?? ""
            let start = Date()
            kill(app.processIdentifier, SIGTERM)
            let status = app.waitForExit(seconds: 5)
            print("wayland scale \(scale): SIGTERM while hidden answered in \(Date().timeIntervalSince(start)) s (\(blocked))")
            #expect(status == 128 + SIGTERM, "no exit with SIGTERM's status (143) within 5 s of SIGTERM")
        }
    }
}
