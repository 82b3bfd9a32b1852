/// The motion that settles a snapping carousel on `target`, starting with the release velocity.
///
/// Heading toward the target, it is a friction slide with its rate fitted to stop exactly there (what
/// UIScrollView does when its delegate moves `targetContentOffset`), as long as that rate stays
/// between half UIScrollView's normal one (slower reads as a different, floatier flick) and the
/// spring's ω (faster is a harder stop than the spring's). Otherwise (moving away from the target,
/// too slow to get there, or about to arrive) it is the critically damped `SpringSimulation`,
/// which then overshoots the target by at most |v0|/(ω·e).
public enum SnapSimulation {
    /// Half of UIScrollView's normal decay λ = −1000·ln 0.998 ≈ 2.002 per second.
    public static let slowestDecay = -1000 * log(FrictionSimulation.normal) / 2
    /// The spring's ω = 10 per second.
    public static let fastestDecay = SpringSimulation.omega

    public static func make(from position: Double, velocity: Double, to target: Double) -> any Simulation {
        if let slide = FrictionSimulation(position: position, velocity: velocity, restingAt: target),
           (slowestDecay...fastestDecay).contains(slide.decay) {
            return slide
        }
        return SpringSimulation(from: position, velocity: velocity, to: target)
    }
}
