import Glibc
import SwivelCore
import SwivelSystem

/// `--record FILE`: appends each entry as a line, with times counted from the recording's start.
final class Recorder {
    private var descriptor: Int32
    private let start: Double

    init(path: String, start: Double) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0, FileDescriptor.write(descriptor, Array((RecordedEntry.header + "\n").utf8)) else {
            fail(.failure, "cannot write the recording \(path)")
        }
        self.start = start
    }

    func write(_ input: InputEvent) {
        append(.input(input.at(since(input.time))))
    }
    func resize(_ size: Size, at time: Double) { append(.resize(size, time: since(time))) }
    func end(at time: Double) {
        append(.end(time: since(time)))
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// The last time written: an entry is never written before it. Input carries SDL's time (whole
    /// milliseconds, when the event was queued), a resize the clock's when it was seen, so input
    /// queued in the same millisecond as a resize but read after it would otherwise go back in time,
    /// which a recording may not (`RecordedEntry.parseRecording`).
    private var last = 0.0

    /// Seconds since the start, to the microsecond, and not before the last entry's.
    private func since(_ time: Double) -> Double {
        last = max(last, max(0, ((time - start) * 1e6).rounded() / 1e6))
        return last
    }

    private func append(_ entry: RecordedEntry) {
        if descriptor >= 0 { FileDescriptor.write(descriptor, Array((entry.line + "\n").utf8)) }
    }
}

/// `--replay FILE`: the recorded entries, read and checked before any window opens.
struct Recording {
    let entries: [RecordedEntry]

    init(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { fail(.usage, "cannot read the recording \(path)") }
        defer { close(descriptor) }
        let data: [UInt8]
        switch FileDescriptor.readAll(descriptor, limit: RecordedEntry.maxBytes) {
        case .success(let bytes): data = bytes
        case .failure(.tooLarge): fail(.usage, "\(path) is over \(RecordedEntry.maxBytes >> 20) MiB, the most a recording may hold")
        case .failure: fail(.usage, "cannot read the recording \(path)")
        }
        do {
            entries = try RecordedEntry.parseRecording(String(decoding: data, as: UTF8.self))
        } catch {
            fail(.usage, "\(path) \(error)")
        }
    }

    /// A recording of `entries`, in time order.
    init(entries: [RecordedEntry]) { self.entries = entries }

    /// The window size the recording ended with, if it says.
    var lastWindowSize: Size? {
        entries.reversed().lazy.compactMap { if case .resize(let size, _) = $0 { size } else { nil } }.first
    }

    /// When the recording ends: its `end` line, or its last entry.
    var endTime: Double { entries.last?.time ?? 0 }
}

/// Feeds a recording into a live session as its times come due.
struct ReplaySchedule {
    private let entries: [RecordedEntry]
    private let start: Double
    private var next = 0

    init(_ recording: Recording, start: Double) {
        entries = recording.entries
        self.start = start
    }

    var isFinished: Bool { next >= entries.count }

    /// When the next entry is due, on the clock of `start`; nil when all have been played.
    var nextDue: Double? { next < entries.count ? entries[next].time + start : nil }

    /// The input entries due by `now`, on the clock of `start` (window sizes stay as they are
    /// in a live window).
    mutating func take(dueBy now: Double) -> [InputEvent] {
        var due: [InputEvent] = []
        while next < entries.count, entries[next].time + start <= now {
            if case .input(let input) = entries[next] { due.append(input.shifted(by: start)) }
            next += 1
        }
        return due
    }
}
