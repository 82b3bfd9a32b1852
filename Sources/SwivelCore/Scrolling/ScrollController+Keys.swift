/// The keyboard: ← / → one card, Page Up / Page Down one screenful, Home / End the ends (in an
/// endless row, the first and last card by the shorter way), eased.
extension ScrollController {
    mutating func handleKey(_ key: Key, at time: Double) -> Bool {
        guard !isDragging else { return false }
        let base = easedTarget ?? offset(at: time)
        let range = layout.scrollRange
        let target: Double
        switch key {
        case .left, .right:
            target = layout.offset(centering: layout.nextCard(after: base, direction: key == .right ? 1 : -1))
        case .pageUp, .pageDown:
            let direction = key == .pageDown ? 1.0 : -1.0
            if snapping {
                // The whole cards in a screenful, at least one.
                let cards = max(1, (layout.viewport.width / layout.parameters.pitch).rounded(.down))
                target = layout.offset(centering: layout.clampedCard(
                    Double(layout.nearestSlot(to: base)) + direction * cards, rounding: .towardZero))
            } else {
                target = layout.clamp(base + direction * layout.viewport.width)
            }
        case .home where layout.isEndless:
            // The first card by the shorter way round (a tie, as with two cards: back, as Home goes).
            target = layout.offset(centering: layout.nearestSlot(ofCard: 0, to: base, tieDirection: -1))
        case .end where layout.isEndless:
            target = layout.offset(centering: layout.nearestSlot(ofCard: layout.cardCount - 1, to: base, tieDirection: 1))
        case .home:
            target = range.lowerBound
        case .end:
            target = range.upperBound
        default:
            return false
        }
        trackpad = nil
        ease(to: target, at: time)
        return true
    }
}
