import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing

/// SIGTERM, SIGINT and SIGHUP end every mode with the conventional status (128 + the signal), and a
/// closed stdout or stderr never ends Swivel (SIGPIPE is ignored). The child is the real binary,
/// offscreen, started with no blocked signals and exactly the environment given here.
@Suite struct SignalTests {
    // How long the signal took to end the mode is printed, not judged: 200 ms is the aim (see
    // `TerminationSignals.grace`), but fresh-clone runs beside two busy loops measured up to 1.64 s
    // for `--soak`. A mode that ignores signals (as `--bench` and `--soak` did) runs for minutes
    // (a million frames, 600 s), so the 30 s the test waits tells the two apart.

    struct Mode: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let signal: Int32
        /// What stderr shows once the mode is in its loop (polled, not slept for).
        let ready: String
        var testDescription: String { name }
    }

    static let photos: URL = {
        let folder = TemporaryDirectory.lasting()
        let bytes = Data(ImageFiles.image(.png, width: 20, height: 30) { _, _ in [0, 120, 255] })
        try? bytes.write(to: folder.appendingPathComponent("slow.png"))
        try? Data("not an image".utf8).write(to: folder.appendingPathComponent("bad.png"))
        return folder
    }()

    static let modes: [Mode] = [
        Mode(name: "the window", arguments: [], signal: SIGTERM, ready: "startup:"),
        Mode(name: "a photo window", arguments: ["--demo"], signal: SIGHUP, ready: "startup:"),
        Mode(name: "--screenshot waiting for a photo", arguments: [photos.path, "--screenshot", "unused.png"],
             signal: SIGINT, ready: "bad.png: not an image"),
        Mode(name: "--bench", arguments: ["--bench", "--frames", "1000000"], signal: SIGTERM, ready: "startup:"),
        Mode(name: "--soak", arguments: ["--soak", "600", "--demo"], signal: SIGINT, ready: "startup:"),
    ]

    /// The runs' shared thumbnail cache, not the one in HOME.
    nonisolated(unsafe) static let cacheHome = TemporaryDirectory()

    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["SDL_VIDEODRIVER": "offscreen", "SWIVEL_STARTUP_TRACE": "1", "SWIVEL_TEST_SLOW_DECODE": "slow",
         "XDG_CONFIG_HOME": SwivelProcess.noConfigHome, "HOME": NSTemporaryDirectory(),
         "XDG_CACHE_HOME": cacheHome.path.text,
         "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].merging(extra) { $1 }
    }

    /// Polls the CPU time of `child` every half second until two half seconds in a row take 3
    /// ticks or fewer (at rest; the offscreen driver's event wait polls, 1–2 ticks a second), for
    /// up to `seconds`; whether it came to rest.
    static func waitUntilIdle(_ child: ChildProcess, seconds: Double = 60) -> Bool {
        var ticks: [Int] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && child.isRunning {
            ticks.append((try? CPUTicks.of(child.pid)) ?? -1)
            if ticks.count >= 3 && ticks[ticks.count - 1] - ticks[ticks.count - 3] <= 3 && !ticks.contains(-1) { return true }
            usleep(500_000)
        }
        return false
    }

    /// Polls `file` until it contains `text`, for up to `seconds`; whether it did.
    static func wait(for text: String, in file: URL, while child: ChildProcess, seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && child.isRunning {
            if let bytes = try? Data(contentsOf: file), String(decoding: bytes, as: UTF8.self).contains(text) { return true }
            usleep(10_000)
        }
        return false
    }

    @Test(arguments: modes)
    func aSignalEndsTheMode(_ mode: Mode) throws {
        let folder = TemporaryDirectory()
        let stderr = folder.url("stderr")
        let child = try ChildProcess(SwivelProcess.binary.path, mode.arguments, environment: Self.environment(),
                                     stderr: FilePath(stderr.path))
        #expect(Self.wait(for: mode.ready, in: stderr, while: child), "never ready: \(String(decoding: (try? Data(contentsOf: stderr)) ?? Data(), as: UTF8.self))")
        let sent = Date()
        kill(child.pid, mode.signal)
        let ended = child.wait(seconds: 30)
        let seconds = Date().timeIntervalSince(sent)
        print("\(mode.name): signal \(mode.signal) answered in \(Int(seconds * 1000)) ms")
        #expect(ended, "still running 30 s after signal \(mode.signal)")
        let status = try #require(child.status)
        #expect(!status.signaled && status.code == 128 + mode.signal, "ended with \(status)")
    }

    /// The window's loop itself ends on SIGTERM (not the waiting thread's last resort): a recording
    /// gets its closing `end` line.
    @Test func theWindowEndsItsRecordingOnSIGTERM() throws {
        let folder = TemporaryDirectory()
        let stderr = folder.url("stderr"), recording = folder.url("session.rec")
        let child = try ChildProcess(SwivelProcess.binary.path, ["--record", recording.path],
                                     environment: Self.environment(), stderr: FilePath(stderr.path))
        #expect(Self.wait(for: "startup:", in: stderr, while: child))
        kill(child.pid, SIGTERM)
        #expect(child.wait(seconds: 30))
        #expect(child.status.map { !$0.signaled && $0.code == 143 } == true, "\(String(describing: child.status))")
        let lines = String(decoding: try Data(contentsOf: recording), as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "swivel-recording 1")
        #expect(lines.last?.hasSuffix(" end") == true, "last line: \(lines.last ?? "none")")
    }

    /// `swivel DIR 2>&1 | head -c 1`: the reader has gone before the first warning is written. The
    /// warning is lost, the screenshot is still written, and the status is 0 (SIGPIPE used to end
    /// it with 141).
    @Test func aClosedPipeOnStderrEndsNothing() throws {
        let folder = TemporaryDirectory()
        let frame = folder.url("frame.png")
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let child = try ChildProcess(SwivelProcess.binary.path, [Self.photos.path, "--screenshot", frame.path],
                                     environment: Self.environment(["SWIVEL_TEST_SLOW_DECODE": "none"]),
                                     descriptors: [2: ends[1]])
        #expect(child.wait(seconds: 60))
        #expect(child.status.map { !$0.signaled && $0.code == 0 } == true, "\(String(describing: child.status))")
        #expect(try Image(contentsOf: frame.path).rgb(640, 360) == [0, 120, 255])
    }

    /// `swivel 2>&-`: with standard error closed, no file Swivel opens takes its number — the
    /// recording, opened at start, would otherwise get the warning about bad.png — and the window
    /// still ends with 143 on SIGTERM.
    @Test func aClosedStderrTakesNoFilesPlace() throws {
        let folder = TemporaryDirectory()
        let recording = folder.url("session.rec")
        let child = try ChildProcess(SwivelProcess.binary.path, [Self.photos.path, "--record", recording.path],
                                     environment: Self.environment(["SWIVEL_TEST_SLOW_DECODE": "none"]),
                                     descriptors: [2: -1])
        // The recording starts with its header. Then the app is left to come to rest (bad.png's
        // warning said, which must not land in the recording; the photos decoded and the programs
        // left for later built): a signal while the main thread is busy for over
        // `TerminationSignals.grace` ends the process from the signal thread, with no `end` line
        // (a debug build's deferred programs take about 1 s, longer with cold thumbnails).
        #expect(Self.wait(for: "swivel-recording 1", in: recording, while: child))
        #expect(Self.waitUntilIdle(child), "the app never came to rest")
        kill(child.pid, SIGTERM)
        #expect(child.wait(seconds: 30))
        #expect(child.status.map { !$0.signaled && $0.code == 143 } == true, "\(String(describing: child.status))")
        let text = String(decoding: try Data(contentsOf: recording), as: UTF8.self)
        #expect(!text.contains("swivel:"), "a warning went into the recording: \(text)")
        #expect(text.hasPrefix("swivel-recording 1\n") && text.hasSuffix(" end\n"), "the recording: \(text)")
    }
}
