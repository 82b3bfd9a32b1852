import Testing
import SwivelCore

@Suite struct SnapSimulationTests {
    @Test func picksFittedFrictionOrSpring() {
        // 1000 pt/s toward a card 480 pt ahead: λ = 2.08, a friction slide ending exactly there.
        let slide = SnapSimulation.make(from: 0, velocity: 1000, to: 480)
        #expect(slide is FrictionSimulation)
        #expect(abs(slide.x(30) - 480) < 1e-6)
        // Moving away from the target: the spring.
        #expect(SnapSimulation.make(from: 0, velocity: -100, to: 240) is SpringSimulation)
        // Too slow to get there by friction at half the normal rate or more: the spring.
        #expect(SnapSimulation.make(from: 0, velocity: 60, to: 240) is SpringSimulation)
        // About to arrive (λ = 100): the spring.
        #expect(SnapSimulation.make(from: 238, velocity: 200, to: 240) is SpringSimulation)
    }
}
