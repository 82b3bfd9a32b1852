/// Swipe down to close the full view, as iOS Photos' swipe to dismiss: a press at fit that leaves
/// its slop mainly downwards drags the photo down at half the pointer's speed
/// (`FullViewConstants.dismissResistance`); upwards it barely gives (the row's `RubberBand` past
/// an end). Released past a quarter of the window's height, or moving down faster than
/// `dismissSpeed`, it closes; otherwise it springs back with the row's critically damped spring.
/// Offsets in window points, positive downwards.
public struct DismissDrag: Sendable {
    public var windowHeight: Double
    public var reducesMotion: Bool
    var state: State

    enum State: Sendable {
        case idle
        /// Pressed, not yet past the slop; a spring-back it caught goes on until then.
        case pressed(pointer: PointerID, press: Point, caught: (start: Double, spring: SpringSimulation)?)
        case dragging(pointer: PointerID, anchorY: Double, y: Double, tracker: VelocityTracker)
        case springing(start: Double, spring: SpringSimulation)
        /// Released to close, at this offset.
        case dismissed(Double)
    }

    public init(windowHeight: Double, reducesMotion: Bool = false) {
        self.windowHeight = windowHeight
        self.reducesMotion = reducesMotion
        state = .idle
    }

    /// The shown offset a downward pull of `raw` points gives: `raw·resistance` down, banded up.
    public func shownOffset(raw: Double) -> Double {
        raw >= 0 ? raw * FullViewConstants.dismissResistance : -RubberBand(dimension: windowHeight).overshoot(-raw)
    }

    /// The shown offset past which a release closes: a quarter of the window's height.
    public var threshold: Double { windowHeight * FullViewConstants.dismissFraction }

    /// How far the photo is pulled down at `time`, in points.
    public func offset(at time: Double) -> Double {
        switch state {
        case .idle, .pressed(_, _, nil): 0
        case .pressed(_, _, let caught?): Self.springOffset(caught.spring, max(0, time - caught.start))
        case .dragging(_, let anchorY, let y, _): shownOffset(raw: y - anchorY)
        case .springing(let start, let spring): Self.springOffset(spring, max(0, time - start))
        case .dismissed(let offset): offset
        }
    }

    static func springOffset(_ spring: SpringSimulation, _ t: Double) -> Double {
        spring.isDone(t) ? 0 : spring.x(t)
    }

    /// How far toward closing, 0…1 (the threshold is 1): for fading the background as it is pulled.
    public func pull(at time: Double) -> Double { min(max(offset(at: time) / threshold, 0), 1) }

    /// The pointer has claimed the photo (past the slop, downwards).
    public var isDragging: Bool { if case .dragging = state { true } else { false } }

    /// Released to close: the caller flies the card back from the photo moved down by `offset(at:)`.
    public var isDismissed: Bool { if case .dismissed = state { true } else { false } }

    public func isAnimating(at time: Double) -> Bool {
        if case .springing(let start, let spring) = state { return !spring.isDone(max(0, time - start)) }
        return false
    }

    /// A pointer event at fit. Returns true once the drag is its (and for its release).
    @discardableResult
    public mutating func handlePointer(_ event: PointerEvent) -> Bool {
        guard event.position.x.isFinite, event.position.y.isFinite, event.time.isFinite else { return false }
        switch state {
        case .idle:
            guard event.phase == .down else { return false }
            state = .pressed(pointer: event.pointer, press: event.position, caught: nil)
            return false
        case .springing(let start, let spring):
            guard event.phase == .down else { return false }
            state = .pressed(pointer: event.pointer, press: event.position, caught: (start, spring))
            return false
        case .pressed(let pointer, let press, let caught):
            guard pointer == event.pointer else { return false }
            switch event.phase {
            case .move:
                let dx = event.position.x - press.x, dy = event.position.y - press.y, slop = pointer.source.slop
                guard dx * dx + dy * dy > slop * slop else { return false }
                // Mainly downwards: claim it, the photo trailing the pointer by the slop (its y part,
                // as `PanGesture` trails in two dimensions). Otherwise it
                // is not a dismiss (a page drag, or nothing).
                guard dy > abs(dx) else { state = caught.map { .springing(start: $0.start, spring: $0.spring) } ?? .idle; return false }
                var tracker = VelocityTracker()
                tracker.add(time: event.time, position: event.position.y)
                // A caught spring-back goes on from where it was shown: the raw pull that shows it.
                let shown = caught.map { Self.springOffset($0.spring, max(0, event.time - $0.start)) } ?? 0
                let raw = shown >= 0 ? shown / FullViewConstants.dismissResistance
                    : -RubberBand(dimension: windowHeight).rawOvershoot(-shown)
                state = .dragging(pointer: pointer, anchorY: press.y + dy * slop / (dx * dx + dy * dy).squareRoot() - raw, y: event.position.y, tracker: tracker)
                return true
            case .up, .cancel, .down:
                state = caught.map { .springing(start: $0.start, spring: $0.spring) } ?? .idle
                return false
            }
        case .dragging(let pointer, let anchorY, var y, var tracker):
            guard pointer == event.pointer else { return false }
            switch event.phase {
            case .down:
                return false
            case .move:
                y = event.position.y
                tracker.add(time: event.time, position: y)
                state = .dragging(pointer: pointer, anchorY: anchorY, y: y, tracker: tracker)
            case .up, .cancel:
                if event.phase == .up, event.position.y != y {
                    y = event.position.y
                    tracker.add(time: event.time, position: y)
                }
                let shown = shownOffset(raw: y - anchorY)
                let velocity = event.phase == .up ? tracker.velocity(at: event.time) : 0
                release(shown: shown, velocity: velocity, at: event.time, cancelled: event.phase == .cancel)
            }
            return true
        case .dismissed:
            return false
        }
    }

    /// Closes past the threshold or on a fast downward flick; else springs back to 0 leaving at the
    /// shown speed (the pointer's times the resistance).
    private mutating func release(shown: Double, velocity: Double, at time: Double, cancelled: Bool) {
        if !cancelled, shown > 0, shown >= threshold || velocity >= FullViewConstants.dismissSpeed {
            state = .dismissed(shown)
            return
        }
        let v = shown >= 0 ? velocity * FullViewConstants.dismissResistance : 0
        let spring = SpringSimulation(from: shown, velocity: v, to: 0)
        state = reducesMotion || spring.isDone(0) ? .idle : .springing(start: time, spring: spring)
    }

    /// Springs back to 0 from `offset`, at rest, from `time` (the view opened again while flying
    /// back into its slot from a pulled-down photo: the flight heads for the photo where it was).
    public mutating func springBack(from offset: Double, at time: Double) {
        let spring = SpringSimulation(from: offset, velocity: 0, to: 0)
        state = reducesMotion || spring.isDone(0) ? .idle : .springing(start: time, spring: spring)
    }

    /// Back to idle after the caller has closed or reset the view.
    public mutating func reset() { state = .idle }
}
