/// `first` until `handoverTime`, then `second`, whose own clock starts at zero there. Built with
/// `second` starting from `first`'s position and velocity at that moment, the motion has no jump.
public struct HandoverSimulation: Simulation {
    public let first: any Simulation
    public let handoverTime: Double
    public let second: any Simulation

    public init(_ first: any Simulation, until handoverTime: Double, then second: any Simulation) {
        self.first = first
        self.handoverTime = handoverTime
        self.second = second
    }

    public func x(_ t: Double) -> Double {
        t < handoverTime ? first.x(t) : second.x(t - handoverTime)
    }

    public func dx(_ t: Double) -> Double {
        t < handoverTime ? first.dx(t) : second.dx(t - handoverTime)
    }

    public func isDone(_ t: Double) -> Bool {
        t >= handoverTime && second.isDone(t - handoverTime)
    }
}
