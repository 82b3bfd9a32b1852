/// Turns pointer drags into a scroll offset, 1:1: the content follows the pointer exactly and
/// stops at the ends of the scroll range. One pointer at a time: a second finger (or the mouse
/// while a finger is down) is ignored until the first is released.
public struct DragScroller: Equatable, Sendable {
    public private(set) var offset: Double
    public var range: ClosedRange<Double> {
        didSet { offset = Self.clamp(offset, to: range) }
    }

    /// The pointer that is dragging, with where it went down and the offset at that moment.
    private var drag: (pointer: PointerID, startX: Double, startOffset: Double)?

    public init(offset: Double = 0, range: ClosedRange<Double>) {
        self.range = range
        self.offset = Self.clamp(offset, to: range)
    }

    public var isDragging: Bool { drag != nil }

    /// Applies one input event. Returns true when the offset changed.
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Bool {
        guard case .pointer(let pointer) = event, pointer.position.x.isFinite else { return false }
        let before = offset
        switch pointer.phase {
        case .down:
            if drag == nil { drag = (pointer.pointer, pointer.position.x, offset) }
        case .move, .up, .cancel:
            guard let active = drag, active.pointer == pointer.pointer else { return false }
            offset = Self.clamp(active.startOffset - (pointer.position.x - active.startX), to: range)
            if pointer.phase != .move { drag = nil }
        }
        return offset != before
    }

    public static func == (a: DragScroller, b: DragScroller) -> Bool {
        a.offset == b.offset && a.range == b.range && a.drag?.pointer == b.drag?.pointer
            && a.drag?.startX == b.drag?.startX && a.drag?.startOffset == b.drag?.startOffset
    }

    static func clamp(_ x: Double, to range: ClosedRange<Double>) -> Double {
        min(max(x, range.lowerBound), range.upperBound)
    }
}
