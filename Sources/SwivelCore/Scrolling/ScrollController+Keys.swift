/// The row's commands (from the keys: `KeyTable`): one card, one screenful, the ends (in an endless
/// row, the first and last card by the shorter way), eased.
extension ScrollController {
    /// Performs `command` at `time` if it is one of the row's; whether it was (a drag in progress
    /// holds the row: nothing moves it then).
    @discardableResult
    public mutating func perform(_ command: Command, at time: Double) -> Bool {
        guard time.isFinite else { return false }
        rebaseAtRest(at: time)
        return move(command, at: time)
    }

    private mutating func move(_ command: Command, at time: Double) -> Bool {
        guard !isDragging else { return false }
        let base = easedTarget ?? offset(at: time)
        let range = layout.scrollRange
        let target: Double
        switch command {
        case .previous, .next:
            target = layout.offset(centering: layout.nextCard(after: base, direction: command == .next ? 1 : -1))
        case .pageBack, .pageForward:
            let direction = command == .pageForward ? 1.0 : -1.0
            if snapping {
                // The whole cards in a screenful, at least one.
                let cards = max(1, (layout.viewport.width / layout.parameters.pitch).rounded(.down))
                target = layout.offset(centering: layout.clampedCard(
                    Double(layout.nearestSlot(to: base)) + direction * cards, rounding: .towardZero))
            } else {
                target = layout.clamp(base + direction * layout.viewport.width)
            }
        case .first where layout.isEndless:
            // The first card by the shorter way round (a tie, as with two cards: back, as Home goes).
            target = layout.offset(centering: layout.nearestSlot(ofCard: 0, to: base, tieDirection: -1))
        case .last where layout.isEndless:
            target = layout.offset(centering: layout.nearestSlot(ofCard: layout.cardCount - 1, to: base, tieDirection: 1))
        case .first:
            target = range.lowerBound
        case .last:
            target = range.upperBound
        default:
            return false
        }
        trackpad = nil
        ease(to: target, at: time)
        return true
    }
}
