import Foundation

/// A private X server (Xvfb) for tests that drive a real window with real pointer input (xdotool).
final class VirtualDisplay {
    let name: String
    private let server: Process

    struct Unavailable: Error, CustomStringConvertible { let description: String }

    init(width: Int = 1600, height: Int = 900) throws {
        let fm = FileManager.default
        guard let number = (90..<400).first(where: {
            !fm.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !fm.fileExists(atPath: "/tmp/.X\($0)-lock")
        }) else { throw Unavailable(description: "no free X display number") }
        name = ":\(number)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = [name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        do { try server.run() } catch {
            throw Unavailable(description: "cannot start /usr/bin/Xvfb (install xvfb): \(error)")
        }
        let deadline = Date().addingTimeInterval(10)
        while !fm.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard Date() < deadline, server.isRunning else {
                server.terminate()
                throw Unavailable(description: "Xvfb \(name) did not start")
            }
            usleep(20_000)
        }
    }

    deinit {
        // SIGKILL: a child spawned from a test's worker thread inherits a mask that blocks SIGTERM.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    /// Merges `resources` (lines like `Xft.dpi: 192`) into the server's resource database, as a
    /// desktop's settings daemon does; clients read it when they connect.
    func xrdb(_ resources: String) throws {
        let file = try SwivelProcess.temporaryDirectory().appendingPathComponent("resources")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try resources.write(to: file, atomically: true, encoding: .utf8)
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/xrdb"), ["-merge", file.path],
                                                  environment: ["DISPLAY": name])
        guard result.status == 0 else {
            throw Unavailable(description: "xrdb failed (install x11-xserver-utils): \(result.stderr)")
        }
    }

    /// Runs `xdotool` with `arguments` on this display and returns its standard output.
    @discardableResult
    func xdotool(_ arguments: [String], timeout: TimeInterval = 15) throws -> String {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/xdotool"), arguments,
                                                  environment: ["DISPLAY": name], timeout: timeout)
        guard result.status == 0 else {
            throw Unavailable(description: "xdotool \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }
}
