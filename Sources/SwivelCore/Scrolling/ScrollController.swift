/// The carousel's scroll offset as a pure function of time, driven by pointer, wheel and key input.
///
/// Drags follow the pointer (one pointer at a time), rubber-banded past the ends. A release flings
/// with UIScrollView's friction and bounces off the ends, or with `snapping` settles on a card.
/// Wheel notches, keys and clicks on side cards ease to their target; trackpad deltas scroll
/// directly and coast. Every motion is a `Simulation` of the time since its gesture, so
/// `offset(at:)` gives the same answer at any frame rate.
public struct ScrollController: Sendable {
    /// A slower release does not fling, in pt/s (`GestureConstants.minimumFlingSpeed`).
    public static let flingThreshold = GestureConstants.minimumFlingSpeed
    /// How far a wheel notch scrolls when not snapping, in points; trackpad deltas use the same
    /// unit (`GestureConstants.wheelNotch`).
    public static let notchDistance = GestureConstants.wheelNotch

    /// 1e12 pt: input further out than this (a pointer position, a wheel delta in notches) counts
    /// as this far. It is ten million screens wide, yet far enough from `Double`'s limit that any
    /// sum, difference or product with the rubber band's constants stays finite.
    public static let farthest = 1e12

    public private(set) var layout: CarouselLayout
    /// Whether releases, wheels and page keys come to rest with a card centred.
    public var snapping: Bool
    /// Snapping, whether a fling moves exactly one card from where it is released (the full view's
    /// pages, as a paging UIScrollView does) rather than to the card nearest its projected rest.
    public var flingsOneCard = false
    /// The friction of a fling: `FrictionSimulation.normal` (0.998 per ms) or `.fast` (0.99).
    public var decelerationRate: Double
    /// Reduced motion (`--reduced-motion`): whatever would animate once input ends (a fling, a
    /// bounce back, a snap, an eased wheel, key or click move) jumps straight to where it would
    /// have come to rest. Drags still follow the pointer. Applies to motions started after it is set.
    public var reducesMotion: Bool

    var motion: Motion
    /// The run of trackpad deltas in progress, if any.
    var trackpad: TrackpadScroll?

    enum Motion: Sendable {
        case resting(Double)
        case dragging(DragGesture)
        case animating(Animation)
    }

    struct Animation: Sendable {
        var start: Double
        var simulation: any Simulation
        /// Where an eased move (wheel notch, key, click) ends; the next notch or key counts from here.
        var easedTarget: Double?
        /// Where the simulation comes to rest: the offset from the moment it is done, so that the
        /// offset stops changing when the animation stops (a slide's last half point, a spring's tail).
        let rest: Double

        init(start: Double, simulation: any Simulation, easedTarget: Double?) {
            self.start = start
            self.simulation = simulation
            self.easedTarget = easedTarget
            rest = RestingSimulation.restingPoint(of: simulation)
        }

        func elapsed(_ time: Double) -> Double { max(0, time - start) }

        func isDone(at time: Double) -> Bool { simulation.isDone(elapsed(time)) }
        func x(at time: Double) -> Double { isDone(at: time) ? rest : simulation.x(elapsed(time)) }
        func dx(at time: Double) -> Double { isDone(at: time) ? 0 : simulation.dx(elapsed(time)) }
    }

    /// Starts at rest at `offset`, limited to the scroll range (with snapping, on the nearest card;
    /// endless, moved by whole turns to within one of 0).
    public init(layout: CarouselLayout, snapping: Bool = false, offset: Double = 0,
                decelerationRate: Double = FrictionSimulation.normal, reducesMotion: Bool = false) {
        self.layout = layout
        self.snapping = snapping
        self.decelerationRate = decelerationRate
        self.reducesMotion = reducesMotion
        let start = offset.isFinite ? layout.clamp(offset) : layout.scrollRange.lowerBound
        self.motion = .resting(layout.rebased(snapping ? layout.offset(centering: layout.nearestSlot(to: start)) : start))
    }

    /// Stops whatever moves the row and rests it at `offset`, as a controller made afresh there
    /// would (limited to the scroll range; with snapping, on the nearest card): every setting stays
    /// as it is (the full view's open and close put the row under the card they fly to and from).
    public mutating func rest(at offset: Double) {
        let start = offset.isFinite ? layout.clamp(offset) : layout.scrollRange.lowerBound
        motion = .resting(layout.rebased(snapping ? layout.offset(centering: layout.nearestSlot(to: start)) : start))
        trackpad = nil
        closing = nil
    }

    /// The offset to draw at `time` (seconds, on the clock of the events).
    public func offset(at time: Double) -> Double {
        withinReach(unlimitedOffset(at: time))
    }

    /// How fast the offset changes at `time`, in points per second.
    public func velocity(at time: Double) -> Double {
        let unlimited = unlimitedOffset(at: time)
        guard withinReach(unlimited) == unlimited else { return 0 }
        switch motion {
        case .resting: return 0
        case .dragging(let drag):
            return drag.velocity(at: time) * band.slope(raw: drag.rawOffset, in: layout.scrollRange)
        case .animating(let animation): return animation.dx(at: time)
        }
    }

    /// The offset before `withinReach`.
    private func unlimitedOffset(at time: Double) -> Double {
        switch motion {
        case .resting(let x): x
        case .dragging(let drag): band.offset(raw: drag.rawOffset, in: layout.scrollRange)
        case .animating(let animation): animation.x(at: time)
        }
    }

    /// Where the row will come to rest if no more input arrives: the end of the running fling,
    /// bounce, snap or eased move; the offset itself when resting or dragged.
    public func destination(at time: Double) -> Double {
        if case .animating(let animation) = motion, !animation.isDone(at: time) { return withinReach(animation.rest) }
        return offset(at: time)
    }

    /// Whether frames are needed at `time` without further input: a fling, bounce, snap or eased
    /// move is still going, or gaps are closing.
    public func isAnimating(at time: Double) -> Bool {
        if isClosingGaps(at: time) { return true }
        guard case .animating(let animation) = motion else { return false }
        return !animation.isDone(at: time)
    }

    /// Whether a pointer is holding the content.
    public var isDragging: Bool {
        if case .dragging = motion { true } else { false }
    }

    /// Applies one input event: the pointer and the wheel (keys reach the row as commands,
    /// `perform`). Returns true when it was used.
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Bool {
        guard event.time.isFinite else { return false }
        rebaseAtRest(at: event.time)
        switch event {
        case .pointer(let pointer): return handlePointer(pointer)
        case .wheel(let wheel): return handleWheel(wheel)
        case .keyDown: return false
        }
    }

    /// A new layout (a resize, another deck): the offset shown at `time` is kept, limited to the new
    /// scroll range; a running animation stops there (with snapping, it settles on the nearest card).
    public mutating func updateLayout(_ newLayout: CarouselLayout, at time: Double) {
        relayout(newLayout, showing: offset(at: time), at: time)
    }

    /// Card `index` has left the deck (its file turned out unreadable). The card at the centre
    /// stays there: a card removed before it pulls the offset back one pitch. A running animation
    /// stops where it is, as for any new layout.
    public mutating func removeCard(_ index: Int, at time: Double) {
        guard (0..<layout.cardCount).contains(index) else { return }
        let shown = offsetInCardSlots(at: time)
        let centred = Int(layout.centreIndex(scroll: shown).rounded())
        var newLayout = layout
        newLayout.cardCount -= 1
        relayout(newLayout, showing: index < centred ? shown - layout.parameters.pitch : shown, at: time)
    }

    /// Eases card `index` to the centre, as a click on a side card does (a card put back in the row).
    public mutating func centre(_ index: Int, at time: Double) {
        guard (0..<layout.cardCount).contains(index) else { return }
        ease(to: layout.offset(centering: index), at: time)
    }

    /// The deck now has `count` cards, and the card that was at the centre is `shift` places
    /// further on (cards came or went before it): the offset moves with it, so it stays where it
    /// is on screen. A running animation stops where it is, as for any new layout.
    /// `taken`, the cards taken out (Delete), shrink and fade where they were while the row closes
    /// the gaps (`RowClosing`); with reduced motion, or none given, the gaps close at once.
    /// `grown`, the cards put back (Ctrl+Z, positions after), grow and fade in as the row opens.
    public mutating func replaceCards(count: Int, centredMovedBy shift: Int, taken: [RowClosing.Ghost] = [],
                                      grown: [Int] = [], at time: Double) {
        var newLayout = layout
        newLayout.cardCount = max(0, count)
        let before = offsetInCardSlots(at: time)
        relayout(newLayout, showing: before + Double(shift) * layout.parameters.pitch, at: time)
        closing = taken.isEmpty && grown.isEmpty || reducesMotion ? nil
            : RowClosing(ghosts: taken, grown: grown, offsetBefore: before, after: offset(at: time),
                         pitch: layout.parameters.pitch, at: time)
    }

    /// The gaps being closed after cards were taken out, if any (drawn by `CarouselLayout.instances(scroll:closing:at:)`).
    public private(set) var closing: RowClosing?

    /// Whether gaps are still closing at `time` (the row's cards move though the offset does not).
    public func isClosingGaps(at time: Double) -> Bool { closing.map { !$0.isDone(at: time) } ?? false }

    /// The offset shown at `time`, moved in an endless row by whole turns so that the slot nearest
    /// the centre is its card's own (slot i shows card i): a deck of another size then shows the
    /// same card there.
    private func offsetInCardSlots(at time: Double) -> Double {
        let shown = offset(at: time)
        guard layout.isEndless else { return shown }
        let slot = layout.nearestSlot(to: shown)
        return shown - layout.offset(centering: slot - layout.card(atSlot: slot))
    }

    /// Puts `newLayout` in place showing offset `shown` (limited to the new range).
    private mutating func relayout(_ newLayout: CarouselLayout, showing shown: Double, at time: Double) {
        layout = newLayout
        let x = layout.clamp(shown)
        trackpad = nil
        if case .dragging(var drag) = motion {
            drag.rebase(to: x)
            motion = .dragging(drag)
        } else if snapping {
            start(settleMotion(from: x, velocity: 0), at: time)
        } else {
            motion = .resting(layout.rebased(x))
        }
    }

    /// In an endless row at rest, moves the offset by whole turns to within one turn of 0
    /// (`CarouselLayout.rebased`: exact, no pixel moves), so however long the row is spun the
    /// offset stays small. Only at rest: a drag, fling or eased move keeps its own numbers.
    mutating func rebaseAtRest(at time: Double) {
        // A closing's displacements are by slot: they hold until it is done.
        guard layout.isEndless, closing?.isDone(at: time) ?? true else { return }
        switch motion {
        case .resting(let x): motion = .resting(layout.rebased(x))
        case .animating(let animation) where animation.isDone(at: time):
            motion = .resting(layout.rebased(animation.rest))
        default: break
        }
    }

    /// `value` within ±`farthest`.
    static func limited(_ value: Double) -> Double { min(max(value, -farthest), farthest) }

    /// The rubber band for this window width.
    var band: RubberBand { RubberBand(dimension: layout.viewport.width) }

    /// `x` no further past either end than the rubber band lets a drag go (its dimension D, the
    /// window width). A bounce overshoots by up to |v|/(ω·e) ≈ 294 pt at the fastest fling, which
    /// only a window narrower than that would show: there it stops at the edge of the band's reach.
    /// (A drag pulled absurdly far can also come out a rounding error past D.)
    func withinReach(_ x: Double) -> Double {
        let range = layout.scrollRange, reach = max(0, band.dimension)
        return min(max(x, range.lowerBound - reach), range.upperBound + reach)
    }

    /// The target of the eased move in progress or just finished, if that is the current motion.
    var easedTarget: Double? {
        if case .animating(let animation) = motion { animation.easedTarget } else { nil }
    }
}
