import Foundation

/// Where a `LiveApp` runs: a private X server (Xvfb, driven by xdotool) or a private headless
/// Wayland compositor (sway, driven by virtual devices). A test that makes sense on both is
/// declared once for each, the sway one `.enabled(if: HeadlessSway.isAvailable, …)`, so that a
/// machine without sway reports it skipped with the reason. (A parameterised case that cancels
/// itself with `Test.cancel` is reported by nothing at all in `swift test`'s output: measured.)
public enum Desktop: String, CaseIterable, Sendable {
    case xvfb, sway
}

/// The real app running in a `VirtualDisplay` or a `HeadlessSway`, driven by real input and
/// photographed with its own F12 key.
public final class LiveApp {
    /// The X server, on Xvfb.
    public let display: VirtualDisplay!
    /// The compositor, on sway.
    public let sway: HeadlessSway?
    public let window: String
    /// Where F12 writes its PNGs (the app's `XDG_PICTURES_DIR`).
    public var pictures: URL { picturesFolder.url }
    private let picturesFolder = TemporaryDirectory()
    /// The app's own shared thumbnail cache, not the developer's.
    private let cacheFolder = TemporaryDirectory()
    /// Holds the app's standard output and error (`stderr`).
    private let logs = TemporaryDirectory()
    private let process: Process
    private var pointer: VirtualPointer?

    /// Starts the app with `arguments` on `desktop` (a fresh Xvfb or a sway of 1280 × 720 points
    /// at scale 1), or on the `display` or `sway` given; `environment` is added to its own.
    public init(arguments: [String], on desktop: Desktop = .xvfb, display: VirtualDisplay? = nil,
         sway: HeadlessSway? = nil, environment: [String: String] = [:]) throws {
        if let sway {
            (self.display, self.sway) = (nil, sway)
        } else if let display {
            (self.display, self.sway) = (display, nil)
        } else if desktop == .sway {
            (self.display, self.sway) = (nil, try HeadlessSway())
        } else {
            (self.display, self.sway) = (try VirtualDisplay(), nil)
        }
        process = Process()
        if let sway = self.sway {
            // The pointer device exists before the app connects, so the seat offers it from the
            // start: no wait for the app to take a pointer that appears later.
            pointer = try VirtualPointer(in: sway)
        }
        if self.sway != nil {
            // With the signals of a real session: the Wayland tests send SIGTERM.
            process.executableURL = try WaylandTools.built.get().appendingPathComponent("unblock-signals")
            process.arguments = [SwivelProcess.binary.path] + arguments
        } else {
            process.executableURL = SwivelProcess.binary
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = nil
        env["XDG_PICTURES_DIR"] = picturesFolder.url.path
        env["XDG_CONFIG_HOME"] = SwivelProcess.noConfigHome
        let cacheHome = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (env["HOME"] ?? "/root") + "/.cache"
        env["MESA_SHADER_CACHE_DIR"] = env["MESA_SHADER_CACHE_DIR"] ?? cacheHome + "/mesa_shader_cache"
        env["XDG_CACHE_HOME"] = cacheFolder.path.text
        if let sway = self.sway {
            env["DISPLAY"] = nil        // natively on Wayland or not at all: no XWayland to fall back on
            env.merge(sway.clientEnvironment) { $1 }
        } else {
            env["DISPLAY"] = self.display.name
            env["WAYLAND_DISPLAY"] = nil
        }
        env.merge(environment) { $1 }
        process.environment = env
        let output = logs.url("stdout"), errors = logs.url("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        if let sway = self.sway {
            window = try Self.waitForWindow(in: sway, pid: process.processIdentifier)
        } else {
            window = try self.display.xdotool(["search", "--sync", "--onlyvisible", "--name", "^Swivel$"])
                .split(separator: "\n").first.map(String.init) ?? ""
            try self.display.xdotool(["windowfocus", "--sync", window])
        }
    }

    /// Waits until sway shows the app's window, which it does once the app has drawn into it (an
    /// xdg_toplevel is mapped by its first buffer); returns its con id.
    private static func waitForWindow(in sway: HeadlessSway, pid: Int32) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let node = try sway.focusedWindow(), node["pid"] as? Int == Int(pid), node["name"] as? String == "Swivel",
               let id = node["id"] as? Int {
                return "\(id)"
            }
            usleep(50_000)
        }
        throw VirtualDisplay.Unavailable(description: "no Swivel window appeared in sway")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)     // SIGTERM may be masked
            process.waitUntilExit()
        }
    }

    /// What the app has written to standard error so far (not UTF-8: decoded with U+FFFD).
    public var stderr: String {
        String(decoding: (try? Data(contentsOf: logs.url("stderr"))) ?? Data(), as: UTF8.self)
    }

    /// The bytes the app has written to standard output so far.
    public var outputBytes: [UInt8] { [UInt8]((try? Data(contentsOf: logs.url("stdout"))) ?? Data()) }

    /// The lines the app has finished writing to standard output so far.
    public var outputLines: [String] {
        let text = String(decoding: (try? Data(contentsOf: logs.url("stdout"))) ?? Data(), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    public var isRunning: Bool { process.isRunning }
    public var processIdentifier: Int32 { process.processIdentifier }
    public var terminationStatus: Int32 { process.terminationStatus }

    /// Presses `key` (an X keysym / XKB key name: Right, End, h, F12, Escape).
    public func key(_ key: String) throws {
        if let sway { try sway.key(key) } else { try display.xdotool(["key", key]) }
    }

    /// Presses F12 and loads the PNG the app wrote: it prints the file's path on standard output
    /// once the file is written, so the path's line is waited for (within `timeout` seconds: the
    /// key waits behind whatever the app has still to handle).
    public func screenshot(timeout: TimeInterval = 10) throws -> Image {
        let before = outputLines.count
        try key("F12")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = outputLines
            if lines.count > before {
                let path = lines[before]
                guard path.hasPrefix(pictures.path + "/") else {
                    throw VirtualDisplay.Unavailable(description: "F12 printed \(path), not a file in \(pictures.path)")
                }
                return try Image(contentsOf: path)
            }
            usleep(10_000)
        }
        throw VirtualDisplay.Unavailable(description: "F12 wrote no screenshot within \(timeout) s")
    }

    /// Photographs the frame (F12) every `interval` seconds, from `first`, until two in a row are
    /// the same or `limit` seconds have passed: the last two frames and the seconds it took.
    public func frameAtRest(from first: Image, interval: Double = 0.5,
                            limit: Double = 15) throws -> (previous: Image, rest: Image, seconds: Double) {
        var previous = first, rest = first, seconds = 0.0
        repeat {
            usleep(UInt32(interval * 1e6))
            seconds += interval
            previous = rest
            rest = try screenshot()
        } while previous.maxDifference(rest) > 0 && seconds < limit
        return (previous, rest, seconds)
    }

    /// The frame once it has stopped changing: F12 every `interval` seconds until two in a row are
    /// the same (at most `limit` seconds), in `rows` if given (leave out the HUD, whose graph moves
    /// with every frame drawn, F12's own included). Throws if it never comes to rest.
    public func frameAtRest(interval: Double = 0.25, limit: Double = 15, rows: Range<Int>? = nil) throws -> Image {
        var previous = try screenshot(), seconds = 0.0
        while seconds < limit {
            usleep(UInt32(interval * 1e6))
            seconds += interval
            let frame = try screenshot()
            let difference = rows.map { frame.maxDifference(previous, rows: $0) } ?? frame.maxDifference(previous)
            if difference == 0 { return frame }
            previous = frame
        }
        throw VirtualDisplay.Unavailable(description: "the frame was still changing after \(seconds) s")
    }

    /// Waits until the app has settled: no CPU time used over `quiet` seconds (read from /proc
    /// every `quiet` seconds), for at most `limit` seconds; whether it did.
    @discardableResult
    public func waitUntilQuiet(quiet: Double = 0.25, limit: Double = 5) throws -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        var before = try CPUTicks.of(processIdentifier)
        while Date() < deadline {
            usleep(UInt32(quiet * 1e6))
            let now = try CPUTicks.of(processIdentifier)
            if now == before { return true }
            before = now
        }
        return false
    }

    /// Asks `condition` every 50 ms until it holds, for at most `limit` seconds; whether it held.
    public func poll(limit: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while true {
            if try condition() { return true }
            guard Date() < deadline else { return false }
            usleep(50_000)
        }
    }

    /// The frame on screen now, at once: F12 on X11 (xdotool's key is immediate), grim on sway
    /// (wtype's keyboard needs 300 ms before its first key, long enough for a fling to end). grim's
    /// picture can show the pointer's cursor, so compare rows away from where it was.
    public func frameNow() throws -> Image {
        if let sway { return try sway.grim() }
        return try screenshot()
    }

    /// Press at `from`, move through `through` (`pause` seconds apart, so they are separate
    /// moments), release; positions in window points. On X11 each move is one xdotool call, and
    /// the release goes in the same call as the last move: a separate call could come late
    /// enough on a busy machine (over 40 ms) to count as a pause before letting go, which rightly
    /// ends a fling before it starts. On sway the virtual pointer plays the whole gesture with its
    /// own timing. With `hold`, the pointer stays still that many seconds before the release
    /// instead (no fling). `scale` is the X window's pixels per point (X11 at a desktop scale).
    public func drag(from: Int, through xs: [Int], y: Int = 360, pause: Double = 0, hold: Double? = nil,
              scale: Int = 1) throws {
        if let pointer {
            var commands = ["move \(from) \(y)", "sleep 50", "down"]
            for x in xs {
                commands += ["sleep \(Int(pause * 1000))", "move \(x) \(y)"]
            }
            if let hold { commands.append("sleep \(Int(hold * 1000))") }
            commands.append("up")
            try pointer.send(commands)
            return
        }
        try display.xdotool(["mousemove", "--window", window, "\(from * scale)", "\(y * scale)", "mousedown", "1"])
        for (index, x) in xs.enumerated() {
            let release = index == xs.count - 1 && hold == nil ? ["mouseup", "1"] : []
            try display.xdotool(["mousemove", "--window", window, "\(x * scale)", "\(y * scale)"] + release)
            if pause > 0 && release.isEmpty { usleep(UInt32(pause * 1e6)) }
        }
        if let hold {
            usleep(UInt32(hold * 1e6))
            try display.xdotool(["mouseup", "1"])
        } else if xs.isEmpty {
            try display.xdotool(["mouseup", "1"])
        }
    }

    /// Presses Esc and waits for a clean exit; returns the exit status (nil if it did not quit).
    public func quit() throws -> Int32? {
        try key("Escape")
        return waitForExit(seconds: 10)
    }

    /// Waits up to `seconds` for the app to exit; its status, or nil if it is still running.
    public func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

/// CPU time from `/proc`.
public enum CPUTicks {
    /// Clock ticks (utime + stime, see proc(5); usually 100 a second) process `pid` has used so far,
    /// all its threads together.
    public static func of(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!     // fields 14 and 15 of proc(5)
    }
}
