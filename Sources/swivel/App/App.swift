import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelPlatform
import SwivelSystem

/// Opens the window and renderer, then either renders one frame to a file or runs the frame loop.
struct App {
    let options: Options

    func run() {
        Console.outputIsForPaths = options.pick || options.printMarked
        // A recording and the photo paths are checked before any window opens.
        let recording = options.replay.map(Recording.init(path:))
        // Once the files are listed (their names say which libraries a worker loads), and before
        // they are sorted (`--sort taken` reads their dates in the workers).
        let deckFiles = Self.deckFiles(options, found: { DecoderWorkers.start(for: $0) })
        let photos = deckFiles?.sources
        let openCard = options.openCard?.card(in: photos)

        var windowOptions = Window.Options()
        windowOptions.width = options.width
        windowOptions.height = options.height
        if !options.sizeGiven, let size = recording?.lastWindowSize {
            (windowOptions.width, windowOptions.height) = (Int(size.width), Int(size.height))
        }
        windowOptions.hidden = options.screenshot != nil
        windowOptions.fullscreen = options.fullscreen && options.screenshot == nil
        windowOptions.videoDriver = options.videoDriver
        windowOptions.scale = options.scale
        let surface = GLWindow(windowOptions) { window in
            if options.scale != nil && window.scaleIsCompositors {
                Console.error("--scale is not used on Wayland, where the compositor sets the scale")
            }
        }

        // The demo's photos are temporary copies: nothing to thumbnail.
        let deck = photos.map { PhotoDeck(sources: $0, budgetMiB: options.textureBudgetMiB,
                                          thumbnails: options.thumbnailCache && !options.demo, pairing: options.pairs,
                                          faults: TestConfiguration.current.deckFaults) }
        let renderer = FrameRenderer(surface: surface, content: SceneContent(deck: deck, background: options.background,
                                                                                  captions: options.captions))
        let screenshot = options.screenshot
        // Live folders: only where the row is shown for a while, and not for the built-in decks.
        var watchOptions = options
        watchOptions.watch = options.watch && screenshot == nil
        let watch = Self.watch(watchOptions, deck: deck, files: deckFiles, onChange: { EventPump.wake() })
        let state = Self.state(options, cards: photos?.count, viewport: surface.window.pointSize, pixels: renderer.windowPixels,
                               openCard: openCard, fullscreen: surface.window.isFullscreen, watching: watch != nil)
        // Ratings: read and saved where the photos are (not the demo's temporary copies).
        let ratingStore = deck != nil && !options.demo ? RatingStore(naming: options.sidecarNaming, wake: { EventPump.wake() }) : nil
        let session = Session(state: state, renderer: renderer,
                              effects: SystemEffects(clipboard: { Clipboard.setText($0).map { "\($0)" } }), watch: watch,
                              ratingStore: ratingStore,
                              actions: ActionRunner(wake: { EventPump.wake() }, environment: Environment.variables()))
        if let screenshot {
            ScreenshotRun(session: session, renderer: renderer).run(recording, opened: openCard != nil, path: screenshot)
            deck?.thumbnails?.writer.finish()
        } else {
            var loop = WindowLoop(session: session, renderer: renderer)
            loop.run(recordTo: options.record, replaying: recording)
        }
        // Saves asked for by the last keys are made before Swivel goes.
        if let ratingStore {
            for save in session.state.ratings.takeSaves() { ratingStore.save(save.photo, save.rating, changes: save.changes) }
            ratingStore.waitUntilIdle()
            for case .notSaved(_, _, let reason) in ratingStore.take() { Console.error(reason) }
        }
        if case .failed(let message) = session.state.end { fail(.failure, message) }
        PathPrinting.finish(options, state: session.state, deck: deck)
    }

    /// The watch of the deck's folders and files (`--no-watch`, the built-in decks: none), files that
    /// appear placed in `deck` where the scan and the sort would have put them (as are, watched or
    /// not, the photos the rating filter shows again); `onChange` runs on its thread when a batch of
    /// changes is ready; its warnings go to `warn` (stderr), on either thread.
    static func watch<T>(_ options: Options, deck: SwivelPhotos.PhotoDeck<T>?, files: ScannedDeck?,
                         faults: FolderWatch.Faults = TestConfiguration.current.folderWatchFaults,
                         warn: @escaping @Sendable (String) -> Void = { Console.error($0) },
                         onChange: @escaping @Sendable () -> Void) -> FolderWatch? {
        guard let deck, let files, !options.demo else { return nil }
        deck.placeNewFiles(DeckPlacement(roots: files.roots, sort: options.sort, reverse: options.reverse), times: files.times)
        guard options.watch else { return nil }
        return FolderWatch(roots: files.roots, recursive: options.recursive, faults: faults, warn: warn, onChange: onChange)
    }

    /// The state a session of `options` starts in: the row of `cards` photos (nil: the colour
    /// deck's `--cards`) in a window of `viewport` points and `pixels`, `openCard` open.
    static func state(_ options: Options, cards: Int?, viewport: Size, pixels: FramePixels, openCard: Int? = nil,
                      fullscreen: Bool = false, watching: Bool = false) -> AppState {
        let layout = CarouselLayout(viewport: viewport, cardCount: cards ?? options.cards, parameters: options.parameters,
                                    wraps: options.loop)
        let row = ScrollController(
            layout: layout, snapping: options.snapping, offset: options.scroll,
            decelerationRate: options.decelerationRate,
            reducesMotion: options.reducedMotionGiven ? options.reducedMotion : DesktopSettings.gnomeReducesMotion())
        var settings = AppState.Settings()
        (settings.picking, settings.background, settings.captions) = (options.pick, options.background, options.captions)
        settings.photosShownAtOnce = options.screenshot != nil
        // `--screenshot` (of a replay too) leaves files alone: a turn shows, and is not written.
        settings.savesTurns = options.screenshot == nil
        settings.editor = options.editor
        settings.nulTerminated = options.print0
        var state = AppState(settings: settings, row: row,
                             fullView: FullViewState(reducesMotion: options.reducedMotion,
                                                     pixelsPerPoint: pixels.scale(for: layout.viewport)),
                             slideshow: Slideshow(interval: options.slideshow ?? Slideshow.standardInterval,
                                                  loops: options.loop, running: options.slideshow != nil),
                             overlays: Overlays(hud: options.hud), fullscreen: fullscreen, watching: watching, pixels: pixels)
        if let openCard { state.fullView.open(openCard, row: &state.row, at: 0, flying: false) }
        // Photos' ratings filter a deck of files (the demo's copies and the colour cards have none).
        if cards != nil, !options.demo { state.startFiltering(options.ratingFilter) }
        return state
    }

    /// The photo deck's images: `--demo`'s embedded ones, or the files and folders named on the
    /// command line or listed on standard input (`-`), in the `--sort` order (exit 64 for a named
    /// path that does not exist or no images at all). Nil for the built-in colour deck.
    static func photoSources(_ options: Options) -> [PhotoSource]? { deckFiles(options)?.sources }

    /// `photoSources`, with the command line's paths (`-` replaced by the paths it read) and the
    /// time each photo was sorted by (`DeckOrder.ordered`): what places files that appear later.
    /// `found` is given the photos' paths before they are sorted. A camera's RAW+JPEG pairs are
    /// one photo each (`--pairs`: `RAWJPEGPairs`), sorted by its JPEG's name or time.
    static func deckFiles(_ options: Options, found: ([FilePath]) -> Void = { _ in }) -> ScannedDeck? {
        if options.demo {
            let sources = DemoDeck.sources()
            found(sources.map(\.path))
            return (sources, [], [])
        }
        guard !options.paths.isEmpty else { return nil }
        let listed = options.paths.contains(where: \.isStandardInput)
            ? StandardInputPaths.read(nulSeparated: options.nullSeparated) : []
        let images = scan(options.paths, listed: listed, recursive: options.recursive)
        found(images)
        let seed = options.seedGiven ? UInt64(options.seed) : UInt64.random(in: 0...UInt64(UInt32.max))
        let cards = RAWJPEGPairs.cards(images, pairing: options.pairs)
        let byShown = Dictionary(cards.map { ($0.shown, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = DeckOrder.ordered(cards.map(\.shown), by: options.sort, seed: seed, reverse: options.reverse)
        let roots = options.paths.flatMap { $0.isStandardInput ? listed : [$0] }
        return (ordered.map { PhotoSource(files: byShown[$0.path] ?? CardFiles($0.path)) }, roots, ordered.map(\.time))
    }

    /// A deck's photos, the command line's paths (`-` replaced by the paths it read) and the time
    /// each photo was sorted by.
    typealias ScannedDeck = (sources: [PhotoSource], roots: [FilePath], times: [Double])

    /// The images of `paths` in the scan's natural name order, `-` standing for `listed` (whose
    /// missing files are skipped with a warning, not an error); warnings go to stderr, also before
    /// the error when there are no images.
    static func scan(_ paths: [FilePath], listed: [FilePath] = [], recursive: Bool) -> [FilePath] {
        do {
            let scan = try DeckScanner.scan(paths, listed: listed, recursive: recursive)
            for warning in scan.warnings { Console.error(warning) }
            return scan.images
        } catch {
            for warning in error.warnings { Console.error(warning) }
            fail(.usage, error.description)
        }
    }
}
