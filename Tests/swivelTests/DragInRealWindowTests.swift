import Foundation
import SwivelCore
import Testing

/// The real app in a real X window (Xvfb), dragged with real pointer events from xdotool, and
/// photographed with its own F12 screenshot key.
@Suite(.serialized) struct DragInRealWindowTests {
    @Test func draggingMovesTheRowOneToOne() throws {
        let display = try VirtualDisplay()
        let pictures = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: pictures) }

        let app = Process()
        app.executableURL = SwivelProcess.binary
        app.arguments = ["--size", "1280x720"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display.name
        env["SDL_VIDEODRIVER"] = nil
        env["XDG_PICTURES_DIR"] = pictures.path
        app.environment = env
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }     // SIGTERM may be masked

        let window = try display.xdotool(["search", "--sync", "--onlyvisible", "--name", "^Swivel$"])
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(!window.isEmpty)
        try display.xdotool(["windowfocus", "--sync", window])

        func screenshot() throws -> Image {
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: pictures.path))
            try display.xdotool(["key", "F12"])
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                let now = Set(try FileManager.default.contentsOfDirectory(atPath: pictures.path))
                if let new = now.subtracting(before).first {
                    usleep(200_000)     // let the writer finish the file
                    return try Image(contentsOf: pictures.appendingPathComponent(new).path)
                }
                usleep(20_000)
            }
            throw VirtualDisplay.Unavailable(description: "F12 wrote no screenshot")
        }

        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 7)
        let start = try screenshot()
        #expect(start.width == 1280 && start.height == 720)
        #expect(start.rgb(640, 360) == [0, 122, 255])          // blue, flat in the middle
        RenderedFrameTests.checkEdges(start, layout: layout, index: 0, scroll: 0)

        // Press on the green card, drag 240 pt left in steps (separate xdotool calls, so they are
        // separate moments), release.
        try display.xdotool(["mousemove", "--window", window, "900", "360", "mousedown", "1"])
        for x in stride(from: 880, through: 660, by: -20) {
            try display.xdotool(["mousemove", "--window", window, "\(x)", "360"])
        }
        try display.xdotool(["mouseup", "1"])
        let moved = try screenshot()
        #expect(moved.rgb(640, 360) == [52, 199, 89])          // green is now in the middle
        let worst = [0, 1, 2].map { RenderedFrameTests.checkEdges(moved, layout: layout, index: $0, scroll: 240) }.max()!
        print("after a 240 pt drag: largest edge error \(worst) px against the layout at scroll 240")

        // Dragging 1260 pt more, 60 past the end, stops at the last card.
        try display.xdotool(["mousemove", "--window", window, "1270", "360", "mousedown", "1"])
        for x in stride(from: 1090, through: 10, by: -180) {
            try display.xdotool(["mousemove", "--window", window, "\(x)", "360"])
        }
        try display.xdotool(["mouseup", "1"])
        let end = try screenshot()
        #expect(end.rgb(640, 360) == [255, 204, 0])            // yellow, the seventh card
        RenderedFrameTests.checkEdges(end, layout: layout, index: 6, scroll: 1440)

        try display.xdotool(["key", "Escape"])
        let deadline = Date().addingTimeInterval(10)
        while app.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!app.isRunning, "Esc did not quit")
        if !app.isRunning { #expect(app.terminationStatus == 0) }
    }
}
