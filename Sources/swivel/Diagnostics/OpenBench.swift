import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelPlatform
import SwivelSystem

/// `swivel --bench --images DIR --open N`: the full view in real time. In the same run: libjpeg-
/// turbo's own decode time for every file at the scale the full view needs (`TurboJPEGFloor`),
/// then, photo after photo from card N (at least `minimumOpens`, the deck cycled when it has
/// fewer): the row centred on it and settled, Enter, and the time until a frame shows its sharp
/// photo; once the neighbours' photos are in (decoded ahead), → (← on the last card) and whether
/// the next page's first frame shows its sharp photo; Esc. These opens decode their photo after
/// Enter: the photo of the card the row rests on is not decoded ahead for them (the frame step is
/// not given the row: `Session.Photos.prepares`). Then `minimumOpens` opens as the app does
/// them, from card N on: the row settled on the card and resting `rest` seconds (its photo decoded
/// ahead meanwhile), Enter, the time until a frame shows the sharp photo and whether the open's
/// first frame did; Esc. Then, on card N, a wheel zoom, a drag
/// and a fling for two seconds with every frame timed. Wall clock throughout: frames go in 60 Hz
/// slots as the app's pacing puts them (at most one a slot; the full view's decode, on its own
/// thread, competes for the cores as it does in the app), each finished with glFinish; after the
/// flight, a slot in which nothing on screen changes draws no frame, as in the app.
struct OpenBench {
    /// Opens measured at the least: enough for a p95 that is not the maximum of a handful.
    static let minimumOpens = 20
    /// How long a step (a photo arriving, the deck settling) may take before the bench moves on.
    static let patience = 10.0
    /// How long the row rests on a card before the second kind of open: ample for its photo's
    /// decode ahead (a 24 MP JPEG's at 1280×720 takes about 80 ms).
    static let rest = 0.5

    let settings: Bench.Settings
    let firstCard: OpenTarget

    func run() {
        let files = settings.images.map { App.scan([$0], recursive: false) } ?? []
        // Started as the app starts them, before the window opens, and not waited for.
        DecoderWorkers.start(for: files, inProcess: settings.inProcess)
        let surface = settings.window()
        let pixels = surface.pixels
        // A camera's RAW+JPEG pairs one photo each, as the app shows them.
        let sources = RAWJPEGPairs.cards(files, pairing: .together).map(PhotoSource.init(files:))
        // The floor first, while no decode thread runs: each photo's file three times, the median.
        let floors = sources.map { TurboJPEGFloor.measure($0.path, window: (pixels.width, pixels.height)) }
        let deck = PhotoDeck(sources: sources, budgetMiB: settings.textureBudgetMiB, thumbnails: settings.thumbnailCache)
        let renderer = FrameRenderer(surface: surface, content: SceneContent(deck: deck, background: .white))
        let layout = CarouselLayout(viewport: Size(Double(settings.width), Double(settings.height)), cardCount: deck.count)
        var run = Run(session: Bench.session(renderer, layout: layout, offset: 0, reducesMotion: settings.reducedMotion),
                      renderer: renderer, deck: deck, layout: layout)
        let first = min(max(firstCard.card(in: sources), 0), max(0, deck.count - 1))
        var measured = Measured()
        if deck.count > 0 {
            for n in 0..<max(Self.minimumOpens, deck.count) {
                let card = (first + n) % deck.count
                measured.add(run.openPageAndClose(card), floor: floors[deck.photoID(at: card) ?? 0]?.milliseconds)
            }
            measured.restedOpens = (0..<Self.minimumOpens).map { run.restAndOpen((first + $0) % deck.count) }
            measured.zoomPan = run.zoomAndPan(first)
        }
        deck.thumbnails?.writer.finish(within: 30)
        // The first photo a camera RAW (or a pair's): its full demosaic beside dcraw_emu's, last,
        // on a settled deck.
        let raw = sources.indices.contains(first) ? sources[first].files.raw
            ?? (RAWJPEGPairs.side(of: sources[first].path) == .raw ? sources[first].path : nil) : nil
        let demosaics = raw.map { (file: $0, times: RAWDemosaicReference.measure($0)) }
        report(measured, floors: floors.compactMap { $0 }, renderer: renderer, deck: deck, demosaics: demosaics)
    }

    /// One photo's open, page and close.
    struct Open {
        var toSharp: Double?, toSharpFrames: Int?, toOpaque: Double?
        /// From the open to the frame step that took its sharp photo in, and that step's upload.
        var toArrival: Double?, upload: Double?
        /// The sharp photo's decode on its thread: wall clock and the thread's CPU time (ms).
        var decodeWall: Double?, decodeCPU: Double?
        /// From the open photo's sharp frame until its neighbours' photos were in too.
        var neighbourWait: Double?
        var paged = false, pageSharpInFirstFrame = false
        var pageToSharp: Double?
        /// The frames drawn from the open to the sharp one (build to glFinish, ms).
        var frames: [Double] = []
    }

    /// An open after the row rested on the card.
    struct RestedOpen {
        var toSharp: Double?
        var sharpInFirstFrame = false
    }

    struct Measured {
        var opens: [Open] = []
        var restedOpens: [RestedOpen] = []
        /// Opens whose time to sharp kept within 1.25 × their file's floor + 2 frames.
        var withinGoal = 0
        var zoomPan: ZoomPan?

        mutating func add(_ open: Open, floor: Double?) {
            opens.append(open)
            if let sharp = open.toSharp, let floor, sharp <= Bench.OpenGoal.bound(floor) { withinGoal += 1 }
        }
    }

    /// The zoom and pan's frames: build to glFinish, and the whole step (the sharp photos' update
    /// and uploads too).
    struct ZoomPan {
        var frames: [Double] = [], steps: [Double] = []
        var fullResolutionArrived = false
    }

    /// The session's frame step in wall-clock time.
    struct Run {
        let session: Session
        let renderer: FrameRenderer
        let deck: PhotoDeck
        let layout: CarouselLayout
        let start = MonotonicClock.now
        /// The 60 Hz slot of the last frame step.
        var slot = -1
        /// Whether the frame step decodes the photo of the card the row rests on ahead, as in the
        /// app (`restAndOpen` only).
        var prepares = false

        init(session: Session, renderer: FrameRenderer, deck: PhotoDeck, layout: CarouselLayout) {
            (self.session, self.renderer, self.deck, self.layout) = (session, renderer, deck, layout)
        }

        var now: Double { (MonotonicClock.now - start).milliseconds / 1000 }
        var state: AppState { session.state }

        /// What one frame step did.
        struct Step {
            var time: Double
            var slot: Int
            var drawn = false
            /// Build to glFinish, and from the photos' update to glFinish; ms.
            var frame = 0.0, whole = 0.0
            /// How long the full view's update took, ms.
            var update = 0.0
            /// Seconds since the run started when the frame was finished.
            var end = 0.0
        }

        /// Waits for the next 60 Hz slot (none when the last step overran into this one), runs the
        /// session's frame step with `input(time)` and draws the frame when it differs from the one
        /// on screen, as the app does (`always`: every slot).
        mutating func step(always: Bool = false, _ input: (Double) -> [InputEvent] = { _ in [] }) -> Step {
            let due = Double(slot + 1) / 60
            let wait = due - now
            if wait > 0 { usleep(useconds_t(wait * 1e6)) }
            slot = max(slot + 1, Int(now * 60))
            let time = now
            var step = Step(time: time, slot: slot)
            let before = MonotonicClock.now
            let advanced = session.advance(input(time).map { .input($0) }, at: time, photos: Session.Photos(prepares: prepares))
            step.update = advanced.sharpMilliseconds
            if always || slot == 0 || advanced.frame.differs(from: session.drawn) {
                let frameStart = MonotonicClock.now
                session.draw(advanced.frame)
                renderer.finish()
                let end = MonotonicClock.now
                session.present(now: { time })
                (step.drawn, step.frame, step.whole) = (true, (end - frameStart).milliseconds, (end - before).milliseconds)
                if let error = renderer.takeError() { fail(.failure, "open bench: \(error)") }
            }
            step.end = now
            TerminationSignals.exitIfRequested()
            return step
        }

        /// How far page `page`'s sharp photo shows in the frame of `time` (nil: not drawn).
        func sharpOpacity(_ page: Int, at time: Double) -> Double? {
            state.sharp.opacity(ofPage: page, in: state.fullView.shown(at: time), now: time)
        }

        /// Steps until `done`, at most `patience` seconds; the step that found it done, if any.
        @discardableResult
        mutating func stepUntil(always: Bool = false, _ done: (inout Run, Step) -> Bool) -> Step? {
            let limit = now + OpenBench.patience
            while now < limit {
                let step = self.step(always: always)
                if done(&self, step) { return step }
            }
            return nil
        }

        /// The row centred on `card`, at rest, with its visible photos on screen and no decode running.
        mutating func settle(on card: Int) {
            session.state.row = ScrollController(layout: layout, offset: layout.offset(centering: card))
            stepUntil { run, step in
                run.deck.cardsWithoutPhoto(layout: run.layout, scroll: run.state.row.offset(at: step.time)) == 0
                    && !run.deck.hasWork && !run.deck.hasUploads && !run.deck.isFading(now: step.time)
            }
        }

        /// Opens `card` as Enter does (the flight), waits for its sharp photo and its neighbours',
        /// pages to the next (the previous from the last card), closes.
        mutating func openPageAndClose(_ card: Int) -> Open {
            settle(on: card)
            var open = Open()
            let opened = step { [.keyDown(KeyChord(.enter), time: $0)] }
            let openedAt = opened.time
            var arrival: Step?
            var frames: [Double] = []
            func sharp(_ run: inout Run, _ step: Step) -> Bool {
                if step.drawn { frames.append(step.frame) }
                if arrival == nil, run.state.fullView.view?.sharpSizes[card] != nil { arrival = step }
                return step.drawn && (run.sharpOpacity(card, at: step.time) ?? 0) > 0
            }
            let shown = sharp(&self, opened) ? opened : stepUntil(sharp)
            if let shown {
                open.toSharp = (shown.end - openedAt) * 1000
                open.toSharpFrames = shown.slot - opened.slot + 1
            }
            open.frames = frames
            if let arrival {
                open.toArrival = (arrival.time - openedAt) * 1000
                open.upload = arrival.update
                if let decode = state.sharp.lastWindowDecode, decode.id == deck.photoID(at: card) {
                    (open.decodeWall, open.decodeCPU) = (decode.wallMilliseconds, decode.cpuMilliseconds)
                }
            }
            if let opaque = stepUntil({ run, step in step.drawn && (run.sharpOpacity(card, at: step.time) ?? 0) >= 1 }) {
                open.toOpaque = (opaque.end - openedAt) * 1000
            }
            // Paging to a page decoded ahead: both neighbours in, the flight over.
            let neighbours = [card - 1, card + 1].filter { $0 >= 0 && $0 < deck.count }
            let sharpAt = open.toSharp.map { openedAt + $0 / 1000 }
            let ready = stepUntil { run, step in
                guard let view = run.state.fullView.shown(at: step.time), !view.isAnimating(at: step.time) else { return false }
                return neighbours.allSatisfy { view.sharpSizes[$0] != nil }
            }
            if let ready, let sharpAt { open.neighbourWait = max(0, ready.end - sharpAt) * 1000 }
            if let next = neighbours.last, ready != nil {
                let key = KeyChord(next > card ? .right : .left)
                let paged = step { [.keyDown(key, time: $0)] }
                open.paged = true
                open.pageSharpInFirstFrame = paged.drawn && (sharpOpacity(next, at: paged.time) ?? 0) > 0
                if open.pageSharpInFirstFrame {
                    open.pageToSharp = (paged.end - paged.time) * 1000
                } else if let shown = stepUntil({ run, step in step.drawn && (run.sharpOpacity(next, at: step.time) ?? 0) > 0 }) {
                    open.pageToSharp = (shown.end - paged.time) * 1000
                }
                stepUntil { run, step in run.state.fullView.shown(at: step.time)?.isAnimating(at: step.time) == false }
            }
            closeAndSettle()
            return open
        }

        /// Esc, and the steps until the view is closed and the row still.
        mutating func closeAndSettle() {
            _ = step { [.keyDown(KeyChord(.escape), time: $0)] }
            stepUntil { run, step in run.state.fullView.shown(at: step.time) == nil && !run.state.row.isAnimating(at: step.time) }
        }

        /// Opens `card` as Enter does after the row rested on it `OpenBench.rest` seconds, its photo
        /// decoded ahead meanwhile: the time until a frame shows its sharp photo, and whether the
        /// open's first frame did; then closes.
        mutating func restAndOpen(_ card: Int) -> RestedOpen {
            prepares = true
            settle(on: card)
            let rested = now + OpenBench.rest
            stepUntil { run, _ in run.now >= rested }
            var open = RestedOpen()
            let opened = step { [.keyDown(KeyChord(.enter), time: $0)] }
            prepares = false
            func sharp(_ run: inout Run, _ step: Step) -> Bool { step.drawn && (run.sharpOpacity(card, at: step.time) ?? 0) > 0 }
            open.sharpInFirstFrame = sharp(&self, opened)
            if let shown = open.sharpInFirstFrame ? opened : stepUntil(sharp) {
                open.toSharp = (shown.end - opened.time) * 1000
            }
            closeAndSettle()
            return open
        }

        /// On `card`, open with its sharp photo in: five wheel notches in about a point left of and
        /// above the centre, a slow drag, then a fling left to glide; two seconds, every slot drawn.
        mutating func zoomAndPan(_ card: Int) -> ZoomPan {
            settle(on: card)
            _ = step { [.keyDown(KeyChord(.enter), time: $0)] }
            stepUntil { run, step in
                guard let view = run.state.fullView.shown(at: step.time) else { return false }
                return !view.isAnimating(at: step.time) && (run.sharpOpacity(card, at: step.time) ?? 0) >= 1
            }
            let size = layout.viewport, start = now
            let anchor = Point(size.width * 0.4, size.height * 0.4), centre = Point(size.width / 2, size.height / 2)
            var script: [InputEvent] = (0..<5).map { .wheel(WheelEvent(dy: 1, at: anchor, time: start + 0.05 * Double($0))) }
            // The drag: 0.5 s from the centre, 200 pt right and 100 down, a move every 8 ms (125 Hz).
            script += (0...63).map { i in
                let phase: PointerPhase = i == 0 ? .down : (i == 63 ? .up : .move)
                let moved = Double(min(i, 62)) / 62
                return .pointer(PointerEvent(phase, .mouse, at: Point(centre.x + 200 * moved, centre.y + 100 * moved),
                                             time: start + 0.7 + Double(i) * 0.008))
            }
            // The fling: 12 moves of 40 pt left in 96 ms, let go moving.
            script += (0...12).map { i in
                let phase: PointerPhase = i == 0 ? .down : (i == 12 ? .up : .move)
                return .pointer(PointerEvent(phase, .mouse, at: Point(centre.x - 40 * Double(min(i, 11)), centre.y),
                                             time: start + 1.4 + Double(i) * 0.008))
            }
            var pending = script[...]
            var measured = ZoomPan()
            while now < start + 2.2 {
                let step = self.step(always: true) { time in
                    var due: [InputEvent] = []
                    while let next = pending.first, next.time <= time { due.append(next); pending.removeFirst() }
                    return due
                }
                measured.frames.append(step.frame)
                measured.steps.append(step.whole)
            }
            measured.fullResolutionArrived = !state.sharp.isWaiting
            _ = step { [.keyDown(KeyChord(.escape), time: $0)] }
            stepUntil { run, step in run.state.fullView.shown(at: step.time) == nil }
            return measured
        }
    }

    /// Prints the one JSON object (see `--bench-help`).
    private func report(_ measured: Measured, floors: [TurboJPEGFloor.Measurement], renderer: FrameRenderer, deck: PhotoDeck,
                        demosaics: (file: FilePath, times: (swivel: RAWDemosaicReference.Times, dcrawEmu: RAWDemosaicReference.Times?))?) {
        func percentiles(_ values: [Double]) -> [(String, Double?)] {
            let p = Percentiles(values)
            return [("p50", p.value(50)), ("p95", p.value(95)), ("max", p.maximum)]
        }
        let opens = measured.opens
        var json = JSONWriter()
        json.field("mode", "open")
        json.field("size", "\(settings.width)x\(settings.height)")
        json.field("pixels", "\(renderer.windowPixels.width)x\(renderer.windowPixels.height)")
        json.field("renderer", renderer.glRendererName)
        json.field("photos", deck.count)
        json.field("opens", opens.count)
        json.field("cycled", opens.count > deck.count)
        json.object("open_to_sharp_ms", percentiles(opens.compactMap(\.toSharp)))
        json.object("open_to_sharp_frames", percentiles(opens.compactMap(\.toSharpFrames).map(Double.init)))
        json.field("open_not_sharp", opens.filter { $0.toSharp == nil }.count)
        json.object("open_to_opaque_ms", percentiles(opens.compactMap(\.toOpaque)))
        json.object("open_to_arrival_ms", percentiles(opens.compactMap(\.toArrival)))
        json.object("sharp_upload_ms", percentiles(opens.compactMap(\.upload)))
        json.object("open_decode_wall_ms", percentiles(opens.compactMap(\.decodeWall)))
        json.object("open_decode_cpu_ms", percentiles(opens.compactMap(\.decodeCPU)))
        json.object("open_frame_ms", percentiles(opens.flatMap(\.frames)))
        json.field("neighbours_in_before_paging", true)
        json.object("neighbour_wait_ms", percentiles(opens.compactMap(\.neighbourWait)))
        json.field("pages", opens.filter(\.paged).count)
        json.field("page_sharp_first_frame", opens.filter(\.pageSharpInFirstFrame).count)
        json.object("page_to_sharp_ms", percentiles(opens.compactMap(\.pageToSharp)))
        let rested = measured.restedOpens
        json.field("rested_opens", rested.count)
        json.object("rested_open_to_sharp_ms", percentiles(rested.compactMap(\.toSharp)))
        json.field("rested_open_sharp_first_frame", rested.filter(\.sharpInFirstFrame).count)
        let zoomPan = measured.zoomPan ?? ZoomPan()
        json.field("zoom_pan_frames", zoomPan.frames.count)
        json.object("zoom_pan_frame_ms", percentiles(zoomPan.frames))
        json.object("zoom_pan_step_ms", percentiles(zoomPan.steps))
        json.field("zoom_pan_full_resolution", zoomPan.fullResolutionArrived)
        let floorTimes = floors.map(\.milliseconds)
        json.object("turbojpeg_ms", percentiles(floorTimes))
        let scales = Dictionary(grouping: floors, by: { "\($0.scale) \($0.width)x\($0.height)" })
        json.field("turbojpeg_scale", scales.max { $0.value.count < $1.value.count }?.key ?? "")
        let floor = Percentiles(floorTimes)
        json.object("goal_open_to_sharp_ms", [("p50", floor.value(50).map(Bench.OpenGoal.bound)),
                                              ("p95", floor.value(95).map(Bench.OpenGoal.bound))])
        json.field("opens_within_goal", measured.withinGoal)
        if let demosaics {
            json.field("raw_full_file", String(decoding: demosaics.file.lastComponent, as: UTF8.self))
            let swivel = demosaics.times.swivel.median, reference = demosaics.times.dcrawEmu?.median
            json.object("raw_full_demosaic_ms", [("wall", swivel.wall), ("cpu", swivel.cpu)])
            json.object("dcraw_emu_ms", [("wall", reference?.wall), ("cpu", reference?.cpu)])
        } else {
            json.null("raw_full_file")
        }
        json.field("peak_rss_mib", ProcessStats.peakResidentMiB())
        // The machine's load when the run ended: what else wanted the cores (1, 5 and 15 minutes).
        json.field("load_average", Self.loadAverage)
        Console.out(json.text)
    }
}

extension OpenBench {
    /// /proc/loadavg's first three fields, "" when it cannot be read.
    static var loadAverage: String {
        guard let file = fopen("/proc/loadavg", "r") else { return "" }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, Int32(line.count), file) != nil else { return "" }
        return String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .split(separator: " ").prefix(3).joined(separator: " ")
    }
}

extension Bench {
    /// The full view's goal for open → sharp: 1.25 × libjpeg-turbo's own decode time for the photo
    /// at that scale, plus two 60 Hz frames.
    enum OpenGoal {
        static func bound(_ floorMilliseconds: Double) -> Double { 1.25 * floorMilliseconds + 2 * 1000 / 60 }
    }
}
