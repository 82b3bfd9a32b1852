/// The seed's row of cards laid out for a window of any size, in points.
///
/// Slot i's left edge is `g_i = P + pitch·i − s` with `P = W/2 − slotWidth/2` (the seed's
/// `.padding(.horizontal, 210)` is this for its 430 pt wide phone), s the scroll offset. The card
/// is centred on its slot and on the window's height, and turns by
/// `θ_i = (g_i − P) · degreesPerPoint`, so the card whose slot sits at P is flat and centred.
public struct CarouselLayout: Equatable, Sendable {
    public var viewport: Size
    public var cardCount: Int
    public var parameters: EffectParameters
    /// `--loop`: the row goes on past its ends, card 0 again after the last (see `isEndless`).
    public var wraps: Bool

    public init(viewport: Size, cardCount: Int, parameters: EffectParameters = EffectParameters(),
                wraps: Bool = false) {
        self.viewport = viewport
        self.cardCount = max(0, cardCount)
        self.parameters = parameters
        self.wraps = wraps
    }

    /// The horizontal padding P: where a slot must start for its card to be flat and centred.
    public var padding: Double { viewport.width / 2 - parameters.slotWidth / 2 }

    /// Offsets from the first card centred (0) to the last card centred; every offset when the
    /// row is endless (no ends: no rubber band, no bounce, nothing to clamp to).
    public var scrollRange: ClosedRange<Double> {
        isEndless ? -Double.infinity...Double.infinity : 0...(parameters.pitch * Double(max(0, cardCount - 1)))
    }

    /// The left edge of slot `index` in window coordinates (the seed's `geometry.frame(in: .global).minX`).
    public func slotMinX(_ index: Int, scroll: Double) -> Double {
        padding + parameters.pitch * Double(index) - scroll
    }

    /// The card's rotation about its vertical centre line, in degrees.
    public func degrees(_ index: Int, scroll: Double) -> Double {
        (slotMinX(index, scroll: scroll) - padding) * parameters.degreesPerPoint
    }

    /// The card's centre in the window, before rotation.
    public func cardCenter(_ index: Int, scroll: Double) -> Point {
        Point(slotMinX(index, scroll: scroll) + parameters.slotWidth / 2, viewport.height / 2)
    }

    /// The card's unrotated left edge (`cardMinX = g_i + slotWidth/2 − cardWidth/2`).
    public func cardMinX(_ index: Int, scroll: Double) -> Double {
        cardCenter(index, scroll: scroll).x - parameters.cardSize.width / 2
    }

    public func projection(_ index: Int, scroll: Double) -> CardProjection {
        CardProjection(center: cardCenter(index, scroll: scroll),
                       degrees: degrees(index, scroll: scroll),
                       eyeDistance: parameters.eyeDistance)
    }

    /// Window corners of card `index` (TL, TR, BR, BL).
    public func cardCorners(_ index: Int, scroll: Double) -> [Point] {
        projection(index, scroll: scroll).corners(of: parameters.cardSize)
    }

    /// The cards whose card or shadow can touch the window at this offset, plus one on each side,
    /// found by arithmetic: a card (shadow included) never reaches further from its centre than
    /// `CardProjection.maximumReach`, so only centres within that of the window can show.
    /// The most cards `visibleIndices(scroll:)` returns at any scroll: of `first...last` there,
    /// `last − first` is at most ⌊(W + 2·reach) / pitch⌋ + 2. All of them when a card can reach the eye.
    public var maximumVisibleCount: Int {
        let halfWidth = parameters.cardSize.width / 2 + parameters.shadowReach
        let reach = CardProjection.maximumReach(halfWidth: halfWidth, eyeDistance: parameters.eyeDistance)
        let span = (viewport.width + 2 * reach) / parameters.pitch
        // An endless row can show a card more than once (a short deck in a wide window).
        if isEndless { return span.isFinite ? Int(min(span, 1e6).rounded(.down)) + 3 : cardCount }
        guard span.isFinite, span < Double(cardCount) else { return max(0, cardCount) }
        return min(max(0, cardCount), Int(span.rounded(.down)) + 3)
    }

    /// Slot indices: in an endless row they run on past the deck (`card(atSlot:)` says which card).
    public func visibleIndices(scroll: Double) -> Range<Int> {
        cardIndices(scroll: scroll, margin: 1)
    }

    /// The cards whose card or shadow can touch the window at this offset, without the one on
    /// each side that `visibleIndices` adds: a change to any other card changes no pixel.
    public func showingIndices(scroll: Double) -> Range<Int> {
        cardIndices(scroll: scroll, margin: 0)
    }

    /// The cards whose centres lie within reach of the window, and `margin` more on each side.
    private func cardIndices(scroll: Double, margin: Double) -> Range<Int> {
        guard cardCount > 0, scroll.isFinite else { return 0..<0 }
        let halfWidth = parameters.cardSize.width / 2 + parameters.shadowReach
        let reach = CardProjection.maximumReach(halfWidth: halfWidth, eyeDistance: parameters.eyeDistance)
        guard reach.isFinite else { return 0..<cardCount }
        // cardCenter.x = W/2 + pitch·i − s must lie in [−reach, W + reach].
        let first = ((scroll - viewport.width / 2 - reach) / parameters.pitch).rounded(.up) - margin
        let last = ((scroll + viewport.width / 2 + reach) / parameters.pitch).rounded(.down) + margin
        let lower = isEndless ? first : max(0, first), upper = isEndless ? last : min(Double(cardCount - 1), last)
        guard lower <= upper else { return 0..<0 }
        return Int(lower)..<(Int(upper) + 1)
    }
}
