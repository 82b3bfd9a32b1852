import Testing
import SwivelCore

@Suite struct EaseSimulationTests {
    @Test func lastsBetween100And200ms() {
        #expect(EaseSimulation.standardDuration == 0.15)
        let ease = EaseSimulation(from: 0, to: 240)
        #expect(!ease.isDone(0.149) && ease.isDone(0.15))
        #expect(ease.x(0.15) == 240 && ease.dx(0.15) == 0)
    }

    @Test func fromRestItIsSmoothstep() {
        let ease = EaseSimulation(from: 0, to: 240)
        for s in [0.0, 0.25, 0.5, 0.75, 1] {
            #expect(abs(ease.x(0.15 * s) - 240 * s * s * (3 - 2 * s)) < 1e-9)
        }
        #expect(ease.dx(0) == 0)
        // Peak speed 1.5·240/0.15 = 2400 pt/s at the middle.
        #expect(abs(ease.dx(0.075) - 2400) < 1e-9)
    }

    @Test func startsAtTheGivenVelocity() {
        let ease = EaseSimulation(from: 120, velocity: 2400, to: 480)
        #expect(ease.x(0) == 120)
        #expect(abs(ease.dx(0) - 2400) < 1e-9)
        for t in stride(from: 0.01, to: 0.15, by: 0.01) {
            let numeric = (ease.x(t + 1e-7) - ease.x(t - 1e-7)) / 2e-7
            #expect(abs(numeric - ease.dx(t)) < 1e-3)
        }
    }
}
