extension CarouselLayout {
    /// The fractional card position at the window's centre for a scroll offset: `scroll / pitch`,
    /// so 0 is the first card centred and 2.5 is halfway between cards 2 and 3 (0 if the pitch is not positive).
    /// In an endless row, the nearest slot's card plus the fraction: between card N−1 and card 0
    /// it is N−1 + f before the middle and −(1 − f) after it, so it always rounds to the nearer card.
    public func centreIndex(scroll: Double) -> Double {
        guard parameters.pitch > 0 else { return 0 }
        let position = scroll / parameters.pitch
        guard isEndless, position.isFinite else { return position }
        let slot = nearestSlot(to: scroll)
        return Double(card(atSlot: slot)) + (position - Double(slot))
    }
}
