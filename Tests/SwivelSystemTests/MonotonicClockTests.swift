import Glibc
import Testing
import SwivelSystem

@Suite struct MonotonicClockTests {
    @Test func measuresASleep() {
        let clock = MonotonicClock()
        let start = clock.now
        usleep(20_000)
        let elapsed = clock.now - start
        #expect(elapsed >= .milliseconds(20))
        #expect(elapsed < .seconds(10))
        #expect(start < clock.now)
        #expect(start + .seconds(1) > start)
        #expect((start + .milliseconds(1500)) - start == .milliseconds(1500))
    }

    @Test func durationsInMilliseconds() {
        #expect(Duration.milliseconds(1500).milliseconds == 1500)
        #expect(Duration.nanoseconds(250_000).milliseconds == 0.25)
        #expect((Duration.seconds(2) + .microseconds(5)).milliseconds == 2000.005)
    }
}
