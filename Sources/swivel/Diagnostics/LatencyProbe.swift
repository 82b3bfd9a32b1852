import Glibc
import SwivelCore
import SwivelPlatform
import SwivelSystem

/// Event-to-present latency of a drag replayed in real time: a thread puts mouse events into
/// SDL's queue at 120 Hz while the window's own loop (`WindowLoop`, paced by `FramePacing` as under
/// Xvfb or offscreen: asleep in SDL's event wait until input or the frame's due time) takes them;
/// each event's latency is from being queued to the swap of the frame that first shows it (after
/// glFinish, since the offscreen swap does not flush).
struct LatencyProbe {
    /// The session whose frames are drawn: the colour deck on white, no overlays.
    let session: Session
    let renderer: FrameRenderer

    init(surface: GLWindow, layout: CarouselLayout) {
        var settings = AppState.Settings()
        settings.captions = false
        renderer = FrameRenderer(surface: surface, content: SceneContent(deck: nil, background: .white))
        let state = AppState(settings: settings, row: ScrollController(layout: layout), pixels: renderer.windowPixels)
        session = Session(state: state, renderer: renderer, effects: SystemEffects(clipboard: { _ in nil }))
    }

    /// The latency of the first 2 s after a window opens: a new hidden window (a new GL context,
    /// whose programs are compiled afresh: llvmpipe compiles per context) of `settings`' size, the
    /// drag pushed from its first frame on, at 120 Hz, for 2 s; milliseconds, one per event.
    static func startup(_ settings: Bench.Settings, layout: CarouselLayout) -> [Double] {
        LatencyProbe(surface: settings.window(), layout: layout).run(events: 240, fromFirstFrame: true)
    }

    /// Milliseconds, one per pointer event; the events pushed from the start, or from the first
    /// frame's present (`fromFirstFrame`: the window's first moments, when the programs it left for
    /// later are built).
    func run(events count: Int = 120, fromFirstFrame: Bool = false) -> [Double] {
        let clock = EventClock()
        let log = QueueTimes()
        let layout = session.state.row.layout
        let y = layout.viewport.height / 2, x0 = layout.viewport.width * 0.75
        let pusher: @Sendable () -> Void = {
            for i in 0...count {
                let phase: PointerPhase = i == 0 ? .down : (i == count ? .up : .move)
                log.append(clock.now())
                SyntheticPointer.push(phase, at: Point(x0 - Double(i) * 3, y))
                Self.sleep(nanoseconds: 1_000_000_000 / 120)
            }
            // Then the loop is woken every 50 ms until it ends: an event the count missed (SDL
            // may merge motion) would otherwise leave it asleep in its event wait for good, the
            // deadline never looked at (a --bench was found waiting there 18 minutes).
            while !log.ended {
                Self.sleep(nanoseconds: 50_000_000)
                EventPump.wake()
            }
        }
        var latencies: [Double] = []
        var consumed = 0
        _ = EventPump(window: renderer.surface.window).pendingEvents()
        var loop = WindowLoop(session: session, renderer: renderer)
        var pushing = !fromFirstFrame
        var deadline = clock.now() + Double(count) / 120 + 1
        loop.presented = { presented, inputs in
            if !pushing {
                pushing = true
                deadline = clock.now() + Double(count) / 120 + 1
                startThread(named: "swivel-pusher", pusher)
            }
            // The first frame after each batch of input shows it: the latency of each event in it.
            // (Other input than the pushed events, such as the window's own, can put the count of
            // inputs ahead of the events logged: those have no queue time.)
            let queued = log.times
            for index in consumed..<max(consumed, min(consumed + inputs, queued.count)) {
                latencies.append((presented - queued[index]) * 1000)
            }
            consumed += inputs
        }
        loop.stop = { consumed > count || clock.now() >= deadline }
        if pushing { startThread(named: "swivel-pusher", pusher) }
        loop.run()
        log.end()
        return latencies
    }

    private static func sleep(nanoseconds: Int) {
        var interval = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000), left = timespec()
        while nanosleep(&interval, &left) != 0 && errno == EINTR { interval = left }
    }
}

/// The times events were queued, shared between the pushing thread and the frame loop.
private final class QueueTimes: @unchecked Sendable {
    private let lock = Condition()
    private var storage: [Double] = []    // only under `lock`
    private var over = false              // only under `lock`
    func append(_ time: Double) { lock.withLock { storage.append(time) } }
    var times: [Double] { lock.withLock { storage } }
    /// Whether the frame loop has ended (the pusher stops waking it then).
    var ended: Bool { lock.withLock { over } }
    func end() { lock.withLock { over = true } }
}
