import SwivelCore
import SwivelPhotos
import SwivelPlatform
import SwivelSystem

/// The interactive loop: sleep in `SDL_WaitEvent` while nothing moves (or until the next replayed
/// event is due); while something does, one frame per vsync — or, where there is no vsync or the
/// swap does not wait for it, when `FramePacing` says: at most one per 60 Hz slot, input drawn as
/// soon as its slot allows — drawn at the offset the scroll controller gives for that moment.
struct FrameLoop {
    let driver: FrameDriver
    var controller: ScrollController
    /// The card open over the row, if any, and its flight.
    var fullView: FullViewState
    /// The flying or open cards on screen (none: the row alone).
    private var drawnFlight: [FlightFrame] = []
    private var window: Window { driver.surface.window }
    private var content: SceneContent { driver.content }

    private let clock = EventClock()
    private let pump: EventPump
    private var pacing: FramePacing
    private var vsync: VSyncWatch
    /// When the oldest and the newest input not yet on screen were handled.
    private var pendingInput: (oldest: Double, newest: Double)?
    /// How long the last frame took to draw and present, seconds.
    private var renderTime = 0.004
    private var recorder: Recorder?
    private var schedule: ReplaySchedule?
    /// What the frame on screen shows.
    private var drawnOffset: Double?
    private var drawnLayout: CarouselLayout?
    private var needsFrame = true
    /// Whether the frame on screen shows a photo part faded in: one more frame is due, at full
    /// opacity, whenever the fade's time ran out before the next frame was drawn.
    private var drawnMidFade = false
    /// Whether the frame on screen caught the row closing round a trashed card: one more is due.
    private var drawnMidClosing = false
    private var firstFrame = true
    private var screenshotRequested = false
    private var hidden = HiddenWindowPacing()
    /// The deck's folders and files, watched for changes (`--no-watch`: nil); its thread wakes
    /// this loop when a batch of changes is ready.
    private let watch: FolderWatch?
    private let frameLog = FrameLog()
    /// `--slideshow` and S.
    var slideshow = SlideshowDriver(show: Slideshow(interval: Slideshow.standardInterval))
    /// Delete and Ctrl+Z (photo decks only: the colour deck has no files).
    let trash: DeckTrash?

    init(driver: FrameDriver, controller: ScrollController, fullView: FullViewState = FullViewState(),
         watch: FolderWatch? = nil) {
        self.driver = driver
        self.controller = controller
        self.fullView = fullView
        self.watch = watch
        trash = driver.content.deck == nil ? nil : DeckTrash(watching: watch != nil)
        pump = EventPump(window: driver.surface.window)
        pacing = FramePacing(hertz: driver.surface.window.refreshRate)
        vsync = VSyncWatch(hertz: driver.surface.window.refreshRate)
    }

    /// Runs until the window closes or Esc quits; `recordPath` gets the input, `recording`
    /// replaces it.
    mutating func run(recordTo recordPath: String?, replaying recording: Recording?) {
        recorder = recordPath.map { Recorder(path: $0, start: clock.now()) }
        recorder?.resize(window.pointSize, at: clock.now())
        schedule = recording.map { ReplaySchedule($0, start: clock.now()) }
        driver.showHUD(content.hud.isVisible)
        while true {
            let events = waitForEvents()
            let now = clock.now()
            guard handle(events, at: now) else {
                recorder?.end(at: now)
                return
            }
            let pixels = prepareFrame(at: now)
            if frameIsDue(at: now, pixels: pixels, afterEvents: !events.isEmpty) { drawFrame(at: now, into: pixels) }
        }
    }

    /// Whether the swap paces frames: the window has vsync, and its swaps have not been found to
    /// return at once (`VSyncWatch`). Otherwise `pacing` does.
    private var swapWaits: Bool { window.hasVSync && !vsync.swapDoesNotWait }

    private mutating func noteInput(at time: Double) { pendingInput = (pendingInput?.oldest ?? time, time) }

    /// Something changes without input: a new layout or toggle, an animation, a photo fade.
    private func changesWithoutInput(at time: Double) -> Bool {
        needsFrame || drawnLayout != controller.layout || flight(at: time) != drawnFlight || controller.isAnimating(at: time)
            || content.deck?.hasUploads == true || driver.sharpPhoto.hasUploads || isFading(at: time)
            || driver.deferredProgramsDue.map { time >= $0 } == true
            || (pendingInput == nil && drawnOffset != controller.offset(at: time))
    }

    /// Sleeps until an event comes or the next frame (or replayed entry) is due; what came.
    private mutating func waitForEvents() -> [PlatformEvent] {
        let before = clock.now()
        slideshow.step(&controller, fullView: &fullView, deck: content.deck, at: before)
        let continuous = changesWithoutInput(at: before)
        // With vsync the swap paces frames; without, `pacing` says when the next one is due. A
        // window the compositor hides waits for its next probe instead. A replay wakes for its
        // next entry, and sleeps until then when nothing else is due.
        var due: Double? = swapWaits
            ? (continuous || pendingInput != nil ? before : nil)
            : pacing.due(at: before, continuous: continuous, input: pendingInput, renderTime: renderTime)
        if hidden.isHidden && !needsFrame, due != nil { due = before + hidden.secondsToProbe(at: before) }
        if let next = schedule?.nextDue { due = min(due ?? next, next) }
        if let next = slideshow.show.due { due = min(due ?? next, next) }
        // A photo whose open failed for want of descriptors or memory is asked for again then.
        if let retry = content.deck?.nextRetry { due = min(due ?? retry, retry) }
        if let hide = content.notice.hideTime { due = min(due ?? hide, hide) }
        if let build = driver.deferredProgramsDue, build > before { due = min(due ?? build, build) }
        return due.map { pump.waitForEvents(timeout: $0 - before) } ?? pump.waitForEvents()
    }

    /// Acts on `events` and on replayed input due by `now`; false when the app should quit: the
    /// window closed, Esc, or a signal (`TerminationSignals`, whose thread wakes this loop).
    private mutating func handle(_ events: [PlatformEvent], at now: Double) -> Bool {
        if TerminationSignals.requested != nil { return false }
        let deckKeys = content.deckKeys
        for event in events {
            // Delete and Ctrl+Z, and Enter or Esc for the question a Delete of several photos asks.
            if case .input(let input) = event, schedule == nil, let trash,
               DeckTrash.takes(input, asking: trash.pending != nil) {
                recorder?.write(input)
                noteInput(at: now)
                handleTrashKey(input, trash: trash, at: now)
                needsFrame = true
                continue
            }
            // Marks, copy and --pick's Enter come first, in the row and the full view alike.
            if case .input(let input) = event, schedule == nil, deckKeys.handle(input, row: controller, fullView: fullView) {
                recorder?.write(input)
                noteInput(at: now)
                if deckKeys.picked != nil { return false }
                continue
            }
            // An open full view takes its keys (Esc closes it rather than quitting) and the pointer.
            if case .input(let input) = event, schedule == nil, fullView.handle(input, row: &controller) {
                recorder?.write(input)
                slideshow.handle(input, used: true, at: now)
                noteInput(at: now)
                continue
            }
            switch event {
            case .quit:
                return false
            case .input(.keyDown(.escape, _)):
                // Esc closes the key list, then leaves fullscreen, then quits.
                if content.keyHelp.isVisible {
                    content.keyHelp.isVisible = false
                    needsFrame = true
                } else if window.isFullscreen {
                    window.isFullscreen = false
                } else {
                    return false
                }
            case .input(.keyDown(.fullscreen, _)):
                window.isFullscreen.toggle()
            case .input(.keyDown(.hud, _)):
                driver.showHUD(!content.hud.isVisible)
                needsFrame = true
            case .input(.keyDown(.help, _)):
                content.keyHelp.isVisible.toggle()
                needsFrame = true
            case .resized, .exposed:    // a new size is picked up in `prepareFrame`
                needsFrame = true
            case .input(.keyDown(.f12, _)):
                screenshotRequested = true
                needsFrame = true
            case .input(let input):
                guard schedule == nil else { continue }    // a replay is not steered by hand
                recorder?.write(input)
                let used = controller.handle(input)
                if used { noteInput(at: now) }
                slideshow.handle(input, used: used, at: now)
            }
        }
        // Replayed input counts as input arriving now.
        var trashKeys: [InputEvent] = []
        let (hasTrash, asking) = (trash != nil, trash?.pending != nil)
        let replayed = schedule?.apply(dueBy: now, to: &controller, fullView: &fullView, deckKeys: deckKeys,
                                       appKeys: &trashKeys, isAppKey: { hasTrash && DeckTrash.takes($0, asking: asking) }) ?? []
        if !replayed.isEmpty { noteInput(at: now) }
        for (input, used) in replayed { slideshow.handle(input, used: used, at: now) }
        if let trash {
            for key in trashKeys { handleTrashKey(key, trash: trash, at: now) }
            if !trashKeys.isEmpty { needsFrame = true }
        }
        if deckKeys.picked != nil { return false }
        if deckKeys.takeChange() { needsFrame = true }
        window.title = Self.title(fullView.shown(at: now), deck: content.deck, marked: deckKeys.marks.count, at: now)
        return true
    }

    /// Lays out for the window's size and updates the photos; the pixels to draw into.
    private mutating func prepareFrame(at now: Double) -> FramePixels {
        // Lay out for the window's size whenever it differs from the layout's: after a resize
        // event, and also without one (SDL without a window manager can change its idea of the
        // size during a fullscreen switch and report it late). No frame is drawn for another size.
        if let size = driver.fitLayoutToWindow(&controller, at: now) {
            recorder?.resize(size, at: now)
            needsFrame = true
        }
        let pixels = driver.windowPixels
        fullView.resize(row: controller.layout, pixelsPerPoint: pixels.scale(for: controller.layout.viewport), at: now)
        // Files added, removed or changed: taken in once the row is not flying, bouncing or
        // snapping (the new layout would stop it), the centred card kept in place.
        // Swivel's own trash moves are in the row already (`DeckTrash.withoutEchoes`).
        if let watch, !controller.isAnimating(at: now), watch.hasChanges {
            let changes = watch.take()
            if driver.applyFolderChanges(trash?.withoutEchoes(changes, at: now) ?? changes, to: &controller, at: now) {
                needsFrame = true
            }
        }
        if content.notice.expire(at: now) { needsFrame = true }
        // A photo deck's open is over: a frame builds the programs left for later (`deferredProgramsDue`).
        if let build = driver.deferredProgramsDue, now >= build { needsFrame = true }
        // The first frame goes up before any photo: the window never waits for decoding. Just
        // after it, every photo that is ready goes up at once (`PhotoDeck.uploads`).
        let uploads = content.deck?.uploads(firstFrame: firstFrame, at: now) ?? (0, .infinity)
        let update = driver.updatePhotos(&controller, at: now, pixels: pixels,
                                         uploadLimit: uploads.limit, uploadSeconds: uploads.seconds)
        // A photo arriving for a card off screen changes no pixel: no frame for it.
        if let update, update.uploadedOnScreen > 0 { needsFrame = true }
        if driver.updateFullView(&fullView, row: controller, at: now, pixels: pixels) { needsFrame = true }
        return pixels
    }

    /// Whether to draw now: something visible changed, the pacing's slot has come, and the
    /// compositor shows the window (or wants a probe or the resting frame).
    private mutating func frameIsDue(at now: Double, pixels: FramePixels, afterEvents: Bool) -> Bool {
        let offset = controller.offset(at: now)
        let fading = isFading(at: now)
        guard needsFrame || fading || offset != drawnOffset || controller.layout != drawnLayout
                || flight(at: now) != drawnFlight || controller.isClosingGaps(at: now) || drawnMidClosing,
              !window.isMinimized, !pixels.isEmpty else {
            // Nothing visible changed (or minimised): this slot is done, so a motion still
            // settling below a visible step wakes once a slot rather than spinning.
            pendingInput = nil
            if !swapWaits { pacing.use(at: now) }
            return false
        }
        if !swapWaits, let due = pacing.due(at: now, continuous: changesWithoutInput(at: now),
                                                  input: pendingInput, renderTime: renderTime), due > now {
            return false    // not yet: the top of the loop waits for it, awake for input
        }
        let moving = controller.isAnimating(at: now) || fullView.shown(at: now)?.isAnimating(at: now) == true || fading || content.deck?.hasUploads == true
        return hidden.shouldDraw(at: now, requested: needsFrame || afterEvents, moving: moving)
    }

    /// "NAME — Swivel" while a photo is open (its file name; "Card N" in the colour deck), else
    /// the window's own title; "Swivel (N marked)" when N cards are marked.
    static func title(_ view: FullView?, deck: PhotoDeck?, marked: Int = 0, at time: Double) -> String {
        let normal = Window.Options().title + (marked > 0 ? " (\(marked) marked)" : "")
        guard let page = view?.openPage(at: time) else { return normal }
        return "\(deck.map { $0.name(at: page) } ?? "Card \(page + 1)") — \(normal)"
    }

    /// The flying or open cards at `time`, none when the row shows alone.
    private func flight(at time: Double) -> [FlightFrame] { fullView.shown(at: time)?.pages(at: time).map(\.frame) ?? [] }

    /// Whether a photo on screen is fading in at `time`, or the frame on screen caught one mid-fade.
    private func isFading(at time: Double) -> Bool { drawnMidFade || photoFades(at: time) }

    /// Whether a card's photo or the full view's sharp photo is fading in at `time`.
    private func photoFades(at time: Double) -> Bool {
        content.deck?.isFading(now: time) == true || driver.sharpPhoto.isFading(now: time)
    }

    /// Draws, presents and times the frame for `now` (saving it first when F12 asked).
    private mutating func drawFrame(at now: Double, into pixels: FramePixels) {
        let frameStart = clock.now()
        driver.render(controller, fullView: fullView, at: now, into: pixels)
        let view = fullView.shown(at: now), open = view.map { $0.strip.destinationPage(at: now) }
        frameLog?.drew(controller, at: now, deck: content.deck, open: open,
                       sharp: open.flatMap { driver.sharpPhoto.opacity(ofPage: $0, in: view, now: now) },
                       builtPrograms: driver.builtPrograms,
                       pixels: frameLog?.hashesPixels == true ? driver.readPixels(pixels) : nil)
        if let error = driver.takeError() { Console.error(error) }
        if screenshotRequested {
            screenshotRequested = false
            Screenshots.save(driver.readPixels(pixels), width: pixels.width, height: pixels.height)
        }
        driver.present()
        let presented = clock.now()
        hidden.presented(foundHidden: window.lastSwapFoundWindowHidden, at: presented)
        vsync.presented(at: presented)
        renderTime = clock.now() - frameStart
        content.hud.record(milliseconds: renderTime * 1000, at: now)
        pacing.use(at: frameStart)
        pendingInput = nil
        (drawnOffset, drawnLayout, drawnFlight) = (controller.offset(at: now), controller.layout, flight(at: now))
        needsFrame = false
        if firstFrame { content.deck?.firstFrameShown(at: presented) }
        firstFrame = false
        drawnMidFade = photoFades(at: now)
        drawnMidClosing = controller.isClosingGaps(at: now)
    }
}
