import Testing
import SwivelCore

@Suite struct VelocityTrackerTests {
    /// Samples of a pointer moving at `speed` for 150 ms at `hertz`, ending at t = 1.
    func constantSpeed(_ speed: Double, hertz: Double, rounded: Bool = false) -> VelocityTracker {
        var tracker = VelocityTracker()
        let count = Int(0.150 * hertz)
        for i in 0...count {
            let t = 1 - Double(count - i) / hertz
            let x = 100 + speed * t
            tracker.add(time: t, position: rounded ? x.rounded() : x)
        }
        return tracker
    }

    @Test(arguments: [60.0, 120.0, 240.0, 1000.0])
    func constantSpeedIsEstimatedWithinOnePercent(hertz: Double) {
        for speed in [-3000.0, -250.0, 400.0, 1000.0, 6000.0] {
            let estimate = constantSpeed(speed, hertz: hertz).velocity(at: 1)
            #expect(abs(estimate - speed) <= 0.01 * abs(speed), "\(hertz) Hz, \(speed) pt/s: \(estimate)")
        }
    }

    @Test(arguments: [60.0, 120.0, 240.0, 1000.0])
    func wholePointPositionsAreEstimatedWithinOnePercent(hertz: Double) {
        // SDL reports the mouse in whole points.
        let estimate = constantSpeed(1000, hertz: hertz, rounded: true).velocity(at: 1)
        #expect(abs(estimate - 1000) <= 10, "\(estimate)")
    }

    @Test func slopeIsTakenAtTheReleaseOfAnAcceleratingDrag() {
        // x = 2000·t²: the quadratic is exact, and the velocity at t = 0.5 is 2000 pt/s.
        var tracker = VelocityTracker()
        for i in 0...10 { let t = 0.4 + Double(i) * 0.01; tracker.add(time: t, position: 2000 * t * t) }
        #expect(abs(tracker.velocity(at: 0.5) - 2000) < 1e-6)
    }

    @Test func aPauseLongerThan40msBeforeReleaseGivesZero() {
        let tracker = constantSpeed(1000, hertz: 120)
        #expect(tracker.velocity(at: 1.041) == 0)
        #expect(abs(tracker.velocity(at: 1.039) - 1000) < 10)
    }

    @Test func aHoldInsideTheDragCutsOffTheOlderSamples() {
        // Fast, then a 50 ms hold (no events), then two samples at the same place: no velocity.
        var tracker = VelocityTracker()
        for i in 0...5 { tracker.add(time: Double(i) * 0.008, position: Double(i) * 40) }
        tracker.add(time: 0.090, position: 200)
        tracker.add(time: 0.098, position: 200)
        #expect(tracker.velocity(at: 0.098) == 0)
    }

    @Test func onlyTheLast100msCount() {
        var tracker = VelocityTracker()
        var x = 0.0
        for i in 0..<30 { // 2000 pt/s for 300 ms at 100 Hz …
            tracker.add(time: Double(i) * 0.01, position: x); x += 20
        }
        for i in 30..<50 { // … then 500 pt/s for 200 ms.
            tracker.add(time: Double(i) * 0.01, position: x); x += 5
        }
        #expect(abs(tracker.velocity(at: 0.49) - 500) < 1e-6)
    }

    @Test func keepsAtMostTwentySamples() {
        var tracker = VelocityTracker()
        for i in 0..<100 { tracker.add(time: Double(i) * 0.001, position: Double(i)) }
        #expect(tracker.samples.count == 20)
        #expect(tracker.samples.first?.time == 0.080)
    }

    @Test func isClampedTo8000() {
        #expect(constantSpeed(20_000, hertz: 120).velocity(at: 1) == 8000)
        #expect(constantSpeed(-20_000, hertz: 120).velocity(at: 1) == -8000)
    }

    @Test func duplicateTimestampsNeverGiveNaNOrInfinity() {
        var same = VelocityTracker()
        for x in [0.0, 5, 10, 10] { same.add(time: 1, position: x) }
        #expect(same.velocity(at: 1) == 0)

        // Two distinct times: the linear fit, 10 pt in 10 ms.
        var two = VelocityTracker()
        for (t, x) in [(1.0, 0.0), (1.0, 0.0), (1.01, 10.0), (1.01, 10.0)] { two.add(time: t, position: x) }
        #expect(abs(two.velocity(at: 1.01) - 1000) < 1e-6)

        // Zero gaps mixed into a real drag.
        var mixed = constantSpeed(700, hertz: 240)
        mixed.add(time: 1, position: 100 + 700)
        mixed.add(time: 1, position: 100 + 700)
        let estimate = mixed.velocity(at: 1)
        #expect(estimate.isFinite && abs(estimate - 700) < 7)

        // Nearly equal times with jitter: finite, and within the clamp.
        var jitter = VelocityTracker()
        for (t, x) in [(1.0, 0.0), (1 + 1e-12, 3.0), (1 + 2e-12, -2.0)] { jitter.add(time: t, position: x) }
        #expect(abs(jitter.velocity(at: 1 + 2e-12)) <= 8000)
    }

    @Test func oneSampleOrNoneGivesZero() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity(at: 0) == 0)
        tracker.add(time: 0, position: 3)
        #expect(tracker.velocity(at: 0) == 0)
    }

    /// A flick recorded in headless sway: six moves 1000 → 800 pt, the last 35 ms after the one
    /// before, released with it. The parabola through them turns round (+337 pt/s); the pointer
    /// never moved back, so the velocity is the straight line's, and the row flies on forwards.
    @Test func aFlickThatSlowsBeforeTheReleaseStillFlingsForwards() {
        var tracker = VelocityTracker()
        for (t, x) in [(0.824992, 1000.0), (0.832992, 960), (0.840992, 920), (0.849992, 880),
                       (0.863992, 840), (0.898992, 800)] { tracker.add(time: t, position: x) }
        let velocity = tracker.velocity(at: 0.898992)
        #expect(abs(velocity - -2645.74) < 0.5, "\(velocity)")
    }

    /// A flick recorded live under load (SDL times, whole milliseconds; the release 10 ms after the
    /// last move): its first move is exactly 100 ms before the release, on the horizon's edge. The
    /// same flick shifted in time, as a replay shifts it, must keep that sample: shifted by 0.3 s
    /// the span came out a hair over 100 ms and the estimate fell from 1,938 to 56 pt/s.
    @Test(arguments: [0.0, 0.3, 1.0, 10.0, 1000.0, -0.139006])
    func aSampleOnTheHorizonsEdgeCountsWhateverTheShift(shift: Double) {
        var tracker = VelocityTracker()
        for (t, x) in [(0.534, 1000.0), (0.541, 960), (0.58, 920), (0.59, 880), (0.607, 840), (0.631, 800),
                       (0.641, 800)] { tracker.add(time: t + shift, position: -x) }
        let velocity = tracker.velocity(at: 0.641 + shift)
        #expect(abs(velocity - 1938.17) < 0.01, "\(velocity)")
    }
}
