/// A line-based text recording of a session's input, for `swivel --record` and `--replay`.
///
/// ```
/// swivel-recording 1
/// 0 resize 1280 720
/// 0.512 down mouse 0 900 360
/// 0.528 move mouse 0 880.5 360
/// 0.6 up mouse 0 700 360
/// 1.25 wheel 0 -1
/// 1.5 key right
/// 3 end
/// ```
/// Each line after the header is a time in seconds since the recording started, then what happened:
/// a pointer phase (`down`, `move`, `up`, `cancel`) with device (`mouse`/`touch`), pointer id and
/// position in points; `wheel DX DY` in notches, optionally followed by the pointer's position; `key NAME` (`KeyChord.name`: `right`, `markAll`, `ctrl+shift+r`); `resize W H` in points; `end`.
/// Lines starting with `#` and blank lines are ignored. Numbers are written in Swift's shortest
/// round-trip form, so a replay sees exactly the values that were recorded.
public enum RecordedEntry: Equatable, Sendable {
    case input(InputEvent)
    case resize(Size, time: Double)
    case end(time: Double)

    public static let header = "swivel-recording 1"

    /// The most bytes a recording may hold: an hour of input at 1000 events a second is about
    /// 3.6 million lines of 30 bytes (108 MB); a session a person records and replays is minutes,
    /// a few megabytes. Past this, `--replay` refuses the file instead of reading on (`/dev/zero`).
    public static let maxBytes = 64 << 20
    /// The most lines a recording may have (checked before they are split, each line costing
    /// memory as it is parsed): over 4 hours of events at a 60 Hz display's rate.
    public static let maxLines = 1_000_000
    /// 1,000,000 pt: no window, and no pointer captured by one, is further out than this on any
    /// screen, so a recording that says otherwise was not made by a window and is refused.
    public static let farthestCoordinate = 1_000_000.0

    public var time: Double {
        switch self {
        case .input(let event): event.time
        case .resize(_, let time), .end(let time): time
        }
    }

    /// The entry as one line (no newline).
    public var line: String {
        switch self {
        case .input(.pointer(let p)):
            "\(p.time) \(p.phase.rawValue) \(p.pointer.source.rawValue) \(p.pointer.id) \(p.position.x) \(p.position.y)"
        case .input(.wheel(let w)):
            "\(w.time) wheel \(w.dx) \(w.dy)" + (w.position.map { " \($0.x) \($0.y)" } ?? "")
        case .input(.keyDown(let chord, let time)):
            "\(time) key \(chord.name)"
        case .resize(let size, let time):
            "\(time) resize \(size.width) \(size.height)"
        case .end(let time):
            "\(time) end"
        }
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Parses one line; nil for blank lines and comments.
    public static func parse(_ text: Substring, lineNumber: Int) throws(ParseError) -> RecordedEntry? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, !first.hasPrefix("#") else { return nil }
        func fail(_ reason: String) -> ParseError { ParseError(line: lineNumber, reason: reason) }
        func number(_ index: Int, _ name: String) throws(ParseError) -> Double {
            guard index < words.count, let value = Double(words[index]), value.isFinite else {
                throw fail("\(name) must be a finite number")
            }
            return value
        }
        func coordinate(_ index: Int, _ name: String) throws(ParseError) -> Double {
            let value = try number(index, name)
            guard abs(value) <= farthestCoordinate else {
                throw fail("\(name) \(words[index]) is further out than any window reaches (±1000000)")
            }
            return value
        }
        let time = try number(0, "the time")
        guard time >= 0 else { throw fail("the time must not be negative") }
        guard words.count >= 2 else { throw fail("nothing after the time") }
        let kind = String(words[1])
        func expectCount(_ count: Int) throws(ParseError) {
            guard words.count == count else { throw fail("'\(kind)' takes \(count - 2) values") }
        }
        switch kind {
        case "down", "move", "up", "cancel":
            try expectCount(6)
            guard let source = PointerSource(rawValue: String(words[2])) else {
                throw fail("device must be mouse or touch")
            }
            guard let id = Int64(words[3]) else { throw fail("pointer id must be a whole number") }
            let position = Point(try coordinate(4, "x"), try coordinate(5, "y"))
            return .input(.pointer(PointerEvent(PointerPhase(rawValue: kind)!, PointerID(source: source, id: id),
                                                at: position, time: time)))
        case "wheel":
            guard words.count == 4 || words.count == 6 else { throw fail("'wheel' takes 2 values, or 4 with the pointer's x y") }
            let position = words.count == 6 ? Point(try coordinate(4, "x"), try coordinate(5, "y")) : nil
            return .input(.wheel(WheelEvent(dx: try number(2, "dx"), dy: try number(3, "dy"), at: position, time: time)))
        case "key":
            try expectCount(3)
            guard let chord = KeyChord(name: String(words[2])) else { throw fail("unknown key '\(words[2])'") }
            return .input(.keyDown(chord, time: time))
        case "resize":
            try expectCount(4)
            let size = Size(try coordinate(2, "width"), try coordinate(3, "height"))
            guard size.width >= 1, size.height >= 1 else { throw fail("a window is at least 1x1") }
            let most = Double(WindowLimit.maximumSide)
            guard size.width <= most, size.height <= most else {
                throw fail("a window is at most \(WindowLimit.maximumSide)x\(WindowLimit.maximumSide) points "
                           + "(got \(words[2])x\(words[3]))")
            }
            return .resize(size, time: time)
        case "end":
            try expectCount(2)
            return .end(time: time)
        default:
            throw fail("unknown entry '\(kind)'")
        }
    }

    /// Parses a whole recording: the header, then entries in time order.
    public static func parseRecording(_ text: String) throws(ParseError) -> [RecordedEntry] {
        var newlines = 0
        for byte in text.utf8 where byte == UInt8(ascii: "\n") {
            newlines += 1
            if newlines > maxLines {
                throw ParseError(line: maxLines + 1, reason: "more than \(maxLines) lines, the most a recording may have")
            }
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard lines.next().map({ $0.trimmingSpaces() == Substring(header) }) == true else {
            throw ParseError(line: 1, reason: "not a swivel recording (the first line must be '\(header)')")
        }
        var entries: [RecordedEntry] = []
        var number = 1
        while let line = lines.next() {
            number += 1
            guard let entry = try parse(line.trimmingSpaces(), lineNumber: number) else { continue }
            if let last = entries.last, entry.time < last.time {
                throw ParseError(line: number, reason: "time goes backwards")
            }
            entries.append(entry)
        }
        return entries
    }
}

private extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return s
    }
}
