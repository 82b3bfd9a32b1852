#if DEBUG
import CGL
#endif
import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelPlatform
import SwivelRender
import SwivelSystem

/// `swivel --soak MINUTES`: simulated time at 60 Hz, as fast as the machine goes, with seeded
/// random input (`SoakInput`: every command, the full view, marks, pick, trash and undo, the
/// slideshow, resizes, folder changes) through the app's own state and frame step (`Session`), and
/// every K-th frame rendered through the real `Renderer` (with captions, HUD and key list) into a
/// hidden window. A photo deck is the soak's own copy of the photos in a temporary folder with a
/// trash of its own (`SoakFolder`): what it trashes, rewrites and removes is never the user's. It then prints one JSON object and exits 0, or 1 with
/// one line on stderr when a check failed:
///
/// - no GL error after any rendered frame, and no photo texture that failed to allocate or upload;
/// - resident memory growing less than `--soak-memory-limit` (2 MiB) after the warm-up, judged by its trend
///   (`GrowthTrend`) over 31 readings in the same quiet state from the warm-up's end to the run's, and at least
///   half that in each half of them (a leak grows in both; a step that stays, in one), with glibc's malloc
///   thresholds pinned (`MallocThresholds`) so that what malloc keeps for reuse does not count, and
///   Mesa's shader cache off (`DriverShaderCache`) so that the driver's compiler is resident from the start;
/// - GL textures alive (`GLTextureCount`), after every frame whether drawn or not, never above
///   what the deck can hold, use by use — the shadow, one image per overlay, the row's layer, one
///   photo array, the full view's sharp photos — and no more at the end than after the warm-up;
/// - a photo deck's texture bytes within `--texture-budget`.
///
/// The layout's viewport is what gets resized (1×1 to 1920×1080 points); the window stays at
/// `--size` (default 640×360) and each frame is drawn into its lower-left corner at the current
/// pixel scale, which is at most the one that fits 1920×1080 points into the window.
struct Soak {
    /// The window when `--size` is not given: small, so an hour renders in minutes on llvmpipe.
    static let defaultSize = (width: 640, height: 360)

    let options: Options

    func run() {
        let files: [(name: String, bytes: [UInt8])]? = options.demo
            ? DemoDeck.files().enumerated().map { ("\($0.offset + 1) \($0.element.name).png", $0.element.bytes) }
            : options.benchImages.map { folder in
                App.scan([folder], recursive: options.recursive).compactMap { path in
                    let descriptor = open(path.text, O_RDONLY | O_CLOEXEC)
                    guard descriptor >= 0 else { return nil }
                    defer { close(descriptor) }
                    guard case .success(let bytes) = FileDescriptor.readAll(descriptor) else { return nil }
                    return (String(decoding: path.lastComponent, as: UTF8.self), bytes)
                }
            }
        let folder = files.map { SoakFolder(files: $0) }
        if let folder, folder == nil { fail(.failure, "soak: no folder for the photos") }
        var windowOptions = Window.Options()
        (windowOptions.width, windowOptions.height) = options.sizeGiven ? (options.width, options.height)
            : Self.defaultSize
        windowOptions.hidden = true
        windowOptions.vsync = false
        (windowOptions.videoDriver, windowOptions.scale) = (options.videoDriver, options.scale)
        MallocThresholds.pin()
        DriverShaderCache.turnOff()
        var run = Run(options: options, surface: GLWindow(windowOptions), folder: folder ?? nil)
        let wallStart = MonotonicClock.now
        for frame in 0..<run.frames {
            TerminationSignals.exitIfRequested()
            run.step(frame)
        }
        run.finish()
        let failures = run.failures()
        run.report(failures: failures, wall: MonotonicClock.now - wallStart)
        if !failures.isEmpty { fail(.failure, "soak failed: " + failures.joined(separator: "; ")) }
    }

    /// One soak in progress: the row, the deck, the random input and what has been measured.
    private struct Run {
        let options: Options
        let session: Session
        /// The photos' folder and trash (a photo deck's), and the changes to it that wait for the
        /// row to be still (as the folder watch's do).
        let folder: SoakFolder?
        var pendingChanges: [FolderChange] = []
        let pump: EventPump
        let photoCount: Int?
        /// The window's pixels, and the pixel scale that fits the largest layout into them.
        let windowPixels: FramePixels
        let baseScale: Double
        /// The layout's starting size, the one memory is read at.
        let start: Size
        var input: SoakInput
        var scale: Double
        let frames: Int
        /// The warm-up ends at the first frame from `earliestWarmUpEnd` on at which the working set is
        /// complete (`WorkingSet`), at `latestWarmUpEnd` if it never is; nil until then.
        let earliestWarmUpEnd: Int
        let latestWarmUpEnd: Int
        var warmUp: Int?
        var workingSet: WorkingSet
        /// Frames between the quiet readings of resident memory after the warm-up.
        var readingInterval = 1
        var stats = Stats()

        var deck: PhotoDeck? { renderer.content.deck }
        /// Whether a card is a RAW+JPEG pair (its tag's text is an overlay image once drawn).
        var hasPair: Bool { deck?.cards.contains(where: \.isPair) ?? false }
        let renderer: FrameRenderer

        init(options: Options, surface: GLWindow, folder: SoakFolder?) {
            self.options = options
            self.folder = folder
            let photos = folder.map { $0.paths.map(PhotoSource.init(file:)) }
            pump = EventPump(window: surface.window)
            windowPixels = surface.pixels
            baseScale = min(Double(windowPixels.width) / SoakInput.largest.width,
                            Double(windowPixels.height) / SoakInput.largest.height)
            start = Size((Double(windowPixels.width) / baseScale).rounded(),
                         (Double(windowPixels.height) / baseScale).rounded())
            let row = ScrollController(
                layout: CarouselLayout(viewport: start, cardCount: photos?.count ?? options.cards,
                                       parameters: options.parameters),
                snapping: options.snapping, offset: options.scroll, decelerationRate: options.decelerationRate,
                reducesMotion: options.reducedMotion)
            if let photos { DecoderWorkers.start(for: photos.map(\.path)) }
            let deck = photos.map { PhotoDeck(sources: $0, budgetMiB: options.textureBudgetMiB) }
            if let deck, let folder {
                deck.placeNewFiles(DeckPlacement(roots: [folder.photos], sort: .name, reverse: false),
                                   times: Array(repeating: 0, count: deck.count))
            }
            photoCount = photos?.count
            renderer = FrameRenderer(surface: surface, content: SceneContent(deck: deck, background: options.background,
                                                                              captions: options.captions))
            var settings = AppState.Settings()
            (settings.background, settings.captions, settings.emptyIsFatal) = (options.background, options.captions, false)
            let pixels = FramePixels(width: max(1, Int((start.width * baseScale).rounded())),
                                     height: max(1, Int((start.height * baseScale).rounded())))
            let state = AppState(settings: settings, row: row,
                                 fullView: FullViewState(reducesMotion: options.reducedMotion, pixelsPerPoint: baseScale),
                                 overlays: Overlays(hud: options.hud), pixels: pixels)
            session = Session(state: state, renderer: renderer,
                              effects: SystemEffects(locations: folder?.trash ?? .current(), clipboard: { _ in nil }))
            input = SoakInput(seed: UInt64(options.seed), viewport: start)
            scale = baseScale
            frames = max(1, Int((options.soakMinutes! * 3600).rounded()))
            // The first 10 % of the run, at least a simulated minute (one-off costs: fonts, the key
            // list, the driver's shader variants), at most half the run; then on until the working
            // set is complete, but no further than three quarters, so a quarter is left to judge.
            earliestWarmUpEnd = max(1, min(max(frames / 10, 3600), frames / 2))
            latestWarmUpEnd = max(earliestWarmUpEnd, frames * 3 / 4)
            workingSet = WorkingSet(cards: photos?.count ?? 0)
        }

        /// Frame `frame` of the simulated minutes: the input due, the deck's photos, every K-th
        /// frame drawn and presented, then the memory and texture readings.
        mutating func step(_ frame: Int) {
            let now = Double(frame) / 60
            _ = pump.pendingEvents()    // the decoders wake the event loop with SDL events; drain them
            var events = input.due(by: now).flatMap { apply($0, at: now) }
            // Folder changes are taken in once the row is still, as the app takes the watch's.
            if !pendingChanges.isEmpty, session.state.takesFolderChanges(at: now) {
                events.append(.folderChanged(pendingChanges))
                pendingChanges = []
            }
            let warm = warmUp.map { frame >= $0 } ?? false
            let step = session.advance(events, at: now, photos: Session.Photos(prepares: true))
            // The session goes on after a pick or a quit (Esc in the row), which its keys make.
            switch session.state.end {
            case .picked?: stats.picks += 1
            case .quit?: stats.quits += 1
            case .failed?, nil: break
            }
            if session.state.end != nil { session.state.resume() }
            if let deck {
                stats.uploads += step.uploaded
                stats.removed += step.removed
                stats.textureBytesMax = max(stats.textureBytesMax, deck.textureBytes)
                if warm, injectedFault == .uploadLeak { injectFault(count: step.uploaded) }
            }
            if session.state.fullView.shown(at: now) != nil { stats.fullViewFrames += 1 }
            if frame % options.soakRenderEvery == 0 {
                draw(step.frame, number: frame, at: now)
                if !warm { workingSet.saw(session.state, deck: deck, at: now) }
            }
            if frame == warmUp, injectedFault == .textureLeak { injectFault() }
            if warm, injectedFault == .frameLeak { injectFault() }

            let alive = renderer.texturesAlive
            if warm {
                stats.texturesMax = max(stats.texturesMax, alive)
                for use in GLTextureCount.Use.allCases {
                    stats.texturesMaxByUse[use] = max(stats.texturesMaxByUse[use] ?? 0, renderer.texturesAlive(use))
                }
            }
            if frame == 0 { stats.rssFirst = ProcessStats.residentMiB(trimmed: true) }
            if warmUp == nil, frame + 1 >= earliestWarmUpEnd, workingSet.isComplete || frame + 1 >= latestWarmUpEnd {
                // The next frame is the first after the warm-up: the baseline is read now.
                warmUp = frame + 1
                readingInterval = max(1, (frames - (frame + 1)) / Self.readingsAfterWarmUp)
                stats.rssWarm = residentMiBWhenQuiet(at: now)
                stats.rssTrend.add(stats.rssWarm, at: Double(frame + 1))
                stats.texturesWarm = alive
                stats.uploadsWarm = stats.uploads
            }
            if let warmUp, frame > warmUp, (frame - warmUp) % readingInterval == 0, frames - frame >= readingInterval {
                stats.rssTrend.add(residentMiBWhenQuiet(at: now), at: Double(frame))
            }
            if warm, frame % 600 == 0 {
                stats.rssMax = max(stats.rssMax, ProcessStats.residentMiB(trimmed: true))
            }
        }

        /// Quiet readings of resident memory after the warm-up's (the end's is the last): 30 spread
        /// evenly, so a short soak's trend rests on as many as an hour's. Each takes a drawn frame
        /// and a wait for the decoders (about 2 ms here for the demo deck, release build).
        static let readingsAfterWarmUp = 30

        /// The window's pixels for a layout of `viewport` points at the current scale.
        private func pixels(for viewport: Size) -> FramePixels {
            FramePixels(width: max(1, Int((viewport.width * scale).rounded())), height: max(1, Int((viewport.height * scale).rounded())))
        }

        /// One random action as the session's events: input, a new layout size or pixel scale (the
        /// layout drawn into the window's lower-left corner at that scale), a key.
        private mutating func apply(_ action: SoakInput.Action, at now: Double) -> [AppEvent] {
            stats.actions += 1
            switch action {
            case .input(let event):
                if case .keyDown(let chord, let time) = event, let command = session.state.command(for: chord, at: time) {
                    stats.commands[command.rawValue, default: 0] += 1
                }
                return [.input(event)]
            case .folderChange(let choice):
                if let change = folder?.change(choice) {
                    pendingChanges.append(change)
                    stats.folderChanges += 1
                }
                return []
            case .pick:
                stats.commands[Command.pick.rawValue, default: 0] += 1
                session.state.perform(.pick, at: now, deck: session.deck, effects: session.effects)
                return []
            case .resize(let size):
                stats.resizes += 1
                return [.resized(size, pixels: pixels(for: size), fullscreen: false)]
            case .scale(let factor):
                scale = baseScale * factor
                let size = session.state.row.layout.viewport
                return [.resized(size, pixels: pixels(for: size), fullscreen: false)]
            }
        }

        /// Renders and presents `frame` as the window's loop does, counting GL errors.
        private mutating func draw(_ frame: Frame, number: Int, at now: Double) {
            let frameStart = MonotonicClock.now
            renderer.countFragmentsForHUD(frame.hud != nil)
            session.draw(frame, into: frame.pixels)
            if let warmUp, number >= warmUp, injectedFault == .glError, !stats.injectedGLError { injectFault() }
            for _ in 0..<Renderer.maximumPendingErrors {
                guard let error = renderer.takeError() else { break }
                if stats.glErrors == 0 { stats.firstGLError = "frame \(number): \(error)" }
                stats.glErrors += 1
            }
            session.present(now: { now })
            renderer.content.hud.record(milliseconds: (MonotonicClock.now - frameStart).milliseconds, at: now)
            stats.rendered += 1
        }

        /// Debug builds only, for the tests: `SWIVEL_TEST_SOAK_FAULT` (`TestConfiguration`) makes the soak meet a fault after
        /// its warm-up, so a test can see it exit 1 for each (no driver makes a GL error or a leak on
        /// demand): `gl-error` once (the first frame drawn then), `texture-leak` one texture never
        /// deleted, `frame-leak` 16 KiB kept every frame (a 64 × 64 RGBA image a frame, never freed),
        /// `upload-leak` 64 KiB kept for every photo uploaded (a 128 × 128 RGBA copy of each card).
        /// Release builds never read it.
        enum Fault: String {
            case glError = "gl-error", textureLeak = "texture-leak", frameLeak = "frame-leak", uploadLeak = "upload-leak"

            /// The bytes a leak keeps each time.
            var leakedBytes: Int { self == .uploadLeak ? 64 << 10 : 16 << 10 }
        }

        let injectedFault = TestConfiguration.current.soakFault.flatMap(Fault.init(rawValue:))

        /// What the injected fault leaves behind, kept for the rest of the run.
        nonisolated(unsafe) private static var leaked: [AnyObject] = []

        private mutating func injectFault(count: Int = 1) {
            #if DEBUG
            switch injectedFault {
            case .glError:
                glBindTexture(0x1234, 0)    // no such target: GL_INVALID_ENUM
                stats.injectedGLError = true
            case .textureLeak:
                Self.leaked.append(OverlayImage())    // one texture name, never deleted
            case .frameLeak, .uploadLeak:
                // Written to (so resident), never freed.
                for _ in 0..<count {
                    let bytes = injectedFault!.leakedBytes
                    let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
                    block.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
                }
            case nil:
                break
            }
            #endif
        }

        /// The readings at the end of the run.
        mutating func finish() {
            stats.rssEndUntrimmed = ProcessStats.residentMiB()
            stats.rssEnd = residentMiBWhenQuiet(at: Double(frames) / 60)
            stats.rssTrend.add(stats.rssEnd, at: Double(frames))
            stats.rssMax = max(stats.rssMax, stats.rssEnd)
        }

        /// Memory is read in the same quiet state after the warm-up and at the end: the layout at
        /// the starting size and scale (photo, shadow and caption textures are sized by the pixel
        /// scale, which the random resizes keep changing), the decoders finished and their photos
        /// uploaded (decodes in flight hold pixels that are no leak; how many depends on machine
        /// load), one frame drawn and finished. The random run then goes on from where it was.
        private mutating func residentMiBWhenQuiet(at now: Double) -> Double {
            // The full view closed at once and its photos let go, as after the last Esc.
            session.state.fullView.close()
            let saved = session.state.window
            let pixels = FramePixels(width: max(1, Int((start.width * baseScale).rounded())),
                                     height: max(1, Int((start.height * baseScale).rounded())))
            var step = session.advance([.resized(start, pixels: pixels, fullscreen: false)], at: now, photos: Self.quiet)
            if let deck {
                let deadline = MonotonicClock.now + .seconds(10)
                repeat {
                    step = session.advance([], at: now, photos: Self.quiet)
                    usleep(1_000)
                } while deck.hasWork && MonotonicClock.now < deadline
            }
            session.draw(step.frame, into: pixels)
            renderer.finish()
            let resident = ProcessStats.residentMiB(trimmed: true)
            session.advance([.resized(saved.size, pixels: saved.pixels, fullscreen: false)], at: now,
                            photos: Session.Photos(update: false))
            return resident
        }

        /// The quiet readings' photo steps: every photo ready goes up at once, the cards on screen
        /// asked for whatever the row's speed.
        private static let quiet = Session.Photos(update: true, prepares: false, settled: true, uploads: (.max, .infinity))

        /// The textures the deck needs, use by use: the shadow, one image per overlay (HUD, key
        /// list, information panel, notice line; for a photo deck its captions and the four curves
        /// of the full view's histogram; the RAW+JPEG tag of a deck with a pair: `PairTagOverlay`),
        /// the row's layer under a
        /// flight, and a photo deck's photo array and the full view's sharp photos (the open page's
        /// window-size and full-resolution textures and each neighbour's window-size one: the
        /// soak's window is far below the texture limit, so one tile each).
        func textureBound(_ use: GLTextureCount.Use) -> Int {
            switch use {
            case .shadow, .rowLayer: 1
            case .overlay: 4 + (deck != nil ? 4 + (options.captions ? 1 : 0) : 0) + (hasPair ? 1 : 0)
            case .photoArray: deck != nil ? 1 : 0
            case .sharpPhoto: deck != nil ? 4 : 0
            }
        }
        var textureBound: Int { GLTextureCount.Use.allCases.map(textureBound).reduce(0, +) }
        var budgetBytes: Int { options.textureBudgetMiB * 1_048_576 }

        /// The checks that failed, one phrase each.
        func failures() -> [String] {
            var failures: [String] = []
            if let first = stats.firstGLError {
                failures.append("\(stats.glErrors) GL error\(stats.glErrors == 1 ? "" : "s"), the first at \(first)")
            }
            if let deck, deck.textureFailures > 0 {
                failures.append("\(deck.textureFailures) photo texture\(deck.textureFailures == 1 ? "" : "s") failed")
            }
            // Growth by the trend, in both halves of the run after the warm-up: a leak grows in
            // both, while a step that stays (a cache or a driver's shader variant first filled late:
            // +3.5 MiB at minute 31 of one `make soak` hour in six, the rest flat) does not.
            let growth = stats.rssTrend.growth, halves = stats.rssTrend.halves
            let limit = options.soakMemoryLimitMiB
            if growth >= limit && halves.first >= limit / 2 && halves.second >= limit / 2 {
                failures.append("resident memory grew \(growth.fixed(2)) MiB after the warm-up by the trend of "
                                + "\(stats.rssTrend.count) readings, \(halves.first.fixed(2)) and \(halves.second.fixed(2)) MiB "
                                + "in its halves (\(stats.rssWarm.fixed(2)) → \(stats.rssEnd.fixed(2)) MiB)")
            }
            for use in GLTextureCount.Use.allCases {
                let most = stats.texturesMaxByUse[use] ?? 0, bound = textureBound(use)
                if most > bound {
                    failures.append("\(most) GL textures alive for \(Self.name(use)), more than the \(bound) the deck needs")
                }
            }
            if renderer.texturesAlive > stats.texturesWarm {
                failures.append("GL textures alive grew from \(stats.texturesWarm) after the warm-up to \(renderer.texturesAlive)")
            }
            if deck != nil && stats.textureBytesMax > budgetBytes {
                failures.append("photo textures took \(stats.textureBytesMax) bytes, over the \(budgetBytes) budget")
            }
            return failures
        }

        /// What textures of `use` are for, in the soak's failure line.
        static func name(_ use: GLTextureCount.Use) -> String {
            switch use {
            case .shadow: "the shadow"
            case .overlay: "overlay images"
            case .rowLayer: "the row's layer"
            case .photoArray: "photo arrays"
            case .sharpPhoto: "sharp photos"
            }
        }

        /// Prints the one JSON object.
        func report(failures: [String], wall: Duration) {
            let cpu = ProcessStats.cpuSeconds()
            var json = JSONWriter()
            json.field("ok", failures.isEmpty)
            json.field("simulated_minutes", Double(frames) / 3600)
            json.field("frames", frames)
            json.field("frames_rendered", stats.rendered)
            json.field("warm_up_frames", warmUp ?? frames)
            json.field("seed", options.seed)
            json.field("size", "\(windowPixels.width)x\(windowPixels.height)")
            json.field("cards", photoCount ?? options.cards)
            json.field("renderer", renderer.glRendererName)
            json.field("input_actions", stats.actions)
            json.field("resizes", stats.resizes)
            json.object("commands", stats.commands.sorted { $0.key < $1.key }.map { ($0.key, Double($0.value)) })
            json.field("full_view_frames", stats.fullViewFrames)
            json.field("folder_changes", stats.folderChanges)
            json.field("picks", stats.picks)
            json.field("quits", stats.quits)
            json.field("gl_errors", stats.glErrors)
            json.field("rss_first_mib", stats.rssFirst)
            json.field("rss_warm_mib", stats.rssWarm)
            json.field("rss_end_mib", stats.rssEnd)
            json.field("rss_max_mib", stats.rssMax)
            json.field("rss_growth_mib", stats.rssEnd - stats.rssWarm)
            json.field("rss_trend_growth_mib", stats.rssTrend.growth)
            json.field("rss_trend_halves_mib", [stats.rssTrend.halves.first, stats.rssTrend.halves.second])
            json.field("rss_readings_mib", stats.rssTrend.readings.map(\.y))
            json.field("rss_end_untrimmed_mib", stats.rssEndUntrimmed)
            json.field("textures_alive", renderer.texturesAlive)
            json.field("textures_alive_warm", stats.texturesWarm)
            json.field("textures_alive_max", stats.texturesMax)
            json.field("textures_bound", textureBound)
            json.object("textures_alive_max_by_use", GLTextureCount.Use.allCases.map { ($0.rawValue, Double(stats.texturesMaxByUse[$0] ?? 0)) })
            json.object("textures_bound_by_use", GLTextureCount.Use.allCases.map { ($0.rawValue, Double(textureBound($0))) })
            json.field("textures_created", renderer.texturesCreated)
            json.field("shadow_builds", renderer.shadowBuilds)
            if let deck {
                json.field("photo_uploads", stats.uploads)
                json.field("photo_uploads_warm", stats.uploadsWarm)
                json.field("photo_texture_failures", deck.textureFailures)
                json.field("photos_removed", stats.removed)
                json.field("texture_bytes", deck.textureBytes)
                json.field("texture_bytes_max", stats.textureBytesMax)
                json.field("texture_budget_bytes", budgetBytes)
            }
            json.field("wall_s", wall.milliseconds / 1000)
            json.field("cpu_user_s", cpu.user)
            json.field("cpu_sys_s", cpu.system)
            Console.out(json.text)
        }
    }

    private struct Stats {
        var actions = 0, resizes = 0, rendered = 0, uploads = 0, uploadsWarm = 0, removed = 0
        /// The commands the keys gave, by name; the folder changes made; the picks and quits the
        /// session went on after; the frames with the full view open.
        var commands: [String: Int] = [:]
        var folderChanges = 0, picks = 0, quits = 0, fullViewFrames = 0
        var glErrors = 0
        var firstGLError: String?
        var rssFirst = 0.0, rssWarm = 0.0, rssEnd = 0.0, rssMax = 0.0, rssEndUntrimmed = 0.0
        var texturesWarm = 0, texturesMax = 0
        /// The most textures alive for each use after the warm-up.
        var texturesMaxByUse: [GLTextureCount.Use: Int] = [:]
        var textureBytesMax = 0
        var injectedGLError = false
        /// The quiet readings of resident memory from the warm-up's end to the run's, by frame.
        var rssTrend = GrowthTrend()
    }

    /// What the soak must have met before its warm-up may end, so that one-off costs fall inside
    /// it: every photo of the deck on the GPU at least once (its decode, resample and upload, and
    /// the texture array; a photo found unreadable leaves the deck and is not waited for), and the
    /// HUD and the key list each drawn (their fonts and glyphs), and the full view open (its flight's
    /// programs, compiled at their first draw; `SoakInput.tour` opens it in the first seconds), and
    /// a photo rated (the rating strip's program, built at its first draw).
    private struct WorkingSet {
        var cardsSeen: [Bool]
        var hudSeen = false, keyHelpSeen = false, fullViewSeen = false, ratingSeen = false

        init(cards: Int) { cardsSeen = Array(repeating: false, count: cards) }

        var isComplete: Bool { hudSeen && keyHelpSeen && fullViewSeen && ratingSeen && !cardsSeen.contains(false) }

        mutating func saw(_ state: AppState, deck: PhotoDeck?, at now: Double) {
            hudSeen = hudSeen || state.overlays.hud
            keyHelpSeen = keyHelpSeen || state.overlays.keyList
            fullViewSeen = fullViewSeen || state.fullView.shown(at: now) != nil
            ratingSeen = ratingSeen || !state.ratings.isEmpty || deck == nil
            guard let deck, cardsSeen.contains(false) else { return }
            for position in cardsSeen.indices where !cardsSeen[position] {
                cardsSeen[position] = position >= deck.count || deck.photo(at: position, now: now) != nil
            }
        }
    }
}
