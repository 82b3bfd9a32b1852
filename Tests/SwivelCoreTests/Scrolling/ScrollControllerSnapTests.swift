import Testing
import SwivelCore

@Suite struct ScrollControllerSnapTests {
    let pitch = ScrollFixture.pitch

    func snapping(at offset: Double) -> ScrollController {
        ScrollController(layout: ScrollFixture.layout, snapping: true, offset: offset)
    }

    @Test func targetIsTheCardNearestTheProjectedRest() {
        // Released at 576 (480 + 100 − 4 pt of slop) at 1000 pt/s: resting at 1075.5, nearest card 4.
        var scroller = snapping(at: 480)
        scroller.handle(ScrollFixture.drag(from: 700, by: -100, over: 0.1, start: 1))
        let release = 1.1
        let projected = FrictionSimulation(position: scroller.offset(at: release),
                                           velocity: scroller.velocity(at: release)).restingPosition
        let expected = (projected / pitch).rounded() * pitch
        #expect(abs(projected - 1075.5) < 5 && expected == 960)
        #expect(abs(scroller.velocity(at: release) - 1000) < 10)
        #expect(abs(scroller.offset(at: scroller.settleTime(after: release)) - expected) < 0.01)
    }

    @Test func startsWithTheReleaseVelocity() {
        for speed in [-3000.0, -600, 150, 900, 2500] {
            var scroller = snapping(at: 960)
            scroller.handle(ScrollFixture.drag(from: 500, by: -speed * 0.08, over: 0.08, start: 2, release: false))
            let release = 2.08, dragging = scroller.velocity(at: release)
            scroller.handle(.pointer(PointerEvent(.up, at: Point(500 - speed * 0.08, 300), time: release)))
            #expect(abs(dragging - speed) < 0.01 * abs(speed), "\(speed): \(dragging)")
            #expect(abs(scroller.velocity(at: release) - dragging) < 1, "\(speed)")
        }
    }

    @Test func neverOvershootsPastTheNeighbouringCard() {
        // Forty cards, released between cards 20 and 21 at up to ±4000 pt/s: every resting point
        // is inside the range, so no bounce is involved.
        let deck = CarouselLayout(viewport: Size(960, 600), cardCount: 40)
        var worst = 0.0
        for start in stride(from: 4800.0, through: 5040, by: 40) {
            for velocity in stride(from: -4000.0, through: 4000, by: 250) {
                var scroller = ScrollController(layout: deck, snapping: true, offset: start)
                scroller.handle(ScrollFixture.drag(from: 500, by: -velocity * 0.05, over: 0.05, start: 1))
                let release = 1.05, target = scroller.offset(at: 60)
                #expect(abs(target / pitch - (target / pitch).rounded()) * pitch < 0.01)
                let direction = target >= scroller.offset(at: release) ? 1.0 : -1.0
                for step in 0...1500 {
                    let beyond = direction * (scroller.offset(at: release + Double(step) * 0.002) - target)
                    worst = max(worst, beyond)
                }
            }
        }
        // The spring overshoots by at most |v0|/(ω·e), and it only runs for |v0| below ~300 pt/s.
        #expect(worst < pitch)
        #expect(worst < 12)
    }

    @Test func aQuickShortFlickMovesAtLeastOneCard() {
        // 100 ms flicks from card 2. At 60 and 150 pt/s the projected rest (≈ 512, 566) is still
        // nearest card 2, but a fling moves on to the next card anyway.
        for speed in [60.0, 150, 230] {
            var forward = snapping(at: 480)
            forward.handle(ScrollFixture.drag(from: 500, by: -speed * 0.1, over: 0.1, hertz: 240, start: 1))
            #expect(abs(forward.velocity(at: 1.1) - speed) < 0.01 * speed)
            #expect(abs(forward.offset(at: 30) - 720) < 0.01, "\(speed)")
            var backward = snapping(at: 480)
            backward.handle(ScrollFixture.drag(from: 500, by: speed * 0.1, over: 0.1, hertz: 240, start: 1))
            #expect(abs(backward.offset(at: 30) - 240) < 0.01, "\(speed)")
        }
    }

    @Test func aSlowReleaseSettlesOnTheNearestCard() {
        // 130 pt dragged slowly (pause before release): nearest is card 3 from 480 + 126.
        var scroller = snapping(at: 480)
        scroller.handle(ScrollFixture.drag(from: 500, by: -130, over: 1, start: 1, release: false))
        scroller.handle(.pointer(PointerEvent(.up, at: Point(370, 300), time: 2.1)))
        #expect(abs(scroller.offset(at: 2.1) - 606) < 1e-9)
        #expect(abs(scroller.offset(at: 10) - 720) < 0.01)
    }
}
