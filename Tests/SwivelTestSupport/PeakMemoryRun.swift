import Foundation
import Glibc
import SwivelCore

/// swivel run as a child whose peak resident memory is watched: VmHWM from /proc, polled every
/// 2 ms while it runs (the high-water mark only grows, and a `--screenshot` run goes on to draw a
/// frame after its decoders are done, so the last reading holds their peak). Optionally under a
/// `prlimit` resource limit, which prlimit sets on itself before it execs swivel: the same pid.
/// Its decoder workers (its children) are watched too, each decode's memory being theirs.
public struct PeakMemoryRun {
    public let status: Int32
    public let signaled: Bool
    public let stderr: String
    /// The largest peak of any one process: the app's or one of its decoder workers'.
    public let peakMiB: Double
    public let seconds: Double
    /// The app's own peak, and the largest of its workers' (0 without workers).
    public let appPeakMiB: Double
    public let workerPeakMiB: Double
    /// The most bytes any one process (the app or a worker) had read, by read calls (`rchar` in
    /// /proc/PID/io), at the last look at it: a count of the work, unlike `seconds`.
    public let readMiB: Double

    /// Runs swivel with `arguments` offscreen, with `folder` as HOME and no config, plus
    /// `environment`; under `prlimit limits` (such as "--as=1073741824") when given; stopped after
    /// `timeout` seconds.
    public static func run(_ arguments: [String], limits: [String] = [], environment: [String: String] = [:],
                           in folder: TemporaryDirectory, timeout: Double = 60) throws -> PeakMemoryRun {
        let base = ["SDL_VIDEODRIVER": "offscreen", "XDG_CONFIG_HOME": SwivelProcess.noConfigHome, "HOME": folder.path.text]
        let errors = folder.path("stderr.txt")
        let start = Date()
        let child = limits.isEmpty
            ? try ChildProcess(SwivelProcess.binary.path, arguments, environment: base.merging(environment) { $1 }, stderr: errors)
            : try ChildProcess("/usr/bin/prlimit", limits + ["--", SwivelProcess.binary.path] + arguments,
                               environment: base.merging(environment) { $1 }, stderr: errors)
        var peak = 0.0, workerPeak = 0.0
        var read: [Int32: Int] = [:]
        func readBytes(_ pid: Int32) -> Int? {
            guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
                  let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar: ") }) else { return nil }
            return Int(line.dropFirst(7))
        }
        func highWaterMiB(_ pid: Int32) -> Double? {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                  let kib = Double(line.split(separator: " ")[1]) else { return nil }
            return kib / 1024
        }
        let deadline = Date().addingTimeInterval(timeout)
        while child.isRunning && Date() < deadline {
            if let mark = highWaterMiB(child.pid) { peak = max(peak, mark) }
            if let bytes = readBytes(child.pid) { read[child.pid] = max(read[child.pid] ?? 0, bytes) }
            let children = (try? String(contentsOfFile: "/proc/\(child.pid)/task/\(child.pid)/children", encoding: .utf8)) ?? ""
            for worker in children.split(separator: " ").compactMap({ Int32($0) }) {
                if let mark = highWaterMiB(worker) { workerPeak = max(workerPeak, mark) }
                if let bytes = readBytes(worker) { read[worker] = max(read[worker] ?? 0, bytes) }
            }
            usleep(2_000)
        }
        let seconds = Date().timeIntervalSince(start)
        child.terminate(within: 2)
        guard let status = child.status else { throw ChildProcess.SpawnError(description: "swivel did not end") }
        return PeakMemoryRun(status: status.code, signaled: status.signaled,
                             stderr: String(decoding: folder.contents(errors), as: UTF8.self), peakMiB: max(peak, workerPeak),
                             seconds: seconds, appPeakMiB: peak, workerPeakMiB: workerPeak,
                             readMiB: Double(read.values.max() ?? 0) / 1_048_576)
    }
}
