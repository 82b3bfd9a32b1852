extension CarouselLayout {
    /// The fractional card position at the window's centre for a scroll offset: `scroll / pitch`,
    /// so 0 is the first card centred and 2.5 is halfway between cards 2 and 3 (0 if the pitch is not positive).
    public func centreIndex(scroll: Double) -> Double {
        parameters.pitch > 0 ? scroll / parameters.pitch : 0
    }
}
