/// The full view's photos side by side like pages, one window wide with `FullViewConstants.pageGap`
/// between them, driven by the row's own `ScrollController`.
///
/// Pages are the row's cards in a layout whose pitch is a page: slots one window wide, flat
/// (0° a point), no shadow, so card i's slot is page i. Snapping then gives everything the spec
/// asks of paging with the row's physics, constants and velocity tracker: a drag follows 1:1
/// after the slop, the ends rubber-band, a release settles on the nearest page, ←/→, Page Up/Down
/// (a screenful is one page) and Home/End ease, reduced motion jumps. The one difference,
/// `flingsOneCard`, makes a fling move exactly one page instead of as far as it would glide.
/// Wheel events are not paging here (the wheel zooms), so they are refused. With `wraps` (`--loop`)
/// the pages wrap as the endless row does (`CarouselLayout.wraps`): the offset stays continuous,
/// slot s shows page s mod N, so → on the last page goes on to the first and a drag or fling
/// crosses the seam with the same physics; `visiblePages` then gives slots (`page(atSlot:)`).
public struct PageStrip: Sendable {
    public private(set) var scroller: ScrollController

    public init(window: Size, pageCount: Int, page: Int, reducesMotion: Bool = false,
                decelerationRate: Double = FrictionSimulation.normal, wraps: Bool = false) {
        let layout = Self.layout(window: window, pageCount: pageCount, wraps: wraps)
        scroller = ScrollController(layout: layout, snapping: true,
                                    offset: layout.offset(centering: min(max(page, 0), max(0, pageCount - 1))),
                                    decelerationRate: decelerationRate, reducesMotion: reducesMotion)
        scroller.flingsOneCard = true
    }

    /// Pages as the row's cards: a slot one window wide (so the padding, W/2 − slot/2, is 0 and
    /// page i's left edge is `pitch·i − offset`), the gap as the stack's spacing, no turn, no shadow.
    static func layout(window: Size, pageCount: Int, wraps: Bool = false) -> CarouselLayout {
        var parameters = EffectParameters()
        parameters.cardSize = window
        parameters.slotWidth = window.width
        parameters.spacing = FullViewConstants.pageGap
        parameters.degreesPerPoint = 0
        parameters.cornerRadius = 0
        parameters.shadowRadius = 0
        return CarouselLayout(viewport: window, cardCount: pageCount, parameters: parameters, wraps: wraps)
    }

    /// A window width and the gap, in points.
    public var pitch: Double { scroller.layout.parameters.pitch }
    public var pageCount: Int { scroller.layout.cardCount }
    /// Whether the pages wrap (`--loop`, two pages or more).
    public var wraps: Bool { scroller.layout.isEndless }

    /// The page slot `slot` shows (itself unless the pages wrap).
    public func page(atSlot slot: Int) -> Int { scroller.layout.card(atSlot: slot) }

    /// Pointer events (the row's rules); wheel events are refused.
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Bool {
        if case .wheel = event { return false }
        return scroller.handle(event)
    }

    /// The paging commands, as the row takes them (`ScrollController.perform`).
    @discardableResult
    public mutating func perform(_ command: Command, at time: Double) -> Bool { scroller.perform(command, at: time) }

    public func offset(at time: Double) -> Double { scroller.offset(at: time) }

    /// Slot `index`'s left edge in the window at `time`, in points (page `index`'s, unless the pages wrap).
    public func pageMinX(_ index: Int, at time: Double) -> Double {
        scroller.layout.slotMinX(index, scroll: offset(at: time))
    }

    /// The slots that show at `time` (one at rest, two mid-swipe): the pages themselves unless
    /// the pages wrap (`page(atSlot:)`).
    public func visiblePages(at time: Double) -> Range<Int> {
        guard pageCount > 0 else { return 0..<0 }
        // Page i covers pitch·i − offset … + W: it shows where that overlaps 0 … W.
        let offset = offset(at: time), width = scroller.layout.viewport.width
        var first = ((offset - width) / pitch).rounded(.down) + 1
        var last = ((offset + width) / pitch).rounded(.up) - 1
        if !wraps { (first, last) = (max(0, first), min(Double(pageCount - 1), last)) }
        return first <= last ? Int(first)..<(Int(last) + 1) : 0..<0
    }

    /// The page nearest the window at `time`.
    public func page(at time: Double) -> Int { scroller.layout.nearestCard(to: offset(at: time)) }

    /// The page the strip is heading for (where it is, when at rest or held).
    public func destinationPage(at time: Double) -> Int { scroller.layout.nearestCard(to: scroller.destination(at: time)) }

    public func isAnimating(at time: Double) -> Bool { scroller.isAnimating(at: time) }
    public var isDragging: Bool { scroller.isDragging }

    /// The window changed size: the strip stays on the page it is heading for, at rest.
    public mutating func resize(window: Size, at time: Double) {
        let page = destinationPage(at: time)
        self = PageStrip(window: window, pageCount: pageCount, page: page,
                         reducesMotion: scroller.reducesMotion, decelerationRate: scroller.decelerationRate,
                         wraps: scroller.layout.wraps)
    }

    /// Page `index` left the deck (its file turned out unreadable); the page in view stays in view.
    public mutating func removePage(_ index: Int, at time: Double) { scroller.removeCard(index, at: time) }
}
