import Foundation

/// The real app running in a `VirtualDisplay`, driven by xdotool and photographed with its own F12 key.
final class LiveApp {
    let display: VirtualDisplay
    let window: String
    let pictures: URL
    private let process: Process

    init(arguments: [String]) throws {
        display = try VirtualDisplay()
        pictures = try SwivelProcess.temporaryDirectory()
        process = Process()
        process.executableURL = SwivelProcess.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display.name
        env["SDL_VIDEODRIVER"] = nil
        env["XDG_PICTURES_DIR"] = pictures.path
        env["XDG_CONFIG_HOME"] = SwivelProcess.noConfigHome
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        window = try display.xdotool(["search", "--sync", "--onlyvisible", "--name", "^Swivel$"])
            .split(separator: "\n").first.map(String.init) ?? ""
        try display.xdotool(["windowfocus", "--sync", window])
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }     // SIGTERM may be masked
        try? FileManager.default.removeItem(at: pictures)
    }

    var isRunning: Bool { process.isRunning }
    var processIdentifier: Int32 { process.processIdentifier }

    /// Presses F12 and loads the PNG the app writes (within `timeout` seconds: the key waits
    /// behind whatever the app has still to handle).
    func screenshot(timeout: TimeInterval = 10) throws -> Image {
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: pictures.path))
        try display.xdotool(["key", "F12"])
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let now = Set(try FileManager.default.contentsOfDirectory(atPath: pictures.path))
            if let new = now.subtracting(before).first {
                usleep(200_000)     // let the writer finish the file
                return try Image(contentsOf: pictures.appendingPathComponent(new).path)
            }
            usleep(20_000)
        }
        throw VirtualDisplay.Unavailable(description: "F12 wrote no screenshot")
    }

    /// Press at `from`, move through `through` (one xdotool call each, `pause` seconds apart, so
    /// they are separate moments), release. The release goes in the same call as the last move:
    /// a separate call could come late enough on a busy machine (over 40 ms) to count as a
    /// pause before letting go, which rightly ends a fling before it starts.
    /// With `hold`, the pointer stays still that many seconds before the release instead (no fling).
    func drag(from: Int, through xs: [Int], y: Int = 360, pause: Double = 0, hold: Double? = nil) throws {
        try display.xdotool(["mousemove", "--window", window, "\(from)", "\(y)", "mousedown", "1"])
        for (index, x) in xs.enumerated() {
            let release = index == xs.count - 1 && hold == nil ? ["mouseup", "1"] : []
            try display.xdotool(["mousemove", "--window", window, "\(x)", "\(y)"] + release)
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
    func quit() throws -> Int32? {
        try display.xdotool(["key", "Escape"])
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
