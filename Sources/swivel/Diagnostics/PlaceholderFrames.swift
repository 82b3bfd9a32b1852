/// Frames that show a visible card's grey placeholder, counted frame by frame.
struct PlaceholderFrames {
    private(set) var frames = 0, longestRun = 0, mostCards = 0
    private var run = 0

    /// One frame with `cards` visible cards still grey.
    mutating func add(_ cards: Int) {
        run = cards > 0 ? run + 1 : 0
        if cards > 0 { frames += 1 }
        longestRun = max(longestRun, run)
        mostCards = max(mostCards, cards)
    }
}
