/// A critically damped spring pulling toward `target`:
/// `x(t) = target + (A + B·t)·e^(−ωt)` with ω = √(stiffness/mass), A = x0 − target, B = v0 + ω·A.
/// It passes the target at most once, and only when thrown toward it faster than ω·|A|; started at
/// the target and moving away, it goes out and comes back without ever crossing.
public struct SpringSimulation: Simulation, Equatable {
    /// Mass 1, stiffness 100, damping ratio 1 (damping 2·√(stiffness·mass) = 20): see
    /// `GestureConstants.springMass`.
    public static let mass = GestureConstants.springMass
    public static let stiffness = GestureConstants.springStiffness
    /// ω = √(stiffness/mass) = 10 per second.
    public static let omega = (stiffness / mass).squareRoot()

    public let start: Double
    public let velocity: Double
    public let target: Double
    public let tolerance: Tolerance

    public init(from start: Double, velocity: Double, to target: Double, tolerance: Tolerance = .scroll) {
        self.start = start
        self.velocity = velocity
        self.target = target
        self.tolerance = tolerance
    }

    private var a: Double { start - target }
    private var b: Double { velocity + Self.omega * a }

    public func x(_ t: Double) -> Double {
        target + (a + b * t) * exp(-Self.omega * t)
    }

    public func dx(_ t: Double) -> Double {
        (b - Self.omega * (a + b * t)) * exp(-Self.omega * t)
    }

    /// Done within `tolerance.distance` of the target and slower than `tolerance.velocity`.
    public func isDone(_ t: Double) -> Bool {
        abs(x(t) - target) < tolerance.distance && abs(dx(t)) < tolerance.velocity
    }

    /// When it passes the target (t > 0), if it ever does.
    public var crossingTime: Double? {
        guard a != 0, b != 0 else { return nil }
        let t = -a / b
        return t > 0 && t.isFinite ? t : nil
    }
}
