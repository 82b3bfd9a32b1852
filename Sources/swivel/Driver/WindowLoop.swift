import SwivelCore
import SwivelPhotos
import SwivelPlatform
import SwivelSystem

/// The window's mode: sleep in `SDL_WaitEvent` until an event comes or the next timer is due
/// (`Timers`: the next frame, the notice line, the slideshow, a photo's retry, the deferred
/// programs, a replay's next entry), hand what came to the session's frame step, and draw what it
/// gives when it differs from the frame on screen — one frame per vsync, or, where there is no
/// vsync or the swap does not wait for it, when `FramePacing` says: at most one per 60 Hz slot,
/// input drawn as soon as its slot allows.
struct WindowLoop {
    let session: Session
    private var window: Window { session.renderer.surface.window }
    private let clock = EventClock()
    private let pump: EventPump
    private var pacing: FramePacing
    private var vsync: VSyncWatch
    private var hidden = HiddenWindowPacing()
    /// When the oldest and the newest input not yet on screen were handled.
    private var pendingInput: (oldest: Double, newest: Double)?
    /// Input handled since the last frame was drawn (for the latency probe).
    private var inputsSinceFrame = 0
    /// How long the last frame took to draw and present, seconds.
    private var renderTime = 0.004
    /// A frame is due whatever it shows: the first, after an expose or a resize, for F12, for the
    /// deferred programs.
    private var frameWanted = true
    /// What the window was last told (its size and drawable, fullscreen), as the state knows it.
    private var reported: (size: Size, pixels: FramePixels, fullscreen: Bool)?
    /// The frame the last step gave.
    private var lastFrame: Frame?
    private var recorder: Recorder?
    private var schedule: ReplaySchedule?
    private let frameLog = FrameLog()
    /// Told of each frame presented: when, and how many inputs it was the first to show.
    var presented: ((_ at: Double, _ inputs: Int) -> Void)?
    /// Ends the loop when it says so (the latency probe's deadline).
    var stop: (() -> Bool)?

    init(session: Session) {
        self.session = session
        let window = session.renderer.surface.window
        pump = EventPump(window: window)
        pacing = FramePacing(hertz: window.refreshRate)
        vsync = VSyncWatch(hertz: window.refreshRate)
    }

    /// Whether the swap paces frames: the window has vsync, and its swaps have not been found to
    /// return at once (`VSyncWatch`). Otherwise `pacing` does.
    private var swapWaits: Bool { window.hasVSync && !vsync.swapDoesNotWait }

    /// Runs until the session ends (Esc, the window closed, a pick, a signal); `recordPath` gets
    /// the input, `recording` replaces it.
    mutating func run(recordTo recordPath: String? = nil, replaying recording: Recording? = nil) {
        recorder = recordPath.map { Recorder(path: $0, start: clock.now()) }
        recorder?.resize(window.pointSize, at: clock.now())
        schedule = recording.map { ReplaySchedule($0, start: clock.now()) }
        while true {
            let platformEvents = waitForEvents()
            let now = clock.now()
            var events = translate(platformEvents, at: now)
            if TerminationSignals.requested != nil { events.append(.quit) }
            // Replayed input counts as input arriving now.
            let replayed = schedule?.take(dueBy: now) ?? []
            if !replayed.isEmpty { noteInput(count: replayed.count, at: now) }
            events += replayed.map { AppEvent.input($0) }
            events += windowChanges(at: now)
            let step = session.advance(events, at: now)
            lastFrame = step.frame
            window.title = step.frame.title
            if session.state.fullscreen != window.isFullscreen { window.isFullscreen = session.state.fullscreen }
            if session.state.end != nil || stop?() == true {
                recorder?.end(at: now)
                return
            }
            if frameIsDue(step.frame, at: now, afterEvents: !platformEvents.isEmpty) { drawFrame(step.frame, at: now) }
        }
    }

    /// The window's size, drawable and fullscreen when they differ from what the state was told:
    /// laid out afresh whenever they do, with or without a resize event (SDL without a window
    /// manager can change its idea of the size during a fullscreen switch and report it late).
    private mutating func windowChanges(at now: Double) -> [AppEvent] {
        let now = (size: window.pointSize, pixels: session.renderer.windowPixels, fullscreen: window.isFullscreen)
        guard reported.map({ $0.size != now.size || $0.pixels != now.pixels || $0.fullscreen != now.fullscreen }) ?? true
        else { return [] }
        if let reported, reported.size != now.size { recorder?.resize(now.size, at: clock.now()) }
        reported = now
        frameWanted = true
        return [.resized(now.size, pixels: now.pixels, fullscreen: now.fullscreen)]
    }

    /// The platform's events as the state's; input is recorded (a replay is not steered by hand:
    /// only the window's own keys get through, Esc among them).
    private mutating func translate(_ events: [PlatformEvent], at now: Double) -> [AppEvent] {
        var translated: [AppEvent] = []
        for event in events {
            switch event {
            case .quit:
                translated.append(.quit)
            case .resized, .exposed:    // a new size is picked up in `windowChanges`
                frameWanted = true
            case .input(let input):
                if schedule != nil, !isWindowKey(input) { continue }
                recorder?.write(input)
                noteInput(count: 1, at: now)
                translated.append(.input(input))
            case .keyRepeat(let chord, let time):
                if schedule != nil { continue }
                noteInput(count: 1, at: now)
                translated.append(.keyRepeat(chord, time: time))
            }
        }
        return translated
    }

    /// Whether `input` is a key for the window itself (Esc, fullscreen, the HUD, the key list, F12).
    private func isWindowKey(_ input: InputEvent) -> Bool {
        guard case .keyDown(let chord, let time) = input,
              let command = session.state.command(for: chord, at: time) else { return false }
        return [.back, .toggleFullscreen, .toggleHUD, .toggleKeyList, .screenshot].contains(command)
    }

    private mutating func noteInput(count: Int, at time: Double) {
        pendingInput = (pendingInput?.oldest ?? time, time)
        inputsSinceFrame += count
    }

    /// Whether something changes without input: a forced frame, an animation, a photo fading or
    /// waiting to go up, the deferred programs due, or a frame not yet drawn that no input waits for.
    private func changesWithoutInput(at time: Double) -> Bool {
        frameWanted || session.state.isAnimating(at: time) || session.deck?.isFading(now: time) == true
            || session.deck?.hasUploads == true || session.renderer.deferredProgramsDue.map { time >= $0 } == true
            || (pendingInput == nil && lastFrame?.differs(from: session.drawn) == true)
    }

    /// Sleeps until an event comes or the next timer is due; what came.
    private mutating func waitForEvents() -> [PlatformEvent] {
        let before = clock.now()
        var timers = Timers()
        // With vsync the swap paces frames; without, `pacing` says when the next one is due. A
        // window the compositor hides waits for its next probe instead.
        let continuous = changesWithoutInput(at: before)
        var frameDue: Double? = swapWaits
            ? (continuous || pendingInput != nil ? before : nil)
            : pacing.due(at: before, continuous: continuous, input: pendingInput, renderTime: renderTime)
        if hidden.isHidden && !frameWanted, frameDue != nil {
            frameDue = nil
            timers.set(.hiddenProbe, before + hidden.secondsToProbe(at: before))
        }
        timers.set(.frame, frameDue)
        session.state.timers(into: &timers, at: before, deck: session.deck)
        timers.set(.replay, schedule?.nextDue)
        timers.set(.photoRetry, session.deck?.nextRetry)
        if let build = session.renderer.deferredProgramsDue, build > before { timers.set(.deferredPrograms, build) }
        return timers.next.map { pump.waitForEvents(timeout: $0 - before) } ?? pump.waitForEvents()
    }

    /// Whether to draw `frame` now: it differs from the frame on screen (or one is wanted anyway),
    /// the pacing's slot has come, and the compositor shows the window (or wants a probe or the
    /// resting frame).
    private mutating func frameIsDue(_ frame: Frame, at now: Double, afterEvents: Bool) -> Bool {
        if let due = session.renderer.deferredProgramsDue, now >= due { frameWanted = true }
        if session.state.screenshotsWanted > 0 { frameWanted = true }
        guard frameWanted || frame.differs(from: session.drawn), !window.isMinimized, !frame.pixels.isEmpty else {
            // Nothing visible changed (or minimised): this slot is done, so a motion still
            // settling below a visible step wakes once a slot rather than spinning.
            pendingInput = nil
            inputsSinceFrame = 0
            if !swapWaits { pacing.use(at: now) }
            return false
        }
        if !swapWaits, let due = pacing.due(at: now, continuous: changesWithoutInput(at: now),
                                                  input: pendingInput, renderTime: renderTime), due > now {
            return false    // not yet: the top of the loop waits for it, awake for input
        }
        let moving = session.state.isAnimating(at: now) || session.deck?.isFading(now: now) == true
            || session.deck?.hasUploads == true
        return hidden.shouldDraw(at: now, requested: frameWanted || afterEvents, moving: moving)
    }

    /// Draws, presents and times `frame` (saving it first when F12 asked).
    private mutating func drawFrame(_ frame: Frame, at now: Double) {
        let frameStart = clock.now()
        let renderer = session.renderer
        renderer.countFragmentsForHUD(frame.hud != nil)
        session.draw(frame)
        let pixels = renderer.windowPixels
        frameLog?.drew(frame, state: session.state, deck: session.deck, builtPrograms: renderer.builtPrograms,
                       pixels: frameLog?.hashesPixels == true ? renderer.readPixels(pixels) : nil)
        if let error = renderer.takeError() { Console.error(error) }
        if session.state.screenshotsWanted > 0 {
            session.state.screenshotsWanted = 0
            Screenshots.save(renderer.readPixels(pixels), width: pixels.width, height: pixels.height)
        }
        session.present(now: clock.now)
        let after = clock.now()
        hidden.presented(foundHidden: window.lastSwapFoundWindowHidden, at: after)
        vsync.presented(at: after)
        renderTime = clock.now() - frameStart
        renderer.content.hud.record(milliseconds: renderTime * 1000, at: now)
        pacing.use(at: frameStart)
        presented?(after, inputsSinceFrame)
        pendingInput = nil
        inputsSinceFrame = 0
        frameWanted = false
    }
}
