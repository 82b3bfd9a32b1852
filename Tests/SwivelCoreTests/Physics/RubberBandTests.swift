import Testing
import SwivelCore

@Suite struct RubberBandTests {
    let band = RubberBand(dimension: 960)

    @Test func uiScrollViewNumbers() {
        #expect(RubberBand.coefficient == 0.55)
        // 100·0.55·960/(960 + 55) = 52.02, 400·0.55·960/(960 + 220) = 178.98.
        #expect(abs(band.overshoot(100) - 52.02) < 0.01)
        #expect(abs(band.overshoot(400) - 178.98) < 0.01)
        #expect(band.overshoot(0) == 0)
        #expect(band.overshoot(1e12) < 960)
    }

    @Test func appliesPastEitherEnd() {
        let range = 0.0...2160
        #expect(band.offset(raw: 1000, in: range) == 1000)
        #expect(abs(band.offset(raw: -100, in: range) - -52.02) < 0.01)
        #expect(abs(band.offset(raw: 2560, in: range) - (2160 + 178.98)) < 0.01)
    }

    @Test func inverseAndSlope() {
        let range = 0.0...2160
        for raw in [-900.0, -100, 0, 500, 2200, 4000] {
            #expect(abs(band.raw(shown: band.offset(raw: raw, in: range), in: range) - raw) < 1e-9)
        }
        #expect(abs(band.slope(raw: -1e-9, in: range) - 0.55) < 1e-9)
        #expect(band.slope(raw: 100, in: range) == 1)
    }

    @Test func oneStepOrTenGiveTheSameOffset() {
        // Dragging right from the first card pulls past the start. 4 pt of mouse slop first.
        let move = { (x: Double, t: Double) in InputEvent.pointer(PointerEvent(.move, at: Point(x, 300), time: t)) }
        var once = ScrollController(layout: ScrollFixture.layout)
        once.handle([.pointer(PointerEvent(.down, at: Point(300, 300), time: 0)), move(404, 0.1)])
        var tenTimes = ScrollController(layout: ScrollFixture.layout)
        tenTimes.handle(.pointer(PointerEvent(.down, at: Point(300, 300), time: 0)))
        tenTimes.handle(move(304, 0.005))
        for step in 1...10 { tenTimes.handle(move(304 + 10 * Double(step), 0.01 * Double(step))) }
        #expect(abs(once.offset(at: 0.1) - -52.02) < 0.01)
        #expect(once.offset(at: 0.1) == tenTimes.offset(at: 0.1))
    }
}
