import Testing
import SwivelCore

/// The full view's pages with their sharp photos' sizes (`FullViewState.setSharpSizes`): a page
/// turned to, or sliding in beside the open one, is placed at its own photo's fit at once, and a
/// new window size lays the view out afresh on the same page.
@Suite struct FullViewPagesTests {
    /// Five cards in a 1280 × 720 window, card 2 open (no flight), 1 device pixel a point.
    static func opened(window: Size = Size(1280, 720)) -> (FullViewState, ScrollController) {
        var row = ScrollController(layout: CarouselLayout(viewport: window, cardCount: 5))
        var state = FullViewState()
        state.open(2, row: &row, at: 0, flying: false)
        return (state, row)
    }

    /// A 3200 × 2400 photo fits 1280 × 720 at 0.3: 960 × 720 at x = 160.
    static let fitted = Rect(x: 160, y: 0, width: 960, height: 720)

    @Test func aPageTurnedToShowsItsSharpSizeInItsFirstFrame() {
        var (state, row) = Self.opened()
        state.setSharpSizes([2: Size(1000, 1000), 3: Size(3200, 2400)])
        state.setImageSize(Size(1000, 1000), forCard: 2)
        // Before the turn, page 3 waits beside page 2 at its own fit, not the card's 2:3.
        #expect(state.view?.showsSharpSize(3) == true && state.view?.showsSharpSize(1) == false)
        _ = state.take(.key(.right, time: 1), row: &row)
        let view = state.view!
        #expect(view.page == 3 && view.hasImageSize && view.imageSize == Size(3200, 2400))
        // At the turn's end the page rests at its photo's fit, which is what it slid in at.
        let end = view.pages(at: 5).first { $0.index == 3 }!.frame
        #expect(end.photo == Self.fitted && end.clip == Self.fitted)
        // A page with no sharp photo at hand opens at its card's aspect (2:3: 480 × 720).
        _ = state.take(.key(.right, time: 6), row: &row)
        #expect(state.view?.page == 4 && state.view?.hasImageSize == false)
        #expect(state.view?.pages(at: 10).first { $0.index == 4 }?.frame.clip == Rect(x: 400, y: 0, width: 480, height: 720))
    }

    @Test func aSharpPhotoNoLongerAtHandGivesWayToTheCardsTexture() {
        var (state, _) = Self.opened()
        state.setSharpSizes([2: Size(3200, 2400)])
        state.setImageSize(Size(3200, 2400), forCard: 2)
        #expect(state.view?.fitFrame.photo == Self.fitted)
        state.setSharpSizes([:])
        #expect(state.view?.hasImageSize == false && state.view?.fitFrame.photo == Rect(x: 400, y: 0, width: 480, height: 720))
    }

    @Test func aNewWindowSizeRefitsTheSamePage() {
        var (state, row) = Self.opened()
        state.setSharpSizes([2: Size(3200, 2400), 3: Size(3200, 2400)])
        _ = state.take(.key(.right, time: 1), row: &row)
        _ = state.take(.key(.digit1, time: 2), row: &row)
        // 960 × 960 points: 3200 × 2400 fits at 0.3, 960 × 720 at y = 120; back at fit.
        var layout = row.layout
        layout.viewport = Size(960, 960)
        row.updateLayout(layout, at: 3)
        state.resize(row: row.layout, pixelsPerPoint: 1, at: 3)
        let view = state.view!
        #expect(view.index == 2 && view.page == 3 && view.window == Size(960, 960))
        #expect(view.zoom.isFitted(at: 3) && view.fitFrame.photo == Rect(x: 0, y: 120, width: 960, height: 720))
        #expect(view.pages(at: 3).first { $0.index == 3 }?.frame.clip == Rect(x: 0, y: 120, width: 960, height: 720))
    }
}
