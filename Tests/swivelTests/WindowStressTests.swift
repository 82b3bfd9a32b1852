import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

extension RealWindowSuites {
    /// The real app in an Xvfb window pushed around: squeezed to 1 × 1 and back, resized, fullscreen
    /// toggled 100 times, unmapped and mapped, asked to minimise. Xvfb runs no window manager, which
    /// decides what some of these can show (see each test). After each, F12's frame must have the
    /// window's size and cards exactly where the layout for that size puts them; at the end the app
    /// must be idle (no CPU time used over 3 s).
    @Suite(.serialized) struct WindowStressTests {
        static func layout(_ width: Double, _ height: Double) -> CarouselLayout {
            CarouselLayout(viewport: Size(width, height), cardCount: 7)
        }

        /// The frame is `width` × `height` and the cards whose edges are all inside it (0–2 at 1280
        /// wide) sit where the layout for that size puts them. `checkEdges` reads rows 260–460.
        static func checkFrame(_ app: LiveApp, _ width: Int, _ height: Int, timeout: TimeInterval = 10,
                               _ what: String) throws {
            precondition(height >= 660, "checkEdges reads rows 100 pt above and below the middle")
            var frame = try app.screenshot(timeout: timeout)
            // SDL without a window manager can be mid-way through a fullscreen switch when F12 comes
            // (its size then is the desktop's until the X server's answer arrives): the frame at rest,
            // a moment later, is the one that must be right (asked for every 0.3 s, up to 30 s).
            for _ in 0..<100 where frame.width != width || frame.height != height || frame.rgb(width / 2 - 95, height / 2) != [0, 122, 255] {
                usleep(300_000)
                frame = try app.screenshot(timeout: timeout)
            }
            #expect(frame.width == width && frame.height == height, "\(what): frame \(frame.width)x\(frame.height)")
            guard frame.width == width && frame.height == height else { return }
            #expect(frame.rgb(width / 2, height / 2) == [0, 122, 255], "\(what): blue is not in the middle")
            let cards = layout(Double(width), Double(height))
            let inside = (0...2).filter { index in cards.cardCorners(index, scroll: 0).allSatisfy { $0.x < Double(width) - 8 } }
            #expect(inside.count >= 2)
            let worst = inside.map {
                RenderedFrameTests.checkEdges(frame, layout: layout(Double(width), Double(height)), index: $0, scroll: 0)
            }.max()!
            print("\(what): \(width)x\(height), largest edge error \(worst) px")
        }

        /// CPU ticks (utime + stime, in clock ticks) the process has used so far.
        static func cpuTicks(_ pid: Int32) throws -> Int { try CPUTicks.of(pid) }

        static func expectIdle(_ app: LiveApp) throws {
            try app.waitUntilQuiet()
            let before = try cpuTicks(app.processIdentifier)
            usleep(3_000_000)
            let after = try cpuTicks(app.processIdentifier)
            #expect(after - before == 0, "the app used \(after - before) ticks of CPU while nothing happened")
        }

        @Test func squeezedToOnePixelAndBackAndResized() throws {
            let app = try LiveApp(arguments: ["--size", "1280x720"])
            try Self.checkFrame(app, 1280, 720, "start")
            try app.display.xdotool(["windowsize", "--sync", app.window, "1", "1"])
            let tiny = try app.screenshot()
            #expect(tiny.width == 1 && tiny.height == 1)
            try app.display.xdotool(["windowsize", "--sync", app.window, "1280", "720"])
            try Self.checkFrame(app, 1280, 720, "back from 1x1")
            // A size of its own: the layout is made again for it (the middle card stays centred).
            try app.display.xdotool(["windowsize", "--sync", app.window, "1000", "700"])
            try Self.checkFrame(app, 1000, 700, "1000x700")
            try app.display.xdotool(["windowsize", "--sync", app.window, "1280", "720"])
            try Self.checkFrame(app, 1280, 720, "1280x720 again")
            try Self.expectIdle(app)
            #expect(try app.quit() == 0)
        }

        /// Without a window manager nobody acts on SDL's fullscreen request: the X window keeps its
        /// size while SDL takes the desktop's size as the window's. Leaving fullscreen must put the
        /// app back on the real window's size (it used to stay on the desktop's, drawing a frame cut
        /// to the window). After an even number of presses the app is windowed, 1280 × 720.
        @Test func fullscreenToggledAHundredTimes() throws {
            let app = try LiveApp(arguments: ["--size", "1280x720"])
            try app.display.xdotool(["key", "f"])
            let geometry = try app.display.xdotool(["getwindowgeometry", app.window])
            #expect(geometry.contains("Geometry: 1280x720"), "the X window changed size: \(geometry)")
            let fullscreen = try app.screenshot()
            print("fullscreen without a window manager: X window 1280x720, frame \(fullscreen.width)x\(fullscreen.height)")
            try app.display.xdotool(["key", "f"])
            try Self.checkFrame(app, 1280, 720, "after 2 presses")

            // 98 more, 20 ms apart, in one xdotool call. SDL waits up to 100 ms for a window manager
            // after each, so the app works through them for a while; F12 comes after them all.
            try app.display.xdotool(["key", "--delay", "20"] + Array(repeating: "f", count: 98), timeout: 60)
            #expect(app.isRunning)
            try Self.checkFrame(app, 1280, 720, timeout: 60, "after 100 presses")
            try Self.expectIdle(app)
            #expect(try app.quit() == 0)
        }

        /// `xdotool windowminimize` asks the window manager to iconify the window; with none, nothing
        /// happens (the window stays viewable). Unmapping and mapping it again is what a bare X server
        /// can do: hidden, then shown and redrawn at its size.
        @Test func minimiseRequestAndUnmapMap() throws {
            let app = try LiveApp(arguments: ["--size", "1280x720"])
            try app.display.xdotool(["windowminimize", app.window])
            let viewable = try app.display.xdotool(["search", "--onlyvisible", "--name", "^Swivel$"])
            #expect(viewable.split(separator: "\n").map(String.init) == [app.window])
            try Self.checkFrame(app, 1280, 720, "after a minimise request")

            try app.display.xdotool(["windowunmap", "--sync", app.window])
            #expect(app.isRunning)
            try Self.expectIdle(app)                    // hidden: no frames, no spinning
            try app.display.xdotool(["windowmap", "--sync", app.window])
            try app.display.xdotool(["windowfocus", "--sync", app.window])
            try Self.checkFrame(app, 1280, 720, "mapped again")
            #expect(try app.quit() == 0)
        }
    }
}
