import Testing
import SwivelCore
import SwivelPhotoCore

@Suite struct LoadPlanTests {
    @Test func nearestTheCentreFirstWithThePrefetchOnBothSides() {
        // Cards 3…6 visible, centre on card 4.2: 4, 5, 3, 6, then the prefetched 2 and 7.
        #expect(LoadPlan.wanted(visible: 3..<7, centre: 4.2, direction: 0, prefetch: 1, cardCount: 20)
                == [4, 5, 3, 6, 2, 7])
        #expect(LoadPlan.wanted(visible: 3..<7, centre: 4.8, direction: 0, prefetch: 2, cardCount: 20)
                == [5, 4, 6, 3, 7, 2, 8, 1])
    }

    @Test func tiesGoTheWayOfTheScroll() {
        // Halfway between cards 4 and 5, every distance is a tie.
        #expect(LoadPlan.wanted(visible: 3..<7, centre: 4.5, direction: 1, prefetch: 0, cardCount: 20)
                == [5, 4, 6, 3])
        #expect(LoadPlan.wanted(visible: 3..<7, centre: 4.5, direction: -1, prefetch: 0, cardCount: 20)
                == [4, 5, 3, 6])
        #expect(LoadPlan.wanted(visible: 3..<7, centre: 4.5, direction: 0, prefetch: 0, cardCount: 20)
                == [4, 5, 3, 6])
        // Centred on card 5 the neighbours 4 and 6 tie.
        #expect(LoadPlan.wanted(visible: 4..<7, centre: 5, direction: 250, prefetch: 1, cardCount: 20)
                == [5, 6, 4, 7, 3])
        #expect(LoadPlan.wanted(visible: 4..<7, centre: 5, direction: -0.5, prefetch: 1, cardCount: 20)
                == [5, 4, 6, 3, 7])
    }

    @Test func clampedToTheDeck() {
        #expect(LoadPlan.wanted(visible: 0..<3, centre: 0, direction: 1, prefetch: 2, cardCount: 4)
                == [0, 1, 2, 3])
        #expect(LoadPlan.wanted(visible: 7..<10, centre: 9, direction: -1, prefetch: 3, cardCount: 10)
                == [9, 8, 7, 6, 5, 4])
        #expect(LoadPlan.wanted(visible: 0..<1, centre: 0, direction: 0, prefetch: 5, cardCount: 1) == [0])
        #expect(LoadPlan.wanted(visible: 0..<1, centre: 0, direction: 0, prefetch: Int.max, cardCount: 3) == [0, 1, 2])
    }

    @Test func nothingToShowWantsNothing() {
        #expect(LoadPlan.wanted(visible: 0..<0, centre: 0, direction: 0, prefetch: 2, cardCount: 10) == [])
        #expect(LoadPlan.wanted(visible: 0..<3, centre: 1, direction: 0, prefetch: 2, cardCount: 0) == [])
        #expect(LoadPlan.wanted(visible: 2..<4, centre: 1, direction: 0, prefetch: -3, cardCount: 10) == [2, 3])
    }

    @Test func aNonFiniteCentreCountsAsTheMiddleOfWhatIsVisible() {
        #expect(LoadPlan.wanted(visible: 2..<5, centre: .nan, direction: 0, prefetch: 1, cardCount: 10)
                == [3, 2, 4, 1, 5])
    }

    @Test func theCentreIndexOfTheLayout() {
        let layout = CarouselLayout(viewport: Size(960, 600), cardCount: 10)
        // Pitch 240: 600 pt is 2.5 cards, and cards 0…6 can show there.
        #expect(layout.centreIndex(scroll: 0) == 0)
        #expect(layout.centreIndex(scroll: 600) == 2.5)
        #expect(layout.centreIndex(scroll: -120) == -0.5)
        let visible = layout.visibleIndices(scroll: 600)
        #expect(visible == 0..<7)
        #expect(LoadPlan.wanted(visible: visible, centre: layout.centreIndex(scroll: 600), direction: 1,
                                prefetch: 2, cardCount: layout.cardCount) == [3, 2, 4, 1, 5, 0, 6, 7, 8])
    }
}
