import SwivelCore
import SwivelPhotos

/// The window's mode without the window: what each turn of its loop does with the events that
/// woke it, when the frame the session gives is drawn, and when to wake next. `WindowLoop` feeds it
/// SDL's events and clock and draws what it says; a test feeds it a clock it moves and events it
/// makes (`LiveLoopTests`), so that which frames are drawn, and when, is tested without a window.
///
/// A frame is drawn when it differs from the frame on screen (or one is wanted whatever it shows:
/// the first, after an expose or a resize, for F12, for the deferred programs) — one frame per
/// vsync, or, where there is no vsync or the swap does not wait for it, when `FramePacing` says: at
/// most one per 60 Hz slot, input drawn as soon as its slot allows.
struct LiveLoop {
    let session: Session
    private var pacing: FramePacing
    private var vsync: VSyncWatch
    private var hidden = HiddenWindowPacing()
    /// When the oldest and the newest input not yet on screen were handled.
    private var pendingInput: (oldest: Double, newest: Double)?
    /// Input handled since the last frame was drawn (for the latency probe).
    private(set) var inputsSinceFrame = 0
    /// How long the last frame took to draw and present, seconds.
    private var renderTime = 0.004
    /// A frame is due whatever it shows.
    private var frameWanted = true
    /// What the state was last told of the window.
    private var reported: Window?
    /// The frame the last turn gave.
    private var lastFrame: Frame?

    /// What the window is like at a turn.
    struct Window: Equatable {
        var size: Size
        var pixels: FramePixels
        var fullscreen = false
        var minimized = false
        /// Whether the window has vsync (the swap paces frames unless it is found not to wait).
        var hasVSync = false
    }

    init(session: Session, refreshRate: Double) {
        self.session = session
        pacing = FramePacing(hertz: refreshRate)
        vsync = VSyncWatch(hertz: refreshRate)
    }

    /// Notes `count` inputs handled at `time` (drawn in the next frame).
    mutating func noteInput(count: Int, at time: Double) {
        guard count > 0 else { return }
        pendingInput = (pendingInput?.oldest ?? time, time)
        inputsSinceFrame += count
    }

    /// Wants a frame whatever it shows (an expose, a resize).
    mutating func wantFrame() { frameWanted = true }

    /// One turn at `now`: the window as it is now (laid out afresh whenever its size, drawable or
    /// fullscreen differ from what the state was told), then `events` (input already noted); the
    /// frame, and whether to draw it now. `afterEvents`: the platform woke the loop with events.
    mutating func turn(_ events: [AppEvent], window: Window, afterEvents: Bool, at now: Double) -> (frame: Frame, due: Bool) {
        var events = events
        if reported.map({ ($0.size, $0.pixels, $0.fullscreen) != (window.size, window.pixels, window.fullscreen) }) ?? true {
            reported = window
            frameWanted = true
            events.insert(.resized(window.size, pixels: window.pixels, fullscreen: window.fullscreen), at: 0)
        }
        let frame = session.advance(events, at: now).frame
        lastFrame = frame
        return (frame, session.state.end == nil && frameIsDue(frame, window: window, afterEvents: afterEvents, at: now))
    }

    /// Whether the swap paces frames: the window has vsync, and its swaps have not been found to
    /// return at once (`VSyncWatch`). Otherwise `pacing` does.
    private func swapWaits(_ window: Window) -> Bool { window.hasVSync && !vsync.swapDoesNotWait }

    /// Whether something changes without input: a forced frame, an animation, a photo fading or
    /// waiting to go up, the deferred programs due, or a frame not yet drawn that no input waits for.
    private func changesWithoutInput(at time: Double) -> Bool {
        frameWanted || session.state.isAnimating(at: time) || session.deck?.isFading(now: time) == true
            || session.deck?.hasUploads == true || session.display.deferredProgramsDue.map { time >= $0 } == true
            || (pendingInput == nil && lastFrame?.differs(from: session.drawn) == true)
    }

    /// When to wake next, as of `before`, the replay's next entry at `replay`: the table of timers
    /// (`Timers`); nil when only an event can wake it.
    func wake(at before: Double, window: Window, replay: Double?) -> Double? {
        var timers = Timers()
        // With vsync the swap paces frames; without, `pacing` says when the next one is due. A
        // window the compositor hides waits for its next probe instead.
        let continuous = changesWithoutInput(at: before)
        var frameDue: Double? = swapWaits(window)
            ? (continuous || pendingInput != nil ? before : nil)
            : pacing.due(at: before, continuous: continuous, input: pendingInput, renderTime: renderTime)
        if hidden.isHidden && !frameWanted, frameDue != nil {
            frameDue = nil
            timers.set(.hiddenProbe, before + hidden.secondsToProbe(at: before))
        }
        timers.set(.frame, frameDue)
        session.state.timers(into: &timers, at: before, deck: session.deck)
        timers.set(.replay, replay)
        timers.set(.photoRetry, session.deck?.nextRetry)
        if let build = session.display.deferredProgramsDue, build > before { timers.set(.deferredPrograms, build) }
        return timers.next
    }

    /// Whether to draw `frame` at `now`: it differs from the frame on screen (or one is wanted
    /// anyway), the pacing's slot has come, and the compositor shows the window (or wants a probe
    /// or the resting frame).
    private mutating func frameIsDue(_ frame: Frame, window: Window, afterEvents: Bool, at now: Double) -> Bool {
        if let due = session.display.deferredProgramsDue, now >= due { frameWanted = true }
        if session.state.screenshotsWanted > 0 { frameWanted = true }
        guard frameWanted || frame.differs(from: session.drawn), !window.minimized, !frame.pixels.isEmpty else {
            // Nothing visible changed (or minimised): this slot is done, so a motion still
            // settling below a visible step wakes once a slot rather than spinning.
            pendingInput = nil
            inputsSinceFrame = 0
            if !swapWaits(window) { pacing.use(at: now) }
            return false
        }
        if !swapWaits(window), let due = pacing.due(at: now, continuous: changesWithoutInput(at: now),
                                                         input: pendingInput, renderTime: renderTime), due > now {
            return false    // not yet: the top of the loop waits for it, awake for input
        }
        let moving = session.state.isAnimating(at: now) || session.deck?.isFading(now: now) == true
            || session.deck?.hasUploads == true
        return hidden.shouldDraw(at: now, requested: frameWanted || afterEvents, moving: moving)
    }

    /// The frame due was drawn: started at `start`, presented by `presented` (and the swap found the
    /// window hidden or not).
    mutating func drew(startedAt start: Double, presentedAt presented: Double, foundHidden: Bool) {
        hidden.presented(foundHidden: foundHidden, at: presented)
        vsync.presented(at: presented)
        renderTime = presented - start
        pacing.use(at: start)
        pendingInput = nil
        inputsSinceFrame = 0
        frameWanted = false
    }
}
