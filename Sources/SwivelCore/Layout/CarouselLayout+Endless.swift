/// The endless row (`--loop`): slot i shows card i mod N, so card 0 follows card N−1 and the
/// offset, a plain real number, never meets a seam. Slots and offsets are the straight row's
/// (`offset(centering:)`, `slotMinX`); only which card a slot shows wraps.
///
/// One card does not wrap (its only neighbour would be itself: a row of copies of one photo).
/// Two cards do: the row alternates 0, 1, 0, 1, … and every move goes the way it is pushed.
extension CarouselLayout {
    /// Whether the row wraps: `wraps` and at least two cards.
    public var isEndless: Bool { wraps && cardCount >= 2 }

    /// One turn of the row, `pitch · N` (points).
    public var rowLength: Double { parameters.pitch * Double(cardCount) }

    /// The card slot `slot` shows: `slot mod N` in an endless row, `slot` otherwise.
    public func card(atSlot slot: Int) -> Int {
        guard isEndless else { return slot }
        let r = slot % cardCount
        return r < 0 ? r + cardCount : r
    }

    /// The cards of `slots` (for an endless row, each card once, in slot order).
    public func cards(inSlots slots: Range<Int>) -> [Int] {
        guard isEndless else { return Array(slots) }
        var seen = Set<Int>()
        return slots.lazy.map(card(atSlot:)).filter { seen.insert($0).inserted }
    }

    /// `offset` moved by whole turns to within one turn of 0 (−rowLength, rowLength), its sign
    /// kept: `truncatingRemainder` (fmod) is exact, and so, for offsets below 2⁵³, is every
    /// slot's position relative to it, so no pixel moves. Unchanged when the row is not endless.
    public func rebased(_ offset: Double) -> Double {
        guard isEndless, offset.isFinite, rowLength > 0 else { return offset }
        return offset.truncatingRemainder(dividingBy: rowLength)
    }

    /// The slot of card `index` nearest `offset` (ties: `direction`'s way), for Home and End
    /// in an endless row; the card itself otherwise.
    func nearestSlot(ofCard index: Int, to offset: Double, tieDirection direction: Int) -> Int {
        guard isEndless, parameters.pitch > 0 else { return index }
        let n = Double(cardCount), position = offset / parameters.pitch
        // Slots index + k·N; the nearest k from below and above.
        let below = ((position - Double(index)) / n).rounded(.down) * n + Double(index)
        let above = below + n
        let (db, da) = (position - below, above - position)
        let slot = db < da ? below : da < db ? above : direction >= 0 ? above : below
        return Int(slot)
    }
}
