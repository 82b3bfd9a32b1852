import Testing
import SwivelCore

/// Bugs the random-input property test found (and one found while reading the code), one test each.
@Suite struct ScrollControllerRegressionTests {
    func pointer(_ phase: PointerPhase, _ x: Double, _ time: Double) -> InputEvent {
        .pointer(PointerEvent(phase, at: Point(x, 300), time: time))
    }

    @Test func theOffsetStopsChangingWhenTheAnimationStops() {
        // A 1000 pt/s fling from 480 is done (below 1 pt/s) 3.45 s after the release with 0.5 pt
        // still to go; the offset used to creep on over that half point for another ~15 s, so the
        // frame loop, which draws while the offset changes, kept drawing.
        var row = ScrollController(layout: ScrollFixture.layout, offset: 480)
        row.handle(ScrollFixture.drag(from: 700, by: -100, over: 0.1, start: 1))
        let done = row.settleTime(after: 1.1)
        #expect(abs(done - 1.1 - 3.45) < 0.01)
        let rest = FrictionSimulation(position: 576, velocity: row.velocity(at: 1.1)).restingPosition
        #expect(abs(rest - 1075.5) < 5)
        #expect(abs(row.offset(at: done) - rest) < 1e-9)
        #expect(row.offset(at: done) == row.offset(at: done + 10) && row.velocity(at: done) == 0)
        // A spring back to offset 0 used to approach it for over a minute (1e-5 pt, 1e-200 pt, …).
        var pulled = ScrollController(layout: ScrollFixture.layout)
        pulled.handle(ScrollFixture.drag(from: 300, by: 104, over: 0.1, start: 1, release: false))
        pulled.handle(pointer(.up, 404, 1.5))
        let back = pulled.settleTime(after: 1.5)
        #expect(abs(back - 2.6) < 0.01)
        #expect(pulled.offset(at: back) == 0 && pulled.offset(at: back + 30) == 0)
    }

    @Test func aBounceInANarrowWindowStaysWithinTheRubberBandsReach() {
        // Released at 1396 at 8000 pt/s: it reaches the end of the row at 6470 pt/s, and the spring
        // would overshoot by 6470/(ω·e) = 238 pt, but a 100 pt wide window's rubber band never
        // reaches further than 100 pt.
        let narrow = CarouselLayout(viewport: Size(100, 600), cardCount: 10)
        var row = ScrollController(layout: narrow, offset: 1000)
        row.handle(ScrollFixture.drag(from: 90, by: -400, over: 0.05, start: 1))
        #expect(abs(row.velocity(at: 1.05) - 8000) < 1)
        let samples = (0...1000).map { row.offset(at: 1.05 + Double($0) * 0.001) }
        #expect(samples.max()! == 2260)
        #expect(row.offset(at: 10) == 2160)
    }

    @Test func aDragPulledAbsurdlyFarStaysWithinTheRubberBandsReach() {
        // The rubber band formula itself rounds to one ulp past its limit here.
        let width = 1590.7597742809805
        let band = RubberBand(dimension: width)
        #expect(band.offset(raw: 2400 + 1e300, in: 0...2400) > 2400 + width)
        var row = ScrollController(layout: CarouselLayout(viewport: Size(width, 600), cardCount: 11), offset: 2400)
        row.handle(pointer(.down, 500, 1))
        row.handle(pointer(.move, -1e300, 1.01))
        // The pointer counts as 1e12 pt out (`ScrollController.farthest`): a hair inside the reach.
        #expect(row.offset(at: 1.01) <= 2400 + width && row.offset(at: 1.01) > 2400 + width - 1e-3)
    }

    @Test func aDragAcrossTheWholeRangeOfDoublesLeavesAFiniteOffset() {
        // From x = 1e308 to −1e308 the pointer moves 2e308, which overflows to infinity: the offset
        // used to become NaN and the row showed no card until other input came.
        var row = ScrollController(layout: ScrollFixture.layout, offset: 480)
        row.handle(pointer(.down, 1e308, 1))
        row.handle(pointer(.move, -1e308, 1.01))
        #expect(row.offset(at: 1.01).isFinite && row.velocity(at: 1.01).isFinite)
        row.handle(pointer(.up, -1e308, 1.02))
        for time in [1.02, 1.1, 2.0, 6.0] {
            #expect(row.offset(at: time).isFinite && row.velocity(at: time).isFinite)
        }
        #expect(ScrollFixture.layout.scrollRange.contains(row.offset(at: 60)))
        // The same in the other direction, and with the largest wheel deltas.
        var back = ScrollController(layout: ScrollFixture.layout, offset: 480)
        back.handle(pointer(.down, -.greatestFiniteMagnitude, 1))
        back.handle(pointer(.move, .greatestFiniteMagnitude, 1.01))
        back.handle(pointer(.up, .greatestFiniteMagnitude, 1.02))
        #expect(back.offset(at: 1.02).isFinite && back.offset(at: 60) == 0)
        for delta in [1e308, -1e308, .greatestFiniteMagnitude, 0.5e308] {
            var wheel = ScrollController(layout: ScrollFixture.layout, offset: 480)
            wheel.handle(.wheel(WheelEvent(dx: delta, dy: 0, time: 1)))
            wheel.handle(.wheel(WheelEvent(dx: delta, dy: 0.5, time: 1.01)))
            #expect(wheel.offset(at: 1.01).isFinite && wheel.velocity(at: 1.01).isFinite)
            #expect(ScrollFixture.layout.scrollRange.contains(wheel.offset(at: 60)))
        }
    }

    @Test func aReleaseWithinTheSpringsToleranceOfAnEndRestsOnTheEnd() {
        // Pulled 0.005 pt past the start (raw 0.00909 pt) and let go without moving: the spring
        // back counts as done from the start, and the offset used to stay at −0.005 for good.
        var row = ScrollController(layout: ScrollFixture.layout)
        let raw = RubberBand(dimension: 960).rawOvershoot(0.005)
        row.handle(pointer(.down, 500, 1))
        row.handle(pointer(.move, 504 + raw, 1.1))
        #expect(abs(row.offset(at: 1.1) + 0.005) < 1e-12)
        row.handle(pointer(.up, 504 + raw, 1.5))
        #expect(row.offset(at: 1.5) == 0 && !row.isAnimating(at: 1.5))
    }

    @Test func snappingStartsOnACard() {
        #expect(ScrollController(layout: ScrollFixture.layout, snapping: true, offset: 500).offset(at: 0) == 480)
        #expect(ScrollController(layout: ScrollFixture.layout, snapping: true, offset: 2000.4).offset(at: 0) == 1920)
        #expect(ScrollController(layout: ScrollFixture.layout, snapping: false, offset: 500).offset(at: 0) == 500)
    }

    @Test func snappingAfterAThrowBackFromPastTheEndStopsOnACard() {
        // Two cards (0…240). Pulled 126 pt past the end, held, then flicked back at 1800 pt/s and
        // let go 96 pt (shown 50 pt) past it at −889 pt/s: a projected rest of −154, past the
        // other end. The bounce crossed back in at 107 pt/s and used to stop at 186.5, between cards.
        let two = CarouselLayout(viewport: Size(960, 600), cardCount: 2)
        var row = ScrollController(layout: two, snapping: true, offset: 240)
        row.handle(pointer(.down, 800, 1))
        row.handle(pointer(.move, 670, 1.1))
        for step in 1...4 { row.handle(pointer(.move, 670 + 7.5 * Double(step), 1.4 + Double(step) / 240)) }
        let release = 1.4 + 4.0 / 240
        #expect(abs(row.offset(at: release) - 290.05) < 0.01)
        #expect(abs(row.velocity(at: release) + 889) < 2)
        row.handle(pointer(.up, 700, release))
        #expect(abs(row.offset(at: release + 30)) < 0.01)
    }

    @Test func pressingEndAgainDoesNotOvershootTheEnd() {
        // The second End, 120 ms into the 150 ms ease, used to start a new ease from there at
        // the first one's speed, which carried the row 496 pt past its end (7456 of 0…6960).
        let deck = CarouselLayout(viewport: Size(960, 600), cardCount: 30)
        var row = ScrollController(layout: deck)
        row.take(.key(.end, time: 1))
        let before = row.offset(at: 1.125)
        row.take(.key(.end, time: 1.12))
        #expect(row.offset(at: 1.125) == before)
        #expect((0...400).map { row.offset(at: 1 + Double($0) * 0.001) }.max()! == 6960)
        #expect(!row.isAnimating(at: 1.151) && row.offset(at: 1.151) == 6960)
        // The same for a wheel notch against the end.
        var wheel = ScrollController(layout: deck, offset: 6930)
        wheel.handle(.wheel(WheelEvent(dy: -1, time: 1)))
        wheel.handle(.wheel(WheelEvent(dy: -1, time: 1.1)))
        #expect((0...400).map { wheel.offset(at: 1 + Double($0) * 0.001) }.max()! == 6960)
    }

    @Test func aFlickShiftedInTimeEndsOnTheSameCard() {
        // The flick of the failed live-window test (DragInRealWindowTests, under load): live it
        // came to rest on card 3, its recording replayed on card 5 — the replay's times, counted
        // from the recording's start, put the first move a hair beyond the velocity horizon.
        // Shifted, it must end in the same place.
        var ends: [Double] = []
        for shift in [0.0, -0.139006, 0.3, 1.0, 10.0] {
            var row = ScrollController(layout: CarouselLayout(viewport: Size(1280, 720), cardCount: 7), snapping: true)
            for (phase, t, x) in [(PointerPhase.down, 0.534, 1000.0), (.move, 0.541, 960), (.move, 0.58, 920),
                                  (.move, 0.59, 880), (.move, 0.607, 840), (.move, 0.631, 800), (.up, 0.641, 800)] {
                row.handle(pointer(phase, x, t + shift))
            }
            ends.append(row.offset(at: 20 + shift))
        }
        // The row's end, card 6, every time (card 5 before the release stopped adding a sample).
        #expect(ends == [1440, 1440, 1440, 1440, 1440], "\(ends)")
    }
}
