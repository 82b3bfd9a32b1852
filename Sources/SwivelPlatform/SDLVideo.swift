import CSDL2

/// Starting SDL's video subsystem, with a message that says what to do when there is no display.
enum SDLVideo {
    static func start() throws {
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // Touch input arrives as finger events; SDL's synthetic mouse copies are ignored, so keep
        // mouse-from-touch off and touch-from-mouse off (one source per gesture).
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        let env = ProcessEnvironment.self
        if env.value("SDL_VIDEODRIVER") == nil && env.value("DISPLAY") == nil
            && env.value("WAYLAND_DISPLAY") == nil {
            throw PlatformError(noDisplayMessage)
        }
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            throw PlatformError("cannot start SDL video: \(lastError())")
        }
        // With no display SDL quietly falls back to its offscreen driver: a window nobody sees.
        // Only go on with that when it was asked for.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if ["offscreen", "dummy"].contains(driver) && ProcessEnvironment.value("SDL_VIDEODRIVER") == nil {
            SDL_Quit()
            throw PlatformError(noDisplayMessage)
        }
    }

    static let noDisplayMessage = "no display (DISPLAY and WAYLAND_DISPLAY are not set): run it in a "
        + "desktop session, under xvfb-run, or headless as SDL_VIDEODRIVER=offscreen swivel --screenshot FILE.png"

    static func lastError() -> String {
        String(cString: SDL_GetError())
    }
}

/// Environment variables, read through SDL so that this module needs nothing but SDL.
enum ProcessEnvironment {
    static func value(_ name: String) -> String? {
        guard let value = SDL_getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
