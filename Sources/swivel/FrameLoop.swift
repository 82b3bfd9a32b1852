import SwivelCore
import SwivelPlatform
import SwivelRender

/// The interactive loop: sleep in `SDL_WaitEvent` while nothing moves; while something does, one
/// frame per vsync (or per frame-limiter tick where vsync is unavailable), drawn at the offset the
/// scroll controller gives for that moment.
struct FrameLoop {
    let window: Window
    let renderer: Renderer
    var controller: ScrollController

    mutating func run(recordTo recordPath: String?, replaying recording: Recording?) {
        let clock = EventClock()
        let pump = EventPump(window: window)
        var limiter = FrameLimiter(hertz: window.refreshRate)
        let recorder = recordPath.map { Recorder(path: $0, start: clock.now()) }
        recorder?.resize(window.pointSize, at: clock.now())
        var schedule = recording.map { ReplaySchedule($0, start: clock.now()) }
        var drawnOffset: Double?
        var drawnLayout: CarouselLayout?
        var screenshotRequested = false

        while true {
            let busy = drawnOffset != controller.offset(at: clock.now()) || drawnLayout != controller.layout
                || controller.isAnimating(at: clock.now()) || schedule?.isFinished == false
            let events = busy ? pump.pendingEvents() : pump.waitForEvents()
            let now = clock.now()
            for event in events {
                switch event {
                case .quit, .input(.keyDown(.escape, _)):
                    recorder?.end(at: now)
                    return
                case .resized:
                    var layout = controller.layout
                    layout.viewport = window.pointSize
                    controller.updateLayout(layout, at: now)
                    recorder?.resize(layout.viewport, at: now)
                case .exposed:
                    drawnOffset = nil
                case .input(.keyDown(.f12, _)):
                    screenshotRequested = true
                    drawnOffset = nil
                case .input(let input):
                    guard schedule == nil else { continue }    // a replay is not steered by hand
                    recorder?.write(input)
                    controller.handle(input)
                }
            }
            schedule?.apply(dueBy: now, to: &controller)

            let offset = controller.offset(at: now)
            guard offset != drawnOffset || controller.layout != drawnLayout else {
                // Still settling but not visibly moving: wait a frame rather than spin.
                if busy { limiter.waitForNextFrame() }
                continue
            }
            let pixels = window.pixelSize
            renderer.render(CardScene(layout: controller.layout, scroll: offset),
                            pixelWidth: pixels.width, pixelHeight: pixels.height)
            if let error = renderer.takeError() { Console.error(error) }
            if screenshotRequested {
                screenshotRequested = false
                Screenshots.save(renderer.readPixels(width: pixels.width, height: pixels.height),
                                 width: pixels.width, height: pixels.height)
            }
            window.swap()
            if !window.hasVSync { limiter.waitForNextFrame() }
            (drawnOffset, drawnLayout) = (offset, controller.layout)
        }
    }
}
