import CSDL2
import SwivelCore

/// What the frame loop hears from the window system: core input, or window-level happenings.
public enum PlatformEvent: Equatable, Sendable {
    case input(InputEvent)
    /// The window's size or pixel scale changed: lay out again.
    case resized
    /// The window needs repainting (uncovered, shown, given focus). On Wayland, where a window
    /// on a hidden workspace hears nothing about it, focus (and the clipboard offer that comes with
    /// it) is the first sign that it is shown again.
    case exposed
    case quit
}

/// Pulls SDL's events and turns them into `PlatformEvent`s. Mouse and touch become the same
/// pointer events in window points, with SDL's timestamps in seconds.
public struct EventPump {
    private let window: Window

    public init(window: Window) { self.window = window }

    /// Blocks in `SDL_WaitEvent` until at least one event arrives, then returns it and everything
    /// else already queued. This is how the app sleeps when nothing moves.
    public func waitForEvents() -> [PlatformEvent] {
        var event = SDL_Event()
        guard SDL_WaitEvent(&event) == 1 else { return [] }
        return [translate(event)].compactMap { $0 } + pendingEvents()
    }

    /// Like `waitForEvents`, but returns (possibly with nothing) after `seconds` at the latest,
    /// rounded up to SDL's whole milliseconds: how the loop sleeps until a frame or a replayed
    /// event is due while staying awake for input.
    public func waitForEvents(timeout seconds: Double) -> [PlatformEvent] {
        guard seconds > 0 else { return pendingEvents() }
        var event = SDL_Event()
        let milliseconds = Int32(min((seconds * 1000).rounded(.up), Double(Int32.max)))
        guard SDL_WaitEventTimeout(&event, milliseconds) == 1 else { return [] }
        return [translate(event)].compactMap { $0 } + pendingEvents()
    }

    /// Everything already queued, without blocking.
    public func pendingEvents() -> [PlatformEvent] {
        var events: [PlatformEvent] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) == 1 {
            if let translated = translate(event) { events.append(translated) }
        }
        return events
    }

    private func translate(_ event: SDL_Event) -> PlatformEvent? {
        let time = Double(event.common.timestamp) / 1000
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED: return .resized
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED,
                 SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_ENTER, SDL_WINDOWEVENT_TAKE_FOCUS: return .exposed
            default: return nil
            }
        case SDL_CLIPBOARDUPDATE:
            return .exposed
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let button = event.button
            guard button.which != SWIVEL_SDL_TOUCH_MOUSEID, button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let phase: PointerPhase = event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up
            return .input(.pointer(PointerEvent(phase, .mouse, at: points(button.x, button.y), time: time)))
        case SDL_MOUSEMOTION:
            let motion = event.motion
            guard motion.which != SWIVEL_SDL_TOUCH_MOUSEID,
                  motion.state & swivel_sdl_button_lmask() != 0 else { return nil }
            return .input(.pointer(PointerEvent(.move, .mouse, at: points(motion.x, motion.y), time: time)))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let finger = event.tfinger
            let phase: PointerPhase = switch SDL_EventType(event.type) {
            case SDL_FINGERDOWN: .down
            case SDL_FINGERUP: .up
            default: .move
            }
            // Finger positions are 0…1 across the window.
            let size = window.pointSize
            let position = Point(Double(finger.x) * size.width, Double(finger.y) * size.height)
            return .input(.pointer(PointerEvent(phase, PointerID(source: .touch, id: finger.fingerId),
                                                at: position, time: time)))
        case SDL_MOUSEWHEEL:
            let wheel = event.wheel
            guard wheel.which != SWIVEL_SDL_TOUCH_MOUSEID else { return nil }
            // In notches, fractional from trackpads; "natural" scrolling undone so that +y is away
            // from the user on every system.
            let flip: Double = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            return .input(.wheel(WheelEvent(dx: Double(wheel.preciseX) * flip, dy: Double(wheel.preciseY) * flip,
                                            at: points(wheel.mouseX, wheel.mouseY), time: time)))
        case SDL_KEYDOWN:
            guard event.key.repeat == 0 || Self.repeats(event.key.keysym.sym) else { return nil }
            return .input(.keyDown(Self.key(event.key.keysym), time: time))
        default:
            return nil
        }
    }

    /// A mouse position in SDL's window coordinates (pixels on X11) as points.
    private func points(_ x: Int32, _ y: Int32) -> Point {
        Point(Double(x) / window.contentScale, Double(y) / window.contentScale)
    }

    /// Wakes a thread sleeping in `waitForEvents` (for example when a photo finished decoding).
    /// Safe to call from any thread.
    public static func wake() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
    }

    /// Held arrow, page and zoom keys repeat; toggles (fullscreen, HUD, help, open/close) do not.
    private static func repeats(_ symbol: SDL_Keycode) -> Bool {
        [SDLK_LEFT, SDLK_RIGHT, SDLK_PAGEUP, SDLK_PAGEDOWN, SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS, SDLK_MINUS,
         SDLK_KP_MINUS].contains { Int($0.rawValue) == Int(symbol) }
    }

    private static func key(_ keysym: SDL_Keysym) -> Key {
        let shifted = keysym.mod & UInt16(KMOD_SHIFT.rawValue) != 0
        let control = keysym.mod & UInt16(KMOD_CTRL.rawValue) != 0
        switch Int(keysym.sym) {
        // With Ctrl: the desktop's select all, copy and undo; other Ctrl chords are not Swivel's.
        case Int(SDLK_a.rawValue) where control: return .markAll
        case Int(SDLK_c.rawValue) where control: return .copyPath
        case Int(SDLK_z.rawValue) where control: return .undo
        case _ where control: return .other
        case Int(SDLK_f.rawValue), Int(SDLK_F11.rawValue): return .fullscreen
        case Int(SDLK_h.rawValue): return .hud
        case Int(SDLK_QUESTION.rawValue): return .help
        case Int(SDLK_SLASH.rawValue) where shifted: return .help
        default: return key(keysym.sym)
        }
    }

    private static func key(_ symbol: SDL_Keycode) -> Key {
        switch Int(symbol) {
        case Int(SDLK_ESCAPE.rawValue): .escape
        case Int(SDLK_LEFT.rawValue): .left
        case Int(SDLK_RIGHT.rawValue): .right
        case Int(SDLK_PAGEUP.rawValue): .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): .pageDown
        case Int(SDLK_HOME.rawValue): .home
        case Int(SDLK_END.rawValue): .end
        case Int(SDLK_F12.rawValue): .f12
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): .enter
        case Int(SDLK_SPACE.rawValue): .space
        case Int(SDLK_BACKSPACE.rawValue): .backspace
        // + is shift+= on most layouts: the = key zooms in with or without shift, as in browsers.
        case Int(SDLK_PLUS.rawValue), Int(SDLK_EQUALS.rawValue), Int(SDLK_KP_PLUS.rawValue): .plus
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue): .minus
        case Int(SDLK_0.rawValue), Int(SDLK_KP_0.rawValue): .zero
        case Int(SDLK_1.rawValue), Int(SDLK_KP_1.rawValue): .one
        case Int(SDLK_i.rawValue): .info
        case Int(SDLK_m.rawValue): .mark
        case Int(SDLK_u.rawValue): .clearMarks
        case Int(SDLK_DELETE.rawValue): .delete
        case Int(SDLK_s.rawValue): .slideshow
        default: .other
        }
    }
}
