import Testing
import SwivelCore

@Suite struct ScrollControllerWheelTests {
    func wheel(dx: Double = 0, dy: Double = 0, _ time: Double) -> InputEvent {
        .wheel(WheelEvent(dx: dx, dy: dy, time: time))
    }

    @Test func aNotchMoves60PointsEasedOver150ms() {
        #expect(ScrollController.notchDistance == 60)
        var row = ScrollController(layout: ScrollFixture.layout, offset: 500)
        row.handle(wheel(dy: -1, 1))
        #expect(row.offset(at: 1) == 500 && row.velocity(at: 1) == 0)
        #expect(abs(row.offset(at: 1.075) - 530) < 1e-9)
        #expect(row.isAnimating(at: 1.149) && !row.isAnimating(at: 1.1501))
        #expect(row.offset(at: 1.1501) == 560)
    }

    @Test func withSnappingANotchMovesOneCard() {
        var row = ScrollController(layout: ScrollFixture.layout, snapping: true, offset: 480)
        row.handle(wheel(dy: -1, 1))
        #expect(row.offset(at: 1.2) == 720)
        row.handle(wheel(dy: 2, 2))
        #expect(row.offset(at: 2.2) == 240)
    }

    @Test func verticalHorizontalAndShiftWheelsAllScrollTheRow() {
        // Down (dy < 0) and right (dx > 0) go forward; shift+wheel arrives as either.
        for event in [wheel(dy: -1, 1), wheel(dx: 1, 1), wheel(dx: 1, dy: -0, 1)] {
            var row = ScrollController(layout: ScrollFixture.layout, offset: 500)
            row.handle(event)
            #expect(row.offset(at: 2) == 560)
        }
        var back = ScrollController(layout: ScrollFixture.layout, offset: 500)
        back.handle(wheel(dx: -1, dy: 0, 1))
        #expect(back.offset(at: 2) == 440)
        // The bigger axis counts.
        var diagonal = ScrollController(layout: ScrollFixture.layout, offset: 500)
        diagonal.handle(wheel(dx: -1, dy: -3, 1))
        #expect(diagonal.offset(at: 2) == 680)
    }

    @Test func aNotchDuringTheMoveRetargetsWithoutASpeedJump() {
        var row = ScrollController(layout: ScrollFixture.layout, offset: 500)
        row.handle(wheel(dy: -1, 1))
        let before = row.velocity(at: 1.05), position = row.offset(at: 1.05)
        row.handle(wheel(dy: -1, 1.05))
        #expect(abs(row.velocity(at: 1.05) - before) < 1e-9)
        #expect(row.offset(at: 1.05) == position)
        // Notches add up: two of them, 120 pt.
        #expect(row.offset(at: 1.3) == 620)
    }

    @Test func theWheelStopsAtTheEnds() {
        var row = ScrollController(layout: ScrollFixture.layout, offset: 2140)
        row.handle(wheel(dy: -1, 1))
        #expect(row.offset(at: 2) == 2160)
    }

    @Test func trackpadDeltasScrollDirectlyThenCoast() {
        var row = ScrollController(layout: ScrollFixture.layout, offset: 500)
        // 0.1 notch (6 pt) every 10 ms: 600 pt/s.
        for step in 0..<20 { row.handle(wheel(dy: -0.1, 1 + Double(step) * 0.01)) }
        #expect(abs(row.offset(at: 1.19) - 620) < 1e-9)
        #expect(abs(row.velocity(at: 1.19) - 600) < 6)
        // It coasts on after the deltas stop, and rests 600/2.002 ≈ 300 pt further.
        #expect(row.offset(at: 1.3) > 660)
        #expect(abs(row.offset(at: 30) - 920) < 4)
    }

    @Test func aWholeDeltaInsideATrackpadRunIsStillTheTrackpad() {
        var row = ScrollController(layout: ScrollFixture.layout, offset: 500)
        row.handle(wheel(dy: -0.5, 1))
        row.handle(wheel(dy: -1, 1.01))
        #expect(abs(row.offset(at: 1.01) - 590) < 1e-9)
    }

    @Test func withSnappingATrackpadRunSettlesOnACard() {
        var row = ScrollController(layout: ScrollFixture.layout, snapping: true, offset: 480)
        for step in 0..<10 { row.handle(wheel(dy: -0.15, 1 + Double(step) * 0.01)) }
        // Between deltas it coasts as a free fling would (no pull toward a card yet).
        #expect(abs(row.offset(at: 1.09) - 570) < 1e-9)
        let coast = FrictionSimulation(position: 570, velocity: row.velocity(at: 1.09))
        #expect(abs(row.offset(at: 1.1) - coast.x(0.01)) < 1e-9)
        let rest = row.offset(at: 30)
        #expect(abs(rest / 240 - (rest / 240).rounded()) * 240 < 0.01)
    }
}
