import Foundation

/// Runs the real `swivel` binary (built next to the test bundle) and other programs.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether a signal ended it (a crash, or the timeout's SIGKILL) rather than exit(3).
    var signaled = false
}

enum SwivelProcess {
    /// The `swivel` executable that `swift build --build-tests` put beside this test bundle.
    static var binary: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ].map { $0.appendingPathComponent("swivel") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs `swivel` with `arguments` and the given extra environment, waiting at most `timeout` s.
    /// `input` becomes its standard input (else /dev/null).
    static func run(_ arguments: [String], environment: [String: String] = [:],
                    removing: [String] = [], input: [UInt8]? = nil, timeout: TimeInterval = 60) throws -> ProcessResult {
        try runProgram(binary, arguments, environment: environment, removing: removing, input: input, timeout: timeout)
    }

    /// An XDG_CONFIG_HOME with no swivel/config in it.
    static let noConfigHome = "/nonexistent/swivel-tests-config"

    static func runProgram(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                           removing: [String] = [], input: [UInt8]? = nil,
                           timeout: TimeInterval = 60) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // The developer's own ~/.config/swivel/config must not change what the tests see.
        env["XDG_CONFIG_HOME"] = SwivelProcess.noConfigHome
        for name in removing { env[name] = nil }
        env.merge(environment) { $1 }
        process.environment = env
        // Output goes to files, not pipes: a pipe's end inherited by some other child (tests run in
        // parallel) would keep it open and a reader waiting for end-of-file would never return.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inURL = directory.appendingPathComponent("stdin")
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
                             stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                             stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
                             signaled: process.terminationReason == .uncaughtSignal)
    }

    struct TimeoutError: Error, CustomStringConvertible {
        let command: String
        var description: String { "timed out: \(command)" }
    }

    /// A fresh empty directory for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("swivel-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
