import Foundation
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelPlatform
import SwivelSystem
import SwivelTestSupport
@testable import swivel

/// The app in this process, on a clock the test moves, as the Composable Architecture's `TestStore`
/// runs a reducer: the real state (`AppState`), the real frame step (`Session`) and the window's
/// real loop (`LiveLoop`) without the window. A photo deck decodes real files with the real
/// decoders on their own threads, its textures kept in memory; the trash is a freedesktop.org
/// trash in the test's own folder; the folders are watched with the real inotify watch.
///
/// The decoders take none of the test clock's time: before each turn the harness waits, by a
/// condition and never by a duration, until every decode asked for is done (`decodesSettled`),
/// so a loaded machine changes nothing a test sees. A frame takes `frameSeconds` of the clock to
/// draw (0; a test makes it 1 s to be a slow machine).
final class LiveHarness {
    /// How the frames are drawn: not at all (the frames kept as values: `RecordingDisplay`), or
    /// by the app's own renderer into a hidden window of SDL's offscreen driver (llvmpipe), whose
    /// pixels `image()` reads. Drawing holds `SDLTestLock` from start to end.
    enum Drawing { case none, offscreenGL }

    /// Holds `SDLTestLock` while this harness draws with GL, and gives it back when it goes. The
    /// first stored property, so the last destroyed (Swift destroys them in reverse order): the
    /// GL window and context, which the renderer and the session hold, are gone before another
    /// suite may make its own. Given back in `deinit`'s body, they had outlived it (FlightFrameTests
    /// could not create a context when run beside LiveFolderPixelTests).
    private var glLock: SDLTestLockHold?

    let session: Session
    private(set) var live: LiveLoop
    /// The frames kept (`Drawing.none`), or the renderer (`.offscreenGL`).
    let display: RecordingDisplay?
    let renderer: FrameRenderer?
    let effects: TestEffects
    /// The app's own performer of what the state asks off the frame loop (turns written into files).
    let actions: ActionRunner
    let deck: (any PhotoPipeline)?
    let watch: FolderWatch?
    /// The photos' ratings, read and saved by the real store (in this process: no decoder pool).
    let ratingStore: RatingStore?
    /// The test's clock, seconds.
    private(set) var now = 0.0
    var window: LiveLoop.Window
    /// Seconds of the clock each frame takes to draw.
    var frameSeconds = 0.0
    /// Input to come, in time order.
    private var scheduled: [InputEvent] = []
    /// Woken by the decoders and the folder watch, which count their wakes here.
    private let signal = Condition()
    private let wakes = WakeCount()
    /// How many batches the folder watch has handed over (under `signal`).
    private let batches = WakeCount()
    /// The wakes the last turn saw.
    private var wakesSeen = 0

    var state: AppState { session.state }
    /// The frames drawn, as the frame log tells them.
    private(set) var drawn: [FrameFacts] = []
    /// For each frame drawn by the renderer (`Drawing.offscreenGL`): whether it built the programs
    /// left for later (`FrameRenderer.builtPrograms`), and its pixels when `keepPixels` is on.
    private(set) var builtPrograms: [Bool] = []
    private(set) var drawnPixels: [[UInt8]] = []
    var keepPixels = false

    /// The app as `swivel ARGUMENTS` would start it, in a window of `size` points at `scale`
    /// pixels a point (photos' paths among the arguments; `--no-watch` to leave folders unwatched;
    /// `watchFaults`: the folder watch's failures made to happen). The deck's and the watch's
    /// warnings go to `effects.warnings`. `thumbnails`: the shared thumbnail cache the deck reads
    /// and writes (none by default). `environment`: what the programs it starts are given (E's).
    init(_ arguments: [String], size: Size = Size(1280, 720), scale: Double = 1, drawing: Drawing = .none,
         trash: TemporaryDirectory = TemporaryDirectory(), watchFaults: FolderWatch.Faults = FolderWatch.Faults(),
         thumbnails: ThumbnailCache? = nil, environment: [String: String] = Environment.variables()) throws {
        let options = try Options.resolve(OptionParser.scan(arguments.map { Array($0.utf8) }), config: nil)
        let files = App.deckFiles(options)
        let (signal, wakes, batches) = (signal, wakes, batches)
        let wake: @Sendable () -> Void = {
            signal.withLock {
                wakes.count += 1
                signal.broadcast()
            }
        }
        let batch: @Sendable () -> Void = {
            signal.withLock { batches.count += 1 }
            wake()
        }
        let pixels = FramePixels(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        window = LiveLoop.Window(size: size, pixels: pixels)
        effects = TestEffects(trash: trash)
        actions = ActionRunner(wake: wake, environment: environment)
        let warn: @Sendable (String) -> Void = { [effects] in effects.warn($0) }
        let openCard = options.openCard?.card(in: files?.sources)
        let sharp: SharpPhotoStore?
        let frames: FrameDisplay
        switch drawing {
        case .none:
            let memory = files.map {
                SwivelPhotos.PhotoDeck<MemoryCardTextures>(sources: $0.sources, budgetMiB: options.textureBudgetMiB,
                                                           thumbnails: thumbnails, pairing: options.pairs, warn: warn,
                                                           onFinished: wake)
            }
            deck = memory
            watch = App.watch(options, deck: memory, files: files, faults: watchFaults, warn: warn, onChange: batch)
            sharp = memory.map { SharpPhotoTextures<MemorySharpTexture>(photos: $0.fullViewPhotos, tileLimit: nil) }
            let display = RecordingDisplay()
            display.windowPixels = pixels
            (self.display, renderer, frames) = (display, nil, display)
        case .offscreenGL:
            glLock = SDLTestLockHold()
            var windowOptions = SwivelPlatform.Window.Options()
            (windowOptions.width, windowOptions.height, windowOptions.hidden) = (Int(size.width), Int(size.height), true)
            (windowOptions.videoDriver, windowOptions.scale, windowOptions.vsync) = (.offscreen, scale, false)
            let gl = files.map { PhotoDeck(sources: $0.sources, budgetMiB: options.textureBudgetMiB, thumbnails: thumbnails,
                                           pairing: options.pairs, warn: warn, onFinished: wake) }
            let renderer = FrameRenderer(surface: GLWindow(windowOptions),
                                         content: SceneContent(deck: gl, background: options.background, captions: options.captions))
            deck = gl
            watch = App.watch(options, deck: gl, files: files, faults: watchFaults, warn: warn, onChange: batch)
            sharp = renderer.sharp
            (display, self.renderer, frames) = (nil, renderer, renderer)
            window.pixels = renderer.windowPixels
        }
        let state = App.state(options, cards: files?.sources.count, viewport: size, pixels: window.pixels, openCard: openCard,
                              watching: watch != nil)
        ratingStore = files.map { _ in RatingStore(naming: options.sidecarNaming, wake: wake) }
        session = Session(state: state, deck: deck, display: frames, sharpPhotos: sharp, effects: effects, watch: watch,
                          ratingStore: ratingStore, actions: actions)
        live = LiveLoop(session: session, refreshRate: 60)
    }


    deinit {
        watch?.stop()
        ratingStore?.stop()
        // The context was made current on this thread, which draws; whoever lets the renderer go
        // last (a decode thread's or the watch's closure may) must not leave it bound here.
        renderer?.surface.window.releaseContext()
    }

    /// The frame the state gives now, drawn by the app's renderer (`Drawing.offscreenGL`; its
    /// photos faded in as at `photoTime`, `now` when not given), RGBA8 top row first.
    func image(photoTime: Double? = nil) -> Image? {
        guard let renderer else { return nil }
        let pixels = renderer.windowPixels
        renderer.render(state.frame(at: now, photoTime: photoTime, deck: deck), into: pixels)
        return Image(width: pixels.width, height: pixels.height, bytes: renderer.readPixels(pixels))
    }

    // MARK: Input

    /// Key `name` (a recording's name: `right`, `enter`, `markAll`, `ctrl+shift+r`) pressed at `time`.
    func key(_ name: String, at time: Double) {
        guard let chord = KeyChord(name: name) else { preconditionFailure("no key \(name)") }
        input(.keyDown(chord, time: time))
    }

    /// `event` comes at its own time.
    func input(_ event: InputEvent) {
        scheduled.append(event)
        scheduled.sort { $0.time < $1.time }
    }

    /// A click (press and release 0.05 s later) at `point`, starting at `time`.
    func click(_ point: Point, at time: Double) {
        input(.pointer(PointerEvent(.down, .mouse, at: point, time: time)))
        input(.pointer(PointerEvent(.up, .mouse, at: point, time: time + 0.05)))
    }

    // MARK: The clock

    /// Runs the live loop until `end`, or until the session ends: each turn where the loop would
    /// wake (its next timer, the next input, a decode finished), the frame drawn when the loop
    /// says, each taking `frameSeconds`.
    func run(until end: Double) {
        while state.end == nil {
            settleDecodes()
            // A decode finished, or the watch has a batch: the app's loop wakes for it at once.
            let woken = signal.withLock { wakes.count } > wakesSeen
            let wake = min(live.wake(at: now, window: window, replay: scheduled.first?.time) ?? .infinity,
                           woken ? now : .infinity)
            guard wake <= end else { break }
            now = max(now, wake)
            turn()
        }
        now = max(now, end)
    }

    /// One turn at `now`: the input due by then, the frame drawn if the loop says so.
    func turn() {
        wakesSeen = signal.withLock { wakes.count }
        var events: [AppEvent] = []
        while let next = scheduled.first, next.time <= now {
            scheduled.removeFirst()
            events.append(.input(next))
        }
        live.noteInput(count: events.count, at: now)
        let (frame, due) = live.turn(events, window: window, afterEvents: !events.isEmpty, at: now)
        guard due else { return }
        let start = now
        session.draw(frame)
        drawn.append(FrameFacts(frame, state: state, deck: deck))
        if let renderer {
            builtPrograms.append(renderer.builtPrograms)
            if keepPixels { drawnPixels.append(renderer.readPixels(renderer.windowPixels)) }
        }
        now += frameSeconds
        session.present(now: { now })
        live.drew(startedAt: start, presentedAt: now, foundHidden: false)
    }

    /// Waits (by the decoders', the watch's and the rating store's signal; at most a minute) until
    /// every decode asked for is done, every file write the state asked for, and every rating
    /// read or save.
    private func settleDecodes() {
        actions.waitUntilIdle(seconds: 60)
        guard let deck else { return }
        waitForSignal(seconds: 60) { deck.decodesSettled && ratingStore?.isIdle != false }
    }

    /// Waits, under the decoders' and the watch's signal, until `condition` holds (true) or
    /// `seconds` pass (false).
    @discardableResult
    private func waitForSignal(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now + .seconds(seconds)
        return signal.withLock {
            while !condition() && MonotonicClock.now < deadline { signal.wait(seconds: 0.5) }
            return condition()
        }
    }

    /// Waits (by the watch's signal; at most `seconds`) until the folder watch has a batch of changes.
    @discardableResult
    func waitForFolderChanges(seconds: Double = 30) -> Bool {
        guard let watch else { return false }
        return waitForSignal(seconds: seconds) { watch.hasChanges }
    }

    /// The batches the folder watch has handed over so far (to wait for the next with
    /// `waitForFolderBatch(after:)`).
    var folderBatches: Int { signal.withLock { batches.count } }

    /// Waits (by the watch's signal; at most `seconds`) until the folder watch has handed over a
    /// batch after the first `count`: one the app may have taken already (a turn takes what has
    /// come), unlike `waitForFolderChanges`, for changes the app makes itself while it runs.
    @discardableResult
    func waitForFolderBatch(after count: Int, seconds: Double = 30) -> Bool {
        guard watch != nil else { return false }
        return waitForSignal(seconds: seconds) { batches.count > count }
    }

    // MARK: What shows

    /// The frame the state gives now.
    var frame: Frame { state.frame(at: now, deck: deck) }

    /// How many photos the deck has decoded so far (a thumbnail read counts).
    var decodes: Int {
        if let memory = deck as? SwivelPhotos.PhotoDeck<MemoryCardTextures> { return memory.decodeMilliseconds.count }
        return (deck as? swivel.PhotoDeck)?.decodeMilliseconds.count ?? 0
    }

    /// The card centred now (the row's slot nearest the centre).
    var centredCard: Int { state.row.layout.nearestCard(to: state.row.offset(at: now)) }

    /// The captions of the cards that can show now.
    var showing: [String] {
        let layout = state.row.layout, scroll = state.row.offset(at: now)
        return layout.cards(inSlots: layout.showingIndices(scroll: scroll)).map { deck?.name(at: $0) ?? "\($0)" }
    }
}

/// How many times the decoders and the watch have woken the loop (under the harness's signal).
private final class WakeCount: @unchecked Sendable {
    var count = 0
}

/// Where a session's frames go when nothing draws them: the frames, kept.
final class RecordingDisplay: FrameDisplay {
    var windowPixels = FramePixels(width: 1280, height: 720)
    private(set) var presented = false
    private(set) var frames: [Frame] = []
    var deferredProgramsDue: Double? { nil }

    func render(_ frame: Frame, into pixels: FramePixels) { frames.append(frame) }
    func present() { presented = true }
}

/// What the app asks of the world, in a test: a freedesktop.org trash in the test's own folder
/// (real moves), a clipboard that keeps what it was given, stderr's lines kept (the app's, the
/// deck's and the folder watch's, which may come from their own threads).
final class TestEffects: AppEffects, @unchecked Sendable {
    let locations: TrashLocations
    private(set) var clipboard: [[UInt8]] = []
    /// The lines said, in order (under `warningsLock`, the one thing other threads touch).
    var warnings: [String] { warningsLock.withLock { lines } }
    private let warningsLock = Condition()
    private var lines: [String] = []

    init(trash: TemporaryDirectory) { locations = TrashLocations(home: trash.path("data/Trash").bytes) }

    func moveToTrash(_ paths: [FilePath]) -> Result<[TrashedFile], TrashFailure> {
        Trash.move(paths.map(\.bytes), locations: locations)
    }
    func restore(_ files: [TrashedFile]) -> Result<[RestoreMove], TrashFailure> { Trash.restore(files) }
    func copyToClipboard(_ bytes: [UInt8]) -> String? {
        clipboard.append(bytes)
        return nil
    }
    func warn(_ line: String) { warningsLock.withLock { lines.append(line) } }
}

/// A sharp photo kept in memory: the whole photo goes up in one step (a GPU with room for it at
/// once), so that its full resolution is complete at its first upload.
final class MemorySharpTexture: SharpTexture {
    let width: Int, height: Int
    private(set) var isComplete = false

    init(pixels: PixelBuffer, width: Int, height: Int, tileLimit: Int?, released: ((Range<Int>) -> Void)?) throws {
        (self.width, self.height) = (width, height)
        isComplete = true
    }

    init(uploadingLater pixels: PixelBuffer, width: Int, height: Int, tileLimit: Int?, released: ((Range<Int>) -> Void)?) throws {
        (self.width, self.height) = (width, height)
    }

    func covers(_ part: Rect) -> Bool { isComplete }
    func tilesUp(in part: Rect) -> Int { isComplete ? 1 : 0 }
    func upload(budgetBytes: Int, near visible: Rect?) throws -> Int {
        defer { isComplete = true }
        return isComplete ? 0 : width * height * 4
    }
}
