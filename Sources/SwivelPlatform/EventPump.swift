import CSDL2
import SwivelCore

/// What the frame loop hears from the window system: core input, or window-level happenings.
public enum PlatformEvent: Equatable, Sendable {
    case input(InputEvent)
    /// A key held down, repeating: the app repeats only what `Command.repeats` says.
    case keyRepeat(KeyChord, time: Double)
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
            let chord = KeyChord(Self.key(event.key.keysym.sym), Self.modifiers(event.key.keysym.mod))
            return event.key.repeat == 0 ? .input(.keyDown(chord, time: time)) : .keyRepeat(chord, time: time)
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

    /// The modifiers SDL says are held (either side's key).
    private static func modifiers(_ mod: UInt16) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if mod & UInt16(KMOD_SHIFT.rawValue) != 0 { modifiers.insert(.shift) }
        if mod & UInt16(KMOD_CTRL.rawValue) != 0 { modifiers.insert(.control) }
        if mod & UInt16(KMOD_ALT.rawValue) != 0 { modifiers.insert(.alt) }
        if mod & UInt16(KMOD_GUI.rawValue) != 0 { modifiers.insert(.super) }
        return modifiers
    }

    /// The key SDL's key code names (the layout's symbol: the key that types ? is `question`
    /// where the layout has one, else Shift and `slash`).
    static func key(_ symbol: SDL_Keycode) -> KeyCode {
        let code = Int(symbol)
        if let letter = UnicodeScalar(UInt32(clamping: code)), ("a"..."z").contains(letter) {
            return KeyCode(rawValue: String(letter)) ?? .other
        }
        if let digit = UnicodeScalar(UInt32(clamping: code)), ("0"..."9").contains(digit) {
            return KeyCode(rawValue: String(digit)) ?? .other
        }
        let functionKeys: [(SDL_KeyCode, KeyCode)] = [
            (SDLK_F1, .f1), (SDLK_F2, .f2), (SDLK_F3, .f3), (SDLK_F4, .f4), (SDLK_F5, .f5), (SDLK_F6, .f6),
            (SDLK_F7, .f7), (SDLK_F8, .f8), (SDLK_F9, .f9), (SDLK_F10, .f10), (SDLK_F11, .f11), (SDLK_F12, .f12)]
        let others: [(SDL_KeyCode, KeyCode)] = [
            (SDLK_ESCAPE, .escape), (SDLK_RETURN, .enter), (SDLK_SPACE, .space), (SDLK_BACKSPACE, .backspace),
            (SDLK_TAB, .tab), (SDLK_DELETE, .delete), (SDLK_INSERT, .insert),
            (SDLK_LEFT, .left), (SDLK_RIGHT, .right), (SDLK_UP, .up), (SDLK_DOWN, .down),
            (SDLK_PAGEUP, .pageUp), (SDLK_PAGEDOWN, .pageDown), (SDLK_HOME, .home), (SDLK_END, .end),
            (SDLK_PLUS, .plus), (SDLK_MINUS, .minus), (SDLK_EQUALS, .equals), (SDLK_SLASH, .slash),
            (SDLK_QUESTION, .question), (SDLK_COMMA, .comma), (SDLK_PERIOD, .period),
            (SDLK_KP_ENTER, .keypadEnter), (SDLK_KP_PLUS, .keypadPlus), (SDLK_KP_MINUS, .keypadMinus),
            (SDLK_KP_0, .keypad0), (SDLK_KP_1, .keypad1), (SDLK_KP_2, .keypad2), (SDLK_KP_3, .keypad3),
            (SDLK_KP_4, .keypad4), (SDLK_KP_5, .keypad5), (SDLK_KP_6, .keypad6), (SDLK_KP_7, .keypad7),
            (SDLK_KP_8, .keypad8), (SDLK_KP_9, .keypad9)]
        return (functionKeys + others).first { Int($0.0.rawValue) == code }?.1 ?? .other
    }
}
