import Testing
import SwivelCore

/// With `--loop` (`CarouselLayout.wraps`) the full view's pages wrap as the endless row does: → on
/// the last page goes on to the first, ← on the first back to the last, and a drag across the seam
/// follows the pointer as anywhere else; without it the ends stay ends.
@Suite struct WrappingPagesTests {
    /// Five pages in a 1000 × 600 window: pitch 1000 + 20 = 1020.
    func strip(page: Int, wraps: Bool = true) -> PageStrip {
        PageStrip(window: Size(1000, 600), pageCount: 5, page: page, wraps: wraps)
    }

    @Test func rightOnTheLastPageGoesToTheFirst() {
        var s = strip(page: 4)
        s.take(.key(.right, time: 1))
        #expect(s.destinationPage(at: 1) == 0 && s.page(at: 10) == 0)
        // The offset carries on: the first page comes in from the right, in slot 5.
        #expect(s.offset(at: 10) == 5 * 1020 && s.pageMinX(5, at: 10) == 0)
        // Midway both show: page 4 leaving left, page 0 coming from the right.
        let mid = s.offset(at: 1.075)
        #expect(mid > 4 * 1020 && mid < 5 * 1020)
        #expect(s.visiblePages(at: 1.075) == 4..<6 && s.page(atSlot: 5) == 0 && s.page(atSlot: 4) == 4)
    }

    @Test func leftOnTheFirstPageGoesToTheLast() {
        var s = strip(page: 0)
        s.take(.key(.left, time: 1))
        #expect(s.page(at: 10) == 4 && s.offset(at: 10) == -1020 && s.pageMinX(-1, at: 10) == 0)
    }

    @Test func aDragAcrossTheSeamTurnsThePage() {
        // A slow release past half a page (510 pt; the mouse's slop is 4 pt) moves one page.
        var s = strip(page: 4)
        for event: InputEvent in [.pointer(PointerEvent(.down, at: Point(500, 300), time: 1)),
                                  .pointer(PointerEvent(.move, at: Point(500 - 515, 300), time: 1.1))] {
            s.handle(event)
        }
        // Held: the offset follows the pointer past the end with no rubber band.
        #expect(s.offset(at: 1.1) == 4 * 1020 + 511)
        s.handle(.pointer(PointerEvent(.up, at: Point(500 - 515, 300), time: 1.2)))
        #expect(s.page(at: 10) == 0 && s.offset(at: 10) == 5 * 1020)
    }

    @Test func aFlingAcrossTheSeamMovesOnePage() {
        var s = strip(page: 0)
        for step in 0...10 {
            let phase: PointerPhase = step == 0 ? .down : .move
            s.handle(.pointer(PointerEvent(phase, at: Point(200 + 60 * Double(step), 300), time: 1 + 0.01 * Double(step))))
        }
        s.handle(.pointer(PointerEvent(.up, at: Point(800, 300), time: 1.1)))
        #expect(s.page(at: 10) == 4 && s.offset(at: 10) == -1020)
    }

    @Test func withoutLoopTheEndsStay() {
        var last = strip(page: 4, wraps: false)
        last.take(.key(.right, time: 1))
        #expect(last.page(at: 10) == 4 && last.offset(at: 10) == 4 * 1020 && last.visiblePages(at: 10) == 4..<5)
        var first = strip(page: 0, wraps: false)
        first.take(.key(.left, time: 1))
        #expect(first.page(at: 10) == 0 && first.offset(at: 10) == 0)
    }

    /// The open view: → on the last of five cards turns to card 0, which slides in from the right
    /// and rests in the window; its page is drawn from slot 5.
    @Test func theOpenViewTurnsFromTheLastPhotoToTheFirst() {
        var row = ScrollController(layout: CarouselLayout(viewport: Size(1280, 720), cardCount: 5, wraps: true))
        var state = FullViewState()
        state.open(4, row: &row, at: 0, flying: false)
        _ = state.take(.key(.right, time: 1), row: &row)
        let view = state.view!
        #expect(view.page == 0)
        let sliding = view.pages(at: 1.075)
        #expect(sliding.map(\.index) == [4, 0])
        #expect(sliding[1].frame.clip.x > sliding[0].frame.clip.x)
        // At rest: card 0 alone at its card's fit (2:3: 480 × 720 at x = 400).
        #expect(view.pages(at: 10).map(\.index) == [0])
        #expect(view.pages(at: 10)[0].frame.clip == Rect(x: 400, y: 0, width: 480, height: 720))
    }
}
