/// How close to rest counts as rest (Flutter's `Tolerance`), in points and points per second.
public struct Tolerance: Equatable, Sendable {
    public var distance: Double
    public var velocity: Double

    public init(distance: Double, velocity: Double) {
        self.distance = distance
        self.velocity = velocity
    }

    /// For scrolling: 0.01 pt and 1 pt/s (`GestureConstants.restDistance`, `.restSpeed`).
    public static let scroll = Tolerance(distance: GestureConstants.restDistance, velocity: GestureConstants.restSpeed)
}
