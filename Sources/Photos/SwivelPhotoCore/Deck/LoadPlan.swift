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
}
