import Glibc
import Testing
import SwivelCore

/// `--loop`: the row wraps (card 0 after card N−1) with the straight row's physics.
@Suite struct EndlessRowTests {
    static let pitch = 240.0

    static func layout(cards: Int, width: Double = 960) -> CarouselLayout {
        CarouselLayout(viewport: Size(width, 600), cardCount: cards, wraps: true)
    }

    /// The card centred once input stops.
    static func restingCard(_ row: ScrollController) -> Int {
        row.layout.nearestCard(to: row.offset(at: row.settleTime(after: 100)))
    }

    // MARK: Random gestures across the seam, against a straight row far from its ends

    /// One random gesture starting at `time`: a drag (released still or flung), a wheel notch or
    /// trackpad run, an arrow or page key, or a click on a side card.
    static func gesture(_ random: inout ScrollFixture.SeededRandom, at time: Double) -> [InputEvent] {
        func double(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(random.next() >> 11) * 0x1p-53 * (range.upperBound - range.lowerBound)
        }
        switch random.next() % 6 {
        case 0, 1:
            let distance = double(-1500...1500), duration = double(0.03...0.6)
            return ScrollFixture.drag(from: 480, by: distance, over: duration, start: time)
        case 2:
            let precise = random.next() % 2 == 0
            return (0..<(precise ? 6 : 1)).map { i in
                .wheel(WheelEvent(dx: 0, dy: precise ? double(-3...3) + 0.01 : (random.next() % 2 == 0 ? 1 : -1),
                                  time: time + Double(i) * 0.016))
            }
        case 3:
            return [.key([KeyCode.left, .right, .pageUp, .pageDown][Int(random.next() % 4)], time: time)]
        default:
            return ScrollFixture.click(at: Point(random.next() % 2 == 0 ? 240 : 720, 300), time: time)
        }
    }

    /// Property: across random gestures over the seam, the endless row of N cards moves exactly as
    /// a straight row of 2000·N cards started 1000 turns in (which never meets its ends): at every
    /// 1/120 s the two offsets differ by whole turns, the velocities agree, and both rest on the
    /// same card (the straight row's slot mod N). The endless row's steps between samples are no
    /// longer than its speed allows: no jump at the seam.
    @Test(arguments: 0..<8)
    func movesAsAnInfiniteRowWould(part: UInt64) throws {
        for seed in (part * 16)..<(part * 16 + 16) {
            var random = ScrollFixture.SeededRandom(seed: seed)
            let cards = 2 + Int(random.next() % 11)
            let snapping = random.next() % 2 == 0
            let layout = Self.layout(cards: cards)
            var straightLayout = layout
            straightLayout.wraps = false
            straightLayout.cardCount = 2000 * cards
            let start = Double(random.next() % UInt64(cards)) * Self.pitch
            let turns = 1000 * layout.rowLength
            var endless = ScrollController(layout: layout, snapping: snapping, offset: start)
            var straight = ScrollController(layout: straightLayout, snapping: snapping, offset: start + turns)
            var time = 1.0
            var previous = endless.offset(at: time), previousSpeed = 0.0
            for _ in 0..<12 {
                let events = Self.gesture(&random, at: time)
                // Events and samples in time order: each event applied when its time comes.
                var pending = events[...]
                let end = time + Double(random.next() % 200) / 100
                var t = time
                while t <= end + 1e-9 || !pending.isEmpty {
                    while let event = pending.first, event.time <= t {
                        endless.take(event)
                        straight.take(event)
                        pending = pending.dropFirst()
                    }
                    let x = endless.offset(at: t), y = straight.offset(at: t)
                    let turnsApart = (y - x) / layout.rowLength
                    try #require(abs(turnsApart - turnsApart.rounded()) * layout.rowLength < 1e-6,
                                 "seed \(seed): \(cards) cards at \(t): endless \(x), straight \(y)")
                    let v = endless.velocity(at: t)
                    try #require(abs(v - straight.velocity(at: t)) < 1e-6 * max(1, abs(v)),
                                 "seed \(seed): velocity \(v) vs \(straight.velocity(at: t)) at \(t)")
                    // The step since the last sample, modulo whole turns (a re-base at rest moves
                    // by whole turns and changes nothing).
                    var step = (x - previous).truncatingRemainder(dividingBy: layout.rowLength)
                    if step > layout.rowLength / 2 { step -= layout.rowLength }
                    if step < -layout.rowLength / 2 { step += layout.rowLength }
                    // No further than the fastest speed between the samples allows (a drag moves
                    // with the pointer, which may jump: not held to it).
                    var fastest = 0.0
                    for k in 0...16 { fastest = max(fastest, abs(endless.velocity(at: t - Double(k) / (16 * 120)))) }
                    let held = endless.isDragging || t <= events.last!.time + 2.0 / 120
                    try #require(held || abs(step) <= fastest * 1.05 / 120 + 0.5,
                                 "seed \(seed): jumped \(step) pt at \(t) at \(v) pt/s")
                    (previous, previousSpeed) = (x, abs(v))
                    _ = previousSpeed
                    t += 1.0 / 120
                }
                time = t
            }
            let rest = max(endless.settleTime(after: time), straight.settleTime(after: time))
            #expect(endless.layout.nearestCard(to: endless.offset(at: rest))
                    == straight.layout.nearestCard(to: straight.offset(at: rest)) % cards, "seed \(seed)")
        }
    }

    // MARK: Across the seam

    /// A fling left from card 0 crosses into the last cards and stops where the same fling on a
    /// straight row stops: the closed form of UIScrollView's friction, x + v·0.998^(1000t)… →
    /// x − v/(1000·ln 0.998); snapping, the nearest slot of that, mod N.
    @Test func aFlingAcrossTheSeamEndsOnTheUnwrappedCard() {
        var row = ScrollController(layout: Self.layout(cards: 7), snapping: true, offset: 0)
        // 600 pt in 0.1 s to the right: the content moves right, the offset goes down.
        row.handle(ScrollFixture.drag(from: 200, by: 600, over: 0.1, start: 1))
        let v = row.velocity(at: 1.1)
        #expect(v < -3000)
        // Let go 600 − 4 pt (the slop) back; the friction's rest is x + v / (1000·ln(1/0.998)).
        let free = -596 + v / (1000 * log(1 / 0.998))
        let expected = ((Int((free / Self.pitch).rounded()) % 7) + 7) % 7
        #expect(Self.restingCard(row) == expected)
        print("fling across the seam: \(v) pt/s, free rest \(free) pt, card \(expected)")
    }

    @Test func dragsGoOnPastTheEndsWithoutARubberBand() {
        var row = ScrollController(layout: Self.layout(cards: 5), offset: 0)
        row.handle(ScrollFixture.drag(from: 600, by: 300, over: 1, start: 1, release: false))
        #expect(row.offset(at: 2) == -296)    // 300 less the 4 pt slop
        // Straight, the band would give a fraction of it.
        var straight = ScrollController(layout: CarouselLayout(viewport: Size(960, 600), cardCount: 5), offset: 0)
        straight.handle(ScrollFixture.drag(from: 600, by: 300, over: 1, start: 1, release: false))
        #expect(straight.offset(at: 2) > -200)
    }

    @Test func theSeamShowsTheFirstCardAfterTheLast() {
        let layout = Self.layout(cards: 4)
        // Card 3 centred at slot 3 in a 960 pt window: slots 0…6 can show (3 ± 2, one more each
        // side); slot 4 to its right shows card 0.
        #expect(layout.visibleIndices(scroll: 720) == 0..<7)
        let drawn = layout.visibleIndices(scroll: 720).map(layout.card(atSlot:))
        #expect(drawn == [0, 1, 2, 3, 0, 1, 2])
        #expect(layout.centreIndex(scroll: 720) == 3)
        #expect(layout.centreIndex(scroll: 960) == 0)
        #expect(layout.centreIndex(scroll: -240) == 3)
        // Past the middle between card 3 (slot 3) and card 0 (slot 4): card 0 less a quarter.
        #expect(layout.centreIndex(scroll: 900) == -0.25)
        #expect(layout.centreIndex(scroll: 830) == 3 + 110.0 / 240)
        #expect(layout.centreIndex(scroll: 1000) == 1000.0 / 240 - 4)
        #expect(layout.nearestCard(to: -250) == 3)
    }

    @Test func aClickOnTheCardBeforeTheFirstGoesBackAcrossTheSeam() {
        var row = ScrollController(layout: Self.layout(cards: 10), snapping: true, offset: 0)
        // The card left of centre at scroll 0 in a 960 pt window (centre 480): slot −1, card 9.
        row.handle(ScrollFixture.click(at: Point(240, 300), time: 1))
        #expect(row.offset(at: 3) == -240)
        #expect(Self.restingCard(row) == 9)
    }

    @Test func homeAndEndGoTheShorterWayRound() {
        func after(_ key: KeyCode, cards: Int, from card: Int) -> Double {
            var row = ScrollController(layout: Self.layout(cards: cards), snapping: true,
                                       offset: Double(card) * Self.pitch)
            row.take(.key(key, time: 1))
            return row.offset(at: 5)
        }
        // 10 cards: from card 8, Home is 2 on (slot 10), End 1 on; from card 2, End is 3 back.
        #expect(after(.home, cards: 10, from: 8) == 2400)
        #expect(after(.end, cards: 10, from: 8) == 2160)
        #expect(after(.end, cards: 10, from: 2) == -240)
        #expect(after(.home, cards: 10, from: 4) == 0)
        #expect(after(.home, cards: 3, from: 2) == 720)
        #expect(after(.end, cards: 3, from: 0) == -240)
        // Two cards: the other one is as far either way; Home goes back, End on.
        #expect(after(.home, cards: 2, from: 1) == 0)
        #expect(after(.end, cards: 2, from: 0) == 240)
    }

    @Test func twoCardsAlternateAndOneCardDoesNotWrap() {
        var two = ScrollController(layout: Self.layout(cards: 2), snapping: true, offset: 0)
        var seen: [Int] = []
        for i in 0..<4 {
            two.take(.key(.right, time: 1 + Double(i)))
            seen.append(two.destinationCard(at: 1.5 + Double(i)))
        }
        #expect(seen == [1, 0, 1, 0])
        // Slots −3…3 in a 960 pt window: the two cards alternate, card 0 in the middle.
        #expect(two.layout.visibleIndices(scroll: 0).map(two.layout.card(atSlot:)) == [1, 0, 1, 0, 1, 0, 1])

        let one = Self.layout(cards: 1)
        #expect(!one.isEndless)
        var row = ScrollController(layout: one, snapping: true, offset: 0)
        row.handle(ScrollFixture.drag(from: 600, by: 300, over: 0.5, start: 1))
        #expect(row.offset(at: 1.5) > -200)    // rubber band
        #expect(row.offset(at: 10) == 0)
        row.take(.key(.right, time: 11))
        #expect(row.offset(at: 12) == 0)
    }

    // MARK: Bounded offset

    /// 10,000 drags of 1000 turns and a few cards each (10⁷ turns), released still: after each
    /// the offset is within one turn of 0 and exactly on the card the sum of the odd cards says.
    @Test func tenMillionTurnsKeepTheOffsetSmallAndExact() {
        let cards = 3
        var row = ScrollController(layout: Self.layout(cards: cards), snapping: true, offset: 0)
        let turn = Self.pitch * Double(cards)
        var random = ScrollFixture.SeededRandom(seed: 7)
        var expected = 0, time = 1.0, largest = 0.0
        for _ in 0..<10_000 {
            let extra = Int(random.next() % 5) - 2
            let distance = 1000 * turn + Double(extra) * Self.pitch
            // Held still 0.2 s before release: no fling.
            row.handle(ScrollFixture.drag(from: 480, by: -distance, over: 0.05, start: time, release: false))
            row.handle(.pointer(PointerEvent(.up, .mouse, at: Point(480 - distance, 300), time: time + 0.25)))
            time = row.settleTime(after: time + 0.25) + 0.001
            expected = ((expected + extra) % cards + cards) % cards
            row.take(.key(.question, time: time))    // any event re-bases a row at rest
            largest = max(largest, abs(row.offset(at: time)))
            let x = row.offset(at: time)
            let onCard = x == Double(expected) * Self.pitch || x == Double(expected - cards) * Self.pitch
            guard onCard else {
                Issue.record("offset \(row.offset(at: time)), expected card \(expected)")
                return
            }
        }
        #expect(largest < turn)
        print("10^7 turns: largest offset at rest \(largest) pt (one turn \(turn) pt)")
    }

    /// The re-base moves by whole turns: the cards drawn just before and just after it are the same.
    @Test func theReBaseChangesNoPixel() {
        let layout = Self.layout(cards: 7, width: 1280)
        let offsets: [Double] = [1680.123456789, 16_800_000_017.25, -3_700_000.3, 8400.0000001]
        for x in offsets {
            let before = layout.instances(scroll: x)
            let after = layout.instances(scroll: layout.rebased(x))
            #expect(before == after, "at \(x)")
            #expect(abs(layout.rebased(x)) < layout.rowLength)
        }
        // Through the controller: a free fling rests mid-card; the next event re-bases.
        var row = ScrollController(layout: layout, offset: 0)
        row.handle(ScrollFixture.drag(from: 900, by: -700, over: 0.1, start: 1))
        let rest = row.settleTime(after: 1.1) + 0.01
        let before = row.offset(at: rest)
        row.take(.key(.question, time: rest))
        #expect(layout.instances(scroll: before) == layout.instances(scroll: row.offset(at: rest)))
        print("re-based \(before) to \(row.offset(at: rest))")
    }

    // MARK: Decks that change

    @Test func replacingCardsKeepsTheCentredCardAcrossTurns() {
        var row = ScrollController(layout: Self.layout(cards: 10), snapping: true, offset: 12 * 240)
        #expect(row.destinationCard(at: 1) == 2)
        row.replaceCards(count: 11, centredMovedBy: 0, at: 1)
        #expect(row.destinationCard(at: 2) == 2)
        // A card before it went: the centred card is now number 1, still centred.
        row.removeCard(0, at: 3)
        #expect(row.destinationCard(at: 4) == 1)
        #expect(row.layout.cardCount == 10)
    }

    @Test func aFarStartIsReBasedAtOnce() {
        let row = ScrollController(layout: Self.layout(cards: 4), offset: 1e12 + 100)
        // 1e12 = 960 · 1,041,666,666 + 640, so 1e12 + 100 is 740 pt into a turn.
        #expect(row.offset(at: 0) == 740)
    }

    @Test func theEndlessRowNeverEnds() {
        var row = ScrollController(layout: Self.layout(cards: 3), snapping: true, offset: 480)
        #expect(!row.isAtEnd(at: 0))
        let moved = row.advance(at: 1)
        #expect(moved)
        #expect(row.destinationCard(at: 2) == 0)
        var straight = ScrollController(layout: CarouselLayout(viewport: Size(960, 600), cardCount: 3),
                                        snapping: true, offset: 480)
        #expect(straight.isAtEnd(at: 0))
        let movedStraight = straight.advance(at: 1)
        #expect(!movedStraight)
    }
}
