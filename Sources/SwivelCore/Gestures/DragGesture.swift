/// One pointer's press, drag and release as the scroller sees it.
///
/// The content stays put until the pointer has moved sideways further than the slop; from then on
/// it follows the pointer 1:1, trailing it by the slop, so crossing the slop makes no jump. The
/// raw (unbounded) offset depends only on where the pointer is, not on the steps it took.
struct DragGesture: Sendable {
    let pointer: PointerID
    let press: Point
    /// The raw offset when the pointer went down (moved by `rebase` on a resize).
    private(set) var startOffset: Double
    /// The press stopped content that was moving faster than a fling; such a press is not a click.
    let caughtMotion: Bool
    private(set) var pointerX: Double
    /// The pointer x the content follows from, once the drag has crossed the slop; nil before.
    private(set) var anchorX: Double?
    /// Whether the pointer has ever been further than the slop from the press, in any direction.
    private(set) var leftSlop = false
    private(set) var tracker = VelocityTracker()

    init(pointer: PointerID, press: Point, time: Double, startOffset: Double, caughtMotion: Bool) {
        self.pointer = pointer
        self.press = press
        self.startOffset = startOffset
        self.caughtMotion = caughtMotion
        self.pointerX = press.x
        tracker.add(time: time, position: press.x)
    }

    var slop: Double { pointer.source.slop }

    /// Whether the content is following the pointer.
    var isDragging: Bool { anchorX != nil }

    /// A press released now would be a click or tap.
    var isClick: Bool { !leftSlop && !caughtMotion }

    mutating func move(to p: Point, time: Double) {
        pointerX = p.x
        tracker.add(time: time, position: p.x)
        updateSlop(p)
    }

    /// The release at `p`. Where the pointer has not moved since its last sample, the release
    /// adds no sample: it repeats the last known position (Android's `VelocityTracker` skips
    /// ACTION_UP for that reason, and Flutter's tracks downs and moves only), and as a sample it
    /// would read as the pointer standing still until the button came up. With a 1000 Hz mouse a
    /// release 8 ms after the last move took a steady 2000 pt/s flick to 329 pt/s. Its time still
    /// ends the fling if the pointer had stopped (`VelocityTracker.stopGap`).
    mutating func release(at p: Point, time: Double) {
        if p.x == pointerX { return updateSlop(p) }
        move(to: p, time: time)
    }

    private mutating func updateSlop(_ p: Point) {
        let dx = p.x - press.x, dy = p.y - press.y
        if dx * dx + dy * dy > slop * slop { leftSlop = true }
        if anchorX == nil, abs(dx) > slop { anchorX = press.x + (dx > 0 ? slop : -slop) }
    }

    /// The offset the pointer asks for, before any rubber band.
    var rawOffset: Double {
        guard let anchorX else { return startOffset }
        return startOffset - (pointerX - anchorX)
    }

    /// The velocity of the offset (opposite to the pointer's) at `time`, in points per second.
    func velocity(at time: Double) -> Double {
        isDragging ? -tracker.velocity(at: time) : 0
    }

    /// Shifts the drag so that its raw offset is now `raw`.
    mutating func rebase(to raw: Double) {
        startOffset += raw - rawOffset
    }
}
