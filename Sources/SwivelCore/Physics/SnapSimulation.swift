/// The motion that settles a snapping carousel on `target`, starting with the release velocity.
///
/// Heading toward the target, it is a friction slide with its rate fitted to stop exactly there (what
/// UIScrollView does when its delegate moves `targetContentOffset`), as long as that rate stays
/// between half UIScrollView's normal one (slower reads as a different, floatier flick) and the
/// spring's ω (faster is a harder stop than the spring's). Otherwise (moving away from the target,
/// too slow to get there, or about to arrive) it is the critically damped `SpringSimulation`,
/// which then overshoots the target by at most |v0|/(ω·e).
///
/// An exponential slide only creeps up on its end (at λ ≈ 2/s it takes 4.6 s more to go from 2 pt
/// to 0.01 pt), so once `handoverDistance` is left the spring finishes the last stretch from the
/// slide's position and velocity: settled about half a second later, with no jump in speed.
public enum SnapSimulation {
    /// Where the slide hands the last stretch to the spring, in points
    /// (`GestureConstants.snapHandoverDistance`).
    public static let handoverDistance = GestureConstants.snapHandoverDistance

    /// Half of UIScrollView's normal decay λ ≈ 2.002 per second (`GestureConstants.slowestSnapDecay`).
    public static let slowestDecay = GestureConstants.slowestSnapDecay
    /// The spring's ω = 10 per second.
    public static let fastestDecay = SpringSimulation.omega

    public static func make(from position: Double, velocity: Double, to target: Double) -> any Simulation {
        if let slide = FrictionSimulation(position: position, velocity: velocity, restingAt: target),
           (slowestDecay...fastestDecay).contains(slide.decay) {
            // Remaining distance |v0/λ|·e^(−λt) reaches the handover distance at t = ln(|v0/λ| / h) / λ.
            let remaining = abs(velocity / slide.decay)
            guard remaining > handoverDistance else {
                return SpringSimulation(from: position, velocity: velocity, to: target)
            }
            let handover = log(remaining / handoverDistance) / slide.decay
            return HandoverSimulation(slide, until: handover,
                                      then: SpringSimulation(from: slide.x(handover), velocity: slide.dx(handover),
                                                             to: target))
        }
        return SpringSimulation(from: position, velocity: velocity, to: target)
    }
}
