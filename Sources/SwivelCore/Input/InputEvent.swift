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

/// Keys the app reacts to; everything else is `.other`.
public enum Key: String, Equatable, Hashable, Sendable {
    case escape, left, right, pageUp, pageDown, home, end, f12, other
    /// F and F11 toggle fullscreen; H the heads-up display; ? the key list.
    case fullscreen, hud, help
    /// The full view's keys: Enter and Space open the centred card (Enter and Backspace close it);
    /// + and − zoom, 0 fits, 1 shows 1:1 (the main row's and the keypad's alike).
    case enter, space, backspace, plus, minus, zero, one
    /// I shows the photo's information; M marks the centred (or open) card, Ctrl+A marks all, U
    /// clears the marks; Ctrl+C copies the centred photo's path; Delete moves it to the trash,
    /// Ctrl+Z undoes that; S starts or stops the slideshow.
    case info, mark, markAll, clearMarks, copyPath, delete, undo, slideshow
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
    case keyDown(Key, time: Double)

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
    public func shifted(by seconds: Double) -> InputEvent {
        switch self {
        case .pointer(var event): event.time += seconds; return .pointer(event)
        case .wheel(var event): event.time += seconds; return .wheel(event)
        case .keyDown(let key, let time): return .keyDown(key, time: time + seconds)
        }
    }
}
