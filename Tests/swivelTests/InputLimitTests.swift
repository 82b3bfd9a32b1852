import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing

/// What Swivel reads from outside has a limit, and going past it is a usage error naming it: paths
/// on standard input (64 MiB) and a recording (64 MiB, 1,000,000 lines). Endless input — /dev/zero,
/// `yes` — used to grow until the process was killed.
@Suite struct InputLimitTests {
    /// Runs the binary with standard input from `input` (a path opened read-only) and waits for it.
    static func run(_ arguments: [String], stdinFrom input: String = "/dev/null") throws -> (status: Int32, stderr: String) {
        let folder = TemporaryDirectory()
        let errors = folder.url("stderr")
        let descriptor = open(input, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let child = try ChildProcess(SwivelProcess.binary.path, arguments,
                                     environment: ["SDL_VIDEODRIVER": "offscreen", "XDG_CONFIG_HOME": SwivelProcess.noConfigHome],
                                     stderr: FilePath(errors.path), descriptors: [0: descriptor])
        #expect(child.wait(seconds: 60), "still reading after 60 s")
        let status = try #require(child.status)
        #expect(!status.signaled, "ended by signal \(status.code)")
        return (status.code, String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    @Test func endlessPathsOnStandardInputAreAUsageError() throws {
        let result = try Self.run(["-0", "-"], stdinFrom: "/dev/zero")
        #expect(result.status == 64)
        #expect(result.stderr == "swivel: standard input holds more than 64 MiB of paths, the most '-' reads\n")
    }

    @Test func anEndlessRecordingIsAUsageError() throws {
        let result = try Self.run(["--replay", "/dev/zero"])
        #expect(result.status == 64)
        #expect(result.stderr == "swivel: /dev/zero is over 64 MiB, the most a recording may hold\n")
    }

    /// 1,000,000 lines are read (a recording of comments: nothing moves); one more is refused, by
    /// its number, before the lines are split.
    @Test func aRecordingHasAtMostAMillionLines() throws {
        let folder = TemporaryDirectory()
        let most = folder.url("most.rec"), over = folder.url("over.rec"), frame = folder.url("frame.png")
        let comments = String(repeating: "#\n", count: 999_999)
        try ("swivel-recording 1\n" + comments).write(to: most, atomically: true, encoding: .utf8)
        try ("swivel-recording 1\n" + comments + "#\n").write(to: over, atomically: true, encoding: .utf8)
        let read = try Self.run(["--replay", most.path, "--screenshot", frame.path])
        #expect(read.status == 0, "\(read.stderr)")
        let refused = try Self.run(["--replay", over.path, "--screenshot", frame.path])
        #expect(refused.status == 64)
        #expect(refused.stderr == "swivel: \(over.path) line 1000001: more than 1000000 lines, the most a recording may have\n")
    }
}
