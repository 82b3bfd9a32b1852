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
        // Limited like pointer positions, so `notches · notchDistance` cannot overflow.
        let notches = Self.limited(abs(event.dx) > abs(event.dy) ? event.dx : -event.dy)
        guard notches != 0 else { return false }
        // A whole delta inside a run of fractional ones is still the trackpad.
        let run = trackpad.flatMap {
            event.time >= $0.lastTime && !GestureConstants.span(event.time - $0.lastTime, exceeds: VelocityTracker.horizon) ? $0 : nil
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
            ? layout.offset(centering: layout.clampedCard(Double(layout.nearestSlot(to: base)) + notches,
                                                          rounding: .towardZero))
            : layout.clamp(base + notches * Self.notchDistance)
        ease(to: target, at: time)
    }

    /// Trackpad deltas move the offset directly (within the range). After each one it coasts on
    /// with the run's velocity, until the next delta puts it where the deltas say; when they stop,
    /// the coast is what remains. Snapping, the coast is a plain fling for `VelocityTracker.stopGap`
    /// (the time after which the fingers count as stopped) and then settles on a card. With reduced
    /// motion there is no coast: the offset waits `stopGap` where the deltas left it, then jumps to
    /// where the coast would have come to rest.
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
        let gap = VelocityTracker.stopGap
        let coast: any Simulation
        if snapping {
            let fling = BounceSimulation(position: run.offset, velocity: velocity, range: range,
                                         decelerationRate: decelerationRate)
            coast = HandoverSimulation(fling, until: gap,
                                       then: settleMotion(from: fling.x(gap), velocity: fling.dx(gap)))
        } else {
            coast = settleMotion(from: run.offset, velocity: velocity)
        }
        guard reducesMotion else { return play(coast, at: time) }
        // Reduced motion: the offset stays where the deltas put it until the fingers count as
        // stopped, then jumps to where the coast would have ended.
        let end = RestingSimulation(endOf: coast)
        if end.position == run.offset {
            play(end, at: time)
        } else {
            play(HandoverSimulation(RestingSimulation(at: run.offset), until: gap, then: end), at: time)
        }
    }
}
