import Foundation
import SwivelCore
import SwivelPlatform
import SwivelRender

/// Event-to-present latency of a drag replayed in real time: a thread puts mouse events into
/// SDL's queue at 120 Hz while the main thread runs the app's frame pacing (60 Hz limiter, as under
/// Xvfb or offscreen); each event's latency is from being queued to the swap of the frame that
/// first shows it (after glFinish, since the offscreen swap does not flush).
struct LatencyProbe {
    let window: Window
    let renderer: Renderer
    let layout: CarouselLayout

    /// Milliseconds, one per pointer event.
    func run(events count: Int = 120) -> [Double] {
        let clock = EventClock()
        let log = QueueTimes()
        let y = layout.viewport.height / 2, x0 = layout.viewport.width * 0.75
        let pusher = Thread {
            for i in 0...count {
                let phase: PointerPhase = i == 0 ? .down : (i == count ? .up : .move)
                log.append(clock.now())
                SyntheticPointer.push(phase, at: Point(x0 - Double(i) * 3, y))
                Thread.sleep(forTimeInterval: 1.0 / 120)
            }
        }
        var controller = ScrollController(layout: layout)
        let pump = EventPump(window: window)
        var limiter = FrameLimiter(hertz: 60)
        let pixels = window.pixelSize
        var latencies: [Double] = []
        var consumed = 0
        _ = pump.pendingEvents()
        pusher.start()
        let deadline = clock.now() + Double(count) / 120 + 1
        while consumed <= count, clock.now() < deadline {
            var fresh = 0
            for case .input(let input) in pump.pendingEvents() {
                if case .pointer = input {
                    controller.handle(input)
                    fresh += 1
                }
            }
            let now = clock.now()
            renderer.render(CardScene(layout: layout, scroll: controller.offset(at: now)),
                            pixelWidth: pixels.width, pixelHeight: pixels.height)
            renderer.finish()
            window.swap()
            let presented = clock.now()
            let queued = log.times
            for index in consumed..<min(consumed + fresh, queued.count) {
                latencies.append((presented - queued[index]) * 1000)
            }
            consumed += fresh
            limiter.waitForNextFrame()
        }
        return latencies
    }
}

/// The times events were queued, shared between the pushing thread and the frame loop.
private final class QueueTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Double] = []
    func append(_ time: Double) { lock.withLock { storage.append(time) } }
    var times: [Double] { lock.withLock { storage } }
}
