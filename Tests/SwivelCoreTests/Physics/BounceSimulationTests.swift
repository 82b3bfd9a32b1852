import Testing
import SwivelCore

@Suite struct BounceSimulationTests {
    let range = 0.0...2160

    @Test func aFlingThatReachesTheEndHandsItsVelocityToTheSpring() throws {
        // From 1900 at 3000 pt/s: friction would rest at 3398.5, so it crosses 2160.
        let bounce = BounceSimulation(position: 1900, velocity: 3000, range: range)
        let crossing = try #require(bounce.handoverTimes.first)
        #expect(abs(bounce.x(crossing) - 2160) < 1e-9)
        let jump = abs(bounce.dx(crossing) - bounce.dx(crossing.nextDown))
        #expect(jump < 1)
        // Past the end it goes out, comes back, and never crosses back into the range.
        var peak = 0.0
        for step in 1...3000 {
            let x = bounce.x(crossing + Double(step) * 0.001)
            #expect(x >= 2160)
            peak = max(peak, x - 2160)
        }
        #expect(peak > 0 && peak < bounce.dx(crossing) / (10 * exp(1)) + 1e-9)
        #expect(abs(bounce.x(crossing + 3) - 2160) < 0.01)
    }

    @Test func aFlingThatStopsShortIsPlainFriction() {
        let bounce = BounceSimulation(position: 100, velocity: 1000, range: range)
        #expect(bounce.handoverTimes.isEmpty)
        #expect(abs(bounce.x(30) - 599.4998) < 1e-4)
    }

    @Test func releasedPastTheEndItSpringsBack() {
        let bounce = BounceSimulation(position: -80, velocity: 0, range: range)
        #expect(bounce.handoverTimes.isEmpty)
        for step in 0...2000 { #expect(bounce.x(Double(step) * 0.001) <= 0) }
        #expect(abs(bounce.x(2)) < 0.01 && bounce.isDone(2))
    }

    @Test func thrownBackInHardItCarriesOnWithFriction() throws {
        // 80 pt past the start, thrown inward at 2000 pt/s (more than ω·80 = 800).
        let bounce = BounceSimulation(position: -80, velocity: 2000, range: range)
        let crossing = try #require(bounce.handoverTimes.first)
        #expect(abs(bounce.x(crossing)) < 1e-9)
        #expect(abs(bounce.dx(crossing) - bounce.dx(crossing.nextDown)) < 1)
        #expect(bounce.x(crossing + 5) > 100)
    }
}
