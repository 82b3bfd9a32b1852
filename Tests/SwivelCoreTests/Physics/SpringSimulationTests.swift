import Testing
import SwivelCore

@Suite struct SpringSimulationTests {
    @Test func isCriticallyDampedWithOmega10() {
        #expect(SpringSimulation.omega == 10)
        // From 100 pt past the target at rest: target + 100·(1 + 10t)·e^(−10t).
        let spring = SpringSimulation(from: 100, velocity: 0, to: 0)
        #expect(abs(spring.x(0.1) - 200 * exp(-1)) < 1e-12)
        #expect(abs(spring.x(0.1) - 73.5759) < 1e-4)
        #expect(abs(spring.dx(0.1) - -10_000 * 0.1 * exp(-1)) < 1e-9)
    }

    @Test func startsWhereAndHowFastItIsTold() {
        let spring = SpringSimulation(from: 30, velocity: -420, to: 240)
        #expect(spring.x(0) == 30)
        #expect(abs(spring.dx(0) - -420) < 1e-12)
    }

    @Test func derivativeMatchesPosition() {
        let spring = SpringSimulation(from: -50, velocity: 900, to: 10)
        for t in stride(from: 0.0, to: 1, by: 0.05) {
            let numeric = (spring.x(t + 1e-6) - spring.x(t - 1e-6)) / 2e-6
            #expect(abs(numeric - spring.dx(t)) < 1e-3)
        }
    }

    @Test func leavingTheTargetItComesBackWithoutCrossing() {
        let spring = SpringSimulation(from: 0, velocity: 3000, to: 0)
        #expect(spring.crossingTime == nil)
        var peak = 0.0
        for step in 1...3000 {
            let x = spring.x(Double(step) * 0.001)
            #expect(x >= 0)
            peak = max(peak, x)
        }
        // Peak v0/(ω·e) = 110.36 at t = 1/ω.
        #expect(abs(peak - 3000 / (10 * exp(1))) < 0.01)
    }

    @Test func settlesWithinTheTolerance() {
        let spring = SpringSimulation(from: 100, velocity: 0, to: 0)
        #expect(!spring.isDone(0.5))
        #expect(spring.isDone(1.5))
        #expect(abs(spring.x(1.5)) < 0.01)
    }

    @Test func crossesOnlyWhenThrownHardAtTheTarget() throws {
        #expect(SpringSimulation(from: 50, velocity: -400, to: 0).crossingTime == nil)
        let thrown = SpringSimulation(from: 50, velocity: -1000, to: 0)
        let t = try #require(thrown.crossingTime)
        #expect(abs(thrown.x(t)) < 1e-9)
    }
}
