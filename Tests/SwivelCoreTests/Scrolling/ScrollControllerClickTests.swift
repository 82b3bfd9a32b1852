import Testing
import SwivelCore

@Suite struct ScrollControllerClickTests {
    func scroller(at offset: Double = 0) -> ScrollController {
        ScrollController(layout: ScrollFixture.layout, offset: offset)
    }

    @Test func clickingASideCardBringsItToTheCentre() {
        var row = scroller()
        row.handle(ScrollFixture.click(at: Point(720, 300), time: 1))
        // Released at 1.08; eased over 150 ms, halfway at the midpoint.
        #expect(row.isAnimating(at: 1.08))
        #expect(abs(row.offset(at: 1.155) - 120) < 1e-9)
        #expect(row.offset(at: 1.231) == 240 && !row.isAnimating(at: 1.231))
    }

    @Test func clickingTheCentreCardOrNothingDoesNothing() {
        var row = scroller()
        row.handle(ScrollFixture.click(at: Point(480, 300), time: 1))
        row.handle(ScrollFixture.click(at: Point(300, 40), time: 2))
        #expect(!row.isAnimating(at: 2.08) && row.offset(at: 3) == 0)
    }

    @Test func theProjectedShapeIsWhatCounts() {
        var inside = scroller()
        inside.handle(ScrollFixture.click(at: Point(823, 300), time: 1))
        #expect(inside.offset(at: 2) == 240)
        var outside = scroller()
        outside.handle(ScrollFixture.click(at: Point(625, 300), time: 1))
        #expect(outside.offset(at: 2) == 0)
    }

    @Test func moreThanTheSlopIsNotAClick() {
        var mouse = scroller()
        mouse.handle(ScrollFixture.click(at: Point(720, 300), time: 1, moving: 3.9))
        #expect(mouse.offset(at: 2) == 240)
        var dragged = scroller()
        dragged.handle(ScrollFixture.click(at: Point(720, 300), time: 1, moving: -4.1))
        #expect(abs(dragged.offset(at: 2) - 0.1) < 1e-9)

        let finger = PointerID(source: .touch, id: 3)
        var tap = scroller()
        tap.handle(ScrollFixture.click(at: Point(720, 300), time: 1, pointer: finger, moving: 17.9))
        #expect(tap.offset(at: 2) == 240)
        var swipe = scroller()
        swipe.handle(ScrollFixture.click(at: Point(720, 300), time: 1, pointer: finger, moving: -18.5))
        #expect(abs(swipe.offset(at: 2) - 0.5) < 1e-9)
    }
}
