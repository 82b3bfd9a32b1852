/// The full view over the row: which card is open, and its flight out of the row and back
/// (`OpenTransition`), a pure function of the events' times like every other animation.
///
/// Until the sharp decode arrives the photo shown is the card's own texture, which holds the
/// photo already cropped to the card's aspect: the whole photo is the card, so the open card
/// grows to the card's aspect fitted into the window (spec: "the card's texture shows at once").
public struct FullView: Sendable {
    /// The card open (or opening, or closing).
    public private(set) var index: Int
    public private(set) var transition: OpenTransition
    /// The photos side by side while open: ←/→ and the rest page through them.
    public private(set) var strip: PageStrip

    /// Opens card `index` of `row`, centred in it, at `time` (`flying`: the flight starts then;
    /// otherwise it is open already).
    public init(opening index: Int, row: CarouselLayout, at time: Double, flying: Bool = true, reducesMotion: Bool) {
        self.index = index
        let card = Self.cardFrame(index, in: row), full = Self.fullFrame(in: row)
        transition = flying ? OpenTransition(card: card, full: full, openingAt: time, reducesMotion: reducesMotion)
            : OpenTransition(card: card, full: full, at: time, progress: 1, reducesMotion: reducesMotion)
        strip = PageStrip(window: row.viewport, pageCount: row.cardCount, page: index, reducesMotion: reducesMotion)
    }

    /// Card `index` centred in `row`, flat: where the flight leaves from and lands.
    public static func cardFrame(_ index: Int, in row: CarouselLayout) -> FlightFrame {
        let parameters = row.parameters
        let centred = row.offset(centering: index)
        let rect = Rect(center: row.cardCenter(index, scroll: centred), size: parameters.cardSize)
        return .card(rect, imageSize: parameters.cardSize, cornerRadius: parameters.cornerRadius)
    }

    /// The card's aspect fitted into `row`'s window and centred: `s = min(W/w, H/h)`.
    public static func fullFrame(in row: CarouselLayout) -> FlightFrame {
        let window = row.viewport, card = row.parameters.cardSize
        guard card.width > 0, card.height > 0 else { return .fullView(photo: Rect(x: 0, y: 0, width: 0, height: 0), window: window) }
        let s = min(window.width / card.width, window.height / card.height)
        let photo = Rect(center: Point(window.width / 2, window.height / 2), size: Size(card.width * s, card.height * s))
        return .fullView(photo: photo, window: window)
    }

    public func isClosed(at time: Double) -> Bool { transition.isClosed(at: time) }
    public func isAnimating(at time: Double) -> Bool { !transition.isDone(at: time) || strip.isAnimating(at: time) }

    /// What shows at `time`: the open card's flight, moved with the page strip; while open (not
    /// closing), also the neighbouring page sliding in beside it.
    public func pages(at time: Double) -> [(index: Int, frame: FlightFrame)] {
        let open = transition.frame(at: time)
        var shown: [(index: Int, frame: FlightFrame)] = []
        let pages = transition.isOpening ? strip.visiblePages(at: time) : index..<(index + 1)
        for page in pages {
            let dx = strip.pageMinX(page, at: time)
            var frame = page == index ? open : transition.full
            frame.othersOpacity = open.othersOpacity
            frame.clip.x += dx
            frame.photo.x += dx
            shown.append((page, frame))
        }
        return shown
    }

    /// Escape, Backspace, and Enter while open or opening close it, into the slot of the page
    /// open then (the row comes to rest with it centred); Enter while closing opens it again,
    /// reversing the flight where it is. Paging keys and the pointer go to the page strip while
    /// open. Returns whether the event was the full view's (the row must not see it).
    public mutating func handle(_ event: InputEvent, row: inout ScrollController) -> Bool {
        switch event {
        case .keyDown(.escape, let time), .keyDown(.backspace, let time):
            close(at: time, row: &row)
        case .keyDown(.enter, let time):
            if transition.isOpening { close(at: time, row: &row) } else { transition.open(at: time) }
        case .keyDown(.fullscreen, _), .keyDown(.hud, _), .keyDown(.help, _), .keyDown(.f12, _):
            return false    // the window's keys work in the full view too
        case .keyDown(.left, _), .keyDown(.right, _), .keyDown(.pageUp, _), .keyDown(.pageDown, _),
             .keyDown(.home, _), .keyDown(.end, _), .pointer:
            if transition.isOpening { strip.handle(event) }
        default:
            break
        }
        return true
    }

    /// Flies back into the slot of the page heading into view at `time`, from the frame shown.
    private mutating func close(at time: Double, row: inout ScrollController) {
        let page = strip.destinationPage(at: time)
        if page != index {
            let layout = row.layout
            row = ScrollController(layout: layout, snapping: row.snapping, offset: layout.offset(centering: page),
                                   decelerationRate: row.decelerationRate, reducesMotion: row.reducesMotion)
            let progress = transition.progress(at: time)
            transition = OpenTransition(card: Self.cardFrame(page, in: layout), full: transition.full, at: time,
                                        progress: progress, reducesMotion: transition.reducesMotion)
            index = page
        }
        strip = PageStrip(window: row.layout.viewport, pageCount: row.layout.cardCount, page: page,
                          reducesMotion: transition.reducesMotion)
        transition.close(at: time)
    }
}

/// The row and, over it, the full view when one is open: routes each input event to one of them.
public struct FullViewState: Sendable {
    public private(set) var view: FullView?
    public var reducesMotion: Bool

    public init(reducesMotion: Bool = false) { self.reducesMotion = reducesMotion }

    /// The view as drawn at `time`: nil once it has closed.
    public func shown(at time: Double) -> FullView? {
        guard let view, !view.isClosed(at: time) else { return nil }
        return view
    }

    /// Opens card `index` of `row` at `time`: the row comes to rest with it centred (where the
    /// flight leaves from and will land). `flying` false: open at once (`--open`).
    public mutating func open(_ index: Int, row: inout ScrollController, at time: Double, flying: Bool = true) {
        guard row.layout.cardCount > 0 else { return }
        let index = min(max(index, 0), row.layout.cardCount - 1)
        row = ScrollController(layout: row.layout, snapping: row.snapping, offset: row.layout.offset(centering: index),
                               decelerationRate: row.decelerationRate, reducesMotion: row.reducesMotion)
        view = FullView(opening: index, row: row.layout, at: time, flying: flying, reducesMotion: reducesMotion)
    }

    /// Whether `event` was the full view's: Enter or Space in the row opens the centred card;
    /// while a view shows, it takes the event (`FullView.handle`). Everything else is the row's.
    public mutating func handle(_ event: InputEvent, row: inout ScrollController) -> Bool {
        let time = event.time
        if view != nil, shown(at: time) == nil { view = nil }
        if var view {
            let taken = view.handle(event, row: &row)
            self.view = view
            return taken
        }
        switch event {
        case .keyDown(.enter, _), .keyDown(.space, _):
            open(row.layout.nearestCard(to: row.offset(at: time)), row: &row, at: time)
            return view != nil
        default:
            return false
        }
    }
}
