/// A motion that is already over: it stays at `position`, at rest, from the start. With reduced
/// motion the controller puts one in place of an animation, at the point where that animation
/// would have come to rest, so the offset jumps there.
public struct RestingSimulation: Simulation, Equatable {
    public let position: Double

    public init(at position: Double) { self.position = position }

    /// At the point where `simulation` comes to rest.
    public init(endOf simulation: any Simulation) { position = Self.restingPoint(of: simulation) }

    public func x(_ t: Double) -> Double { position }
    public func dx(_ t: Double) -> Double { 0 }
    public func isDone(_ t: Double) -> Bool { true }

    /// The position `simulation` settles on as time goes on. In closed form for friction (x0 + v0/λ),
    /// springs and eases (their target) and handovers (where their second part rests); any other
    /// motion (a bounce) is sampled at 1, 2, 4, … seconds until it is done and its position no
    /// longer changes from one sample to the next (at most 2²⁰ s).
    public static func restingPoint(of simulation: any Simulation) -> Double {
        switch simulation {
        case let resting as RestingSimulation: return resting.position
        case let friction as FrictionSimulation: return friction.restingPosition
        case let spring as SpringSimulation: return spring.target
        case let ease as EaseSimulation: return ease.target
        case let handover as HandoverSimulation: return restingPoint(of: handover.second)
        default:
            var t = 1.0
            while t < 0x1p20, !simulation.isDone(t) || simulation.x(t) != simulation.x(2 * t) { t *= 2 }
            return simulation.x(t)
        }
    }
}
