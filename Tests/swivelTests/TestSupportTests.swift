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
