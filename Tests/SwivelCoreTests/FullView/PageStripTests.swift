import Testing
import SwivelCore

@Suite struct PageStripTests {
    /// Five pages in a 1000 × 600 window: pitch 1000 + 20 = 1020, on page 2 (offset 2040).
    func strip(page: Int = 2, reducesMotion: Bool = false) -> PageStrip {
        PageStrip(window: Size(1000, 600), pageCount: 5, page: page, reducesMotion: reducesMotion)
    }

    /// A drag of `distance` pt from x = 500, then held still for 100 ms before the release, so that
    /// it releases with no velocity (the pointer stopped more than 40 ms before).
    func heldDrag(_ distance: Double) -> [InputEvent] {
        [.pointer(PointerEvent(.down, at: Point(500, 300), time: 1)),
         .pointer(PointerEvent(.move, at: Point(500 + distance, 300), time: 1.1)),
         .pointer(PointerEvent(.up, at: Point(500 + distance, 300), time: 1.2))]
    }

    func settled(_ strip: PageStrip, after events: [InputEvent]) -> (page: Int, offset: Double) {
        var strip = strip
        for event in events { strip.handle(event) }
        return (strip.page(at: 10), strip.offset(at: 10))
    }

    @Test func pagesSitSideBySide() {
        let s = strip()
        #expect(s.pitch == 1020 && s.offset(at: 0) == 2040)
        #expect(s.pageMinX(2, at: 0) == 0 && s.pageMinX(3, at: 0) == 1020 && s.pageMinX(1, at: 0) == -1020)
        #expect(s.visiblePages(at: 0) == 2..<3)
    }

    @Test func aSlowReleasePastHalfAPageMovesOne() {
        // Half a page is 510 pt; the content trails the pointer by the mouse's 4 pt slop.
        #expect(settled(strip(), after: heldDrag(-(4 + 511))) == (3, 3060))
        #expect(settled(strip(), after: heldDrag(-(4 + 509))) == (2, 2040))
        #expect(settled(strip(), after: heldDrag(4 + 511)) == (1, 1020))
        #expect(settled(strip(), after: heldDrag(4 + 509)) == (2, 2040))
    }

    @Test func aFlingAtTheRowsThresholdMovesExactlyOnePage() {
        // Constant speed for 0.1 s: 55 pt/s flings (≥ 50 pt/s, `GestureConstants.minimumFlingSpeed`),
        // 45 pt/s does not; 8000 pt/s, which would glide ~4000 pt in the row, still moves one page.
        func flick(_ speed: Double) -> [InputEvent] { ScrollFixture.drag(from: 500, by: -speed * 0.1, over: 0.1, start: 1) }
        #expect(settled(strip(), after: flick(55)).page == 3)
        #expect(settled(strip(), after: flick(45)).page == 2)
        #expect(settled(strip(), after: flick(-55)).page == 1)
        #expect(settled(strip(), after: flick(8000)).page == 3)
        #expect(settled(strip(), after: flick(-8000)).page == 1)
        // A drag 600 pt forward flung back at 300 pt/s goes back.
        let back = ScrollFixture.drag(from: 800, by: -600, over: 0.5, start: 1, release: false)
            + ScrollFixture.drag(from: 200, by: 30, over: 0.1, start: 1.5).dropFirst()
        #expect(settled(strip(), after: Array(back)).page == 2)
    }

    @Test func theEndsRubberBandAndSpringBack() {
        // On the last page (offset 4080), 300 pt past the end after the slop shows
        // 300·0.55/(1 + 0.55·300/1000) = 141.63 past it; released, it comes back; so does a fling.
        var s = strip(page: 4)
        for event in heldDrag(-304).dropLast() { s.handle(event) }
        #expect(abs(s.offset(at: 1.1) - (4080 + 141.63)) < 0.01)
        #expect(settled(strip(page: 4), after: heldDrag(-304)) == (4, 4080))
        #expect(settled(strip(page: 4), after: ScrollFixture.drag(from: 500, by: -400, over: 0.05, start: 1)) == (4, 4080))
        #expect(settled(strip(page: 0), after: ScrollFixture.drag(from: 500, by: 400, over: 0.05, start: 1)) == (0, 0))
    }

    @Test func keysPageAndTheWheelIsRefused() {
        var s = strip()
        let used1 = s.take(.key(.right, time: 1))
        #expect(used1)
        #expect(s.destinationPage(at: 1) == 3 && s.page(at: 1.2) == 3)
        s.take(.key(.pageUp, time: 2))
        #expect(s.page(at: 2.2) == 2)
        s.take(.key(.end, time: 3))
        #expect(s.offset(at: 3.2) == 4080)
        s.take(.key(.home, time: 4))
        #expect(s.offset(at: 4.2) == 0)
        let used2 = s.handle(.wheel(WheelEvent(dy: 1, time: 5)))
        #expect(!used2)
        var reduced = strip(reducesMotion: true)
        reduced.take(.key(.left, time: 1))
        #expect(reduced.offset(at: 1) == 1020)
    }

    @Test func midSwipeTwoPagesShow() {
        var s = strip()
        for event in heldDrag(-304).dropLast() { s.handle(event) }
        #expect(s.offset(at: 1.1) == 2340 && s.visiblePages(at: 1.1) == 2..<4)
    }
}
