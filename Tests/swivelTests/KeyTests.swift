import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

extension RealWindowSuites {
    /// The README's key table, for the keys whose claim is more than a move of the row: Esc's order
    /// and F12's file.
    @Suite(.serialized) struct KeyTests {
        /// "Esc: close the key list, else leave fullscreen, else quit." With the key list shown and
        /// the window fullscreen, the first Esc only hides the list (still fullscreen, still running),
        /// the second only leaves fullscreen, the third quits (exit 0). On sway, whose `swaymsg` says
        /// whether the window is fullscreen (Xvfb has no window manager to ask).
        @Test(.enabled(if: HeadlessSway.isAvailable, "needs sway, grim, wtype, wayland-scanner, libwayland-dev and cc"))
        func escClosesTheKeyListThenLeavesFullscreenThenQuits() throws {
            let app = try LiveApp(arguments: [], sway: try HeadlessSway(pointWidth: 640, pointHeight: 360))
            let sway = try #require(app.sway)
            func fullscreen() throws -> Int? { try sway.window(app.window)?["fullscreen_mode"] as? Int }
            let plain = try app.screenshot()
            // The window fills the output, windowed or fullscreen, so frames of the two compare.
            // ? as typed on a US keyboard, shift + / (wtype's lone `question` keysym did not show the
            // key list: measured).
            try sway.run("wtype", ["-s", "300", "-M", "shift", "-k", "slash", "-m", "shift"])
            var withList = plain
            #expect(try app.poll { withList = try app.screenshot(); return withList.maxDifference(plain) > 100 },
                    "? did not show the key list")
            try app.key("f")
            #expect(try app.poll { try fullscreen() == 1 }, "F: not fullscreen")
            #expect(try app.screenshot().maxDifference(withList) == 0, "the key list went with F")

            try app.key("Escape")
            #expect(try app.poll { try app.screenshot().maxDifference(plain) == 0 }, "the first Esc left the key list")
            #expect(try fullscreen() == 1, "the first Esc left fullscreen")
            #expect(app.isRunning, "the first Esc quit")

            try app.key("Escape")
            #expect(try app.poll { try fullscreen() == 0 }, "the second Esc did not leave fullscreen")
            #expect(app.isRunning, "the second Esc quit")
            #expect(try app.screenshot().maxDifference(plain) == 0)

            try app.key("Escape")
            #expect(app.waitForExit(seconds: 10) == 0, "the third Esc did not quit")
        }

        /// F12 saves `swivel-DATE-TIME.png` in `$XDG_PICTURES_DIR`, DATE-TIME the local time it was
        /// taken (`YYYYMMDD-HHMMSS`), and prints its path; a second in the same second gets `-2`.
        @Test func f12SavesSwivelDateTimePNGInThePicturesFolder() throws {
            let app = try LiveApp(arguments: ["--size", "640x360"])
            func stamp(_ date: Date) -> String {
                var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
                var parts = tm()
                localtime_r(&seconds, &parts)
                return String(format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                              parts.tm_hour, parts.tm_min, parts.tm_sec)
            }
            let before = Date()
            _ = try app.screenshot()
            _ = try app.screenshot()
            let after = Date()
            #expect(try app.quit() == 0)
            let paths = app.outputLines
            #expect(paths.count == 2, "\(paths)")
            var stamps = Set<String>()
            var second = before
            while second.timeIntervalSince1970.rounded(.down) <= after.timeIntervalSince1970 {
                stamps.insert(stamp(second))
                second += 1
            }
            let first = try #require(paths.first)
            #expect(URL(fileURLWithPath: first).deletingLastPathComponent().path == app.pictures.path, "\(first)")
            let name = URL(fileURLWithPath: first).lastPathComponent
            #expect(name.count == "swivel-YYYYMMDD-HHMMSS.png".count && name.hasPrefix("swivel-") && name.hasSuffix(".png"),
                    "\(name)")
            let taken = String(name.dropFirst("swivel-".count).dropLast(".png".count))
            #expect(stamps.contains(taken), "\(name): not a time between \(stamp(before)) and \(stamp(after))")
            let next = URL(fileURLWithPath: try #require(paths.last)).lastPathComponent
            #expect(next == "swivel-\(taken)-2.png" || (next != name && stamps.contains(String(next.dropFirst(7).dropLast(4)))),
                    "the second screenshot: \(next)")
            for path in paths { #expect(FileManager.default.fileExists(atPath: path), "\(path) was not written") }
        }
    }
}
