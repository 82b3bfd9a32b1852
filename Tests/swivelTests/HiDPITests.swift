import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// Layout in points, drawing in pixels: the same 640 × 480-point window rendered at 1 and at 2
/// pixels per point (`--scale`, offscreen), where every length in the frame must double.
@Suite struct HiDPITests {
    static func render(scale: Int, _ extra: [String], environment: [String: String] = [:]) throws -> Image {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("frame.png").path
        var env = ["SDL_VIDEODRIVER": "offscreen"]
        env.merge(environment) { $1 }
        let result = try SwivelProcess.run(["--size", "640x480", "--scale", "\(scale)", "--screenshot", path] + extra,
                                           environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        return try Image(contentsOf: path)
    }

    @Test func cardsAreWhereTheLayoutPutsThemTimesTheScale() throws {
        // --video-driver wins over SDL_VIDEODRIVER (which would fail here: no X server).
        let frame = try Self.render(scale: 2, ["--video-driver", "offscreen"],
                                    environment: ["SDL_VIDEODRIVER": "x11", "DISPLAY": ":nowhere"])
        #expect(frame.width == 1280 && frame.height == 960)
        let layout = CarouselLayout(viewport: Size(640, 480), cardCount: 7)
        let worst = RenderedFrameTests.checkEdges(frame, layout: layout, index: 0, scroll: 0, scale: 2)
        print("--scale 2: card 0's largest edge error \(worst) px")
        // The flat middle card: 200 × 300 points, 400 × 600 pixels.
        let probe = EdgeProbe(image: frame, cardColor: [0, 122, 255])
        let width = probe.verticalEdge(row: 480, near: 840, insideIsRight: false)
            - probe.verticalEdge(row: 480, near: 440, insideIsRight: true)
        let height = probe.horizontalEdge(column: 640, near: 780, insideIsBelow: false)
            - probe.horizontalEdge(column: 640, near: 180, insideIsBelow: true)
        print("--scale 2: card 0 is \(width) x \(height) px")
        #expect(abs(width - 400) <= 0.5 && abs(height - 600) <= 0.5)
    }

    @Test func captionAndHUDTextDoubleInSize() throws {
        let one = try Self.render(scale: 1, ["--demo", "--hud"]), two = try Self.render(scale: 2, ["--demo", "--hud"])
        let caption1 = try #require(one.caption(viewport: (640, 480), scale: 1))
        let caption2 = try #require(two.caption(viewport: (640, 480), scale: 2))
        let hud1 = try #require(one.hudFirstLine(scale: 1)), hud2 = try #require(two.hudFirstLine(scale: 2))
        print("caption ink \(caption1.x.count)x\(caption1.y.count) px at 1x, \(caption2.x.count)x\(caption2.y.count) at 2x; "
            + "HUD line \(hud1.x.count)x\(hud1.y.count) at 1x, \(hud2.x.count)x\(hud2.y.count) at 2x")
        // Glyphs are rasterised at the pixel size (hinting moves an edge by a pixel at most),
        // not scaled up from the 1x bitmap.
        #expect(abs(caption2.y.count - 2 * caption1.y.count) <= 2)
        #expect(abs(caption2.x.count - 2 * caption1.x.count) <= 4)
        #expect(abs(hud2.y.count - 2 * hud1.y.count) <= 2)
        #expect(abs(hud2.x.count - 2 * hud1.x.count) <= 6)
    }
}

/// Which video driver runs, and what a failing one says: one line naming the driver(s) tried and
/// why, exit status 1.
@Suite struct VideoDriverTests {
    @Test func anAskedForDriverThatCannotStartSaysWhy() throws {
        let wayland = try SwivelProcess.run(["--video-driver", "wayland"],
                                            removing: ["DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_VIDEODRIVER"])
        #expect(wayland.status == 1)
        #expect(wayland.stderr == "swivel: cannot start the video driver wayland (from --video-driver): wayland: "
            + "XDG_RUNTIME_DIR is not set, so the compositor's socket 'wayland-0' cannot be found\n")
        let x11 = try SwivelProcess.run(["--video-driver", "x11"], removing: ["DISPLAY", "SDL_VIDEODRIVER"])
        #expect(x11.status == 1)
        #expect(x11.stderr == "swivel: cannot start the video driver x11 (from --video-driver): x11: DISPLAY is not set\n")
    }

    @Test func aWaylandSessionTriesWaylandThenX11() throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // No compositor at the socket, and an X display that does not exist either.
        let result = try SwivelProcess.run([], environment: ["WAYLAND_DISPLAY": "wayland-9", "XDG_RUNTIME_DIR": directory.path,
                                                            "DISPLAY": ":987"], removing: ["SDL_VIDEODRIVER"])
        #expect(result.status == 1)
        #expect(result.stderr == "swivel: cannot start the video driver wayland, then x11 (WAYLAND_DISPLAY is set): "
            + "wayland: no Wayland compositor socket at \(directory.path)/wayland-9; x11: cannot open the X display "
            + ":987 (SDL: x11 not available)\n")
        // A socket nobody answers on: SDL tries Wayland and fails.
        let dead = try SwivelProcess.run(["--video-driver", "wayland"],
                                         environment: ["WAYLAND_DISPLAY": directory.path], removing: ["SDL_VIDEODRIVER"])
        #expect(dead.status == 1)
        #expect(dead.stderr.hasPrefix("swivel: cannot start the video driver wayland (from --video-driver): wayland: the compositor"))
        #expect(dead.stderr.split(separator: "\n").count == 1, "\(dead.stderr)")
    }

    @Test func theUsersSDLVideoDriverIsKept() throws {
        let result = try SwivelProcess.run([], environment: ["SDL_VIDEODRIVER": "nonesuch"])
        #expect(result.status == 1)
        #expect(result.stderr == "swivel: cannot start the video driver 'nonesuch' (from SDL_VIDEODRIVER): nonesuch not available\n")
    }
}
