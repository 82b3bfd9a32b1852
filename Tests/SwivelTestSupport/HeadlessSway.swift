import Foundation
import SwivelCore

/// A private Wayland compositor for tests: sway on wlroots' headless backend (software rendering,
/// no input devices), one output of `pointWidth` × `pointHeight` points at an integer `scale`.
/// Windows open tiled and borderless, so a single window covers the output exactly and window
/// points are output-layout points. Input comes from virtual devices: keys from `wtype`, the
/// pointer from `VirtualPointer`; `grim` photographs the output, `swaymsg` moves windows.
///
/// sway refuses to run as root, so as root it runs as `nobody` (through `setpriv`) with a runtime
/// directory of its own; the app under test, root or not, connects to the socket in it.
public final class HeadlessSway {
    public let runtimeDirectory: URL
    /// The socket's name in `runtimeDirectory` (what WAYLAND_DISPLAY is set to).
    public let socketName: String
    /// sway's IPC socket (what SWAYSOCK is set to).
    public let ipcSocket: String
    public let pointWidth: Int, pointHeight: Int, scale: Int
    private let server: Process
    /// A virtual keyboard kept on the seat for sway's whole life (see `holdKeyboard`).
    private var keyboardHolder: Process?

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

    /// `environment` is added to sway's own (a test of the support makes sway fail with it).
    public init(pointWidth: Int = 1280, pointHeight: Int = 720, scale: Int = 1, environment: [String: String] = [:]) throws {
        if let missing = Self.missing { throw VirtualDisplay.Unavailable(description: "headless sway: \(missing)") }
        (self.pointWidth, self.pointHeight, self.scale) = (pointWidth, pointHeight, scale)
        _ = Self.sweepOnce
        let runtimeDirectory = try Self.makeRuntimeDirectory()
        self.runtimeDirectory = runtimeDirectory
        let server = Process()
        self.server = server
        // Until the compositor answers, a failure must not leave sway running or its folder behind
        // (a failed init never reaches deinit).
        do {
            (socketName, ipcSocket) = try Self.start(server, in: runtimeDirectory, pointWidth: pointWidth,
                                                     pointHeight: pointHeight, scale: scale, environment: environment)
        } catch {
            Self.stop(server, runtimeDirectory: runtimeDirectory)
            throw error
        }
        do {
            keyboardHolder = try holdKeyboard()
        } catch {
            Self.stop(server, runtimeDirectory: runtimeDirectory)
            throw error
        }
    }

    /// A seat with no keyboard offers clients none; each `wtype` adds its own keyboard for as long
    /// as it runs (the seat's capabilities go from 0 to 2 and back, measured with `swaymsg -t
    /// get_seats`), and a client has to take it up within wtype's 300 ms pause before the key, or
    /// the key is lost: on this machine at load 17 the app, busy decoding its photos, lost the first
    /// F12 of `--demo` in one run of two. So one wtype that waits a day before its only key keeps a
    /// keyboard on the seat from before the app starts: the app takes it at start-up and keeps it.
    private func holdKeyboard() throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/wtype")
        holder.arguments = ["-s", "86400000", "-k", "Hyper_L"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env.merge(clientEnvironment) { $1 }
        holder.environment = env
        holder.standardInput = FileHandle.nullDevice
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        let deadline = Date().addingTimeInterval(10)
        while true {
            let seats = try JSONSerialization.jsonObject(with: Data(try run("swaymsg", ["-t", "get_seats"]).utf8))
            let capabilities = (seats as? [[String: Any]])?.compactMap { $0["capabilities"] as? Int } ?? []
            if capabilities.contains(where: { $0 & 2 != 0 }) { return holder }     // WL_SEAT_CAPABILITY_KEYBOARD
            guard Date() < deadline, holder.isRunning else {
                kill(holder.processIdentifier, SIGKILL)
                throw VirtualDisplay.Unavailable(description: "wtype's keyboard did not appear on sway's seat")
            }
            usleep(20_000)
        }
    }

    /// `/tmp/swivel-sway-PID-XXXXXX`, PID this test process's: sway, running as `nobody`, cannot
    /// reach into the test run's own folder (root's, mode 0700), so its runtime directory lives
    /// beside it, named so that a later run can tell when its owner is gone (`sweep`).
    private static func makeRuntimeDirectory() throws -> URL {
        var template = Array("/tmp/swivel-sway-\(getpid())-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw VirtualDisplay.Unavailable(description: "cannot make a runtime directory for sway: \(String(cString: strerror(errno)))")
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// Starts sway in `runtimeDirectory` and waits until it answers; its socket names.
    private static func start(_ server: Process, in runtimeDirectory: URL, pointWidth: Int, pointHeight: Int,
                              scale: Int, environment extra: [String: String]) throws -> (wayland: String, ipc: String) {
        let fm = FileManager.default
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

        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": runtimeDirectory.path, "XDG_RUNTIME_DIR": runtimeDirectory.path,
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ].merging(extra) { $1 }
        let sway = ["/usr/bin/sway", "--config", config.path]
        if getuid() == 0 {
            // The runtime directory must belong to the user sway runs as. setpriv execs sway in its
            // own process (runuser would fork, and could not pass SIGKILL on), so the process
            // started here is sway itself.
            guard let nobody = getpwnam("nobody") else { throw VirtualDisplay.Unavailable(description: "no user 'nobody'") }
            guard chown(runtimeDirectory.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid) == 0 else {
                throw VirtualDisplay.Unavailable(description: "cannot give \(runtimeDirectory.path) to nobody")
            }
            server.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            server.arguments = ["--reuid=\(nobody.pointee.pw_uid)", "--regid=\(nobody.pointee.pw_gid)", "--clear-groups",
                                "--", "/usr/bin/env", "-i"] + environment.map { "\($0.key)=\($0.value)" } + sway
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
        while true {
            let names = (try? fm.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
            let wayland = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            let ipc = names.first { $0.hasPrefix("sway-ipc.") }.map { runtimeDirectory.appendingPathComponent($0).path }
            if let wayland, let ipc,
               let result = try? SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/swaymsg"), ["-t", "get_version"],
                                                         environment: ["SWAYSOCK": ipc], timeout: 5),
               result.status == 0 { return (wayland, ipc) }
            guard Date() < deadline, server.isRunning else {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw VirtualDisplay.Unavailable(description: "sway did not start in \(runtimeDirectory.path): \(text.suffix(600))")
            }
            usleep(20_000)
        }
    }

    deinit {
        if let keyboardHolder, keyboardHolder.isRunning {
            kill(keyboardHolder.processIdentifier, SIGKILL)
            keyboardHolder.waitUntilExit()
        }
        Self.stop(server, runtimeDirectory: runtimeDirectory)
    }

    /// Kills sway (SIGKILL: it needs no clean exit) and removes its runtime directory.
    private static func stop(_ server: Process, runtimeDirectory: URL) {
        if server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            let deadline = Date().addingTimeInterval(2)
            while server.isRunning && Date() < deadline { usleep(10_000) }
        }
        TemporaryDirectory.remove(FilePath(runtimeDirectory.path))
    }

    /// Runs `sweep` once per test process, before its first sway.
    private static let sweepOnce: Void = sweep()

    /// Removes the sway folders of earlier test runs that ended without removing them (killed, or
    /// crashed): `/tmp/swivel-sway-PID-*` whose PID is no running process. A sway still running in
    /// one (its PID is in its IPC socket's name) belonged to that run and is killed first. Folders of
    /// the older name `/tmp/swivel-sway-XXXXXXXX` say nothing of their run: they are removed when no
    /// sway runs in them.
    public static func sweep(in folder: String = "/tmp") {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("swivel-sway-") {
            let path = folder + "/" + name
            let parts = name.split(separator: "-")
            let owner = parts.count == 4 ? Int32(parts[2]) : nil
            if let owner, isRunning(owner) { continue }
            let inside = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let swayProcesses = inside.filter { $0.hasPrefix("sway-ipc.") }
                .compactMap { Int32($0.split(separator: ".").dropLast().last ?? "") }.filter(isRunning)
            if owner == nil && !swayProcesses.isEmpty { continue }
            for pid in swayProcesses where processName(pid) == "sway" { kill(pid, SIGKILL) }
            TemporaryDirectory.remove(FilePath(path))
        }
    }

    private static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    private static func processName(_ pid: Int32) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
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
    /// wtype makes its keyboard, with a keymap of its own, just before typing; the 300 ms pause
    /// first gives the focused client time to take the new keymap (the seat itself always has a
    /// keyboard: see `holdKeyboard`).
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
        try node { $0["focused"] as? Bool == true && $0["pid"] != nil }
    }

    /// The window whose con id is `id` in `swaymsg -t get_tree`, as JSON.
    public func window(_ id: String) throws -> [String: Any]? {
        try node { $0["pid"] != nil && ($0["id"] as? Int).map(String.init) == id }
    }

    /// The first node of `swaymsg -t get_tree` that `matches`.
    private func node(_ matches: ([String: Any]) -> Bool) throws -> [String: Any]? {
        let tree = try JSONSerialization.jsonObject(with: Data(try run("swaymsg", ["-t", "get_tree"]).utf8))
        func find(_ node: Any) -> [String: Any]? {
            guard let node = node as? [String: Any] else { return nil }
            if matches(node) { return node }
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
        // Printed once the compositor has the device (after a round trip): a client that connects
        // from then on finds a pointer on the seat.
        try expectLine("ready")
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
