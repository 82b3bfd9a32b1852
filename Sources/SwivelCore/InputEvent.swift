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
}

public enum InputEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    case keyDown(Key, time: Double)

    public var time: Double {
        switch self {
        case .pointer(let event): event.time
        case .keyDown(_, let time): time
        }
    }
}
