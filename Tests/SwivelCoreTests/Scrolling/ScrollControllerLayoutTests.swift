import Testing
import SwivelCore

@Suite struct ScrollControllerLayoutTests {
    @Test func aResizeKeepsTheOffset() {
        var row = ScrollController(layout: ScrollFixture.layout, offset: 700)
        row.updateLayout(CarouselLayout(viewport: Size(1400, 800), cardCount: 10), at: 1)
        #expect(row.offset(at: 1) == 700 && row.layout.viewport == Size(1400, 800))
    }

    @Test func fewerCardsReclamp() {
        var row = ScrollController(layout: ScrollFixture.layout, offset: 2000)
        row.updateLayout(CarouselLayout(viewport: Size(960, 600), cardCount: 3), at: 1)
        #expect(row.offset(at: 1) == 480 && !row.isAnimating(at: 1))
    }

    @Test func aResizeDuringADragKeepsFollowingThePointer() {
        var row = ScrollController(layout: ScrollFixture.layout, offset: 700)
        row.handle(ScrollFixture.drag(from: 500, by: -104, over: 0.1, release: false))
        row.updateLayout(CarouselLayout(viewport: Size(1200, 600), cardCount: 10), at: 0.15)
        #expect(row.offset(at: 0.15) == 800)
        row.handle(.pointer(PointerEvent(.move, at: Point(346, 300), time: 0.2)))
        #expect(row.offset(at: 0.2) == 850)
    }

    @Test func snappingSettlesOnACardAfterAResize() {
        var row = ScrollController(layout: ScrollFixture.layout, snapping: true, offset: 480)
        row.handle(ScrollFixture.drag(from: 500, by: -600, over: 0.2, start: 1))
        row.updateLayout(CarouselLayout(viewport: Size(1200, 600), cardCount: 10), at: 1.3)
        let rest = row.offset(at: 30)
        #expect(abs(rest / 240 - (rest / 240).rounded()) * 240 < 0.01)
    }
}
