/// Moving on by one card without input: the slideshow's step.
extension ScrollController {
    /// The card the row is heading for (where it is, when at rest or held).
    public func destinationCard(at time: Double) -> Int { layout.nearestCard(to: destination(at: time)) }

    /// Whether the row is heading for its last card and cannot go on (an endless row never is).
    public func isAtEnd(at time: Double) -> Bool {
        !layout.isEndless && destinationCard(at: time) >= layout.cardCount - 1
    }

    /// Eases on to the next card, as → (`Command.next`) does. False when held by a pointer or at the end.
    @discardableResult
    public mutating func advance(at time: Double) -> Bool {
        guard !isAtEnd(at: time) else { return false }
        return perform(.next, at: time)
    }
}
