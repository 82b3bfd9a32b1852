import Foundation

/// What a program run by `SwivelProcess` did: its exit status and its output as bytes.
public struct ProcessResult: Sendable {
    public var status: Int32
    /// Standard output and error exactly as written.
    public var stdoutBytes: [UInt8]
    public var stderrBytes: [UInt8]
    /// Whether a signal ended it (a crash, or the timeout's SIGKILL) rather than exit(3).
    public var signaled = false

    /// Standard output as text; bytes that are not UTF-8 become U+FFFD, so output that is not
    /// UTF-8 is never read as "" (an `isEmpty` check cannot pass on it).
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    /// Standard error as text, decoded as `stdout` is.
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }

    public init(status: Int32, stdoutBytes: [UInt8], stderrBytes: [UInt8], signaled: Bool = false) {
        (self.status, self.stdoutBytes, self.stderrBytes, self.signaled) = (status, stdoutBytes, stderrBytes, signaled)
    }
}

/// Runs the real `swivel` binary (built next to the test bundle) and other programs.
public enum SwivelProcess {
    /// The `swivel` executable that `swift build --build-tests` put beside this test bundle.
    public static var binary: URL {
        TestCensus.noteBinaryStarted()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ].map { $0.appendingPathComponent("swivel") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs `swivel` with `arguments` and the given extra environment, waiting at most `timeout` s.
    /// `input` becomes its standard input (else /dev/null).
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           removing: [String] = [], input: [UInt8]? = nil, timeout: TimeInterval = 60) throws -> ProcessResult {
        try runProgram(binary, arguments, environment: environment, removing: removing, input: input, timeout: timeout)
    }

    /// An XDG_CONFIG_HOME with no swivel/config in it.
    public static let noConfigHome = "/nonexistent/swivel-tests-config"

    public static func runProgram(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                                  removing: [String] = [], input: [UInt8]? = nil,
                                  timeout: TimeInterval = 60) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // The developer's own ~/.config/swivel/config must not change what the tests see.
        env["XDG_CONFIG_HOME"] = SwivelProcess.noConfigHome
        // Output goes to files, not pipes: a pipe's end inherited by some other child (tests run in
        // parallel) would keep it open and a reader waiting for end-of-file would never return.
        let directory = TemporaryDirectory()
        // Each run its own, empty, shared thumbnail cache (removed with the directory), never the
        // developer's ~/.cache/thumbnails; Mesa's shader cache stays where it was.
        let cacheHome = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (env["HOME"] ?? "/root") + "/.cache"
        env["MESA_SHADER_CACHE_DIR"] = env["MESA_SHADER_CACHE_DIR"] ?? cacheHome + "/mesa_shader_cache"
        env["XDG_CACHE_HOME"] = directory.path("cache").text
        for name in removing { env[name] = nil }
        env.merge(environment) { $1 }
        process.environment = env
        let outURL = directory.url("stdout"), errURL = directory.url("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inURL = directory.url("stdin")
            try Data(input).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)     // SIGTERM may be masked in the child
            process.waitUntilExit()
            throw TimeoutError(command: ([executable.path] + arguments).joined(separator: " "))
        }
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus,
                             stdoutBytes: [UInt8](try Data(contentsOf: outURL)),
                             stderrBytes: [UInt8](try Data(contentsOf: errURL)),
                             signaled: process.terminationReason == .uncaughtSignal)
    }

    public struct TimeoutError: Error, CustomStringConvertible {
        public let command: String
        public var description: String { "timed out: \(command)" }
    }

    /// A fresh empty directory that stays until the test process exits (see
    /// `TemporaryDirectory.lasting()`); a `TemporaryDirectory` is removed as soon as it is released.
    public static func temporaryDirectory() throws -> URL {
        TemporaryDirectory.lasting()
    }
}
