import Foundation
import SwivelCore
import SwivelPlatform

/// The interactive loop: sleep in `SDL_WaitEvent` while nothing moves (or until the next replayed
/// event is due); while something does, one frame per vsync — or, where vsync is unavailable, when
/// `FramePacing` says: at most one per 60 Hz slot, input drawn as soon as its slot allows — drawn
/// at the offset the scroll controller gives for that moment.
struct FrameLoop {
    let driver: FrameDriver
    var controller: ScrollController
    private var window: Window { driver.surface.window }
    private var content: SceneContent { driver.content }

    mutating func run(recordTo recordPath: String?, replaying recording: Recording?) {
        let clock = EventClock()
        let pump = EventPump(window: window)
        var pacing = FramePacing(hertz: window.refreshRate)
        /// When the oldest and the newest input not yet on screen were handled.
        var pendingInput: (oldest: Double, newest: Double)?
        /// How long the last frame took to draw and present, seconds.
        var renderTime = 0.004
        let recorder = recordPath.map { Recorder(path: $0, start: clock.now()) }
        recorder?.resize(window.pointSize, at: clock.now())
        var schedule = recording.map { ReplaySchedule($0, start: clock.now()) }
        var drawnOffset: Double?
        var drawnLayout: CarouselLayout?
        var needsFrame = true
        var firstFrame = true
        var screenshotRequested = false
        var hidden = HiddenWindowPacing()
        driver.showHUD(content.hud.isVisible)

        func noteInput(at time: Double) { pendingInput = (pendingInput?.oldest ?? time, time) }
        /// Something changes without input: a new layout or toggle, an animation, a photo fade.
        func changesWithoutInput(at time: Double) -> Bool {
            needsFrame || drawnLayout != controller.layout || controller.isAnimating(at: time)
                || content.deck?.hasUploads == true || content.deck?.isFading(now: time) == true
                || (pendingInput == nil && drawnOffset != controller.offset(at: time))
        }
        while true {
            let before = clock.now()
            let continuous = changesWithoutInput(at: before)
            // With vsync the swap paces frames; without, `pacing` says when the next one is due. A
            // window the compositor hides waits for its next probe instead. A replay wakes for its
            // next entry, and sleeps until then when nothing else is due.
            var due: Double? = window.hasVSync
                ? (continuous || pendingInput != nil ? before : nil)
                : pacing.due(at: before, continuous: continuous, input: pendingInput, renderTime: renderTime)
            if hidden.isHidden && !needsFrame, due != nil { due = before + hidden.secondsToProbe(at: before) }
            if let next = schedule?.nextDue { due = min(due ?? next, next) }
            let events = due.map { pump.waitForEvents(timeout: $0 - before) } ?? pump.waitForEvents()
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
                    driver.showHUD(!content.hud.isVisible)
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
                    if controller.handle(input) { noteInput(at: now) }
                }
            }
            // Replayed input counts as input arriving now.
            if (schedule?.apply(dueBy: now, to: &controller) ?? 0) > 0 { noteInput(at: now) }
            // Lay out for the window's size whenever it differs from the layout's: after a resize
            // event, and also without one (SDL without a window manager can change its idea of the
            // size during a fullscreen switch and report it late). No frame is drawn for another size.
            if let size = driver.fitLayoutToWindow(&controller, at: now) {
                recorder?.resize(size, at: now)
                needsFrame = true
            }

            let pixels = driver.windowPixels
            // The first frame goes up before any photo: the window never waits for decoding.
            let update = driver.updatePhotos(&controller, at: now, pixels: pixels,
                                             uploadLimit: firstFrame ? 0 : PhotoDeck.uploadsPerFrame)
            if let update, update.uploaded > 0 { needsFrame = true }

            let offset = controller.offset(at: now)
            let fading = content.deck?.isFading(now: now) ?? false
            guard needsFrame || fading || offset != drawnOffset || controller.layout != drawnLayout,
                  !window.isMinimized, !pixels.isEmpty else {
                // Nothing visible changed (or minimised): this slot is done, so a motion still
                // settling below a visible step wakes once a slot rather than spinning.
                pendingInput = nil
                if !window.hasVSync { pacing.use(at: now) }
                continue
            }
            if !window.hasVSync, let due = pacing.due(at: now, continuous: changesWithoutInput(at: now),
                                                      input: pendingInput, renderTime: renderTime), due > now {
                continue    // not yet: the top of the loop waits for it, awake for input
            }
            let moving = controller.isAnimating(at: now) || fading || content.deck?.hasUploads == true
            guard hidden.shouldDraw(at: now, requested: needsFrame || !events.isEmpty, moving: moving) else { continue }
            let frameStart = clock.now()
            driver.render(controller, at: now, into: pixels)
            if let error = driver.takeError() { Console.error(error) }
            if screenshotRequested {
                screenshotRequested = false
                Screenshots.save(driver.readPixels(pixels), width: pixels.width, height: pixels.height)
            }
            driver.present()
            hidden.presented(foundHidden: window.lastSwapFoundWindowHidden, at: clock.now())
            renderTime = clock.now() - frameStart
            content.hud.record(milliseconds: renderTime * 1000, at: now)
            pacing.use(at: frameStart)
            pendingInput = nil
            (drawnOffset, drawnLayout) = (offset, controller.layout)
            needsFrame = false
            firstFrame = false
        }
    }
}
