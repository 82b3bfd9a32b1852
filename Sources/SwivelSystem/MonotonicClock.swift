import Glibc

/// The system's monotonic clock (CLOCK_MONOTONIC: never set back, paused in suspend), with the
/// standard library's `Duration` for spans. What the Swift runtime's `ContinuousClock` offers
/// here, without linking the concurrency runtime (libswift_Concurrency) for it.
public struct MonotonicClock: Sendable {
    /// A moment on the clock.
    public struct Instant: Comparable, Sendable {
        /// Since the clock's (arbitrary) zero.
        public let sinceZero: Duration

        public static func < (a: Instant, b: Instant) -> Bool { a.sinceZero < b.sinceZero }
        public static func - (a: Instant, b: Instant) -> Duration { a.sinceZero - b.sinceZero }
        public static func + (a: Instant, b: Duration) -> Instant { Instant(sinceZero: a.sinceZero + b) }
    }

    public init() {}

    public static var now: Instant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Instant(sinceZero: .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec))
    }

    public var now: Instant { Self.now }
}

extension Duration {
    /// The span in milliseconds, as a `Double` (for reports and timings).
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
