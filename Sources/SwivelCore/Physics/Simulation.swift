/// A one-dimensional motion as a pure function of the time since it began, modelled on Flutter's
/// `Simulation` (package:flutter/physics). Nothing is stepped per frame, so any frame rate samples
/// the same curve.
public protocol Simulation: Sendable {
    /// Position `t` seconds after the start, in points.
    func x(_ t: Double) -> Double
    /// Velocity `t` seconds after the start, in points per second.
    func dx(_ t: Double) -> Double
    /// Whether the motion has come to rest by `t`.
    func isDone(_ t: Double) -> Bool
}
