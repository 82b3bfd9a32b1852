/// A fling inside a bounded scroll range, like UIScrollView's: friction inside the range; where it
/// reaches an end, a `SpringSimulation` toward that end takes over with the velocity it had at the
/// crossing, goes out and comes back. Started outside the range (released while rubber-banded) it
/// springs back toward the end it is past; thrown back in hard enough to pass that end, friction
/// carries on inside (and may bounce at the other end).
public struct BounceSimulation: Simulation {
    public let range: ClosedRange<Double>
    /// The times at which one phase hands over to the next (friction → spring at an end, or a spring
    /// passing its end → friction).
    public let handoverTimes: [Double]
    private let motion: any Simulation

    public init(position: Double, velocity: Double, range: ClosedRange<Double>,
                decelerationRate: Double = FrictionSimulation.normal) {
        self.range = range
        (motion, handoverTimes) = Self.phases(position, velocity, range, decelerationRate)
    }

    public func x(_ t: Double) -> Double { motion.x(t) }
    public func dx(_ t: Double) -> Double { motion.dx(t) }
    public func isDone(_ t: Double) -> Bool { motion.isDone(t) }

    private static func phases(_ x: Double, _ v: Double, _ range: ClosedRange<Double>,
                               _ rate: Double) -> (any Simulation, [Double]) {
        if !range.contains(x) {
            let end = x < range.lowerBound ? range.lowerBound : range.upperBound
            let spring = SpringSimulation(from: x, velocity: v, to: end)
            guard let crossing = spring.crossingTime else { return (spring, []) }
            let (inside, times) = phases(end, spring.dx(crossing), range, rate)
            return (HandoverSimulation(spring, until: crossing, then: inside),
                    [crossing] + times.map { $0 + crossing })
        }
        let friction = FrictionSimulation(position: x, velocity: v, decelerationRate: rate)
        let rest = friction.restingPosition
        let end = rest > range.upperBound ? range.upperBound : rest < range.lowerBound ? range.lowerBound : nil
        guard let end, let crossing = friction.time(at: end) else { return (friction, []) }
        let spring = SpringSimulation(from: end, velocity: friction.dx(crossing), to: end)
        return (HandoverSimulation(friction, until: crossing, then: spring), [crossing])
    }
}
