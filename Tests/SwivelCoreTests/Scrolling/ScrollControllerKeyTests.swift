import Testing
import SwivelCore

@Suite struct ScrollControllerKeyTests {
    // 1000 pt wide, so a screenful (1000 pt) and four whole cards (960 pt) differ.
    let layout = CarouselLayout(viewport: Size(1000, 600), cardCount: 10)

    func after(_ keys: [KeyCode], snapping: Bool = false, from offset: Double) -> Double {
        var row = ScrollController(layout: layout, snapping: snapping, offset: offset)
        for (i, key) in keys.enumerated() { row.take(.key(key, time: 1 + Double(i) * 0.05)) }
        return row.offset(at: 5)
    }

    @Test func arrowsMoveOneCard() {
        #expect(after([.right], from: 480) == 720)
        #expect(after([.left], from: 480) == 240)
        #expect(after([.right, .right, .right], from: 480) == 1200)
        // From between two cards, to the next one that way.
        #expect(after([.right], from: 500) == 720)
        #expect(after([.left], from: 500) == 480)
        #expect(after([.left], from: 0) == 0)
    }

    @Test func pageKeysMoveAScreenful() {
        #expect(after([.pageDown], from: 100) == 1100)
        #expect(after([.pageUp], from: 1500) == 500)
        #expect(after([.pageDown], snapping: true, from: 240) == 1200)
        #expect(after([.pageDown, .pageDown, .pageDown], snapping: true, from: 0) == 2160)
    }

    @Test func homeAndEndGoToTheEnds() {
        #expect(after([.end], from: 700) == 2160)
        #expect(after([.home], from: 700) == 0)
    }

    @Test func keysAreEasedLikeTheWheel() {
        var row = ScrollController(layout: layout, offset: 480)
        row.take(.key(.right, time: 1))
        #expect(abs(row.offset(at: 1.075) - 600) < 1e-9)
        #expect(!row.isAnimating(at: 1.1501))
        let ignored = row.take(.key(.tab, time: 2))
        #expect(!ignored)
    }
}

/// `rest(at:)`: the full view's open and close put the row under their card without rebuilding it.
@Suite struct ScrollControllerRestTests {
    /// Every setting stays (a controller rebuilt field by field would lose a field added later):
    /// with snapping, reduced motion and the fast friction, a fling after the rest is the fast
    /// fling's, and a rest between cards lands on the nearest one.
    @Test func restKeepsEverySetting() {
        let layout = CarouselLayout(viewport: Size(1000, 600), cardCount: 10)
        var row = ScrollController(layout: layout, snapping: true, offset: 0, decelerationRate: FrictionSimulation.fast,
                                   reducesMotion: true)
        row.flingsOneCard = true
        row.handle(ScrollFixture.drag(from: 600, by: -300, over: 0.1, start: 1, release: false))
        row.rest(at: 700)    // between cards 2 (480) and 3 (720): snapping puts it on 3
        #expect(row.offset(at: 1.2) == 720 && !row.isDragging && !row.isAnimating(at: 1.2))
        #expect(row.snapping && row.reducesMotion && row.flingsOneCard && row.decelerationRate == FrictionSimulation.fast)
        row.rest(at: 1e9)
        #expect(row.offset(at: 2) == 2160)    // the last card's, 9 × 240
    }
}
