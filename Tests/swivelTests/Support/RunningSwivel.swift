import Foundation
import Glibc
import SwivelSystem
import SwivelTestSupport

/// One line of the frame log.
struct LoggedFrame {
    var time: Double
    var cards: Int
    var centre: Int
    var shift: Double
    var photos: Int
    var showing: [String]
    /// The caption of the centred card, if it is showing.
    var centreName: String? { first.flatMap { showing.indices.contains(centre - $0) ? showing[centre - $0] : nil } }
    /// The place of the first card showing (set by the parser from `showing`'s own `first`).
    var first: Int?
    /// The full view's page, while it shows.
    var open: Int?
    /// How far the open page's sharp photo has faded in over its card's texture, while it is drawn.
    var sharp: Double?
    /// Each card drawn in the row, in paint order: its centre's x in points and its scale.
    var row: [(x: Double, scale: Double)] = []
    /// The time the frame's scene was worked out for (`at`: its animations' clock, taken before it
    /// was drawn), where `time` is when the line was written.
    var animationTime = 0.0
    /// The hash of the frame's pixels (with `SWIVEL_TEST_FRAME_LOG=pixels`).
    var pixels: String?
    /// Whether the frame built the renderer's programs left for later (a photo deck's, once its
    /// open is over: the same pixels as the frame before).
    var builtPrograms = false

    init?(_ line: Substring) {
        guard line.hasPrefix("swivel-frame ") else { return nil }
        var fields: [String: String] = [:]
        for field in line.split(separator: " ").dropFirst() {
            guard let equals = field.firstIndex(of: "=") else { continue }
            fields[String(field[..<equals])] = String(field[field.index(after: equals)...])
        }
        guard let time = fields["t"].flatMap(Double.init), let cards = fields["cards"].flatMap(Int.init),
              let centre = fields["centre"].flatMap(Int.init), let shift = fields["shift"].flatMap(Double.init),
              let photos = fields["photos"]?.split(separator: "/").first.flatMap({ Int($0) }),
              let first = fields["first"].flatMap(Int.init) else { return nil }
        (self.time, self.cards, self.centre, self.shift, self.photos, self.first) = (time, cards, centre, shift, photos, first)
        showing = (fields["showing"] ?? "").split(separator: "|").map(String.init)
        open = fields["open"].flatMap(Int.init)
        sharp = fields["sharp"].flatMap(Double.init)
        row = (fields["row"] ?? "").split(separator: ",").compactMap { card in
            let parts = card.split(separator: "@")
            guard parts.count == 2, let x = Double(parts[0]), let scale = Double(parts[1]) else { return nil }
            return (x, scale)
        }
        animationTime = fields["at"].flatMap(Double.init) ?? time
        pixels = fields["pixels"]
        builtPrograms = fields["programs"] == "built"
    }
}

/// CLOCK_MONOTONIC in seconds, the clock of the frame log's `t`.
enum Monotonic {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The real binary, offscreen, held open by a 60 s replay, its frame log read while it runs.
final class RunningSwivel {
    private let process = Process()
    private let logs = TemporaryDirectory()
    /// Woken by each write to the log, and by the process's end (`interrupt`).
    private let writes: Inotify

    /// `recording`: the replay that holds the window open (and may press keys).
    init(_ arguments: [String], environment: [String: String] = [:],
         recording text: String = "swivel-recording 1\n0 resize 1280 720\n60 end\n") throws {
        let recording = logs.write("hold.rec", bytes: Array(text.utf8))
        process.executableURL = SwivelProcess.binary
        process.arguments = arguments + ["--replay", recording.text]
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = SwivelProcess.noConfigHome
        env["SDL_VIDEODRIVER"] = "offscreen"
        env["SWIVEL_TEST_FRAME_LOG"] = "1"
        env.merge(environment) { $1 }
        process.environment = env
        _ = FileManager.default.createFile(atPath: logs.url("stderr").path, contents: nil)
        guard let writes = Inotify(),
              case .success = writes.addWatch(logs.path("stderr").cString, mask: UInt32(IN_MODIFY)) else {
            throw Unwatched(description: "cannot watch the frame log: \(String(cString: strerror(errno)))")
        }
        self.writes = writes
        process.standardError = try FileHandle(forWritingTo: logs.url("stderr"))
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { _ in writes.interrupt() }
        try process.run()
    }

    var stderr: String { (try? String(contentsOf: logs.url("stderr"), encoding: .utf8)) ?? "" }

    var frames: [LoggedFrame] { stderr.split(separator: "\n").compactMap(LoggedFrame.init) }

    var isRunning: Bool { process.isRunning }
    var pid: Int32 { process.processIdentifier }

    /// Reads the frame log again at each write to it until `condition` holds (true), the process
    /// ends or `timeout` seconds pass (then whether it holds).
    func waitFor(timeout: Double = 15, _ condition: ([LoggedFrame]) -> Bool) -> Bool {
        let deadline = Monotonic.now + timeout
        while !condition(frames) {
            let left = deadline - Monotonic.now
            guard process.isRunning, left > 0 else { return condition(frames) }
            _ = writes.read(timeoutMilliseconds: Int32((left * 1000).rounded(.up)))
        }
        return true
    }

    struct Unwatched: Error, CustomStringConvertible { let description: String }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
