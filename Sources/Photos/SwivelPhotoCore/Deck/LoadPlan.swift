/// Which cards keep an image texture, and the order in which to decode them.
public struct LoadPlan: Equatable, Sendable {
    /// The cards to keep textures for: the visible range widened by `prefetch` cards each side,
    /// clamped to 0..<cardCount, ordered nearest to `centre` (a fractional card index: the card
    /// position at the window's centre) first; ties go to the card in the scroll direction
    /// (`direction` > 0 means scrolling towards higher indices), else the lower index.
    /// An empty visible range wants nothing; a non-finite centre counts as the visible range's middle.
    public static func wanted(visible: Range<Int>, centre: Double, direction: Double,
                              prefetch: Int, cardCount: Int) -> [Int] {
        guard !visible.isEmpty, cardCount > 0 else { return [] }
        let extra = min(max(0, prefetch), cardCount)
        // Written so that no sum or difference can overflow.
        let lower = visible.lowerBound > extra ? visible.lowerBound - extra : 0
        let upper = visible.upperBound < cardCount - extra ? visible.upperBound + extra : cardCount
        guard lower < upper else { return [] }
        let middle = centre.isFinite ? centre : (Double(visible.lowerBound) + Double(visible.upperBound - 1)) / 2
        // Of two cards equally near, the one ahead (sign of index − centre matching the direction).
        func ahead(_ index: Int) -> Bool {
            direction > 0 ? Double(index) > middle : direction < 0 ? Double(index) < middle : false
        }
        return (lower..<upper).sorted { a, b in
            let da = abs(Double(a) - middle), db = abs(Double(b) - middle)
            if da != db { return da < db }
            if ahead(a) != ahead(b) { return ahead(a) }
            return a < b
        }
    }

    /// The cards a moving row shows from now until it comes to rest, in the order it first shows
    /// them: those visible now (nearest `centre` first, as `wanted`), then each card past the
    /// leading edge in turn (`direction` > 0: towards higher indices), through the cards visible
    /// at rest (`resting`) and at least `lead` cards past the edge (a drag's rest is where it is
    /// now, yet the row is moving on). No card behind the row: it has passed them. At rest (a zero
    /// `direction`), the cards visible now. Clamped to 0..<cardCount.
    public static func passing(visible: Range<Int>, resting: Range<Int>, centre: Double, direction: Double,
                               lead: Int, cardCount: Int) -> [Int] {
        let now = wanted(visible: visible, centre: centre, direction: direction, prefetch: 0, cardCount: cardCount)
        guard !now.isEmpty, direction != 0, direction.isFinite else { return now }
        let lead = min(max(0, lead), cardCount)
        if direction > 0 {
            let from = max(visible.upperBound, 0)
            let through = min(max(resting.upperBound, visible.upperBound < cardCount - lead ? visible.upperBound + lead : cardCount),
                              cardCount)
            return from < through ? now + Array(from..<through) : now
        }
        let from = min(visible.lowerBound, cardCount)   // exclusive: the cards below it
        let down = max(min(resting.lowerBound, visible.lowerBound > lead ? visible.lowerBound - lead : 0), 0)
        return down < from ? now + Array((down..<from).reversed()) : now
    }
}
