/// Card slots as scroll offsets: offset `pitch·i` centres slot i (card i; in an endless row, card
/// i mod N).
extension CarouselLayout {
    /// The offset that centres slot `index`.
    public func offset(centering index: Int) -> Double {
        parameters.pitch * Double(index)
    }

    /// The card whose slot is nearest `offset`, within the deck (0 for an empty deck).
    public func nearestCard(to offset: Double) -> Int {
        card(atSlot: nearestSlot(to: offset))
    }

    /// The slot nearest `offset`: within the deck, or any slot in an endless row.
    public func nearestSlot(to offset: Double) -> Int {
        let position = offset / parameters.pitch
        // Endless, offsets below 0 are as good as any: halfway between two slots goes to the
        // higher one on both sides of 0, as it does in a straight row.
        if isEndless, position.isFinite {
            let below = position.rounded(.down)
            return clampedCard(position - below < 0.5 ? below : below + 1, rounding: .down)
        }
        return clampedCard(position, rounding: .toNearestOrAwayFromZero)
    }

    /// The first slot past `offset` in `direction` (+1 or −1), within the deck (any slot in an
    /// endless row): from between two slots, the next one that way; from a slot (or within half
    /// a point of one), its neighbour.
    public func nextCard(after offset: Double, direction: Int) -> Int {
        var position = offset / parameters.pitch
        if abs(position - position.rounded()) * parameters.pitch < GestureConstants.centredWithin { position.round() }
        return direction >= 0 ? clampedCard(position + 1, rounding: .down)
                              : clampedCard(position - 1, rounding: .up)
    }

    /// `offset` limited to `scrollRange`.
    public func clamp(_ offset: Double) -> Double {
        min(max(offset, scrollRange.lowerBound), scrollRange.upperBound)
    }

    /// A slot index from a fractional slot position, rounded and limited to the deck (in an
    /// endless row, only to what an `Int` holds).
    func clampedCard(_ position: Double, rounding rule: FloatingPointRoundingRule) -> Int {
        guard cardCount > 0, !position.isNaN else { return 0 }
        let rounded = position.rounded(rule)
        if isEndless { return Int(min(max(rounded, -1e15), 1e15)) }
        return Int(min(max(rounded, 0), Double(cardCount - 1)))
    }
}
