import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// The test support itself: what the other tests lean on must hold.
@Suite struct TestSupportTests {
    /// Two X servers at once get displays of their own (Xvfb chooses with `-displayfd`, and then
    /// writes no lock file), and one stopped with SIGTERM leaves no socket behind.
    @Test func virtualDisplaysAreTheirOwnAndLeaveNothingBehind() throws {
        let first = try VirtualDisplay(width: 320, height: 240), second = try VirtualDisplay(width: 320, height: 240)
        #expect(first.name != second.name)
        for display in [first, second] {
            let socket = "/tmp/.X11-unix/X\(display.number)", lock = "/tmp/.X\(display.number)-lock"
            #expect(FileManager.default.fileExists(atPath: socket), "\(display.name) is not up")
            #expect(!FileManager.default.fileExists(atPath: lock))
            // It answers on its own display.
            let info = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/xdotool"), ["getdisplaygeometry"],
                                                    environment: ["DISPLAY": display.name])
            #expect(info.stdout == "320 240\n", "\(display.name): \(info.stderr)")
            #expect(display.stop(), "\(display.name) did not end on SIGTERM")
            for file in [socket, lock] { #expect(!FileManager.default.fileExists(atPath: file), "\(file) left behind") }
        }
    }

    /// A sway that fails to start (here: no such wlroots backend) leaves neither its folder nor a
    /// process behind.
    @Test(.enabled(if: HeadlessSway.isAvailable, "needs sway, grim, wtype, wayland-scanner, libwayland-dev and cc"))
    func aSwayThatCannotStartLeavesNothingBehind() throws {
        do {
            _ = try HeadlessSway(environment: ["WLR_BACKENDS": "nonesuch"])
            Issue.record("sway started with no backend")
        } catch {
            let text = "\(error)"
            let folder = try #require(text.firstRange(of: "/tmp/swivel-sway-").map { start in
                String(text[start.lowerBound...].prefix { $0 != ":" })
            }, "\(text)")
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) left behind")
            // Its IPC socket, had it made one, would name its pid; none of this folder's runs on.
            let ours = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            let left = ours.filter { pid in
                (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.contains(folder) == true
            }
            #expect(left.isEmpty, "processes of \(folder) still run: \(left)")
        }
    }

    /// The sway folders of test runs that are gone are removed when a run starts its first sway:
    /// `swivel-sway-PID-*` whose PID has ended, and old-style `swivel-sway-XXXXXXXX` with no sway
    /// running in it; a live run's folder, and an old one whose IPC socket names a live process, stay.
    @Test func leftoverSwayFoldersAreSwept() throws {
        let tmp = TemporaryDirectory()
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let gone = ended.processIdentifier, live = getpid()
        let names = ["swivel-sway-\(gone)-aaaaaa": false, "swivel-sway-\(live)-bbbbbb": true,
                     "swivel-sway-0123abcd": false, "swivel-sway-4567cdef": true, "other-folder": true]
        for name in names.keys {
            tmp.makeDirectories(name)
            tmp.touch("\(name)/sway.log")
        }
        tmp.touch("swivel-sway-4567cdef/sway-ipc.65534.\(live).sock")
        HeadlessSway.sweep(in: tmp.path.text)
        for (name, stays) in names {
            #expect(FileManager.default.fileExists(atPath: tmp.path(name).text) == stays, "\(name)")
        }
    }

    /// Output that is not UTF-8 is kept as bytes and read with U+FFFD, never as "".
    @Test func outputThatIsNotUTF8IsNotLost() throws {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/bin/sh"),
                                                  ["-c", "printf 'caf\\351\\n'; printf '\\377\\376' >&2"])
        #expect(result.stdoutBytes == [0x63, 0x61, 0x66, 0xE9, 0x0A])
        #expect(result.stdout == "caf\u{FFFD}\n")
        #expect(result.stderrBytes == [0xFF, 0xFE])
        #expect(!result.stderr.isEmpty)
    }

    /// A temporary directory is gone, contents and all, once it is released.
    @Test func temporaryDirectoriesAreRemovedWhenReleased() throws {
        var folder: TemporaryDirectory? = TemporaryDirectory()
        let path = folder!.path
        folder!.makeDirectories("sub")
        folder!.write("sub/a.png", .png, width: 2, height: 2) { _, _ in .white }
        ImageFiles.write(folder!.path("locked"), [1, 2, 3], mode: 0)
        #expect(FileManager.default.fileExists(atPath: path.text + "/sub/a.png"))
        folder = nil
        #expect(!FileManager.default.fileExists(atPath: path.text))
    }
}
