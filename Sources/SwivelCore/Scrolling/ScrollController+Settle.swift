/// How the controller lets go: flings, snaps and eased moves.
extension ScrollController {
    /// The motion after letting go at `position` with `velocity`. Free: a `BounceSimulation` (no
    /// fling below `flingThreshold` inside the range). Snapping: the card nearest the projected
    /// resting point, at least the next one when the release is a fling, reached by a
    /// `SnapSimulation` that starts at `velocity`; a resting point past an end bounces to that end
    /// (if the bounce would stop there). With `flingsOneCard`, a fling goes to exactly the next card
    /// its way (past the last, the snap's spring goes out and comes back to it).
    func settleMotion(from position: Double, velocity: Double) -> any Simulation {
        let range = layout.scrollRange
        let fling = abs(velocity) >= Self.flingThreshold ? velocity : 0
        guard snapping else {
            return BounceSimulation(position: position, velocity: range.contains(position) ? fling : velocity,
                                    range: range, decelerationRate: decelerationRate)
        }
        let rest = FrictionSimulation(position: position, velocity: fling,
                                      decelerationRate: decelerationRate).restingPosition
        if !flingsOneCard, !range.contains(rest) {
            let bounce = BounceSimulation(position: position, velocity: velocity, range: range,
                                          decelerationRate: decelerationRate)
            // Released past one end and thrown back in, a bounce can cross into the range and stop
            // between cards; then it snaps instead, to the card nearest the resting point (an end).
            let end = layout.clamp(rest)
            if abs(RestingSimulation.restingPoint(of: bounce) - end) < Tolerance.scroll.distance { return bounce }
        }
        var card = layout.nearestSlot(to: rest)
        if fling != 0 {
            let next = layout.nextCard(after: position, direction: fling > 0 ? 1 : -1)
            card = flingsOneCard ? next : fling > 0 ? max(card, next) : min(card, next)
        }
        return SnapSimulation.make(from: position, velocity: velocity, to: layout.offset(centering: card))
    }

    /// Lets go at `position` with `velocity` at `time`.
    mutating func release(at position: Double, velocity: Double, time: Double) {
        start(settleMotion(from: position, velocity: velocity), at: time)
    }

    /// Eases to `target`, leaving from `position` at `velocity` (by default, wherever the current
    /// motion is at `time`, at its speed). An eased move already heading there carries on as it is:
    /// restarted late in its course at its full speed, it would overshoot the target.
    mutating func ease(to target: Double, at time: Double, from position: Double? = nil,
                       velocity: Double? = nil) {
        if position == nil, case .animating(let animation) = motion, animation.easedTarget == target,
           !animation.isDone(at: time) {
            return
        }
        let x = position ?? offset(at: time), v = velocity ?? self.velocity(at: time)
        guard x != target || v != 0 else {
            motion = .resting(layout.rebased(target))
            return
        }
        start(EaseSimulation(from: x, velocity: v, to: target), at: time, easedTarget: target)
    }

    /// Runs `simulation` from `time`, or with reduced motion jumps to where it would come to rest;
    /// one already at rest leaves the controller resting.
    mutating func start(_ simulation: any Simulation, at time: Double, easedTarget: Double? = nil) {
        play(reducesMotion ? RestingSimulation(endOf: simulation) : simulation, at: time, easedTarget: easedTarget)
    }

    /// Runs `simulation` from `time` as it is; one already at rest leaves the controller resting
    /// where it comes to rest (a spring released within its tolerance of an end rests on the end).
    mutating func play(_ simulation: any Simulation, at time: Double, easedTarget: Double? = nil) {
        let animation = Animation(start: time, simulation: simulation, easedTarget: easedTarget)
        motion = simulation.isDone(0) && easedTarget == nil ? .resting(layout.rebased(animation.rest)) : .animating(animation)
    }
}
