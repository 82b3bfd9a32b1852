import Testing
import SwivelCore

@Suite struct ScrollControllerReducedMotionTests {
    func pair(snapping: Bool, at offset: Double) -> (full: ScrollController, reduced: ScrollController) {
        (ScrollController(layout: ScrollFixture.layout, snapping: snapping, offset: offset),
         ScrollController(layout: ScrollFixture.layout, snapping: snapping, offset: offset, reducesMotion: true))
    }

    @Test func offByDefault() {
        var row = ScrollController(layout: ScrollFixture.layout)
        #expect(!row.reducesMotion)
        row.reducesMotion = true
        #expect(row.reducesMotion)
    }

    @Test(arguments: [false, true])
    func aFlingJumpsToWhereItWouldHaveComeToRest(snapping: Bool) {
        // From both ends of the 0…2160 row and the middle, thrown both ways, slow to very fast;
        // some of them bounce off an end, some are released rubber-banded past one.
        var bounced = 0
        for start in [0.0, 1080, 2160] {
            for distance in [-900.0, -300, -40, 40, 300, 900] {
                var (full, reduced) = pair(snapping: snapping, at: start)
                let drag = ScrollFixture.drag(from: 500, by: distance, over: 0.12, start: 1)
                full.handle(drag)
                reduced.handle(drag)
                let release = 1.12, rest = full.offset(at: release + 60)
                #expect(full.isAnimating(at: release))
                #expect(!reduced.isAnimating(at: release) && reduced.velocity(at: release) == 0)
                #expect(abs(reduced.offset(at: release) - rest) < 0.01, "\(start) \(distance): \(rest)")
                #expect(reduced.offset(at: release + 0.5) == reduced.offset(at: release))
                if full.offset(at: release + 0.3) < 0 || full.offset(at: release + 0.3) > 2160 { bounced += 1 }
            }
        }
        #expect(bounced >= 4)
    }

    @Test func aFlingRestsAtTheFrictionSimulationsRestingPoint() {
        // 200 pt in 80 ms from 480: released at 676 (200 − 4 pt of slop) at 2500 pt/s, resting
        // 2500 / 2.002 = 1248.7 pt further, at 1924.7.
        var (full, reduced) = pair(snapping: false, at: 480)
        let drag = ScrollFixture.drag(from: 700, by: -200, over: 0.08, start: 1)
        full.handle(drag)
        reduced.handle(drag)
        let velocity = full.velocity(at: 1.08)
        #expect(abs(velocity - 2500) < 5)
        let friction = FrictionSimulation(position: 676, velocity: velocity)
        #expect(abs(reduced.offset(at: 1.08) - friction.restingPosition) < 1e-6)
        #expect(abs(reduced.offset(at: 1.08) - 1924.7) < 3)
    }

    @Test func aReleasePastAnEndJumpsBackToIt() {
        var (full, reduced) = pair(snapping: false, at: 0)
        // Pulled 200 pt past the start and held still before letting go.
        let drag = ScrollFixture.drag(from: 300, by: 204, over: 0.2, start: 1, release: false)
        full.handle(drag)
        reduced.handle(drag)
        let up = InputEvent.pointer(PointerEvent(.up, at: Point(504, 300), time: 1.5))
        full.handle(up)
        reduced.handle(up)
        #expect(full.offset(at: 1.5) < -80 && full.isAnimating(at: 1.5))
        #expect(reduced.offset(at: 1.5) == 0 && !reduced.isAnimating(at: 1.5))
    }

    @Test func dragsStillFollowThePointerWithTheRubberBand() {
        var (full, reduced) = pair(snapping: true, at: 0)
        let drag = ScrollFixture.drag(from: 300, by: 104, over: 0.1, start: 1, release: false)
        full.handle(drag)
        reduced.handle(drag)
        #expect(reduced.isDragging)
        // 100 pt past the start shows as 100·0.55 / (1 + 0.55·100/960) = 52.02 pt.
        #expect(abs(reduced.offset(at: 1.1) + 52.02) < 0.01)
        #expect(reduced.offset(at: 1.1) == full.offset(at: 1.1))
        let inside = ScrollFixture.drag(from: 700, by: -304, over: 0.2, start: 3, release: false)
        var row = ScrollController(layout: ScrollFixture.layout, offset: 500, reducesMotion: true)
        row.handle(inside)
        #expect(row.offset(at: 3.2) == 800)
    }

    @Test func wheelKeysAndClicksJump() {
        var row = ScrollController(layout: ScrollFixture.layout, offset: 500, reducesMotion: true)
        row.handle(.wheel(WheelEvent(dy: -1, time: 1)))
        #expect(row.offset(at: 1) == 560 && !row.isAnimating(at: 1))
        // A second notch counts from the first one's end, as it does when eased.
        row.handle(.wheel(WheelEvent(dy: -2, time: 1.01)))
        #expect(row.offset(at: 1.01) == 680)
        row.take(.key(.right, time: 2))
        #expect(row.offset(at: 2) == 720 && !row.isAnimating(at: 2))
        row.take(.key(.end, time: 3))
        #expect(row.offset(at: 3) == 2160)
        row.take(.key(.pageUp, time: 4))
        #expect(row.offset(at: 4) == 1200)
        var clicked = ScrollController(layout: ScrollFixture.layout, reducesMotion: true)
        clicked.handle(ScrollFixture.click(at: Point(720, 300), time: 1))
        #expect(clicked.offset(at: 1.08) == 240 && !clicked.isAnimating(at: 1.08))
    }

    @Test func aResizeWhileSnappingJumpsToACard() {
        var row = ScrollController(layout: ScrollFixture.layout, snapping: true, offset: 480, reducesMotion: true)
        row.updateLayout(CarouselLayout(viewport: Size(960, 600), cardCount: 10,
                                        parameters: { var p = EffectParameters(); p.spacing = 290; return p }()),
                         at: 1)
        // 480 is card 1.6 at a 300 pt pitch: card 2, at 600.
        #expect(row.offset(at: 1) == 600 && !row.isAnimating(at: 1))
    }

    @Test(arguments: [false, true])
    func aTrackpadRunWaitsForTheFingersToStopThenJumps(snapping: Bool) {
        var (full, reduced) = pair(snapping: snapping, at: 480)
        // 0.1 notch (6 pt) every 10 ms: 600 pt/s.
        for step in 0..<20 {
            let event = InputEvent.wheel(WheelEvent(dy: -0.1, time: 1 + Double(step) * 0.01))
            full.handle(event)
            reduced.handle(event)
        }
        #expect(abs(reduced.offset(at: 1.19) - 600) < 1e-9)
        #expect(reduced.offset(at: 1.2299) == reduced.offset(at: 1.19) && reduced.isAnimating(at: 1.2299))
        #expect(!reduced.isAnimating(at: 1.2301))
        #expect(abs(reduced.offset(at: 1.2301) - full.offset(at: 61)) < 0.01)
        // Free, it coasts 600/2.002 ≈ 300 pt on; snapping, that is nearest card 4.
        #expect(abs(reduced.offset(at: 1.2301) - (snapping ? 960 : 900)) < 4)
    }
}
