/// Estimates a pointer's velocity from its recent positions, the way Flutter's `VelocityTracker`
/// (after Android's) does: a least-squares quadratic through the samples of the last 100 ms, whose
/// slope at the release is the velocity.
public struct VelocityTracker: Equatable, Sendable {
    /// Only samples this recent count, in seconds (`GestureConstants.velocityHorizon`).
    public static let horizon = GestureConstants.velocityHorizon
    /// At most this many of the newest samples (`GestureConstants.velocitySamples`).
    public static let maximumSamples = GestureConstants.velocitySamples
    /// A longer gap, in seconds, means the pointer stopped (`GestureConstants.pointerStoppedAfter`).
    public static let stopGap = GestureConstants.pointerStoppedAfter
    /// Estimates are limited to this, in pt/s (`GestureConstants.maximumFlingSpeed`).
    public static let maximumSpeed = GestureConstants.maximumFlingSpeed

    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var position: Double
    }

    /// Oldest first.
    public private(set) var samples: [Sample] = []

    public init() {}

    public mutating func add(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        samples.append(Sample(time: time, position: position))
        if samples.count > Self.maximumSamples { samples.removeFirst(samples.count - Self.maximumSamples) }
    }

    /// Velocity at `time` (normally the release) in points per second, within ±`maximumSpeed`.
    /// Zero after a pause longer than `stopGap`, or with fewer than two distinct sample times.
    public func velocity(at time: Double) -> Double {
        guard let newest = samples.last, !GestureConstants.span(time - newest.time, exceeds: Self.stopGap) else { return 0 }
        // Newest back to the first sample older than the horizon or before a stop gap.
        var recent: [Sample] = []
        var newer = newest
        for sample in samples.reversed() {
            if GestureConstants.span(time - sample.time, exceeds: Self.horizon)
                || GestureConstants.span(abs(newer.time - sample.time), exceeds: Self.stopGap) { break }
            recent.append(sample)
            newer = sample
        }
        let ages = recent.map { $0.time - time }, positions = recent.map(\.position)
        let line = PolynomialFit.coefficients(degree: 1, x: ages, y: positions)?[1]
        guard var slope = PolynomialFit.coefficients(degree: 2, x: ages, y: positions)?[1] ?? line else { return 0 }
        // A parabola through a pointer that slows down before the release can turn round before
        // it: a flick of 1000 → 800 pt whose last step took 35 ms fits a slope of +337 pt/s, a
        // fling backwards, though the pointer only ever moved forwards. Against the direction the
        // pointer travelled, the straight-line fit (−2646 pt/s there) is the estimate.
        let travel = newest.position - recent[recent.count - 1].position
        if let line, slope * travel < 0 { slope = line }
        guard slope.isFinite else { return 0 }
        return min(max(slope, -Self.maximumSpeed), Self.maximumSpeed)
    }
}
