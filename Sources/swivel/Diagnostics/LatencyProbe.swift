import Glibc
import SwivelCore
import SwivelPlatform
import SwivelSystem

/// Event-to-present latency of a drag replayed in real time: a thread puts mouse events into
/// SDL's queue at 120 Hz while the main thread runs the app's frame pacing (`FramePacing` at 60 Hz,
/// as under Xvfb or offscreen: asleep in SDL's event wait until input or the frame's due time);
/// each event's latency is from being queued to the swap of the frame that first shows it (after
/// glFinish, since the offscreen swap does not flush).
struct LatencyProbe {
    /// Draws the frames: the colour deck on white, no overlays.
    let driver: FrameDriver
    let layout: CarouselLayout

    init(surface: GLWindow, layout: CarouselLayout) {
        driver = FrameDriver(surface: surface,
                             content: SceneContent(deck: nil, background: .white, captions: false, hudVisible: false))
        self.layout = layout
    }

    /// Milliseconds, one per pointer event.
    func run(events count: Int = 120) -> [Double] {
        let clock = EventClock()
        let log = QueueTimes()
        let y = layout.viewport.height / 2, x0 = layout.viewport.width * 0.75
        let pusher: @Sendable () -> Void = {
            for i in 0...count {
                let phase: PointerPhase = i == 0 ? .down : (i == count ? .up : .move)
                log.append(clock.now())
                SyntheticPointer.push(phase, at: Point(x0 - Double(i) * 3, y))
                var interval = timespec(tv_sec: 0, tv_nsec: 1_000_000_000 / 120), left = timespec()
                while nanosleep(&interval, &left) != 0 && errno == EINTR { interval = left }
            }
        }
        var controller = ScrollController(layout: layout)
        let pump = EventPump(window: driver.surface.window)
        var pacing = FramePacing(hertz: 60)
        var pending: (oldest: Double, newest: Double)?
        var renderTime = 0.004
        let pixels = driver.windowPixels
        var latencies: [Double] = []
        var consumed = 0
        var fresh = 0
        _ = pump.pendingEvents()
        startThread(named: "swivel-pusher", pusher)
        let deadline = clock.now() + Double(count) / 120 + 1
        while consumed <= count, clock.now() < deadline {
            TerminationSignals.exitIfRequested()
            let before = clock.now()
            let due = pacing.due(at: before, continuous: false, input: pending, renderTime: renderTime)
            let events = pump.waitForEvents(timeout: min(due ?? deadline, deadline) - before)
            let now = clock.now()
            for case .input(let input) in events {
                if case .pointer = input {
                    controller.handle(input)
                    fresh += 1
                    pending = (pending?.oldest ?? now, now)
                }
            }
            guard fresh > 0, let due = pacing.due(at: now, continuous: false, input: pending, renderTime: renderTime),
                  due <= now else { continue }
            driver.render(controller, at: now, into: pixels)
            driver.finish()
            driver.present()
            let presented = clock.now()
            renderTime = presented - now
            pacing.use(at: now)
            pending = nil
            let queued = log.times
            for index in consumed..<min(consumed + fresh, queued.count) {
                latencies.append((presented - queued[index]) * 1000)
            }
            consumed += fresh
            fresh = 0
        }
        return latencies
    }
}

/// The times events were queued, shared between the pushing thread and the frame loop.
private final class QueueTimes: @unchecked Sendable {
    private let lock = Condition()
    private var storage: [Double] = []    // only under `lock`
    func append(_ time: Double) { lock.withLock { storage.append(time) } }
    var times: [Double] { lock.withLock { storage } }
}
