/// Input as the core sees it: plain values with a timestamp in seconds, in window points.
/// The platform layer turns SDL's events into these; recordings and tests make them directly.

/// Which device a pointer belongs to. Drag thresholds and the like differ between them.
public enum PointerSource: String, Equatable, Hashable, Sendable {
    case mouse
    case touch
}

/// One pointer: the mouse, or one finger of one touch device.
public struct PointerID: Equatable, Hashable, Sendable {
    public var source: PointerSource
    public var id: Int64
    public init(source: PointerSource, id: Int64) { self.source = source; self.id = id }
    public static let mouse = PointerID(source: .mouse, id: 0)
}

public enum PointerPhase: String, Equatable, Hashable, Sendable {
    case down, move, up, cancel
}

public struct PointerEvent: Equatable, Sendable {
    public var phase: PointerPhase
    public var pointer: PointerID
    public var position: Point
    /// Seconds on a monotonic clock.
    public var time: Double

    public init(_ phase: PointerPhase, _ pointer: PointerID = .mouse, at position: Point, time: Double) {
        self.phase = phase
        self.pointer = pointer
        self.position = position
        self.time = time
    }
}

/// One scroll of a wheel or trackpad, in wheel notches (SDL's `preciseX`/`preciseY`): x positive
/// to the right, y positive away from the user, already undone for "natural" (flipped) scrolling.
public struct WheelEvent: Equatable, Sendable {
    public var dx: Double
    public var dy: Double
    /// Where the pointer was, in window points (what the full view zooms about); nil: not known.
    public var position: Point?
    /// Seconds on a monotonic clock.
    public var time: Double

    public init(dx: Double = 0, dy: Double = 0, at position: Point? = nil, time: Double) {
        self.dx = dx
        self.dy = dy
        self.position = position
        self.time = time
    }

    /// A fractional amount comes from a trackpad or a high-resolution wheel; whole notches from a
    /// clicking wheel.
    public var isPrecise: Bool { dx != dx.rounded() || dy != dy.rounded() }
}

public enum InputEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    case wheel(WheelEvent)
    /// A key pressed (not a repeat: a key held down repeats only what `Command.repeats` says,
    /// which the app decides once it knows the command).
    case keyDown(KeyChord, time: Double)

    public var time: Double {
        switch self {
        case .pointer(let event): event.time
        case .wheel(let event): event.time
        case .keyDown(_, let time): time
        }
    }
}

extension InputEvent {
    /// The same event `seconds` later (recordings store times from their start; replays move them
    /// onto the clock of the replaying session).
    public func shifted(by seconds: Double) -> InputEvent { at(time + seconds) }

    /// The same event at `time`.
    public func at(_ time: Double) -> InputEvent {
        switch self {
        case .pointer(var event): event.time = time; return .pointer(event)
        case .wheel(var event): event.time = time; return .wheel(event)
        case .keyDown(let chord, _): return .keyDown(chord, time: time)
        }
    }
}
