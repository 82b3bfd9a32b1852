/// UIScrollView's deceleration: the velocity shrinks by the factor `d` every millisecond, so
/// `v(t) = v0·d^(1000t)` and `x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d)`, resting at
/// `x0 − v0/(1000·ln d)`.
public struct FrictionSimulation: Simulation, Equatable {
    /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond (`GestureConstants.normalDeceleration`).
    public static let normal = GestureConstants.normalDeceleration
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond (`GestureConstants.fastDeceleration`).
    public static let fast = GestureConstants.fastDeceleration

    public let position: Double
    public let velocity: Double
    /// λ = −1000·ln d: how fast the velocity decays, per second (`v(t) = v0·e^(−λt)`).
    public let decay: Double
    public let tolerance: Tolerance

    /// `decelerationRate` is d, the factor per millisecond, in (0, 1).
    public init(position: Double, velocity: Double, decelerationRate: Double = normal,
                tolerance: Tolerance = .scroll) {
        precondition(decelerationRate > 0 && decelerationRate < 1, "a deceleration rate is in (0, 1)")
        self.position = position
        self.velocity = velocity
        self.decay = -1000 * log(decelerationRate)
        self.tolerance = tolerance
    }

    /// The slide from `position` at `velocity` whose rate is fitted so that it comes to rest exactly
    /// at `target` (λ = v0 / (target − x0)), done when less than `tolerance.distance` is left.
    /// Nil unless the velocity heads toward the target.
    public init?(position: Double, velocity: Double, restingAt target: Double, tolerance: Tolerance = .scroll) {
        let distance = target - position
        guard distance * velocity > 0, (velocity / distance).isFinite else { return nil }
        self.position = position
        self.velocity = velocity
        self.decay = velocity / distance
        self.tolerance = Tolerance(distance: tolerance.distance, velocity: tolerance.distance * decay)
    }

    /// `d`, the factor the velocity keeps per millisecond.
    public var decelerationRate: Double { exp(-decay / 1000) }

    public func x(_ t: Double) -> Double {
        position - velocity * expm1(-decay * t) / decay
    }

    public func dx(_ t: Double) -> Double {
        velocity * exp(-decay * t)
    }

    /// Done once slower than `tolerance.velocity`.
    public func isDone(_ t: Double) -> Bool {
        abs(dx(t)) < tolerance.velocity
    }

    /// Where it would come to rest: `x0 + v0/λ`.
    public var restingPosition: Double { position + velocity / decay }

    /// The time at which it passes `x`, or nil if it never gets there.
    public func time(at x: Double) -> Double? {
        if x == position { return 0 }
        let travelled = (x - position) / velocity
        guard travelled > 0, decay * travelled < 1 else { return nil }
        return -log1p(-decay * travelled) / decay
    }
}
