import Testing
@testable import SwivelCore

/// Layout + scroll offset → the cards the renderer draws.
@Suite struct CardInstanceTests {
    let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 7)

    @Test func firstCardCentredGivesTheFiveCardsThatCanShow() {
        // A card and its shadow reach at most 160/√(1 − (160/300)²) = 189.1 pt from its centre,
        // so at offset 0 centres up to 640 + 189.1 pt right of the middle count (cards 0…3), plus one.
        let cards = layout.instances(scroll: 0)
        #expect(cards.count == 5)
        #expect(cards.map(\.centerX) == [640, 880, 1120, 1360, 1600])
        #expect(cards.allSatisfy { $0.centerY == 360 })
        // θ_i = −12° per card to the right.
        #expect(cards[0].angle == 0)
        #expect(cards[1].angle == Float(-12 * Double.pi / 180))
        #expect(abs(cards[4].angle - -0.837_758_04) < 1e-7)
        // The seed's blue, green, …, premultiplied (all opaque); no photo.
        #expect((cards[0].r, cards[0].g, cards[0].b, cards[0].a) == (0, Float(122) / 255, 1, 1))
        #expect((cards[1].r, cards[1].g, cards[1].b, cards[1].a) == (Float(52) / 255, Float(199) / 255, Float(89) / 255, 1))
        #expect(cards.allSatisfy { $0.layer == -1 && $0.imageOpacity == 0 && $0.opaque == 1 })
    }

    @Test func lastCardCentredStartsAtCardTwo() {
        let cards = layout.instances(scroll: 1440)
        #expect(cards.count == 5)
        // Card 2 (orange) sits 960 pt left of the middle, turned +48°; card 6 is flat and centred.
        #expect(cards.map(\.centerX) == [-320, -80, 160, 400, 640])
        #expect(abs(cards[0].angle - 0.837_758_04) < 1e-7)
        #expect(cards[4].angle == 0)
        #expect((cards[0].r, cards[0].g, cards[0].b) == (1, Float(149) / 255, 0))
    }

    @Test func betweenCardsTheAnglesFollowTheOffset() {
        let cards = layout.instances(scroll: 120)
        #expect(cards.map(\.centerX) == [520, 760, 1000, 1240, 1480])
        #expect(cards[0].angle == Float(6 * Double.pi / 180))
        #expect(cards[1].angle == Float(-6 * Double.pi / 180))
    }

    @Test func photosAndColoursComeFromTheCallersClosures() {
        let cards = layout.instances(scroll: 0, color: { $0 == 1 ? RGBA8(255, 0, 0, 128) : RGBA8(10, 20, 30) },
                                     image: { $0 == 2 ? CardImage(layer: 3, opacity: 0.25)
                                                      : $0 == 3 ? CardImage(layer: 0, opacity: 1.7) : nil })
        // A translucent colour: premultiplied, and its middle is not opaque.
        #expect(cards[1].r == Float(128) / 255 && cards[1].g == 0 && cards[1].a == Float(128) / 255)
        #expect(cards[1].opaque == 0 && cards[1].layer == -1)
        // A photo: its layer and fade (limited to 0…1); a photo card's middle is never opaque.
        #expect(cards[2].layer == 3 && cards[2].imageOpacity == 0.25 && cards[2].opaque == 0)
        #expect(cards[3].layer == 0 && cards[3].imageOpacity == 1)
        #expect(cards[0].opaque == 1 && cards[0].r == Float(10) / 255)
    }

    @Test func anEmptyDeckOrAnUnusableOffsetHasNoCards() {
        #expect(CarouselLayout(viewport: Size(1280, 720), cardCount: 0).instances(scroll: 0).isEmpty)
        #expect(layout.instances(scroll: .nan).isEmpty)
    }

    @Test func theGPUReadsTwentyFloatsPerCard() {
        // The renderer uploads `[CardInstance]` as it is: twenty 32-bit floats, no padding; the
        // rating and label (two of them, read on the CPU for the rating strip) lie between the
        // fade and the turn, which the GPU reads from its own offset; the pair flag (read on the
        // CPU for the tag) comes last.
        #expect(MemoryLayout<CardInstance>.stride == 80)
        #expect(MemoryLayout<CardInstance>.offset(of: \.opaque) == 36)
        #expect(MemoryLayout<CardInstance>.offset(of: \.marked) == 40)
        #expect(MemoryLayout<CardInstance>.offset(of: \.scale) == 44)
        #expect(MemoryLayout<CardInstance>.offset(of: \.fade) == 48)
        #expect(MemoryLayout<CardInstance>.offset(of: \.rating) == 52)
        #expect(MemoryLayout<CardInstance>.offset(of: \.label) == 56)
        #expect(MemoryLayout<CardInstance>.offset(of: \.turnA) == 60)
        #expect(MemoryLayout<CardInstance>.offset(of: \.tagged) == 76)
    }

    @Test func markedCardsComeFromTheCallersClosure() {
        let cards = layout.instances(scroll: 0, marked: { $0 == 1 || $0 == 3 })
        #expect(cards.map(\.marked) == [0, 1, 0, 1, 0])
        #expect(layout.instances(scroll: 0).allSatisfy { $0.marked == 0 })
    }
}
