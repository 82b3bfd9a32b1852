import Testing
@testable import SwivelCore

@Suite struct CarouselLayoutTests {
    let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 7)

    @Test func pitchAndPaddingFollowTheSeed() {
        #expect(layout.parameters.pitch == 240)
        #expect(layout.padding == 635)
        // The seed's own phone: 430 pt wide gives its padding of 210.
        #expect(CarouselLayout(viewport: Size(430, 932), cardCount: 7).padding == 210)
    }

    @Test func slotsCardsAndAngles() {
        #expect(layout.slotMinX(0, scroll: 0) == 635)
        #expect(layout.slotMinX(2, scroll: 100) == 635 + 480 - 100)
        #expect(layout.cardMinX(0, scroll: 0) == 540)
        #expect(layout.cardCenter(1, scroll: 0) == Point(880, 360))
        #expect(layout.degrees(0, scroll: 0) == 0)
        #expect(layout.degrees(1, scroll: 0) == -12)
        #expect(layout.degrees(2, scroll: 0) == -24)
        #expect(layout.degrees(0, scroll: 240) == 12)
    }

    @Test func seedAngleFormulaOnThePhone() {
        // (minX − 210) / −20 with the slot's minX, as in the tutorial.
        let phone = CarouselLayout(viewport: Size(430, 932), cardCount: 7)
        for (index, scroll) in [(0, 0.0), (1, 0), (3, 517.5), (6, 1440)] {
            let minX = phone.slotMinX(index, scroll: scroll)
            #expect(abs(phone.degrees(index, scroll: scroll) - (minX - 210) / -20) < 1e-12)
        }
        // The flat card on the phone spans x = 115…315.
        #expect(phone.cardMinX(0, scroll: 0) == 115)
    }

    @Test func scrollRange() {
        #expect(layout.scrollRange == 0...1440)
        #expect(CarouselLayout(viewport: Size(800, 600), cardCount: 1).scrollRange == 0...0)
    }

    /// The check values at 1280×720, s = 0 (±0.05 pt).
    @Test(arguments: [
        (0, 0.0, [Point(540, 210), Point(740, 210), Point(740, 510), Point(540, 510)]),
        (1, 0.0, [Point(788.52, 219.72), Point(985.10, 198.83), Point(985.10, 521.17), Point(788.52, 500.28)]),
        (2, 0.0, [Point(1039.55, 227.91), Point(1225.68, 186.47), Point(1225.68, 533.53), Point(1039.55, 492.09)]),
    ])
    func cornerCheckValues(index: Int, scroll: Double, expected: [Point]) {
        let corners = layout.cardCorners(index, scroll: scroll)
        for (corner, want) in zip(corners, expected) {
            #expect(abs(corner.x - want.x) <= 0.05, "card \(index) x \(corner.x) vs \(want.x)")
            #expect(abs(corner.y - want.y) <= 0.05, "card \(index) y \(corner.y) vs \(want.y)")
        }
    }

    @Test func cardZeroAfterScrollingOneCard() {
        let corners = layout.cardCorners(0, scroll: 240)
        #expect(abs(corners[0].x - 294.90) <= 0.05 && abs(corners[0].y - 198.83) <= 0.05)
        #expect(abs(corners[1].x - 491.48) <= 0.05 && abs(corners[1].y - 219.72) <= 0.05)
    }

    @Test func visibleIndicesAreArithmeticAndCoverEverythingOnScreen() {
        #expect(layout.visibleIndices(scroll: 0) == 0..<5)
        #expect(layout.visibleIndices(scroll: 1440) == 2..<7)
        let million = CarouselLayout(viewport: Size(1280, 720), cardCount: 1_000_000)
        let middle = million.visibleIndices(scroll: 240 * 500_000)
        #expect(middle == 499_996..<500_005)
        // Every card whose shadow quad touches the window is in the range.
        for scroll in stride(from: -300.0, through: 1740, by: 37) {
            let range = layout.visibleIndices(scroll: scroll)
            for index in 0..<7 where !range.contains(index) {
                let reach = layout.parameters.cardSize.width / 2 + layout.parameters.shadowReach
                let projection = layout.projection(index, scroll: scroll)
                let xs = [-reach, reach].map { projection.project(u: $0, v: 0).x }
                #expect(xs.max()! < 0 || xs.min()! > 1280, "card \(index) at scroll \(scroll)")
            }
        }
        #expect(CarouselLayout(viewport: Size(1280, 720), cardCount: 0).visibleIndices(scroll: 0).isEmpty)
        #expect(layout.visibleIndices(scroll: .nan).isEmpty)
        #expect(layout.visibleIndices(scroll: 1e9).isEmpty)
    }
}
