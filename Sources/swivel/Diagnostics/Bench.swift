import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelPlatform
import SwivelSystem

/// `swivel --bench`: renders a scripted scroll in 60 Hz virtual time — at rest on the deck's middle
/// card for the first fifth of the frames, then a fling towards the end, and at the remaining
/// half one back — with vsync off and glFinish after every frame, then a real-time replayed drag
/// for the event-to-present latency, and prints one JSON object. Same input, same frames, every
/// run. Starting in the middle makes decks of every size show the same full window at first (a
/// seven-card deck's middle shows all seven), so their frame times compare like for like.
struct Bench {
    struct Settings {
        var width = 1280
        var height = 720
        var cards = 7
        var frames = 600
        /// Flicks in each fling (`--flicks`), 0.25 s apart: one flick of 5,000 pt/s travels
        /// about as far as the photos decoded ahead.
        var flicks = 1
        /// A folder of photos to bench a photo deck with (`--images`).
        var images: FilePath?
        var textureBudgetMiB = 256
        /// Draw the HUD too (`--hud`), to measure what it costs.
        var hud = false
        /// `--video-driver` and `--scale`, as for the window (`--scale 2` benches a HiDPI screen:
        /// the layout stays `width` × `height` points, the window has twice the pixels each way).
        var videoDriver: VideoDriver?
        var scale: Double?
        /// Read and write the shared thumbnail cache (`--no-thumbnail-cache` turns it off).
        var thumbnailCache = true
        /// The card open in the full view from the start (`--open`): the script's flings page it.
        var openCard: OpenTarget?
        /// `--reduced-motion`: the full view's benchmark opens and closes without the flight.
        var reducedMotion = false
        /// `--in-process`: decode here, not in the decoder workers, to measure what they cost.
        var inProcess = false

        /// The benchmark's window: hidden, vsync off, at the settings' size, driver and scale.
        func window() -> GLWindow {
            var options = Window.Options()
            (options.width, options.height) = (width, height)
            options.hidden = true
            options.vsync = false
            (options.videoDriver, options.scale) = (videoDriver, scale)
            return GLWindow(options, tooOld: "--bench needs OpenGL 3.3 core")
        }
    }
    let settings: Settings

    func run() {
        // A photo deck with a card to open: the full view's benchmark instead of the row's script.
        if settings.images != nil, let first = settings.openCard {
            OpenBench(settings: settings, firstCard: first).run()
            return
        }
        // Listed, and the workers started, as the app does: before the window opens, not waited for.
        let files = settings.images.map { App.scan([$0], recursive: false) }
        if let files { DecoderWorkers.start(for: files, inProcess: settings.inProcess) }
        let surface = settings.window()

        // A camera's RAW+JPEG pairs one photo each, as the app shows them.
        let sources = files.map { RAWJPEGPairs.cards($0, pairing: .together).map(PhotoSource.init(files:)) }
        let openCard = settings.openCard?.card(in: sources)
        let deck = sources.map { PhotoDeck(sources: $0, budgetMiB: settings.textureBudgetMiB,
                                           thumbnails: settings.thumbnailCache) }
        let renderer = FrameRenderer(surface: surface, content: SceneContent(deck: deck, background: .white))
        renderer.countFragments()
        let layout = CarouselLayout(viewport: Size(Double(settings.width), Double(settings.height)),
                                    cardCount: deck?.count ?? settings.cards)
        let session = Self.session(renderer, layout: layout, hud: settings.hud, openCard: openCard)
        let frames = renderFrames(session, renderer: renderer, deck: deck)
        // What `--sort taken` costs for this deck: every file's EXIF date, twice (the first read
        // may come from disk, the second from the page cache, which is what is reported). After
        // the frames: the dates are read in the decoder workers, which would otherwise start
        // before the first frame.
        var taken: (wall: Double, cpu: Double)?
        if let shown = sources?.map(\.path) {
            _ = DateTaken.times(shown)
            let (start, startCPU) = (MonotonicClock.now, ProcessGroup.cpuMilliseconds())
            _ = DateTaken.times(shown)
            taken = ((MonotonicClock.now - start).milliseconds, ProcessGroup.cpuMilliseconds() - startCPU)
        }
        let latency = LatencyProbe(surface: surface, layout: layout).run()
        let startupLatency = LatencyProbe.startup(settings, layout: layout)
        // The thumbnails still queued are written before the report, so that a second run finds them.
        deck?.thumbnails?.writer.finish(within: 30)
        report(frames, latency: latency, startupLatency: startupLatency, renderer: renderer, deck: deck, layout: layout,
               taken: taken)
    }

    /// A session for the benchmarks: the row of `layout` centred on the deck's middle card (with
    /// `openCard` open), the HUD if asked for; a deck emptied by unreadable files is reported,
    /// not fatal.
    static func session(_ renderer: FrameRenderer, layout: CarouselLayout, offset: Double? = nil,
                        hud: Bool = false, openCard: Int? = nil, reducesMotion: Bool = false) -> Session {
        var settings = AppState.Settings()
        settings.emptyIsFatal = false
        var state = AppState(settings: settings, row: ScrollController(layout: layout, offset: offset ?? middle(of: layout)),
                             fullView: FullViewState(reducesMotion: reducesMotion,
                                                     pixelsPerPoint: renderer.windowPixels.scale(for: layout.viewport)),
                             overlays: Overlays(hud: hud), pixels: renderer.windowPixels)
        if let openCard { state.fullView.open(openCard, row: &state.row, at: 0, flying: false) }
        // A photo deck's ratings are read as the app reads them (every photo's XMP, in the workers,
        // beside the decodes): what a folder with sidecars costs the first frames is measured.
        let ratings = renderer.content.deck != nil ? RatingStore(naming: .full, wake: {}) : nil
        return Session(state: state, renderer: renderer, effects: SystemEffects(clipboard: { _ in nil }), ratingStore: ratings)
    }

    /// What the scripted frames measured.
    struct Frames {
        var pixels = FramePixels(width: 0, height: 0)
        var milliseconds: [Double] = []
        var overdraw: [Double] = []
        var drawCalls = 0, cardsSubmitted = 0
        var startupMilliseconds: Double?
        var photosOnFirstFrame = 0
        /// Wall-clock milliseconds from the end of the first frame to the end of the first frame
        /// showing the centred card's photo, and every visible card's.
        var centredMilliseconds: Double?, allVisibleMilliseconds: Double?
        /// The most the app and its decoder workers held together (PSS), read every 10 frames.
        var peakPSSMiB = 0.0
        /// Grey placeholders on screen in the frames after every visible photo first arrived.
        var placeholders = PlaceholderFrames()
        /// The times of the frames drawn while the visible photos were still arriving (after the
        /// first): what the decoders cost the frame rate.
        var loadingMilliseconds: [Double] = []
    }

    /// The scripted scroll, frame by frame through the session's frame step, each timed from
    /// building the scene to the GPU's finish.
    private func renderFrames(_ session: Session, renderer: FrameRenderer, deck: PhotoDeck?) -> Frames {
        var script = Self.script(layout: session.state.row.layout, frames: settings.frames, flicks: settings.flicks)[...]
        var measured = Frames(pixels: renderer.windowPixels)
        let pixels = measured.pixels
        let pixelCount = Double(pixels.width * pixels.height)
        let clock = MonotonicClock()
        var firstFrameEnd: MonotonicClock.Instant?
        // As in the app: the first frame goes up before any photo is uploaded, then every one
        // ready just after the open; no photo is decoded ahead for the full view.
        let photos = Session.Photos(prepares: false)
        for frame in 0..<settings.frames {
            TerminationSignals.exitIfRequested()
            let time = Double(frame) / 60
            var events: [AppEvent] = []
            while let next = script.first, next.time <= time {
                events.append(.input(next))
                script.removeFirst()
            }
            let step = session.advance(events, at: time, photos: photos)
            if frame == 0, let deck { measured.photosOnFirstFrame = deck.texturesInUse }
            // Timed from building the scene (captions and HUD are drawn into their images there).
            let start = clock.now
            session.draw(step.frame, into: pixels)
            renderer.finish()
            let elapsed = clock.now - start
            session.present(now: { time })
            if measured.startupMilliseconds == nil {
                measured.startupMilliseconds = ProcessStats.secondsSinceStart().map { $0 * 1000 }
            }
            let controller = session.state.row
            if let deck, let firstFrameEnd {
                let offset = controller.offset(at: time)
                let sinceFirst = (clock.now - firstFrameEnd).milliseconds
                if measured.centredMilliseconds == nil,
                   deck.image(at: Int(controller.layout.centreIndex(scroll: offset).rounded()), now: time) != nil {
                    measured.centredMilliseconds = sinceFirst
                }
                let grey = deck.cardsWithoutPhoto(layout: controller.layout, scroll: offset)
                if measured.allVisibleMilliseconds == nil, grey == 0 {
                    measured.allVisibleMilliseconds = sinceFirst
                } else if measured.allVisibleMilliseconds != nil {
                    measured.placeholders.add(grey)
                }
            }
            if firstFrameEnd == nil { firstFrameEnd = clock.now }
            // A photo deck's frames are paced at 60 Hz as in the app (which sleeps between frames
            // and leaves the cores to the decoders): the photos arriving and the flings' grey
            // placeholders are a matter of real time. A frame that overruns its slot is followed
            // at once, so a slow frame rate slows the virtual clock rather than the decoders.
            if deck != nil, let firstFrameEnd {
                let slot = firstFrameEnd + .nanoseconds(Int64((Double(frame + 1) / 60 * 1e9).rounded()))
                let wait = (slot - clock.now).milliseconds
                if wait > 0 { usleep(useconds_t(wait * 1000)) }
            }
            if frame > 0 { measured.milliseconds.append(elapsed.milliseconds) }   // frame 0 also builds the shadow
            if frame > 0, deck != nil, measured.allVisibleMilliseconds == nil {
                measured.loadingMilliseconds.append(elapsed.milliseconds)
            }
            if frame % 10 == 0, deck != nil {
                let pss = ProcessGroup.pssMiB()
                measured.peakPSSMiB = max(measured.peakPSSMiB, pss.app + pss.workers.reduce(0, +))
            }
            renderer.content.hud.record(milliseconds: elapsed.milliseconds, at: time)
            if let count = renderer.finishFragmentCounts() { measured.overdraw.append(Double(count) / pixelCount) }
            measured.drawCalls = max(measured.drawCalls, renderer.drawCalls)
            measured.cardsSubmitted = max(measured.cardsSubmitted, renderer.cardsDrawn)
            if let error = renderer.takeError() { fail(.failure, "frame \(frame): \(error)") }
        }
        return measured
    }

    /// Prints the one JSON object.
    private func report(_ frames: Frames, latency: [Double], startupLatency: [Double], renderer: FrameRenderer, deck: PhotoDeck?,
                        layout: CarouselLayout, taken: (wall: Double, cpu: Double)?) {
        let cpu = ProcessStats.cpuSeconds()
        let times = Percentiles(frames.milliseconds)
        let fragments = Percentiles(frames.overdraw)
        let delays = Percentiles(latency)
        var json = JSONWriter()
        json.field("frames", settings.frames)
        json.field("cards", layout.cardCount)
        json.field("size", "\(settings.width)x\(settings.height)")
        json.field("pixels", "\(frames.pixels.width)x\(frames.pixels.height)")
        json.field("renderer", renderer.glRendererName)
        json.object("frame_ms", [("p50", times.value(50)), ("p95", times.value(95)),
                                 ("p99", times.value(99)), ("max", times.maximum)])
        json.field("cpu_user_s", cpu.user)
        json.field("cpu_sys_s", cpu.system)
        json.field("peak_rss_mib", ProcessStats.peakResidentMiB())
        // Where the photos were decoded; the workers' CPU (their own processes) and memory.
        let workers = ProcessGroup.children()
        json.field("decoders", PhotoDecoding.current == nil ? "in-process" : "workers")
        json.field("workers", workers.count)
        json.field("workers_cpu_s", workers.reduce(0) { $0 + ProcessGroup.cpuSeconds($1) })
        let pss = ProcessGroup.pssMiB()
        json.field("pss_mib", pss.app + pss.workers.reduce(0, +))
        json.field("worker_pss_mib", pss.workers.map { ($0 * 10).rounded() / 10 })
        if deck != nil { json.field("peak_pss_mib", frames.peakPSSMiB) }
        json.field("startup_ms", frames.startupMilliseconds)
        // Each step to the first frame, ms since exec (see StartupTimeline; SWIVEL_STARTUP_TRACE=1 for the app).
        json.object("startup_phases_ms", StartupTimeline.phases.map { ($0.phase.rawValue, $0.milliseconds) })
        if frames.overdraw.isEmpty {
            json.null("overdraw")
        } else {
            json.object("overdraw", [("mean", fragments.mean), ("max", fragments.maximum)])
        }
        json.object("latency_ms", [("p50", delays.value(50)), ("p95", delays.value(95))])
        let early = Percentiles(startupLatency)
        json.object("startup_latency_ms", [("p50", early.value(50)), ("p95", early.value(95)), ("max", early.maximum)])
        json.field("draw_calls", frames.drawCalls)
        json.field("cards_submitted", frames.cardsSubmitted)
        if let deck {
            json.field("photos", deck.count)
            json.field("photos_on_first_frame", frames.photosOnFirstFrame)
            json.field("photos_on_gpu_at_end", deck.texturesInUse)
            json.field("texture_mib", Double(deck.textureBytes) / 1_048_576)
            let decodes = Percentiles(deck.decodeMilliseconds)
            json.object("decode_ms", [("p50", decodes.value(50)), ("p95", decodes.value(95)), ("max", decodes.maximum)])
            let cpu = Percentiles(deck.decodeCPUMilliseconds)
            json.object("decode_cpu_ms", [("p50", cpu.value(50)), ("p95", cpu.value(95)), ("max", cpu.maximum)])
            json.field("decoded", deck.decodeMilliseconds.count)
            json.field("taken_dates_ms", taken?.wall)
            json.field("taken_dates_cpu_ms", taken?.cpu)
            json.field("centred_photo_ms", frames.centredMilliseconds)
            json.field("visible_photos_ms", frames.allVisibleMilliseconds)
            // After visible_photos_ms (in the flings): frames with a visible card still grey,
            // the longest run of such frames in a row, and the most grey cards in one frame.
            json.field("placeholder_frames", frames.placeholders.frames)
            json.field("placeholder_run_max", frames.placeholders.longestRun)
            json.field("placeholder_cards_max", frames.placeholders.mostCards)
            // Cards whose photo came from the shared thumbnail cache, cards decoded from their
            // file, the thumbnails (and failure entries) written, and those dropped because the
            // writer's queue was full (`ThumbnailWriter.maxQueuedBytes`), and the CPU time the
            // thumbnails cost (kept, encoded, written); null with --no-thumbnail-cache.
            json.field("thumbnail_hits", deck.thumbnails?.hits)
            json.field("thumbnail_misses", deck.thumbnails?.misses)
            json.field("thumbnails_written", deck.thumbnails?.writer.written)
            json.field("thumbnails_dropped", deck.thumbnails?.writer.dropped)
            json.field("thumbnail_cpu_ms", deck.thumbnails?.cpuMilliseconds)
            if frames.loadingMilliseconds.isEmpty {
                json.null("loading_frame_ms")
            } else {
                let loading = Percentiles(frames.loadingMilliseconds)
                json.object("loading_frame_ms", [("p50", loading.value(50)), ("p95", loading.value(95)),
                                                 ("max", loading.maximum)])
            }
        }
        Console.out(json.text)
    }

    /// The offset that centres the deck's middle card (card 3 of 7, card 499,999 of 10⁶).
    static func middle(of layout: CarouselLayout) -> Double {
        Double((layout.cardCount - 1) / 2) * layout.parameters.pitch
    }

    /// Two flings in virtual time: towards the end of the deck after a fifth of the frames, back
    /// half-way through the rest; each `flicks` flicks, 0.25 s apart.
    static func script(layout: CarouselLayout, frames: Int, flicks: Int = 1) -> [InputEvent] {
        let width = layout.viewport.width, y = layout.viewport.height / 2
        func fling(from x: Double, step: Double, at start: Double) -> [InputEvent] {
            (0...12).map { i in
                let phase: PointerPhase = i == 0 ? .down : (i == 12 ? .up : .move)
                let moved = Double(min(i, 11)) * step
                return .pointer(PointerEvent(phase, .mouse, at: Point(x + moved, y), time: start + Double(i) * 0.008))
            }
        }
        let rest = frames / 5
        let out = Double(rest) / 60, back = Double(rest + (frames - rest) / 2) / 60
        return (0..<flicks).flatMap { fling(from: 0.8 * width, step: -40, at: out + Double($0) * 0.25) }
            + (0..<flicks).flatMap { fling(from: 0.2 * width, step: 40, at: back + Double($0) * 0.25) }
    }
}
