/// How close to rest counts as rest (Flutter's `Tolerance`), in points and points per second.
public struct Tolerance: Equatable, Sendable {
    public var distance: Double
    public var velocity: Double

    public init(distance: Double, velocity: Double) {
        self.distance = distance
        self.velocity = velocity
    }

    /// For scrolling. 1 pt/s: at UIScrollView's normal rate a friction slide still has
    /// 1 / (1000·|ln 0.998|) = 0.4995 pt to go at that speed, inside the ±0.5 pt the rest point
    /// allows (the rest point of a fling is specified to ±0.5 pt). 0.01 pt: a spring ends within a hundredth of a point of its target, far
    /// below a pixel even at 3× scale.
    public static let scroll = Tolerance(distance: 0.01, velocity: 1)
}
