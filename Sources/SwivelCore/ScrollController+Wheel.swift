/// A run of trackpad deltas: where they have taken the offset, and how fast it was going.
struct TrackpadScroll: Sendable {
    var offset: Double
    var lastTime: Double
    var tracker = VelocityTracker()
}

/// Wheels and trackpads.
extension ScrollController {
    mutating func handleWheel(_ event: WheelEvent) -> Bool {
        guard event.dx.isFinite, event.dy.isFinite, !isDragging else { return false }
        // The dominant axis counts, so a vertical wheel scrolls the row too, and so does shift+wheel
        // whether the system turns it into a horizontal delta or not. Down and right go forward.
        let notches = abs(event.dx) > abs(event.dy) ? event.dx : -event.dy
        guard notches != 0 else { return false }
        // A whole delta inside a run of fractional ones is still the trackpad.
        let run = trackpad.flatMap {
            event.time >= $0.lastTime && event.time - $0.lastTime <= VelocityTracker.horizon ? $0 : nil
        }
        if event.isPrecise || run != nil {
            scrollDirectly(by: notches * Self.notchDistance, at: event.time, continuing: run)
        } else {
            scroll(notches: notches, at: event.time)
        }
        return true
    }

    /// Wheel notches: one card each when snapping, `notchDistance` each otherwise, eased; counted
    /// from the target of a move still in progress, so quick notches add up.
    private mutating func scroll(notches: Double, at time: Double) {
        trackpad = nil
        let base = easedTarget ?? offset(at: time)
        let target = snapping
            ? layout.offset(centering: layout.clampedCard(Double(layout.nearestCard(to: base)) + notches,
                                                          rounding: .towardZero))
            : layout.clamp(base + notches * Self.notchDistance)
        ease(to: target, at: time)
    }

    /// Trackpad deltas move the offset directly (within the range). After each one it coasts on
    /// with the run's velocity, until the next delta puts it where the deltas say; when they stop,
    /// the coast is what remains. Snapping, the coast is a plain fling for `VelocityTracker.stopGap`
    /// (the time after which the fingers count as stopped) and then settles on a card.
    private mutating func scrollDirectly(by distance: Double, at time: Double, continuing: TrackpadScroll?) {
        let range = layout.scrollRange
        var run = continuing ?? TrackpadScroll(offset: layout.clamp(offset(at: time)), lastTime: time)
        run.offset = layout.clamp(run.offset + distance)
        run.lastTime = time
        run.tracker.add(time: time, position: run.offset)
        var velocity = run.tracker.velocity(at: time)
        if (run.offset == range.upperBound && velocity > 0) || (run.offset == range.lowerBound && velocity < 0) {
            velocity = 0
        }
        trackpad = run
        guard snapping else {
            start(settleMotion(from: run.offset, velocity: velocity), at: time)
            return
        }
        let gap = VelocityTracker.stopGap
        let coast = BounceSimulation(position: run.offset, velocity: velocity, range: range,
                                     decelerationRate: decelerationRate)
        start(HandoverSimulation(coast, until: gap, then: settleMotion(from: coast.x(gap), velocity: coast.dx(gap))),
              at: time)
    }
}
