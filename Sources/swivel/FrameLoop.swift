import Foundation
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
    let content: SceneContent

    mutating func run(recordTo recordPath: String?, replaying recording: Recording?) {
        let clock = EventClock()
        let pump = EventPump(window: window)
        var limiter = FrameLimiter(hertz: window.refreshRate)
        let recorder = recordPath.map { Recorder(path: $0, start: clock.now()) }
        recorder?.resize(window.pointSize, at: clock.now())
        var schedule = recording.map { ReplaySchedule($0, start: clock.now()) }
        var drawnOffset: Double?
        var drawnLayout: CarouselLayout?
        var needsFrame = true
        var firstFrame = true
        var screenshotRequested = false
        var hidden = HiddenWindowPacing()
        content.showHUD(content.hud.isVisible, on: renderer)

        while true {
            let before = clock.now()
            let busy = needsFrame || drawnOffset != controller.offset(at: before) || drawnLayout != controller.layout
                || controller.isAnimating(at: before) || schedule?.isFinished == false
                || content.deck?.hasUploads == true || content.deck?.isFading(now: before) == true
            let events = !busy ? pump.waitForEvents()
                : hidden.isHidden && !needsFrame ? pump.waitForEvents(seconds: hidden.secondsToProbe(at: before))
                : pump.pendingEvents()
            let now = clock.now()
            for event in events {
                switch event {
                case .quit:
                    recorder?.end(at: now)
                    return
                case .input(.keyDown(.escape, _)):
                    // Esc closes the key list, then leaves fullscreen, then quits.
                    if content.keyHelp.isVisible {
                        content.keyHelp.isVisible = false
                        needsFrame = true
                    } else if window.isFullscreen {
                        window.isFullscreen = false
                    } else {
                        recorder?.end(at: now)
                        return
                    }
                case .input(.keyDown(.fullscreen, _)):
                    window.isFullscreen.toggle()
                case .input(.keyDown(.hud, _)):
                    content.showHUD(!content.hud.isVisible, on: renderer)
                    needsFrame = true
                case .input(.keyDown(.help, _)):
                    content.keyHelp.isVisible.toggle()
                    needsFrame = true
                case .resized, .exposed:    // a new size is picked up below
                    needsFrame = true
                case .input(.keyDown(.f12, _)):
                    screenshotRequested = true
                    needsFrame = true
                case .input(let input):
                    guard schedule == nil else { continue }    // a replay is not steered by hand
                    recorder?.write(input)
                    controller.handle(input)
                }
            }
            schedule?.apply(dueBy: now, to: &controller)
            // Lay out for the window's size whenever it differs from the layout's: after a resize
            // event, and also without one (SDL without a window manager can change its idea of the
            // size during a fullscreen switch and report it late). No frame is drawn for another size.
            if window.pointSize != controller.layout.viewport {
                var layout = controller.layout
                layout.viewport = window.pointSize
                controller.updateLayout(layout, at: now)
                recorder?.resize(layout.viewport, at: now)
                needsFrame = true
            }

            let pixels = window.pixelSize
            let viewport = controller.layout.viewport
            let pixelScale = viewport.width > 0 ? Double(pixels.width) / viewport.width : 1
            if let deck = content.deck {
                // The first frame goes up before any photo: the window never waits for decoding.
                let update = deck.update(&controller, at: now, pixelScale: pixelScale,
                                         uploadLimit: firstFrame ? 0 : PhotoDeck.uploadsPerFrame)
                if deck.count == 0 { fail(.failure, "none of the images could be read") }
                if update.uploaded > 0 { needsFrame = true }
            }

            let offset = controller.offset(at: now)
            let fading = content.deck?.isFading(now: now) ?? false
            guard needsFrame || fading || offset != drawnOffset || controller.layout != drawnLayout,
                  !window.isMinimized, pixels.width > 0, pixels.height > 0 else {
                // Still settling but not visibly moving (or minimised): wait a frame rather than spin.
                if busy { limiter.waitForNextFrame() }
                continue
            }
            let moving = controller.isAnimating(at: now) || fading || content.deck?.hasUploads == true
            guard hidden.shouldDraw(at: now, requested: needsFrame || !events.isEmpty, moving: moving) else { continue }
            let frameStart = clock.now()
            let scene = content.scene(layout: controller.layout, scroll: offset, pixelScale: pixelScale, now: now,
                                      renderer: renderer)
            renderer.render(scene, pixelWidth: pixels.width, pixelHeight: pixels.height)
            if let error = renderer.takeError() { Console.error(error) }
            if screenshotRequested {
                screenshotRequested = false
                Screenshots.save(renderer.readPixels(width: pixels.width, height: pixels.height),
                                 width: pixels.width, height: pixels.height)
            }
            window.present(renderer)
            hidden.presented(foundHidden: window.lastSwapFoundWindowHidden, at: clock.now())
            content.hud.record(milliseconds: (clock.now() - frameStart) * 1000, at: now)
            if !window.hasVSync { limiter.waitForNextFrame() }
            (drawnOffset, drawnLayout) = (offset, controller.layout)
            needsFrame = false
            firstFrame = false
        }
    }
}
