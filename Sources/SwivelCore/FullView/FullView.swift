/// The full view over the row: which card is open, and its flight out of the row and back
/// (`OpenTransition`), a pure function of the events' times like every other animation.
///
/// Until the sharp decode arrives the photo shown is the card's own texture, which holds the
/// photo already cropped to the card's aspect: the whole photo is the card, so the open card
/// grows to the card's aspect fitted into the window (spec: "the card's texture shows at once").
public struct FullView: Sendable {
    /// The card open (or opening, or closing).
    public private(set) var index: Int
    /// The page the zoom, `imageSize` and `fitFrame` are about: the open card, then each page
    /// turned to.
    public private(set) var page: Int
    /// The sharp photos' sizes (whole photo, upright, image pixels) of the pages whose sharp
    /// picture is at hand (`FullViewState.setSharpSizes`): a page turned to, or sliding in beside
    /// the open one, is placed at its own aspect at once.
    public private(set) var sharpSizes: [Int: Size] = [:]
    /// Whether the open page is placed at its sharp photo's size rather than the stand-in's.
    public private(set) var hasImageSize = false
    public private(set) var transition: OpenTransition
    /// The photos side by side while open: ←/→ and the rest page through them.
    public internal(set) var strip: PageStrip
    /// The open photo's zoom and pan (fit when it opens and after each page turn).
    public internal(set) var zoom: ZoomPan
    /// Swipe down to close, at fit.
    public internal(set) var dismiss: DismissDrag
    /// The touch fingers down, and a pinch of two of them (`FullView+Pinch`).
    var fingers = TouchFingers()
    /// How far the photo was pulled down when it last began to close: reopened mid-flight, it
    /// springs back from there rather than jumping to fit.
    var closedPull = 0.0
    /// Where the open photo is at fit: the card's aspect fitted into the window until the sharp
    /// photo arrives (`setImageSize`), then the photo's own fit.
    public private(set) var fitFrame: FlightFrame
    /// The card's aspect fitted into the window, and the stand-in's image size: what a page shows
    /// before its sharp photo has arrived.
    private let cardFitFrame: FlightFrame
    private let standInSize: Size
    /// The window in points, and device pixels per point.
    public let window: Size
    public let pixelsPerPoint: Double
    /// The photo's size in image pixels, as `ZoomPan` places it (see `standInImageSize`).
    public private(set) var imageSize: Size

    /// Opens card `index` of `row`, centred in it, at `time` (`flying`: the flight starts then;
    /// otherwise it is open already). `pixelsPerPoint`: the window's device pixels per point.
    public init(opening index: Int, row: CarouselLayout, at time: Double, flying: Bool = true, reducesMotion: Bool,
                pixelsPerPoint: Double = 1) {
        self.index = index
        page = index
        let card = Self.cardFrame(index, in: row), full = Self.fullFrame(in: row)
        transition = flying ? OpenTransition(card: card, full: full, openingAt: time, reducesMotion: reducesMotion)
            : OpenTransition(card: card, full: full, at: time, progress: 1, reducesMotion: reducesMotion)
        strip = PageStrip(window: row.viewport, pageCount: row.cardCount, page: index, reducesMotion: reducesMotion,
                          wraps: row.wraps)
        let scale = pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? pixelsPerPoint : 1
        self.pixelsPerPoint = scale
        window = row.viewport
        fitFrame = full
        cardFitFrame = full
        imageSize = Self.standInImageSize(row: row, pixelsPerPoint: scale)
        standInSize = imageSize
        zoom = ZoomPan(imageSize: imageSize, windowSize: Size(row.viewport.width * scale, row.viewport.height * scale),
                       pixelsPerPoint: scale, reducesMotion: reducesMotion)
        dismiss = DismissDrag(windowHeight: row.viewport.height, reducesMotion: reducesMotion)
    }

    /// The image the open view shows until the sharp photo arrives: the card's texture, which has
    /// the card's aspect and `cardSize × pixelsPerPoint` pixels (rounded up, as `AspectFill`
    /// sizes it); where that is smaller than the card's fit size in the window, the fit size
    /// itself (the upscaled stand-in is taken as a photo exactly that large, so fit is 1:1).
    public static func standInImageSize(row: CarouselLayout, pixelsPerPoint: Double) -> Size {
        let card = row.parameters.cardSize, fit = fullFrame(in: row).photo.size
        let texture = Size((card.width * pixelsPerPoint - 1e-9).rounded(.up), (card.height * pixelsPerPoint - 1e-9).rounded(.up))
        let fitPixels = Size(fit.width * pixelsPerPoint, fit.height * pixelsPerPoint)
        return texture.width >= fitPixels.width && texture.height >= fitPixels.height ? texture : fitPixels
    }

    /// The card's texture at fit, in the card's aspect: what the open page shows until its sharp
    /// photo is at hand (and beneath it while that fades in).
    public var standInFrame: FlightFrame { cardFitFrame }

    /// A new image size for the open photo (the sharp photo arrived): back to fit with it, which
    /// is now the photo's own aspect fitted into the window (at most 1:1, `PhotoPlacement`).
    public mutating func setImageSize(_ size: Size) {
        guard size.width > 0, size.height > 0, !hasImageSize || size != imageSize else { return }
        imageSize = size
        hasImageSize = true
        resetZoom()
        fitFrame = sharpFitFrame(size)
    }

    /// A photo of `size` image pixels fitted into the window (at most 1:1) and centred.
    private func sharpFitFrame(_ size: Size) -> FlightFrame {
        let r = PhotoPlacement(imageSize: size, windowSize: Size(window.width * pixelsPerPoint, window.height * pixelsPerPoint)).frame
        let k = 1 / pixelsPerPoint
        return .fullView(photo: Rect(x: r.x * k, y: r.y * k, width: r.width * k, height: r.height * k), window: window)
    }

    /// Where page `page` rests when it is not the one zoomed: its sharp photo's fit, or until that
    /// is at hand, its card's aspect fitted into the window.
    private func restingFrame(_ page: Int) -> FlightFrame {
        sharpSizes[page].map(sharpFitFrame) ?? cardFitFrame
    }

    /// Whether page `page` is drawn at its sharp photo's size (and so with its sharp texture).
    public func showsSharpSize(_ page: Int) -> Bool {
        page == self.page ? hasImageSize : sharpSizes[page] != nil
    }

    /// The pages' sharp sizes at hand now; a page missing from them shows its card's texture.
    mutating func setSharpSizes(_ sizes: [Int: Size]) {
        sharpSizes = sizes
        if hasImageSize, sizes[page] == nil { turn(to: page) }
    }

    /// Page `page` opens at fit: at its sharp photo's size when at hand, else its card's texture
    /// (until its photo arrives).
    private mutating func turn(to page: Int) {
        self.page = page
        if let size = sharpSizes[page] {
            imageSize = size
            hasImageSize = true
            fitFrame = sharpFitFrame(size)
        } else {
            imageSize = standInSize
            hasImageSize = false
            fitFrame = cardFitFrame
        }
        resetZoom()
    }

    private mutating func resetZoom() {
        zoom = ZoomPan(imageSize: imageSize, windowSize: Size(window.width * pixelsPerPoint, window.height * pixelsPerPoint),
                       pixelsPerPoint: pixelsPerPoint, reducesMotion: transition.reducesMotion)
    }

    /// The open photo at `time` as zoomed, panned and pulled down, in window points: exactly
    /// `fitFrame` at fit and at rest.
    public func openFrame(at time: Double) -> FlightFrame {
        var frame = fitFrame
        let placement = zoom.placement(at: time)
        if !placement.isFitted || zoom.isAnimating(at: time) {
            let r = placement.frame, k = 1 / pixelsPerPoint
            frame = .fullView(photo: Rect(x: r.x * k, y: r.y * k, width: r.width * k, height: r.height * k), window: window)
        }
        let dy = dismiss.offset(at: time)
        if dy != 0 {
            frame.clip.y += dy
            frame.photo.y += dy
        }
        return frame
    }

    /// Card `index` centred in `row`, flat: where the flight leaves from and lands; its photo of
    /// `imageSize` covers it (the card's own size: its texture, already cropped).
    public static func cardFrame(_ index: Int, in row: CarouselLayout, imageSize: Size? = nil) -> FlightFrame {
        let parameters = row.parameters
        let centred = row.offset(centering: index)
        let rect = Rect(center: row.cardCenter(index, scroll: centred), size: parameters.cardSize)
        return .card(rect, imageSize: imageSize ?? parameters.cardSize, cornerRadius: parameters.cornerRadius)
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
    public func isAnimating(at time: Double) -> Bool {
        !transition.isDone(at: time) || strip.isAnimating(at: time) || zoom.isAnimating(at: time)
            || dismiss.isAnimating(at: time)
    }

    /// The page open (or heading into view) at `time`; nil while closing.
    public func openPage(at time: Double) -> Int? { transition.isOpening ? strip.destinationPage(at: time) : nil }

    /// What shows at `time`: the open card's flight, moved with the page strip; while open (not
    /// closing), also the neighbouring page sliding in beside it.
    public func pages(at time: Double) -> [(index: Int, frame: FlightFrame)] {
        let open = transition.frame(at: time)
        var shown: [(index: Int, frame: FlightFrame)] = []
        // Slots: with `--loop` the page past the last is the first again (`PageStrip.page(atSlot:)`).
        let slots = transition.isOpening ? strip.visiblePages(at: time) : index..<(index + 1)
        // Opening (or open), the flight heads for the photo as zoomed and pulled; closing, for
        // the frame it left from (`close`).
        let end = transition.isOpening ? openFrame(at: time) : transition.full
        for slot in slots {
            let page = transition.isOpening ? strip.page(atSlot: slot) : index
            let dx = strip.pageMinX(slot, at: time)
            // A page beside the one zoomed rests at its fit (its sharp photo's or its card's).
            var frame = page != self.page ? restingFrame(page)
                : page != index ? end
                : transition.isOpening ? FlightFrame.mix(transition.card, end, transition.progress(at: time)) : open
            frame.othersOpacity = open.othersOpacity
            frame.clip.x += dx
            frame.photo.x += dx
            shown.append((page, frame))
        }
        return shown
    }

    /// The full view's commands: `close` (Esc, Backspace) and `closeOrReopen` (Enter) while open
    /// or opening close it, into the slot of the page open then (the row comes to rest with it
    /// centred); `closeOrReopen` while closing opens it again, reversing the flight where it is.
    /// The paging commands go to the page strip and the zoom commands to the zoom while open.
    /// Returns whether it was one of the view's.
    @discardableResult
    public mutating func perform(_ command: Command, at time: Double, row: inout ScrollController) -> Bool {
        switch command {
        case .close:
            close(at: time, row: &row)
        case .closeOrReopen:
            if transition.isOpening {
                close(at: time, row: &row)
            } else {
                transition.open(at: time)
                if closedPull != 0 { dismiss.springBack(from: closedPull, at: time) }
                closedPull = 0
            }
        case .previous, .next, .pageBack, .pageForward, .first, .last:
            guard transition.isOpening else { break }
            strip.perform(command, at: time)
            turnIfPaged(at: time)
        case .zoomIn, .zoomOut:
            if transition.isOpening { zoom.zoom(keySteps: command == .zoomIn ? 1 : -1, at: time) }
        case .fit:
            if transition.isOpening { zoom.fit(at: time) }
        case .actualSize:
            if transition.isOpening { zoom.oneToOne(at: time) }
        default:
            return false
        }
        return true
    }

    /// The wheel zooms about the pointer and the pointer pages, pans, pinches and swipes down to
    /// close, while open; closing, the view takes them and does nothing. Returns whether the event
    /// was the full view's (the row must not see it): always, but for keys (which come as commands).
    public mutating func handle(_ event: InputEvent, row: inout ScrollController) -> Bool {
        switch event {
        case .wheel(let wheel):
            if transition.isOpening, !dismiss.isDragging {
                zoom.zoom(notches: wheel.dy, about: wheel.position ?? Point(window.width / 2, window.height / 2),
                          at: wheel.time)
            }
        case .pointer(let pointer):
            if transition.isOpening {
                handlePointer(pointer)
                turnIfPaged(at: pointer.time)
                if dismiss.isDismissed { close(at: pointer.time, row: &row) }    // from where it was let go
            }
        case .keyDown:
            return false
        }
        return true
    }

    /// This view laid out afresh in `row` (the window's new size) at fit: the same card open, the
    /// same page shown, the sharp sizes kept.
    func resized(to row: CarouselLayout, pixelsPerPoint: Double, at time: Double) -> FullView {
        var view = FullView(opening: index, row: row, at: time, flying: false, reducesMotion: transition.reducesMotion,
                            pixelsPerPoint: pixelsPerPoint)
        view.strip = PageStrip(window: row.viewport, pageCount: row.cardCount, page: page,
                               reducesMotion: transition.reducesMotion, wraps: row.wraps)
        view.sharpSizes = sharpSizes
        view.turn(to: page)
        return view
    }

    /// A new page opens at fit once the strip heads for it.
    private mutating func turnIfPaged(at time: Double) {
        let destination = strip.destinationPage(at: time)
        if destination != page { turn(to: destination) }
    }

    /// The pointer while open: zoomed (or held by a pan), it pans the photo; at fit a drag mainly
    /// downwards is the swipe to close (`DismissDrag`), any other drag pages.
    private mutating func handlePointer(_ event: PointerEvent) {
        if event.pointer.source == .touch, handleTouch(event) { return }
        if zoom.isHeld || !zoom.isFitted(at: event.time) {
            zoom.handlePointer(event)
            return
        }
        let wasDragging = dismiss.isDragging
        dismiss.handlePointer(event)
        if dismiss.isDragging {
            // The swipe claimed the pointer: a page drag it had begun springs back.
            if !wasDragging { strip.handle(.pointer(PointerEvent(.cancel, event.pointer, at: event.position, time: event.time))) }
        } else if !wasDragging {
            strip.handle(.pointer(event))
        }
    }

    /// Flies back into the slot of the page heading into view at `time`, from the frame shown.
    mutating func close(at time: Double, row: inout ScrollController) {
        let page = strip.destinationPage(at: time)
        let progress = transition.progress(at: time)
        let layout = row.layout
        let paged = page != index
        if paged {
            row.rest(at: layout.offset(centering: page))
            index = page
        }
        if self.page != page { turn(to: page) }
        // From the photo as shown (zoomed, panned, pulled down) when that is not the fit frame.
        let shown = transition.isOpening ? openFrame(at: time) : transition.full
        if paged || shown != transition.full {
            // With the sharp photo shown, the flight crops it as the card does (aspect fill).
            let photoSize = hasImageSize ? imageSize : nil
            transition = OpenTransition(card: Self.cardFrame(page, in: layout, imageSize: photoSize), full: shown, at: time,
                                        progress: progress, reducesMotion: transition.reducesMotion)
        }
        strip = PageStrip(window: row.layout.viewport, pageCount: row.layout.cardCount, page: page,
                          reducesMotion: transition.reducesMotion, wraps: row.layout.wraps)
        transition.close(at: time)
        closedPull = dismiss.offset(at: time)
        dismiss.reset()
        fingers = TouchFingers()
    }
}

/// The row and, over it, the full view when one is open: routes each input event to one of them.
public struct FullViewState: Sendable {
    public internal(set) var view: FullView?
    /// Clicks and double-clicks, on the row and in the view (`FullViewState+Clicks`).
    var clicks = ClickCounter()
    var lastClick: ClickPlace?
    public var reducesMotion: Bool
    /// The window's device pixels per point: what 1:1 zoom means.
    public var pixelsPerPoint: Double

    public init(reducesMotion: Bool = false, pixelsPerPoint: Double = 1) {
        self.reducesMotion = reducesMotion
        self.pixelsPerPoint = pixelsPerPoint
    }

    /// The view as drawn at `time`: nil once it has closed.
    public func shown(at time: Double) -> FullView? {
        guard let view, !view.isClosed(at: time) else { return nil }
        return view
    }

    /// The page open (or heading into view) at `time`; nil while no view shows or it is closing.
    public func openPage(at time: Double) -> Int? { shown(at: time)?.openPage(at: time) }

    /// Opens card `index` of `row` at `time`: the row comes to rest with it centred (where the
    /// flight leaves from and will land). `flying` false: open at once (`--open`).
    public mutating func open(_ index: Int, row: inout ScrollController, at time: Double, flying: Bool = true) {
        guard row.layout.cardCount > 0 else { return }
        let index = min(max(index, 0), row.layout.cardCount - 1)
        row.rest(at: row.layout.offset(centering: index))
        view = FullView(opening: index, row: row.layout, at: time, flying: flying, reducesMotion: reducesMotion,
                        pixelsPerPoint: pixelsPerPoint)
    }

    /// Closes the view at once, with no flight (its card left the deck, and no other is left).
    public mutating func close() { view = nil }

    /// The sharp photo of card `index` arrived, `size` image pixels: the open view shows it at its
    /// own aspect (`FullView.setImageSize`); ignored when another card is open now.
    public mutating func setImageSize(_ size: Size, forCard index: Int) {
        guard var view, view.page == index, view.transition.isOpening else { return }
        view.setImageSize(size)
        self.view = view
    }

    /// The window changed size (`row` is laid out for it): an open view is laid out afresh, at
    /// fit, on the same page (`FullView.resized`); one closing finishes its flight as it was.
    public mutating func resize(row: CarouselLayout, pixelsPerPoint: Double, at time: Double) {
        if pixelsPerPoint > 0, pixelsPerPoint.isFinite { self.pixelsPerPoint = pixelsPerPoint }
        guard let view = shown(at: time), view.transition.isOpening,
              view.window != row.viewport || view.pixelsPerPoint != self.pixelsPerPoint else { return }
        self.view = view.resized(to: row, pixelsPerPoint: self.pixelsPerPoint, at: time)
    }

    /// The sharp photos at hand, their sizes by card (`FullView.sharpSizes`).
    public mutating func setSharpSizes(_ sizes: [Int: Size]) {
        guard var view, view.sharpSizes != sizes else { return }
        view.setSharpSizes(sizes)
        self.view = view
    }

    /// Whether `event` was the full view's: a click on the centred card and a double-click on any
    /// card open it (`FullViewState+Clicks`); while a view shows, it takes the pointer and the
    /// wheel (`FullView.handle`). Everything else is the row's.
    public mutating func handle(_ event: InputEvent, row: inout ScrollController) -> Bool {
        let time = event.time
        dropIfClosed(at: time)
        let click: ClickCounter.Click? = if case .pointer(let pointer) = event { clicks.handle(pointer) } else { nil }
        if var view {
            let taken = view.handle(event, row: &row)
            self.view = view
            if let click { clickInView(click, at: time, row: &row) }
            return taken
        }
        if let click, case .pointer(let pointer) = event { return clickOnRow(click, releasedBy: pointer, row: &row) }
        return false
    }

    /// Performs `command` at `time` if it is the full view's: `open` opens the row's centred card;
    /// while a view shows, it takes its own commands (`FullView.perform`). Whether it was.
    @discardableResult
    public mutating func perform(_ command: Command, at time: Double, row: inout ScrollController) -> Bool {
        dropIfClosed(at: time)
        if var view {
            let taken = view.perform(command, at: time, row: &row)
            self.view = view
            return taken
        }
        guard command == .open else { return false }
        open(row.layout.nearestCard(to: row.offset(at: time)), row: &row, at: time)
        return view != nil
    }

    /// Forgets a view that has finished closing by `time`.
    private mutating func dropIfClosed(at time: Double) {
        if view != nil, shown(at: time) == nil { view = nil }
    }
}
