import Foundation
import SwivelCore

/// A private X server (Xvfb) for tests that drive a real window with real pointer input (xdotool).
///
/// Xvfb picks its own display number (`-displayfd`): it takes the first one it can lock and
/// listen on, and writes it to its standard output once it accepts connections, so two suites
/// never share a display and "up" means this server is up. It is stopped with SIGTERM and waited
/// for, so it removes its lock file and socket (`/tmp/.X<n>-lock`, `/tmp/.X11-unix/X<n>`).
public final class VirtualDisplay {
    /// The display, ":<n>".
    public let name: String
    private let server: ChildProcess
    private let folder = TemporaryDirectory()

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public init(width: Int = 1600, height: Int = 900) throws {
        let announced = folder.path("display")
        do {
            server = try ChildProcess("/usr/bin/Xvfb",
                                      ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
                                       "-noreset"],
                                      environment: ["PATH": "/usr/bin:/bin"], stdout: announced, stderr: folder.path("log"))
        } catch {
            throw Unavailable(description: "cannot start /usr/bin/Xvfb (install xvfb): \(error)")
        }
        let deadline = Date().addingTimeInterval(20)
        while true {
            let text = (try? String(contentsOfFile: announced.text, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n"), let number = Int(text.dropLast()) {
                name = ":\(number)"
                break
            }
            guard Date() < deadline, server.isRunning else {
                server.terminate()
                let log = (try? String(contentsOfFile: folder.path("log").text, encoding: .utf8)) ?? ""
                throw Unavailable(description: "Xvfb did not start: \(log.suffix(600))")
            }
            usleep(10_000)
        }
    }

    deinit {
        server.terminate()
    }

    /// The display's number (what follows ':' in `name`).
    public var number: Int { Int(name.dropFirst())! }

    /// Stops the server now (SIGTERM, waited for); whether it ended on the SIGTERM.
    @discardableResult
    public func stop() -> Bool { server.terminate() }

    /// Merges `resources` (lines like `Xft.dpi: 192`) into the server's resource database, as a
    /// desktop's settings daemon does; clients read it when they connect.
    public func xrdb(_ resources: String) throws {
        let file = folder.path("resources-\(UUID().uuidString.prefix(8))")
        try resources.write(toFile: file.text, atomically: true, encoding: .utf8)
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/xrdb"), ["-merge", file.text],
                                                  environment: ["DISPLAY": name])
        guard result.status == 0 else {
            throw Unavailable(description: "xrdb failed (install x11-xserver-utils): \(result.stderr)")
        }
    }

    /// Runs `xdotool` with `arguments` on this display and returns its standard output.
    @discardableResult
    public func xdotool(_ arguments: [String], timeout: TimeInterval = 15) throws -> String {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/xdotool"), arguments,
                                                  environment: ["DISPLAY": name], timeout: timeout)
        guard result.status == 0 else {
            throw Unavailable(description: "xdotool \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }
}
