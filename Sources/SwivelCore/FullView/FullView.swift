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

    /// Opens card `index` of `row`, centred in it, at `time`.
    public init(opening index: Int, row: CarouselLayout, at time: Double, reducesMotion: Bool) {
        self.index = index
        transition = OpenTransition(card: Self.cardFrame(index, in: row), full: Self.fullFrame(in: row),
                                    openingAt: time, reducesMotion: reducesMotion)
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

    public func frame(at time: Double) -> FlightFrame { transition.frame(at: time) }
    public func isClosed(at time: Double) -> Bool { transition.isClosed(at: time) }
    public func isAnimating(at time: Double) -> Bool { !transition.isDone(at: time) }

    /// Escape, Backspace, and Enter while open or opening close it; Enter while closing opens
    /// it again, reversing the flight where it is.
    /// Returns whether the event was the full view's (the row must not see it).
    public mutating func handle(_ event: InputEvent) -> Bool {
        guard case .keyDown(let key, let time) = event else { return true }
        switch key {
        case .escape, .backspace:
            transition.close(at: time)
        case .enter:
            transition.reverse(at: time)
        case .fullscreen, .hud, .help, .f12:
            return false    // the window's keys work in the full view too
        default:
            break
        }
        return true
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
    /// flight leaves from and will land).
    public mutating func open(_ index: Int, row: inout ScrollController, at time: Double) {
        guard row.layout.cardCount > 0 else { return }
        let index = min(max(index, 0), row.layout.cardCount - 1)
        row = ScrollController(layout: row.layout, snapping: row.snapping, offset: row.layout.offset(centering: index),
                               decelerationRate: row.decelerationRate, reducesMotion: row.reducesMotion)
        view = FullView(opening: index, row: row.layout, at: time, reducesMotion: reducesMotion)
    }

    /// Whether `event` was the full view's: Enter or Space in the row opens the centred card;
    /// while a view shows, it takes the event (`FullView.handle`). Everything else is the row's.
    public mutating func handle(_ event: InputEvent, row: inout ScrollController) -> Bool {
        let time = event.time
        if view != nil, shown(at: time) == nil { view = nil }
        if var view {
            let taken = view.handle(event)
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
