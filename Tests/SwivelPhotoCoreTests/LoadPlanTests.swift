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

    /// A moving row wants what it will show, in the order it shows it: the cards visible now
    /// (nearest the centre first), then each card past its leading edge through those visible
    /// where it comes to rest, and none behind it.
    @Test func aMovingRowWantsTheCardsAheadInTheOrderItReachesThem() {
        // Cards 3…6 visible, centre on 4.2, heading up to rest with 10…13 visible.
        #expect(LoadPlan.passing(visible: 3..<7, resting: 10..<14, centre: 4.2, direction: 5000, lead: 0, cardCount: 20)
                == [4, 5, 3, 6, 7, 8, 9, 10, 11, 12, 13])
        // Heading down from 10…13 (centre 11.5: the tie goes the way of the scroll) to rest on 3…6.
        #expect(LoadPlan.passing(visible: 10..<14, resting: 3..<7, centre: 11.5, direction: -2000, lead: 2, cardCount: 20)
                == [11, 12, 10, 13, 9, 8, 7, 6, 5, 4, 3])
    }

    /// A drag rests where it is: `lead` cards past the leading edge are read ahead all the same;
    /// a rest further on than the lead wins.
    @Test func aDragReadsLeadCardsAhead() {
        #expect(LoadPlan.passing(visible: 3..<7, resting: 3..<7, centre: 4.5, direction: 1, lead: 3, cardCount: 20)
                == [5, 4, 6, 3, 7, 8, 9])
        #expect(LoadPlan.passing(visible: 3..<7, resting: 3..<7, centre: 4.5, direction: -1, lead: 2, cardCount: 20)
                == [4, 5, 3, 6, 2, 1])
        #expect(LoadPlan.passing(visible: 3..<7, resting: 5..<9, centre: 4.5, direction: 1, lead: 1, cardCount: 20)
                == [5, 4, 6, 3, 7, 8])
    }

    @Test func atRestOnlyTheVisibleCards() {
        #expect(LoadPlan.passing(visible: 3..<7, resting: 3..<7, centre: 4.2, direction: 0, lead: 5, cardCount: 20)
                == [4, 5, 3, 6])
        #expect(LoadPlan.passing(visible: 3..<7, resting: 3..<7, centre: 4.2, direction: .nan, lead: 5, cardCount: 20)
                == [4, 5, 3, 6])
        #expect(LoadPlan.passing(visible: 0..<0, resting: 3..<7, centre: 0, direction: 1, lead: 5, cardCount: 20) == [])
    }

    @Test func theWayAheadStopsAtTheDecksEnds() {
        #expect(LoadPlan.passing(visible: 15..<19, resting: 17..<20, centre: 17, direction: 1, lead: 5, cardCount: 20)
                == [17, 18, 16, 15, 19])
        #expect(LoadPlan.passing(visible: 1..<4, resting: 0..<3, centre: 2, direction: -1, lead: Int.max, cardCount: 20)
                == [2, 1, 3, 0])
        #expect(LoadPlan.passing(visible: 1..<4, resting: 0..<3, centre: 2, direction: 1, lead: Int.max, cardCount: 5)
                == [2, 3, 1, 4])
    }
}
