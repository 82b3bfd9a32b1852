/// The row closing the gaps left by cards taken out of it (Delete), as a pure function of time:
/// over `duration` on the project's ease (`EaseSimulation` from rest), each card taken out shrinks
/// and fades where it was while the cards that stay slide from where they were to their new slots.
///
/// The cards that stay are drawn at their new slot moved by what is left of the difference between
/// where they were and where they are now (`displacement`), so the centred card that stays does not
/// move, and when the centred card itself left, the one after it slides in to the centre. The
/// scroll offset itself is the controller's, unchanged, so input during the closing acts at once.
public struct RowClosing: Sendable, Equatable {
    /// 200 ms: a little longer than a key's eased move (`GestureConstants.easeDuration`, 150 ms),
    /// so the card leaving is seen to go.
    public static let duration = 0.2
    /// A leaving card's size when it is gone, as a fraction of a card's.
    public static let endScale = 0.5

    /// A card taken out: its place in the row before, and what it showed.
    public struct Ghost: Sendable, Equatable {
        public var position: Int
        public var color: RGBA8
        public var image: CardImage?
        public init(position: Int, color: RGBA8, image: CardImage?) {
            self.position = position
            self.color = color
            self.image = image
        }
    }

    public let start: Double
    /// The cards taken out, by position before, ascending.
    public private(set) var ghosts: [Ghost]
    /// The cards put back (Ctrl+Z), by position after, ascending: they grow in from `endScale` and
    /// fade in, from halfway between where their neighbours were to their slots.
    public let grown: [Int]
    /// The offset shown before (in the old row's slots) minus the offset just after, in points.
    let shift: Double
    let pitch: Double

    /// `ghosts` taken out at `time`, the offset moving from `before` to `after`.
    public init(ghosts: [Ghost], grown: [Int] = [], offsetBefore before: Double, after: Double, pitch: Double,
                at time: Double) {
        self.ghosts = ghosts.sorted { $0.position < $1.position }
        self.grown = grown.sorted()
        shift = before - after
        self.pitch = pitch
        start = time
    }

    /// 0 when the cards were taken out … 1 once the gaps are closed.
    public func progress(at time: Double) -> Double {
        EaseSimulation(from: 0, to: 1, duration: Self.duration).x(time - start)
    }

    public func isDone(at time: Double) -> Bool { time - start >= Self.duration }

    /// Where slot `slot` of the new row was before, less where it is now, in points: its old
    /// card's offset from the centre then minus its offset now.
    public func displacement(slot: Int) -> Double {
        // Its place in the row without the cards put back (half a slot before the next one for
        // a card put back), then in the row with the cards taken out.
        var old = Double(slot - grown.count { $0 < slot }) - (grown.contains(slot) ? 0.5 : 0)
        for ghost in ghosts where Double(ghost.position) <= old { old += 1 }
        return pitch * (old - Double(slot)) - shift
    }

    /// The smallest and largest `displacement` of any slot.
    var displacementRange: ClosedRange<Double> {
        let ends = [-shift, pitch * Double(ghosts.count) - shift, -pitch * Double(grown.count) - shift]
        return ends.min()!...ends.max()!
    }

    /// The ghosts with `keep` applied to their photos (a texture layer reused meanwhile: nil).
    public func withImages(_ keep: (CardImage) -> CardImage?) -> RowClosing {
        var copy = self
        copy.ghosts = ghosts.map { ghost in
            var ghost = ghost
            ghost.image = ghost.image.flatMap(keep)
            return ghost
        }
        return copy
    }
}

extension CarouselLayout {
    /// `instances(scroll:…)` with the gaps `closing` leaves being closed at `time`: the slots moved
    /// by what is left of their displacement, and each card taken out drawn, shrinking and fading,
    /// half a slot before the first card that was after it.
    public func instances(scroll: Double, closing: RowClosing?, at time: Double,
                          color: (Int) -> RGBA8 = SystemColor.seedDeckColor,
                          image: (Int) -> CardImage? = { _ in nil },
                          marked: (Int) -> Bool = { _ in false },
                          rating: (Int) -> Rating = { _ in .none },
                          tagged: (Int) -> Bool = { _ in false }) -> [CardInstance] {
        guard let closing, !closing.isDone(at: time) else {
            return instances(scroll: scroll, color: color, image: image, marked: marked, rating: rating, tagged: tagged)
        }
        let progress = closing.progress(at: time), left = 1 - progress
        let range = closing.displacementRange
        let reached = [visibleIndices(scroll: scroll - left * range.lowerBound),
                       visibleIndices(scroll: scroll - left * range.upperBound)].filter { !$0.isEmpty }
        let slots = (reached.map(\.lowerBound).min() ?? 0)..<(reached.map(\.upperBound).max() ?? 0)
        // A ghost goes before the slot now holding the first card that was after it.
        var ghostsBefore: [Int: [(ghost: RowClosing.Ghost, displacement: Double)]] = [:]
        for (taken, ghost) in closing.ghosts.enumerated() {
            let slot = ghost.position - taken
            ghostsBefore[slot, default: []].append((ghost, closing.pitch * (Double(taken) + 0.5) - closing.shift))
        }
        var cards: [CardInstance] = []
        func addGhosts(before slot: Int) {
            for (ghost, displacement) in ghostsBefore[slot] ?? [] {
                // Half a slot before `slot`: the scroll half a pitch further on.
                let shown = scroll - left * displacement + closing.pitch / 2
                cards.append(CardInstance(center: cardCenter(slot, scroll: shown), degrees: degrees(slot, scroll: shown),
                                          color: ghost.color, image: ghost.image,
                                          scale: 1 - (1 - RowClosing.endScale) * progress, fade: left))
            }
        }
        for slot in slots {
            addGhosts(before: slot)
            let shown = scroll - left * closing.displacement(slot: slot)
            let card = card(atSlot: slot), growing = closing.grown.contains(slot)
            cards.append(CardInstance(center: cardCenter(slot, scroll: shown), degrees: degrees(slot, scroll: shown),
                                      color: color(card), image: image(card), marked: marked(card), rating: rating(card),
                                      tagged: tagged(card),
                                      scale: growing ? RowClosing.endScale + (1 - RowClosing.endScale) * progress : 1,
                                      fade: growing ? progress : 1))
        }
        for slot in ghostsBefore.keys.sorted() where !slots.contains(slot) { addGhosts(before: slot) }
        return cards
    }
}
