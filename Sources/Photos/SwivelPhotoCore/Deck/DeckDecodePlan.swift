import SwivelCore

/// Which cards' photos a deck wants decoded for a row at one moment, in the order it wants them.
///
/// What is wanted: the cards the row shows from now until it comes to rest, in the order it shows
/// them (`LoadPlan.passing`: a fling's end, `destination`, is known the moment it starts; a drag
/// reads `readAhead` ahead), decoded first; the cards where it will rest and one more each side;
/// and, unless the row is flying past faster than `decodeSpeedLimit`, `prefetch` either side of
/// the cards on screen now. An endless row is planned over its slots, each card once.
public struct DeckDecodePlan: Equatable, Sendable {
    /// Cards beyond the visible ones, on each side, whose photos are decoded ahead of time.
    public static var prefetch: Int { 8 }
    /// Above this speed (points per second) no `prefetch` is decoded either side, only the cards
    /// the row shows on its way (`readAhead`) and where it will stop.
    public static var decodeSpeedLimit: Double { 1500 }
    /// How far ahead of a moving row's leading edge its photos are decoded at the least, in
    /// seconds of its speed (a drag's rest is where it is; a fling reads ahead to its rest).
    public static var readAhead: Double { 0.5 }

    /// The cards' positions wanted, most wanted first, at most `layers` of them.
    public var wanted: [Int]
    /// The cards the row shows until it rests (decoded on the on-screen threads), the visible ones first.
    public var shownFirst: [Int]

    /// The plan for a row laid out by `layout` at `scroll`, moving at `velocity` towards
    /// `destination` (nil: it rests where it is), of `cardCount` cards, with `layers` texture
    /// layers to hold the photos. When more are wanted than there are layers (a long fling), the
    /// cards passed on the way that it shows last go.
    public init(layout: CarouselLayout, scroll: Double, destination: Double?, velocity: Double, cardCount: Int, layers: Int) {
        /// An endless row's planned slots as its cards, each once (a slot past a turn is card slot % n).
        func eachCardOnce(_ slots: [Int]) -> [Int] {
            var seen = Set<Int>()
            return slots.map { $0 % cardCount }.filter { seen.insert($0).inserted }
        }
        func plan(around offset: Double, prefetch: Int) -> [Int] {
            guard layout.isEndless else {
                return LoadPlan.wanted(visible: layout.visibleIndices(scroll: offset), centre: layout.centreIndex(scroll: offset),
                                       direction: velocity, prefetch: prefetch, cardCount: cardCount)
            }
            // An endless row: plan over its slots as a straight row long enough that no end is
            // near (shifted by whole turns to start past one turn), then each card once.
            let slots = layout.visibleIndices(scroll: offset), n = cardCount
            let shift = n - (slots.lowerBound - layout.card(atSlot: slots.lowerBound))
            let planned = LoadPlan.wanted(visible: (slots.lowerBound + shift)..<(slots.upperBound + shift),
                                          centre: offset / layout.parameters.pitch + Double(shift),
                                          direction: velocity, prefetch: prefetch,
                                          cardCount: slots.upperBound + shift + prefetch + n)
            return eachCardOnce(planned)
        }
        let end = destination ?? scroll
        /// The cards the row shows until it rests (`LoadPlan.passing`), each once: the visible ones first.
        func passing() -> (cards: [Int], visible: Int) {
            let heading = velocity != 0 ? velocity : end - scroll
            let ahead = abs(velocity) * Self.readAhead / max(layout.parameters.pitch, 1)   // cards
            let lead = ahead.isFinite ? Int(min(ahead, 1e6).rounded(.up)) : 0
            let slots = layout.visibleIndices(scroll: scroll), resting = layout.visibleIndices(scroll: end)
            guard layout.isEndless else {
                let cards = LoadPlan.passing(visible: slots, resting: resting, centre: layout.centreIndex(scroll: scroll),
                                             direction: heading, lead: lead, cardCount: cardCount)
                return (cards, slots.count)
            }
            // An endless row, as in `plan`: shifted by whole turns so that no slot it passes is below 0.
            let n = cardCount, lowest = min(slots.lowerBound - lead, resting.lowerBound)
            let shift = n - (lowest - layout.card(atSlot: lowest))
            let planned = LoadPlan.passing(visible: (slots.lowerBound + shift)..<(slots.upperBound + shift),
                                           resting: (resting.lowerBound + shift)..<(resting.upperBound + shift),
                                           centre: scroll / layout.parameters.pitch + Double(shift), direction: heading,
                                           lead: lead, cardCount: max(slots.upperBound + lead, resting.upperBound) + shift + n)
            return (eachCardOnce(planned), layout.cards(inSlots: slots).count)
        }
        let shown = passing()
        let here = abs(velocity) <= Self.decodeSpeedLimit ? plan(around: scroll, prefetch: Self.prefetch) : []
        let resting = plan(around: end, prefetch: 1)
        var seen = Set<Int>()
        var positions = (here + shown.cards + resting).filter { seen.insert($0).inserted }
        if positions.count > layers {
            let kept = Set(here + shown.cards.prefix(shown.visible) + resting)
            var excess = positions.count - layers
            for index in positions.indices.reversed() where excess > 0 && !kept.contains(positions[index]) {
                positions.remove(at: index)
                excess -= 1
            }
        }
        wanted = Array(positions.prefix(max(0, layers)))
        shownFirst = shown.cards
    }
}
