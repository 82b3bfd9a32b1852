import Foundation
import SwivelCore

/// A private Wayland compositor for tests: sway on wlroots' headless backend (software rendering,
/// no input devices), one output of `pointWidth` × `pointHeight` points at an integer `scale`.
/// Windows open tiled and borderless, so a single window covers the output exactly and window
/// points are output-layout points. Input comes from virtual devices: keys from `wtype`, the
/// pointer from `VirtualPointer`; `grim` photographs the output, `swaymsg` moves windows.
///
/// sway refuses to run as root, so as root it runs as `nobody` (through `runuser`) with a runtime
/// directory of its own; the app under test, root or not, connects to the socket in it.
public final class HeadlessSway {
    public let runtimeDirectory: URL
    /// The socket's name in `runtimeDirectory` (what WAYLAND_DISPLAY is set to).
    public let socketName: String
    /// sway's IPC socket (what SWAYSOCK is set to).
    public let ipcSocket: String
    public let pointWidth: Int, pointHeight: Int, scale: Int
    private let server: Process

    /// The programs the Wayland tests need, and the Debian packages they come in.
    public static let requirements: [(path: String, package: String)] = [
        ("/usr/bin/sway", "sway"), ("/usr/bin/swaymsg", "sway"), ("/usr/bin/grim", "grim"),
        ("/usr/bin/wtype", "wtype"), ("/usr/bin/wayland-scanner", "libwayland-bin"),
        ("/usr/include/wayland-client.h", "libwayland-dev"),
        ("/usr/bin/cc", "gcc"),
    ]

    /// Nil when everything is installed, else which packages are missing (for a skipped test's reason).
    public static let missing: String? = {
        let absent = requirements.filter { !FileManager.default.fileExists(atPath: $0.path) }.map(\.package)
        return absent.isEmpty ? nil : "not installed: " + Array(Set(absent)).sorted().joined(separator: " ")
    }()

    public static var isAvailable: Bool { missing == nil }

    public init(pointWidth: Int = 1280, pointHeight: Int = 720, scale: Int = 1) throws {
        if let missing = Self.missing { throw VirtualDisplay.Unavailable(description: "headless sway: \(missing)") }
        (self.pointWidth, self.pointHeight, self.scale) = (pointWidth, pointHeight, scale)
        let fm = FileManager.default
        let runtimeDirectory = URL(fileURLWithPath: "/tmp/swivel-sway-\(UUID().uuidString.prefix(8))")
        self.runtimeDirectory = runtimeDirectory
        try fm.createDirectory(at: runtimeDirectory, withIntermediateDirectories: false,
                               attributes: [.posixPermissions: 0o700])
        let config = runtimeDirectory.appendingPathComponent("config")
        try """
        output HEADLESS-1 mode \(pointWidth * scale)x\(pointHeight * scale) scale \(scale)
        xwayland disable
        default_border none
        default_floating_border none
        focus_follows_mouse no
        seat * hide_cursor 100
        """.write(to: config, atomically: false, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)

        let server = Process()
        self.server = server
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": runtimeDirectory.path, "XDG_RUNTIME_DIR": runtimeDirectory.path,
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ]
        let sway = ["/usr/bin/sway", "--config", config.path]
        if getuid() == 0 {
            // The runtime directory must belong to the user sway runs as.
            guard let nobody = getpwnam("nobody") else { throw VirtualDisplay.Unavailable(description: "no user 'nobody'") }
            chown(runtimeDirectory.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
            server.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            server.arguments = ["-u", "nobody", "--", "/usr/bin/env", "-i"]
                + environment.map { "\($0.key)=\($0.value)" } + sway
        } else {
            server.executableURL = URL(fileURLWithPath: sway[0])
            server.arguments = Array(sway.dropFirst())
            server.environment = environment
        }
        let log = runtimeDirectory.appendingPathComponent("sway.log")
        _ = fm.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        server.standardOutput = logHandle
        server.standardError = logHandle
        server.standardInput = FileHandle.nullDevice
        try server.run()
        try? logHandle.close()

        // Ready when both sockets exist and the IPC socket answers.
        let deadline = Date().addingTimeInterval(15)
        var wayland: String?, ipc: String?
        while true {
            let names = (try? fm.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
            wayland = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            ipc = names.first { $0.hasPrefix("sway-ipc.") }.map { runtimeDirectory.appendingPathComponent($0).path }
            if wayland != nil, let ipc,
               let result = try? SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/swaymsg"), ["-t", "get_version"],
                                                         environment: ["SWAYSOCK": ipc], timeout: 5),
               result.status == 0 { break }
            guard Date() < deadline, server.isRunning else {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                kill(server.processIdentifier, SIGKILL)
                throw VirtualDisplay.Unavailable(description: "sway did not start: \(text.suffix(600))")
            }
            usleep(20_000)
        }
        socketName = wayland!
        ipcSocket = ipc!
    }

    deinit {
        // sway itself (its pid is in the IPC socket's name), then runuser, which cannot pass SIGKILL
        // on. No waitUntilExit: Foundation has been seen not to notice runuser's end.
        if let pid = Int32(ipcSocket.split(separator: ".").dropLast().last ?? "") { kill(pid, SIGKILL) }
        kill(server.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(2)
        while server.isRunning && Date() < deadline { usleep(10_000) }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// What a client of this compositor needs: no DISPLAY (so nothing can go through XWayland), the
    /// runtime directory and the socket.
    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socketName, "SWAYSOCK": ipcSocket]
    }

    /// Runs one of the Wayland tools (`wtype`, `grim`, `swaymsg`) against this compositor.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String], timeout: TimeInterval = 15) throws -> String {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments,
                                                  environment: clientEnvironment, removing: ["DISPLAY"],
                                                  timeout: timeout)
        guard result.status == 0 else {
            throw VirtualDisplay.Unavailable(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    /// `swaymsg COMMAND`.
    @discardableResult
    public func command(_ command: String) throws -> String { try run("swaymsg", [command]) }

    /// Presses and releases `key` (an XKB key name: Right, End, h, F12) on a fresh virtual keyboard.
    /// wtype makes its keyboard just before typing; the 300 ms pause first gives the focused client
    /// time to take the new keyboard (without it, the key is lost).
    public func key(_ key: String) throws {
        try run("wtype", ["-s", "300", "-k", key])
    }

    /// Presses `keys` one after another, `delay` milliseconds apart, on one virtual keyboard.
    public func keys(_ keys: [String], delay: Int) throws {
        try run("wtype", ["-s", "300", "-d", "\(delay)"] + keys.flatMap { ["-k", $0] }, timeout: 60)
    }

    /// The output as the compositor shows it, in pixels.
    public func grim() throws -> Image {
        let path = runtimeDirectory.appendingPathComponent("grim-\(UUID().uuidString.prefix(8)).png").path
        try run("grim", [path])
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Image(contentsOf: path)
    }

    /// The focused window's node in `swaymsg -t get_tree`, as JSON.
    public func focusedWindow() throws -> [String: Any]? {
        let tree = try JSONSerialization.jsonObject(with: Data(try run("swaymsg", ["-t", "get_tree"]).utf8))
        func find(_ node: Any) -> [String: Any]? {
            guard let node = node as? [String: Any] else { return nil }
            if node["focused"] as? Bool == true && node["pid"] != nil { return node }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [Any] ?? [] { if let found = find(child) { return found } }
            }
            return nil
        }
        return find(tree)
    }
}

/// A pointer device in a `HeadlessSway`: the small client in Tests/WaylandTools (built here with
/// wayland-scanner and cc), kept running and fed commands on its standard input.
public final class VirtualPointer {
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle

    public init(in sway: HeadlessSway) throws {
        process = Process()
        process.executableURL = try Self.build()
        process.arguments = ["\(sway.pointWidth)", "\(sway.pointHeight)"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env.merge(sway.clientEnvironment) { $1 }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        try process.run()
        try expectLine("ready")
        // The app takes the seat's new pointer when it next reads its events.
        usleep(200_000)
    }

    deinit {
        try? input.close()
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }

    /// Sends `commands` (see virtual-pointer.c) and waits until the compositor has handled them.
    public func send(_ commands: [String]) throws {
        try input.write(contentsOf: Data((commands + ["sync"]).joined(separator: "\n").appending("\n").utf8))
        try expectLine("ok")
    }

    private func expectLine(_ expected: String) throws {
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.hasSuffix("\n") {
            let chunk = output.availableData
            guard !chunk.isEmpty, Date() < deadline else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard text == expected + "\n" else {
            throw VirtualDisplay.Unavailable(description: "virtual-pointer said \(Quoting.quoted(text)), not \(expected)")
        }
    }

    /// The client, compiled once per test run.
    private static func build() throws -> URL {
        try WaylandTools.built.get().appendingPathComponent("virtual-pointer")
    }
}

/// The C helpers in Tests/WaylandTools, compiled once per test run into a temporary directory:
/// `virtual-pointer` (see `VirtualPointer`) and `unblock-signals` (see `LiveApp`).
public enum WaylandTools {
    public static let built: Result<URL, Error> = Result {
        // Tests/SwivelTestSupport/HeadlessSway.swift → Tests/WaylandTools
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WaylandTools")
        let xml = source.appendingPathComponent("virtual-pointer-unstable-v1.xml").path
        let directory = TemporaryDirectory.lasting()
        func run(_ tool: String, _ arguments: [String]) throws {
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: tool), arguments, timeout: 120)
            guard result.status == 0 else {
                throw VirtualDisplay.Unavailable(description: "\(tool) failed: \(result.stderr)")
            }
        }
        let header = directory.appendingPathComponent("virtual-pointer-client-protocol.h").path
        let glue = directory.appendingPathComponent("virtual-pointer-protocol.c").path
        try run("/usr/bin/wayland-scanner", ["client-header", xml, header])
        try run("/usr/bin/wayland-scanner", ["private-code", xml, glue])
        try run("/usr/bin/cc", ["-O1", "-Wall", "-Werror", "-I", directory.path,
                                source.appendingPathComponent("virtual-pointer.c").path, glue,
                                "-lwayland-client", "-o", directory.appendingPathComponent("virtual-pointer").path])
        try run("/usr/bin/cc", ["-O1", "-Wall", "-Werror", source.appendingPathComponent("unblock-signals.c").path,
                                "-o", directory.appendingPathComponent("unblock-signals").path])
        return directory
    }
}
