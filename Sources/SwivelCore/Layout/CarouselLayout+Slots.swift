/// Card slots as scroll offsets: offset `pitch·i` centres card i.
extension CarouselLayout {
    /// The offset that centres card `index`.
    public func offset(centering index: Int) -> Double {
        parameters.pitch * Double(index)
    }

    /// The card whose slot is nearest `offset`, within the deck (0 for an empty deck).
    public func nearestCard(to offset: Double) -> Int {
        clampedCard(offset / parameters.pitch, rounding: .toNearestOrAwayFromZero)
    }

    /// The first card past `offset` in `direction` (+1 or −1), within the deck: from between two
    /// slots, the next one that way; from a slot (or within half a point of one), its neighbour.
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

    /// A card index from a fractional slot position, rounded and limited to the deck.
    func clampedCard(_ position: Double, rounding rule: FloatingPointRoundingRule) -> Int {
        guard cardCount > 0, !position.isNaN else { return 0 }
        let rounded = position.rounded(rule)
        return Int(min(max(rounded, 0), Double(cardCount - 1)))
    }
}
