import SwivelCore
import SwivelPhotos
import SwivelPlatform
import SwivelSystem

/// The window's mode: sleep in `SDL_WaitEvent` until an event comes or the next timer is due
/// (`LiveLoop.wake`), hand what came to the live loop's turn, and draw what it says — the window,
/// its events and its clock around `LiveLoop`. Recorded with `--record`, replayed with `--replay`.
struct WindowLoop {
    let session: Session
    let renderer: FrameRenderer
    private var live: LiveLoop
    private var window: Window { renderer.surface.window }
    private let clock = EventClock()
    private let pump: EventPump
    private var recorder: Recorder?
    private var schedule: ReplaySchedule?
    private let frameLog = FrameLog()
    /// Told of each frame presented: when, and how many inputs it was the first to show.
    var presented: ((_ at: Double, _ inputs: Int) -> Void)?
    /// Ends the loop when it says so (the latency probe's deadline).
    var stop: (() -> Bool)?

    init(session: Session, renderer: FrameRenderer) {
        self.session = session
        self.renderer = renderer
        let window = renderer.surface.window
        pump = EventPump(window: window)
        live = LiveLoop(session: session, refreshRate: window.refreshRate)
    }

    /// The window as the live loop takes it.
    private var status: LiveLoop.Window {
        LiveLoop.Window(size: window.pointSize, pixels: renderer.windowPixels, fullscreen: window.isFullscreen,
                        minimized: window.isMinimized, hasVSync: window.hasVSync)
    }

    /// Runs until the session ends (Esc, the window closed, a pick, a signal); `recordPath` gets
    /// the input, `recording` replaces it.
    mutating func run(recordTo recordPath: String? = nil, replaying recording: Recording? = nil) {
        recorder = recordPath.map { Recorder(path: $0, start: clock.now()) }
        recorder?.resize(window.pointSize, at: clock.now())
        schedule = recording.map { ReplaySchedule($0, start: clock.now()) }
        var recordedSize = window.pointSize
        while true {
            let before = clock.now()
            let platformEvents = live.wake(at: before, window: status, replay: schedule?.nextDue)
                .map { pump.waitForEvents(timeout: $0 - before) } ?? pump.waitForEvents()
            let now = clock.now()
            var events = translate(platformEvents, at: now)
            if TerminationSignals.requested != nil { events.append(.quit) }
            // Replayed input counts as input arriving now.
            let replayed = schedule?.take(dueBy: now) ?? []
            live.noteInput(count: replayed.count, at: now)
            events += replayed.map { AppEvent.input($0) }
            let status = status
            if status.size != recordedSize {
                recorder?.resize(status.size, at: now)
                recordedSize = status.size
            }
            let (frame, due) = live.turn(events, window: status, afterEvents: !platformEvents.isEmpty, at: now)
            window.title = frame.title
            if session.state.fullscreen != window.isFullscreen { window.isFullscreen = session.state.fullscreen }
            if session.state.end != nil || stop?() == true {
                recorder?.end(at: now)
                return
            }
            if due { draw(frame, at: now) }
        }
    }

    /// The platform's events as the state's; input is recorded (a replay is not steered by hand:
    /// only the window's own keys get through, Esc among them).
    private mutating func translate(_ events: [PlatformEvent], at now: Double) -> [AppEvent] {
        var translated: [AppEvent] = []
        for event in events {
            switch event {
            case .quit:
                translated.append(.quit)
            case .resized, .exposed:    // a new size is picked up in the live loop's turn
                live.wantFrame()
            case .input(let input):
                if schedule != nil, !isWindowKey(input) { continue }
                recorder?.write(input)
                live.noteInput(count: 1, at: now)
                translated.append(.input(input))
            case .keyRepeat(let chord, let time):
                if schedule != nil { continue }
                live.noteInput(count: 1, at: now)
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

    /// Draws, presents and times `frame` (saving it first when F12 asked).
    private mutating func draw(_ frame: Frame, at now: Double) {
        let frameStart = clock.now()
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
        renderer.content.hud.record(milliseconds: (after - frameStart) * 1000, at: now)
        presented?(after, live.inputsSinceFrame)
        live.drew(startedAt: frameStart, presentedAt: after, foundHidden: window.lastSwapFoundWindowHidden)
    }
}
