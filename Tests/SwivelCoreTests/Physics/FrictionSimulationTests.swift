import Testing
import SwivelCore

@Suite struct FrictionSimulationTests {
    let slide = FrictionSimulation(position: 0, velocity: 1000)

    @Test func restsAt499point5For1000PointsPerSecond() {
        // x0 − v0/(1000·ln 0.998) = 1000 / 2.0020027 = 499.4998.
        #expect(abs(slide.restingPosition - 499.4998) < 1e-4)
        #expect(abs(slide.restingPosition - 499.5) <= 0.5)
        #expect(abs(slide.x(20) - slide.restingPosition) < 1e-9)
    }

    @Test func fastRateRestsAt99point5() {
        let fast = FrictionSimulation(position: 0, velocity: 1000, decelerationRate: FrictionSimulation.fast)
        // 1000 / (−1000·ln 0.99) = 99.4992.
        #expect(abs(fast.restingPosition - 99.4992) < 1e-4)
    }

    @Test func velocityKeeps0point998PerMillisecond() {
        #expect(abs(slide.dx(0) - 1000) < 1e-12)
        #expect(abs(slide.dx(0.001) / slide.dx(0) - 0.998) < 1e-12)
        #expect(abs(slide.dx(0.5) / slide.dx(0.499) - 0.998) < 1e-12)
    }

    @Test func positionIsTheClosedForm() {
        let d = 0.998
        for t in [0.0, 0.001, 0.1, 0.5, 1, 3] {
            let formula = 20 + -700 * (pow(d, 1000 * t) - 1) / (1000 * log(d))
            let x = FrictionSimulation(position: 20, velocity: -700).x(t)
            #expect(abs(x - formula) < 1e-9, "t = \(t)")
        }
    }

    @Test func stopsBelow1PointPerSecondWithinHalfAPointOfTheRestingPoint() {
        // v(t) = 1 pt/s at t = ln(1000)/2.002 = 3.4504 s.
        let stop = log(1000) / (-1000 * log(0.998))
        #expect(!slide.isDone(stop - 0.001))
        #expect(slide.isDone(stop + 0.001))
        #expect(abs(slide.restingPosition - slide.x(stop)) < 0.5)
    }

    @Test func timeAtAPositionInvertsX() throws {
        let t = try #require(slide.time(at: 300))
        #expect(abs(slide.x(t) - 300) < 1e-9)
        #expect(slide.time(at: 0) == 0)
        #expect(slide.time(at: 499.6) == nil)
        #expect(slide.time(at: -1) == nil)
    }

    @Test func aFittedRateRestsExactlyOnTheTarget() throws {
        let landing = try #require(FrictionSimulation(position: 100, velocity: 800, restingAt: 500))
        #expect(landing.dx(0) == 800)
        #expect(abs(landing.restingPosition - 500) < 1e-9)
        #expect(abs(landing.decay - 2) < 1e-12)
        #expect(FrictionSimulation(position: 100, velocity: -800, restingAt: 500) == nil)
    }
}
