import Testing
import SwivelCore

@Suite struct SnapSimulationTests {
    @Test func picksFittedFrictionOrSpring() {
        // 1000 pt/s toward a card 480 pt ahead: λ = 2.08, a friction slide aimed exactly there,
        // whose last 2 pt the spring finishes.
        let slide = SnapSimulation.make(from: 0, velocity: 1000, to: 480)
        #expect(slide is HandoverSimulation)
        #expect(abs(slide.x(30) - 480) < 0.01)
        let handover = (slide as! HandoverSimulation).handoverTime
        #expect(abs(handover - log(480 / 2.0) / (1000.0 / 480)) < 1e-9)       // 2.63 s
        #expect(abs(slide.x(handover) - 478) < 1e-6)
        // No jump in speed at the handover.
        #expect(abs(slide.dx(handover - 1e-9) - slide.dx(handover)) < 1e-3)
        // Settled (0.01 pt, 1 pt/s) under a second after the handover, not 4.6 s.
        let settle = stride(from: 0.0, through: 10, by: 0.001).first { slide.isDone($0) }!
        print("1000 pt/s snap to 480 pt: settles after \(settle) s")
        #expect(settle < handover + 1)
        // Never past the target.
        #expect(stride(from: 0.0, through: 10, by: 0.001).allSatisfy { slide.x($0) <= 480 + 0.01 })
        // Moving away from the target: the spring.
        #expect(SnapSimulation.make(from: 0, velocity: -100, to: 240) is SpringSimulation)
        // Too slow to get there by friction at half the normal rate or more: the spring.
        #expect(SnapSimulation.make(from: 0, velocity: 60, to: 240) is SpringSimulation)
        // About to arrive (λ = 100): the spring.
        #expect(SnapSimulation.make(from: 238, velocity: 200, to: 240) is SpringSimulation)
    }
}
