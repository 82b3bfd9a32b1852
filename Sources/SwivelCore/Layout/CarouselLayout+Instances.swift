/// The layout at a scroll offset as the renderer takes it: one `CardInstance` per visible card.
extension CarouselLayout {
    /// The cards whose card or shadow can show at `scroll` (see `visibleIndices`), in paint order
    /// (index order: later cards on top), each with its colour and photo (nil: the colour alone),
    /// asked for by card (in an endless row, slot i shows card i mod N), whether it is marked, how it
    /// is rated and whether it carries the RAW+JPEG tag.
    public func instances(scroll: Double, color: (Int) -> RGBA8 = SystemColor.seedDeckColor,
                          image: (Int) -> CardImage? = { _ in nil },
                          marked: (Int) -> Bool = { _ in false },
                          rating: (Int) -> Rating = { _ in .none },
                          tagged: (Int) -> Bool = { _ in false }) -> [CardInstance] {
        visibleIndices(scroll: scroll).map { index in
            CardInstance(center: cardCenter(index, scroll: scroll), degrees: degrees(index, scroll: scroll),
                         color: color(card(atSlot: index)), image: image(card(atSlot: index)),
                         marked: marked(card(atSlot: index)), rating: rating(card(atSlot: index)),
                         tagged: tagged(card(atSlot: index)))
        }
    }
}
