import Foundation
import SwivelTestSupport
import Testing

/// The real binary's command line: help, version, and bad usage.
@Suite struct CommandLineTests {
    @Test func help() throws {
        let result = try SwivelProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: swivel [options]"))
        for option in ["--size WxH", "--cards N", "--scroll X", "--screenshot FILE.png", "--help", "--version", "Esc",
                       "--card WxH", "--spacing PT", "--corner-radius PT", "--shadow-radius PT",
                       "--shadow-opacity A", "--degrees-per-point D", "--perspective P", "--background COLOUR",
                       "--fullscreen", "--preset NAME", "--recursive", "--demo", "--texture-budget MB",
                       "--no-captions", "--bench", "--frames F", "--images DIR", "--bench-help", "--hud",
                       "--reduced-motion", "--config FILE", "--no-config", "--snap", "--deceleration R",
                       "--record FILE", "--replay FILE", "--soak MINUTES", "--soak-render-every K", "--seed S",
                       "F or F11", "F12", "\n  H ", "\n  ? "] {
            #expect(result.stdout.contains(option), "help lacks \(option)")
        }
        #expect(result.stderr.isEmpty)
    }

    @Test func version() throws {
        let result = try SwivelProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "swivel 0.1.0\n")
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--size", "12x"], "--size wants WIDTHxHEIGHT"),
        (["--size=0x100"], "--size wants WIDTHxHEIGHT"),
        (["--cards", "0"], "--cards wants a whole number"),
        (["--cards", "seven"], "--cards wants a whole number"),
        (["--scroll", "nan"], "--scroll wants a number"),
        (["--scroll"], "--scroll needs a value"),
        (["--screenshot", "out.jpg"], "--screenshot wants a file name ending in .png"),
        (["photos", "--demo"], "--demo shows the built-in deck; it cannot go with photo paths (got 'photos')"),
        (["--spacing", "-1"], "--spacing wants a number of points from 0 to 10000 (got '-1')"),
        (["--size", "16384x16384", "--scale", "4"],
         "--size 16384x16384 at --scale 4 is 65536x65536 pixels, more than the 16384 a side a window can have (see 'swivel --help')\n"),
    ])
    func badUsageExits64WithOneLine(arguments: [String], message: String) throws {
        let result = try SwivelProcess.run(arguments, environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("swivel: " + message), "stderr: \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func noDisplaySaysHowToRunHeadless() throws {
        let result = try SwivelProcess.run([], removing: ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("SDL_VIDEODRIVER=offscreen"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "stderr: \(result.stderr)")
    }

    @Test func unwritableScreenshotIsARuntimeFailure() throws {
        let result = try SwivelProcess.run(["--screenshot", "/nonexistent-dir/x.png"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("swivel: cannot write /nonexistent-dir/x.png"))
    }

    @Test func contextBelowThreePointThreeIsRefusedClearly() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("never-written.png").text
        // Mesa can be told to offer no more than OpenGL 3.1.
        let result = try SwivelProcess.run(["--screenshot", png],
                                           environment: ["SDL_VIDEODRIVER": "offscreen",
                                                         "MESA_GL_VERSION_OVERRIDE": "3.1"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("swivel: cannot create an OpenGL 3.3 core context"))
        #expect(!FileManager.default.fileExists(atPath: png))
    }
}
