import Testing
@testable import SwivelCore

/// The row closing round cards taken out (`RowClosing`): at the moment they go the row is drawn as
/// it was, once the closing is done as the row without them, and in between it moves no card
/// further in a step than the ease's steepest slope allows (1.5 × the distance over 0.2 s).
struct RowClosingTests {
    /// Seven cards 240 pt apart in a 960 pt window, card i in its own colour.
    static let layout = CarouselLayout(viewport: Size(960, 600), cardCount: 7)
    static func colour(_ card: Int) -> RGBA8 { RGBA8(UInt8(20 + 30 * card), 0, 0) }

    /// The cards drawn: colour → (x, degrees, scale, fade); ghosts and cards alike.
    static func drawn(_ cards: [CardInstance]) -> [RGBA8: [Float]] {
        var byColour: [RGBA8: [Float]] = [:]
        for card in cards {
            let colour = RGBA8(UInt8((card.r * 255).rounded()), 0, 0)
            #expect(byColour[colour] == nil, "one card a colour")
            byColour[colour] = [card.centerX, card.angle, card.scale, card.fade]
        }
        return byColour
    }

    /// Takes `removed` out of the row centred on `centre` at t = 1 (the centred card going to
    /// `movedTo`, as `PhotoDeck.apply` says); checks the frames from then to 0.3 s after.
    func close(removing removed: [Int], centre: Int, movedTo: Int, reducesMotion: Bool = false)
        -> (row: ScrollController, survivors: [Int]) {
        let layout = Self.layout
        var row = ScrollController(layout: layout, offset: 240 * Double(centre), reducesMotion: reducesMotion)
        let before = Self.drawn(layout.instances(scroll: row.offset(at: 1), color: Self.colour))
        let survivors = (0..<7).filter { !removed.contains($0) }
        row.replaceCards(count: survivors.count, centredMovedBy: movedTo - centre,
                         taken: removed.map { RowClosing.Ghost(position: $0, color: Self.colour($0), image: nil) }, at: 1)
        let newColour = { (card: Int) in Self.colour(survivors[card]) }
        func frame(_ t: Double) -> [RGBA8: [Float]] {
            Self.drawn(row.layout.instances(scroll: row.offset(at: t), closing: row.closing, at: t, color: newColour))
        }
        let after = Self.drawn(row.layout.instances(scroll: row.offset(at: 2), color: newColour))
        if reducesMotion {
            #expect(row.closing == nil)
            #expect(frame(1) == after)
            return (row, survivors)
        }
        // At once: as before (cards off screen then may be drawn too, one slot further out).
        let first = frame(1)
        for (colour, card) in before {
            #expect(first[colour].map { zip($0, card).allSatisfy { abs($0 - $1) < 1e-3 } } == true, "\(colour) at 0 s")
        }
        // Done: as the row without them; no ghost left.
        #expect(frame(1.201) == after)
        #expect(row.isAnimating(at: 1.1) && !row.isAnimating(at: 1.201))
        // Midway: neither.
        #expect(frame(1.1) != after && frame(1.1).filter { before[$0.key] != nil } != before)
        // Each card's steps: at most the ease's steepest slope, 1.5 × its whole way over 0.2 s, for 1/120 s.
        let end = frame(1.2 - 1e-9)
        var steepest: Float = 0
        var previous = first
        for step in 1...36 {
            let now = frame(1 + Double(step) / 120)
            for (colour, card) in now {
                guard let was = previous[colour], let start = first[colour], let last = end[colour] else { continue }
                let step = abs(card[0] - was[0]), bound = 1.5 * abs(last[0] - start[0]) / 0.2 / 120
                steepest = max(steepest, step)
                #expect(step <= bound + 0.01, "\(colour): \(step) pt in 1/120 s, more than \(bound)")
            }
            previous = now
        }
        print("RowClosing: removing \(removed) centred on \(centre): largest step \(steepest) pt in 1/120 s")
        return (row, survivors)
    }

    @Test func theCentredCardGoesAndTheNextSlidesIn() {
        let (row, _) = close(removing: [3], centre: 3, movedTo: 3)
        // The card after it (4, now 3) comes from one slot right to the centre; the one before stays.
        let halfway = Self.drawn(row.layout.instances(scroll: row.offset(at: 1.1), closing: row.closing, at: 1.1,
                                                      color: { Self.colour([0, 1, 2, 4, 5, 6][$0]) }))
        #expect(halfway[Self.colour(4)].map { $0[0] > 480 && $0[0] < 720 } == true)
        #expect(halfway[Self.colour(2)]?[0] == 240)
        #expect(halfway[Self.colour(3)].map { $0[2] < 1 && $0[2] > 0.5 && $0[3] < 1 && $0[3] > 0 } == true)
    }

    @Test func theLastCardGoesAndTheOneBeforeSlidesIn() {
        _ = close(removing: [6], centre: 6, movedTo: 5)
    }

    @Test func markedCardsGoAroundAStillCentre() {
        let (row, _) = close(removing: [1, 5], centre: 3, movedTo: 2)
        for t in stride(from: 1.0, through: 1.3, by: 0.01) {
            let cards = Self.drawn(row.layout.instances(scroll: row.offset(at: t), closing: row.closing, at: t,
                                                        color: { Self.colour([0, 2, 3, 4, 6][$0]) }))
            #expect(cards[Self.colour(3)]?[0] == 480, "the centred card stays at \(t)")
        }
    }

    @Test func twoNeighboursGoTogether() {
        _ = close(removing: [3, 4], centre: 3, movedTo: 3)
    }

    /// Ctrl+Z: card 3 put back among six (0, 1, 2, 4, 5, 6; 4 centred, which moves to place 4):
    /// the cards stay where they were at first, card 3 grows in from half size and nothing, the
    /// cards after it move right and the centred card stays; after 0.2 s the row of seven.
    @Test func aCardPutBackGrowsIn() {
        let before = [0, 1, 2, 4, 5, 6], after = Array(0..<7)
        var row = ScrollController(layout: CarouselLayout(viewport: Size(960, 600), cardCount: 6), offset: 720)
        let old = Self.drawn(row.layout.instances(scroll: row.offset(at: 1), color: { Self.colour(before[$0]) }))
        row.replaceCards(count: 7, centredMovedBy: 1, grown: [3], at: 1)
        func frame(_ t: Double) -> [RGBA8: [Float]] {
            Self.drawn(row.layout.instances(scroll: row.offset(at: t), closing: row.closing, at: t,
                                            color: { Self.colour(after[$0]) }))
        }
        let first = frame(1)
        for (colour, card) in old {
            #expect(first[colour].map { zip($0, card).allSatisfy { abs($0 - $1) < 1e-3 } } == true, "\(colour) at 0 s")
        }
        #expect(first[Self.colour(3)].map { $0[2] == 0.5 && $0[3] == 0 } == true)
        #expect(frame(1.201) == Self.drawn(row.layout.instances(scroll: row.offset(at: 2), color: { Self.colour(after[$0]) })))
        var previous = first
        for step in 1...36 {
            let t = 1 + Double(step) / 120, now = frame(t)
            #expect(now[Self.colour(4)]?[0] == 480, "the centred card stays at \(t)")
            for (colour, card) in now {
                guard let was = previous[colour] else { continue }
                // At most 1.5 × one slot (240 pt) over 0.2 s in 1/120 s.
                #expect(abs(card[0] - was[0]) <= 15.01, "\(colour) at \(t)")
                if colour == Self.colour(3) { #expect(card[2] >= was[2] && card[3] >= was[3]) }
            }
            previous = now
        }
    }

    @Test func reducedMotionJumps() {
        _ = close(removing: [3], centre: 3, movedTo: 3, reducesMotion: true)
    }
}
