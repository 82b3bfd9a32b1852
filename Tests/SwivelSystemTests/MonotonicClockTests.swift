import Glibc
import Testing
import SwivelSystem

@Suite struct MonotonicClockTests {
    /// The clock reads CLOCK_MONOTONIC: a reading falls between two of clock_gettime's taken
    /// around it (nothing waits: a sleep's length would be the machine's, not the clock's).
    @Test func readsTheMonotonicClock() {
        func kernel() -> Duration {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
        }
        let clock = MonotonicClock()
        let before = kernel()
        let start = clock.now
        let after = kernel()
        #expect(before <= start.sinceZero && start.sinceZero <= after, "\(before) ≤ \(start.sinceZero) ≤ \(after)")
        #expect(start <= clock.now)
        #expect(start + .seconds(1) > start)
        #expect((start + .milliseconds(1500)) - start == .milliseconds(1500))
    }

    @Test func durationsInMilliseconds() {
        #expect(Duration.milliseconds(1500).milliseconds == 1500)
        #expect(Duration.nanoseconds(250_000).milliseconds == 0.25)
        #expect((Duration.seconds(2) + .microseconds(5)).milliseconds == 2000.005)
    }
}
