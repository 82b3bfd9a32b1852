import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

extension RealWindowSuites {
    /// `--pick`, marks and Ctrl+C with real keys in a real window (Xvfb, xdotool; sway for the
    /// window's close): what a replay cannot show — Esc and the window's close button end a pick
    /// (a replay steers only the row and the full view), the window's title, the clipboard.
    @Suite(.serialized) struct PickWindowTests {
        /// Three photos a.png, b.png, c.png.
        static func photos() -> TemporaryDirectory {
            let folder = TemporaryDirectory()
            for (name, grey) in [("a.png", 60), ("b.png", 120), ("c.png", 180)] {
                folder.write(name, .png, width: 8, height: 12) { _, _ in RGBA8(UInt8(grey), UInt8(grey), UInt8(grey)) }
            }
            return folder
        }

        /// The window's title as `xdotool getwindowname` reads it.
        static func title(_ app: LiveApp) throws -> String {
            try app.display.xdotool(["getwindowname", app.window]).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The window's WM_NAME as xprop shows it. Under the tests' C locale SDL 2 leaves
        /// `_NET_WM_NAME` (what xdotool reads) as it was for a title with an em dash, the full
        /// view's "a — Swivel", and writes its UTF-8 bytes into WM_NAME as Latin-1: measured, it
        /// reads `a â\302\200\302\224 Swivel`. Its start says which photo is open.
        static func wmName(_ app: LiveApp) throws -> String {
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/xprop"), ["-id", app.window, "WM_NAME"],
                                                      environment: ["DISPLAY": app.display.name], timeout: 15)
            let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let open = line.firstIndex(of: "\"") else { return line }
            return String(line[line.index(after: open)...].dropLast())
        }

        /// Esc in the full view closes it (the app goes on); Esc in the row then ends the pick with
        /// nothing on standard output and status 130, as fzf's. (With --pick, F12's file name goes
        /// to stderr, so the full view is followed by the window's title, not by F12.)
        @Test func escEndsAPickWithStatus130() throws {
            let folder = Self.photos()
            let app = try LiveApp(arguments: ["--pick", "--no-thumbnail-cache", "--size", "640x360", folder.path.text])
            try app.key("space")
            #expect(try app.poll { try Self.wmName(app).hasPrefix("a ") }, "Space did not open the full view: \((try? Self.wmName(app)) ?? "")")
            try app.key("Escape")
            #expect(try app.poll { try Self.wmName(app) == "Swivel" }, "Esc did not close the full view: \((try? Self.wmName(app)) ?? "")")
            usleep(300_000)
            #expect(app.isRunning, "the first Esc ended the pick")
            try app.key("Escape")
            #expect(app.waitForExit(seconds: 10) == 130)
            #expect(app.outputBytes.isEmpty, "\(app.outputBytes)")
        }

        /// Real keys: → M (the title says "Swivel (1 marked)") → M, then Return picks the
        /// marked photos in the deck's order: b and c.
        @Test func mMarksAndReturnPicks() throws {
            let folder = Self.photos()
            let app = try LiveApp(arguments: ["--pick", "--no-thumbnail-cache", "--size", "640x360", folder.path.text])
            func title() throws -> String { try Self.title(app) }
            try app.key("End")
            try app.key("m")
            #expect(try app.poll { try title() == "Swivel (1 marked)" }, "title: \((try? title()) ?? "")")
            try app.key("Left")
            try app.key("m")
            #expect(try app.poll { try title() == "Swivel (2 marked)" }, "title: \((try? title()) ?? "")")
            try app.key("Return")
            #expect(app.waitForExit(seconds: 10) == 0, "stderr: \(app.stderr)")
            let expected = ["b.png", "c.png"].flatMap { folder.path($0).bytes + [UInt8(ascii: "\n")] }
            #expect(app.outputBytes == expected, "\(String(decoding: app.outputBytes, as: UTF8.self))")
        }

        /// `-o`: Esc quits as usual (status 0) and the marked photos' paths come out then.
        @Test func printMarkedPrintsOnEsc() throws {
            let folder = Self.photos()
            let app = try LiveApp(arguments: ["-o", "--no-thumbnail-cache", "--size", "640x360", folder.path.text])
            try app.key("End")
            try app.key("m")
            #expect(try app.poll { try Self.title(app) == "Swivel (1 marked)" })
            #expect(app.outputBytes.isEmpty, "printed before quitting")
            try app.key("Escape")
            #expect(app.waitForExit(seconds: 10) == 0)
            #expect(app.outputBytes == folder.path("c.png").bytes + [UInt8(ascii: "\n")],
                    "\(String(decoding: app.outputBytes, as: UTF8.self))")
        }

        /// The live window draws with the split programs (one per kind of pixel) and `--screenshot`
        /// with the first frame's single program; a marked card's badge comes out the same in both:
        /// F12's frame after M equals the offscreen screenshot of a replayed M, byte for byte (as
        /// the unmarked frames do).
        @Test func theBadgeIsTheSameInTheWindowAndInAScreenshot() throws {
            let app = try LiveApp(arguments: ["--cards", "7", "--size", "640x360"])
            let plain = try app.frameAtRest()
            try app.key("m")
            #expect(try app.poll { try app.screenshot().maxDifference(plain) > 0 }, "M drew no badge")
            let marked = try app.frameAtRest()
            #expect(try app.quit() == 0)
            func screenshot(_ lines: [String]) throws -> Image {
                let folder = TemporaryDirectory()
                let rec = folder.write("keys.rec", bytes: Array(([RecordedEntry.header, "0 resize 640 360"] + lines + ["1 end"])
                    .joined(separator: "\n").utf8) + [10])
                let out = folder.path("f.png").text
                let result = try SwivelProcess.run(["--cards", "7", "--size", "640x360", "--replay", rec.text, "--screenshot", out],
                                                   environment: ["SDL_VIDEODRIVER": "offscreen"])
                #expect(result.status == 0, "\(result.stderr)")
                return try Image(contentsOf: out)
            }
            #expect(try screenshot([]).maxDifference(plain) == 0, "the unmarked frames differ: nothing to compare")
            #expect(try screenshot(["0.1 key mark"]).maxDifference(marked) == 0)
        }

        static let xclip = URL(fileURLWithPath: "/usr/bin/xclip")

        /// Ctrl+C puts the centred photo's path on the clipboard (read back with xclip, byte for
        /// byte) and says so in a toast at the bottom of the window, gone again after 1.5 s.
        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: xclip.path), "needs xclip"))
        func ctrlCCopiesThePath() throws {
            let folder = Self.photos()
            let app = try LiveApp(arguments: ["--no-thumbnail-cache", "--size", "640x360", folder.path.text])
            let row = try app.frameAtRest()
            try app.key("ctrl+c")
            var toast = row
            #expect(try app.poll { toast = try app.screenshot(); return toast.maxDifference(row) > 0 }, "no toast")
            // The toast is in the bottom band of the window only.
            #expect(toast.cropped(x: 0, y: 0, width: 640, height: 250).maxDifference(row.cropped(x: 0, y: 0, width: 640, height: 250)) == 0)
            let copied = try SwivelProcess.runProgram(Self.xclip, ["-o", "-selection", "clipboard"],
                                                      environment: ["DISPLAY": app.display.name], timeout: 15)
            #expect(copied.status == 0 && copied.stdoutBytes == folder.path("a.png").bytes,
                    "\(copied.stdout) \(copied.stderr)")
            usleep(1_700_000)
            #expect(try app.frameAtRest().maxDifference(row) == 0, "the toast stayed")
            #expect(try app.quit() == 0)
        }

        /// Closing the window (sway's `kill`: the compositor asks the window to close) ends a pick
        /// with status 130 and nothing printed.
        @Test(.enabled(if: HeadlessSway.isAvailable, "needs sway, grim, wtype, wayland-scanner, libwayland-dev and cc"))
        func closingTheWindowEndsAPickWithStatus130() throws {
            let folder = Self.photos()
            let app = try LiveApp(arguments: ["--pick", "--no-thumbnail-cache", folder.path.text],
                                  sway: try HeadlessSway(pointWidth: 640, pointHeight: 360))
            let sway = try #require(app.sway)
            try app.key("m")
            _ = try sway.command("[con_id=\(app.window)] kill")
            #expect(app.waitForExit(seconds: 10) == 130)
            #expect(app.outputBytes.isEmpty)
        }
    }
}
