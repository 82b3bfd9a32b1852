import SwivelCore
import SwivelPhotoCore
import Testing

/// What a deck wants decoded, without a deck, threads or files: the numbers `PhotoDeckTests` pins
/// through the real decoders, here as the plan's own.
@Suite struct DeckDecodePlanTests {
    static let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 60)

    /// At rest on card 30 of 60 in a 1280-point window the visible range is cards 26 to 34 (9, as
    /// `PerformanceCountTests` pins): they and 8 either side, 18 to 42, the centre first.
    @Test func atRestTheVisibleCardsAndEightEitherSide() {
        #expect(Self.layout.visibleIndices(scroll: 30 * 240) == 26..<35)
        let plan = DeckDecodePlan(layout: Self.layout, scroll: 30 * 240, destination: nil, velocity: 0, cardCount: 60, layers: 36)
        #expect(Set(plan.wanted) == Set(18...42) && plan.wanted.count == 25)
        #expect(plan.wanted.first == 30)
        #expect(Set(plan.shownFirst) == Set(26...34))
    }

    /// Flung from card 0 towards card 40 at 3000 pt/s: cards 0 to 45 would be shown (card 40 rests
    /// with 36 to 44 visible, 35 and 45 one more each side), more than 36 layers, so the 10 cards
    /// passed last before the rest (25 to 34) wait; no prefetch above 1500 pt/s.
    @Test func aFastFlingKeepsTheWayOutAndTheRest() {
        let plan = DeckDecodePlan(layout: Self.layout, scroll: 0, destination: 40 * 240, velocity: 3000, cardCount: 60, layers: 36)
        #expect(Set(plan.wanted) == Set(0...24).union(35...45))
        #expect(plan.wanted.count == 36)
    }

    /// Flung from card 20 towards card 30: nothing below the cards visible there (16 to 24); at
    /// 1000 pt/s, under the speed limit, the 8 either side of those on screen as well (8 to 32).
    @Test func nothingBehindAFlingAndThePrefetchWhenSlow() {
        let fast = DeckDecodePlan(layout: Self.layout, scroll: 20 * 240, destination: 30 * 240, velocity: 3000, cardCount: 60, layers: 36)
        #expect(Set(fast.wanted) == Set(16...35))
        let slow = DeckDecodePlan(layout: Self.layout, scroll: 20 * 240, destination: 23 * 240, velocity: 1000, cardCount: 60, layers: 36)
        #expect(Set(slow.wanted) == Set(8...32))
    }

    /// An endless row of 5 cards plans each card once, whatever slot the row is at.
    @Test func anEndlessRowWantsEachCardOnce() {
        let endless = CarouselLayout(viewport: Size(1280, 720), cardCount: 5, wraps: true)
        let plan = DeckDecodePlan(layout: endless, scroll: 1000 * 240, destination: nil, velocity: 0, cardCount: 5, layers: 5)
        #expect(plan.wanted.sorted() == [0, 1, 2, 3, 4])
    }
}
