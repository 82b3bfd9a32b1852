import Testing
@testable import SwivelCore

/// A photo deck loses a card whose file turns out unreadable; the user's place must not move.
@Suite struct ScrollControllerRemovalTests {
    let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 10)

    @Test func removingACardBeforeTheCentreKeepsTheCentredCard() {
        var controller = ScrollController(layout: layout, offset: 5 * 240)   // card 5 centred
        controller.removeCard(2, at: 1)
        #expect(controller.layout.cardCount == 9)
        #expect(controller.offset(at: 1) == 4 * 240)                     // card 5 is now card 4
        controller.removeCard(7, at: 2)                                   // after the centre
        #expect(controller.offset(at: 2) == 4 * 240)
        controller.removeCard(4, at: 3)                                   // the centred card itself
        #expect(controller.offset(at: 3) == 4 * 240)                     // its successor slides in
        #expect(controller.layout.cardCount == 7)
    }

    @Test func removingTheLastCardsClampsToTheRange() {
        var controller = ScrollController(layout: layout, offset: 9 * 240)
        controller.removeCard(9, at: 0)
        #expect(controller.offset(at: 0) == 8 * 240)
        controller.removeCard(42, at: 0)                                  // not a card: nothing
        #expect(controller.layout.cardCount == 9)
        for _ in 0..<9 { controller.removeCard(0, at: 0) }
        #expect(controller.layout.cardCount == 0)
        #expect(controller.offset(at: 0) == 0)
    }
}

/// Photo decks decode ahead of a fling, around where it will stop.
@Suite struct ScrollControllerDestinationTests {
    @Test func aFlingsDestinationIsItsRestingPoint() {
        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 1000)
        var controller = ScrollController(layout: layout)
        #expect(controller.destination(at: 0) == 0)
        controller.handle(.pointer(PointerEvent(.down, .mouse, at: Point(900, 360), time: 0)))
        for i in 1...10 {
            controller.handle(.pointer(PointerEvent(.move, .mouse, at: Point(900 - 20 * Double(i), 360), time: 0.01 * Double(i))))
        }
        #expect(controller.destination(at: 0.1) == controller.offset(at: 0.1))   // held: where it is
        controller.handle(.pointer(PointerEvent(.up, .mouse, at: Point(700, 360), time: 0.1)))
        let destination = controller.destination(at: 0.1)
        #expect(destination > controller.offset(at: 0.1) + 500)               // ~2000 pt/s carries ~1000 pt
        #expect(abs(controller.offset(at: 60) - destination) < 0.01)
        #expect(controller.destination(at: 60) == controller.offset(at: 60))
    }
}
