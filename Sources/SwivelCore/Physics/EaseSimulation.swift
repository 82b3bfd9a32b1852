/// A move to `target` over a fixed `duration` along a cubic Hermite curve that leaves `start` at
/// `velocity` and arrives at rest. From rest it is the smoothstep ease-in-out `3s² − 2s³`; started
/// mid-motion (a wheel notch during another move) it carries on at the current speed, so nothing jumps.
public struct EaseSimulation: Simulation, Equatable {
    /// 150 ms (`GestureConstants.easeDuration`).
    public static let standardDuration = GestureConstants.easeDuration

    public let start: Double
    public let velocity: Double
    public let target: Double
    public let duration: Double

    public init(from start: Double, velocity: Double = 0, to target: Double,
                duration: Double = standardDuration) {
        self.start = start
        self.velocity = velocity
        self.target = target
        self.duration = duration
    }

    public func x(_ t: Double) -> Double {
        guard t < duration else { return target }
        let s = max(0, t) / duration
        let h00 = (1 + 2 * s) * (1 - s) * (1 - s)
        let h10 = s * (1 - s) * (1 - s)
        let h01 = s * s * (3 - 2 * s)
        return h00 * start + h10 * duration * velocity + h01 * target
    }

    public func dx(_ t: Double) -> Double {
        guard t < duration else { return 0 }
        let s = max(0, t) / duration
        let d00 = 6 * s * (s - 1)
        let d10 = (1 - s) * (1 - 3 * s)
        return (d00 * (start - target)) / duration + d10 * velocity
    }

    public func isDone(_ t: Double) -> Bool { t >= duration }
}
