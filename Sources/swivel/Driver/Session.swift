import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelSystem

/// One session of Swivel: the app's state (`AppState`), the photo deck's decoders and textures,
/// and the frame step, written here once for every mode — the window, `--screenshot`, `--replay`,
/// `--bench`, `--bench --open`, `--soak` and the latency probe are each a clock and a source of
/// events over `advance`, and decide only when to draw what it gives (`draw`).
///
/// The order of a frame step: the events, in order; a folder's changes, once the row is still;
/// time (the slideshow, the notice line); the deck's photos (what to decode, what arrived, the
/// cards found unreadable); the full view's sharp photos (what to ask for, what arrived); then the
/// frame, worked out by the state.
final class Session {
    var state: AppState
    let deck: (any PhotoPipeline)?
    /// Where the frames go: the app's window (`FrameRenderer`), or a test's list.
    let display: FrameDisplay
    let sharpPhotos: SharpPhotoStore?
    let effects: AppEffects
    /// The deck's folders and files, watched for changes (nil: not watched).
    let watch: FolderWatch?
    /// Where the photos' ratings are read from and saved to, off the frame step (nil: nowhere).
    let ratingStore: RatingStore?
    /// Does what the state asks off the frame loop (turns written into files); nil: nothing is done.
    let actions: ActionPerformer?
    /// The frame on screen (nil before the first).
    private(set) var drawn: Frame?

    init(state: AppState, deck: (any PhotoPipeline)?, display: FrameDisplay, sharpPhotos: SharpPhotoStore?,
         effects: AppEffects, watch: FolderWatch? = nil, ratingStore: RatingStore? = nil, actions: ActionPerformer? = nil) {
        self.state = state
        // The deck's cards as its scan (and placement) made them; from here on the state's.
        if let deck, self.state.membership == nil { self.state.membership = deck.membership }
        self.deck = deck
        self.display = display
        self.sharpPhotos = sharpPhotos
        self.effects = effects
        self.watch = watch
        self.ratingStore = ratingStore
        // Every photo's rating, read while the first frames go up.
        if let deck, let ratingStore { ratingStore.read(deck.cards.map(\.shown)) }
        self.actions = actions
    }

    /// The app's session: its deck and sharp photos those of `renderer`'s scene.
    convenience init(state: AppState, renderer: FrameRenderer, effects: AppEffects, watch: FolderWatch? = nil,
                     ratingStore: RatingStore? = nil, actions: ActionPerformer? = nil) {
        self.init(state: state, deck: renderer.content.deck, display: renderer, sharpPhotos: renderer.sharp,
                  effects: effects, watch: watch, ratingStore: ratingStore, actions: actions)
    }

    /// How a mode updates the photos in its steps.
    struct Photos {
        /// Whether the photos are updated at all (a `--screenshot` replay leaves them as they are
        /// until its end).
        var update = true
        /// The row at rest decodes the photo of its card for the full view ahead (the window and
        /// the open bench's rested opens; not `--screenshot` or the scroll bench).
        var prepares = false
        /// The cards on screen are asked for whatever the row's speed (screenshots and measurements).
        var settled = false
        /// Photos uploaded a step at most, and for how long: nil, as the app does it
        /// (`PhotoDeck.uploads`: none in the window's first frame, every one ready just after the
        /// open, then two a frame).
        var uploads: (limit: Int, seconds: Double)?
        /// The time the deck judges its retries by, when not the step's (`PhotoDeck.update`).
        var retriesAt: Double?

        static let live = Photos(prepares: true)
    }

    /// What a step did besides the frame, for the measurements.
    struct Step {
        var frame: Frame
        /// Photos uploaded, and of those for cards on screen; cards found unreadable.
        var uploaded = 0, uploadedOnScreen = 0, removed = 0
        /// How long the full view's sharp photos took to update (their uploads), ms.
        var sharpMilliseconds = 0.0
    }

    /// The frame step at `now` with `events` (and with a folder's changes where the watch has them).
    @discardableResult
    func advance(_ events: [AppEvent], at now: Double, photos: Photos = .live) -> Step {
        // What the requests of earlier steps came to, before this step's events.
        if let finished = actions?.takeFinished(), !finished.isEmpty {
            state.handle(.actionsFinished(finished), at: now, deck: deck, effects: effects)
        }
        for event in events { state.handle(event, at: now, deck: deck, effects: effects) }
        // Files added, removed or changed: taken in once the row is not flying, bouncing or
        // snapping (the new layout would stop it), the centred card kept in place.
        if let watch, state.takesFolderChanges(at: now), watch.hasChanges {
            let changes = watch.take()
            state.handle(.folderChanged(changes), at: now, deck: deck, effects: effects)
            // New and rewritten photos' ratings are read again, and those of photos whose sidecar
            // changed (hidden by the filter or not).
            let sidecars = changes.compactMap { if case .sidecarChanged(let path) = $0 { path } else { nil } }
            let photos = sidecars.isEmpty ? [] : state.membership.map { $0.orderedPaths + $0.hidden.keys } ?? []
            ratingStore?.read(changes.compactMap { if case .written(let path, _) = $0 { path } else { nil } }
                              + SidecarFolders.photos(ofSidecars: sidecars, among: photos))
        }
        // Ratings set by keys go to their sidecars; what the store did comes back.
        let saves = state.ratings.takeSaves()
        if let ratingStore {
            for save in saves { ratingStore.save(save.photo, save.rating, changes: save.changes) }
            if ratingStore.hasEvents { state.handle(.ratings(ratingStore.take()), at: now, deck: deck, effects: effects) }
        }
        state.handle(.tick, at: now, deck: deck, effects: effects)
        for request in state.takeRequests() { actions?.perform(request) }
        var step = Step(frame: state.frame(at: now, deck: deck))
        guard photos.update, let deck, let sharpPhotos else { return step }
        let pixels = state.window.pixels
        // The first frame goes up before any photo: the window never waits for decoding. Just
        // after it, every photo that is ready goes up at once (`PhotoDeck.uploads`).
        let uploads = photos.uploads ?? deck.uploads(firstFrame: !display.presented, at: now)
        let update = deck.step(for: state.row, at: now, retriesAt: photos.retriesAt, pixelScale: pixels.scale(for: state.row.layout.viewport),
                               settled: photos.settled, uploadLimit: uploads.limit, uploadSeconds: uploads.seconds)
        (step.uploaded, step.uploadedOnScreen, step.removed) = (update.uploaded, update.uploadedOnScreen, update.unreadable.count)
        state.handle(.cardsUnreadable(update.unreadable), at: now, deck: deck, effects: effects)
        // The full view's photos: asked for, taken in, and what taking them in asks for next
        // (the full resolution, zoomed past the window's decode).
        let start = MonotonicClock.now
        sharpPhotos.perform(sharpRequests(photos, at: now))
        let crop = state.fullView.shown(at: now).flatMap { view in
            state.sharp.asked.flatMap { asked in view.pages(at: now).first { $0.index == asked.card }?.frame.crop }
        }
        let arrived = sharpPhotos.takeFinished(crop: crop, name: { deck.name(at: $0) })
        state.handle(.sharpPhotos(arrived), at: now, deck: deck, effects: effects)
        sharpPhotos.perform(sharpRequests(photos, at: now))
        step.sharpMilliseconds = (MonotonicClock.now - start).milliseconds
        step.frame = state.frame(at: now, deck: deck)
        return step
    }

    private func sharpRequests(_ photos: Photos, at now: Double) -> [SharpPhotoRequest] {
        guard let deck else { return [] }
        let row = state.row
        let resting = deck.cardsWithoutPhoto(layout: row.layout, scroll: row.offset(at: now)) == 0
        return state.sharp.requests(state.fullView, photoIDs: deck.photoID(at:), count: deck.count,
                                    row: photos.prepares ? row : nil, rowResting: resting, pixels: state.window.pixels,
                                    budgetBytes: deck.fullViewBudgetBytes, standIns: deck.membership.standIns, at: now)
    }

    /// Whether anything moves at `time` without input: the state's animations, the deck's fades and
    /// photos waiting to be uploaded, a frame not yet drawn.
    func isBusy(at time: Double, frame: Frame?) -> Bool {
        state.isAnimating(at: time) || deck?.isFading(now: time) == true || deck?.hasUploads == true
            || frame?.differs(from: drawn) == true
    }

    /// Renders `frame` into `pixels` (the window's drawable unless told otherwise) as the frame
    /// now on screen, not yet presented.
    func draw(_ frame: Frame, into pixels: FramePixels? = nil) {
        display.render(frame, into: pixels ?? display.windowPixels)
        drawn = frame
    }

    /// Presents the frame drawn; after the first, tells the photo deck when (`now`, on its clock:
    /// its open counts from then).
    func present(now: () -> Double) {
        let first = !display.presented
        display.present()
        if first { deck?.firstFrameShown(at: now()) }
    }
}

/// Where a session's frames go: drawn, then shown. The app's window (`FrameRenderer`: OpenGL),
/// or in the tests a list of them.
protocol FrameDisplay: AnyObject {
    /// The drawable's size.
    var windowPixels: FramePixels { get }
    /// Whether a frame has been shown yet.
    var presented: Bool { get }
    /// When the renderer's deferred programs are built (a frame is drawn then), nil when never.
    var deferredProgramsDue: Double? { get }
    func render(_ frame: Frame, into pixels: FramePixels)
    func present()
}
