/// Clicks and double-clicks from pointer events alone, so that recordings and replays need nothing
/// but their `down`/`up` lines. A click is a press released within its pointer's slop with no
/// other pointer pressed meanwhile; a click whose press comes within `doubleClickTime` of the last
/// click's press and `doubleClickDistance` of it, from the same kind of pointer, makes it a
/// double-click (GTK's rule and defaults). A double-click's second click starts no new pair.
public struct ClickCounter: Sendable {
    public struct Click: Equatable, Sendable {
        /// Where and when the press was, and from which kind of pointer.
        public var position: Point
        public var time: Double
        public var source: PointerSource
        /// Whether it completed a double-click.
        public var isDouble: Bool

        public init(position: Point, time: Double, source: PointerSource, isDouble: Bool) {
            self.position = position
            self.time = time
            self.source = source
            self.isDouble = isDouble
        }
    }

    /// The press that may still become a click.
    private var press: (pointer: PointerID, position: Point, time: Double)?
    /// The last single click, which the next may pair with.
    private var last: Click?
    /// Pointers down now (a press while another is down is a pinch or a slip, not a click).
    private var down: Set<PointerID> = []

    public init() {}

    /// Feeds one event; returns the click its release completes, if any.
    public mutating func handle(_ event: PointerEvent) -> Click? {
        switch event.phase {
        case .down:
            down.insert(event.pointer)
            press = down.count == 1 ? (event.pointer, event.position, event.time) : nil
            if down.count > 1 { last = nil }
            return nil
        case .move:
            if let p = press, p.pointer == event.pointer, Self.distance(p.position, event.position) > event.pointer.source.slop {
                press = nil
            }
            return nil
        case .cancel:
            down.remove(event.pointer)
            if press?.pointer == event.pointer { press = nil }
            return nil
        case .up:
            down.remove(event.pointer)
            guard let p = press, p.pointer == event.pointer else { return nil }
            press = nil
            guard Self.distance(p.position, event.position) <= event.pointer.source.slop else { return nil }
            var click = Click(position: p.position, time: p.time, source: p.pointer.source, isDouble: false)
            if let last, last.source == click.source,
               !GestureConstants.span(click.time - last.time, exceeds: GestureConstants.doubleClickTime),
               Self.distance(last.position, click.position) <= GestureConstants.doubleClickDistance {
                click.isDouble = true
                self.last = nil
            } else {
                self.last = click
            }
            return click
        }
    }

    /// Forgets the last click (what it belonged to has gone).
    public mutating func reset() { last = nil }

    static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
