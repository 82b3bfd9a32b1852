import CSDL2
import Glibc

/// The SDL video drivers a user can ask for by name (`--video-driver`).
public enum VideoDriver: String, CaseIterable, Sendable {
    case x11, wayland, offscreen
}

/// Starting SDL's video subsystem: which driver to try, and a one-line message saying which was
/// tried and why it failed.
enum SDLVideo {
    /// Starts SDL video with `driver` if given; else with the user's `SDL_VIDEODRIVER` if set;
    /// else, in a Wayland session (`WAYLAND_DISPLAY` set), Wayland first and X11 (XWayland) after
    /// it — SDL 2's own order is X11 first, which on a Wayland desktop means a blurry upscaled
    /// window at 2× and no per-monitor scale; else X11. A failure names the drivers tried and why.
    static func start(driver: VideoDriver?) throws {
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // Touch input arrives as finger events; SDL's synthetic mouse copies are ignored, so keep
        // mouse-from-touch off and touch-from-mouse off (one source per gesture).
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        let env = ProcessEnvironment.self
        let fromEnvironment = env.value("SDL_VIDEODRIVER")
        if let fromEnvironment, driver == nil {
            // The user's choice, as SDL reads it (it may be a list, or a driver Swivel does not name).
            guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
                throw PlatformError("cannot start the video driver '\(fromEnvironment)' (from SDL_VIDEODRIVER): \(lastError())")
            }
            return
        }
        let candidates: [VideoDriver]
        let because: String
        if let driver {
            (candidates, because) = ([driver], "from --video-driver")
        } else if env.value("WAYLAND_DISPLAY") != nil {
            (candidates, because) = ([.wayland, .x11], "WAYLAND_DISPLAY is set")
        } else if env.value("DISPLAY") != nil {
            (candidates, because) = ([.x11], "DISPLAY is set")
        } else {
            throw PlatformError(noDisplayMessage)
        }
        // Drivers that cannot connect are left out before SDL tries them: the reason is then ours,
        // in one line (SDL only says "not available", and libwayland prints a line of its own).
        var problems: [String] = []
        var usable: [VideoDriver] = []
        for candidate in candidates {
            if let problem = problem(candidate) { problems.append("\(candidate.rawValue): \(problem)") }
            else { usable.append(candidate) }
        }
        let tried = candidates.map(\.rawValue).joined(separator: ", then ")
        func failure(_ reasons: [String]) -> PlatformError {
            PlatformError("cannot start the video driver \(tried) (\(because)): \(reasons.joined(separator: "; "))")
        }
        guard !usable.isEmpty else { throw failure(problems) }
        // Above SDL_VIDEODRIVER, which SDL would otherwise read first. SDL takes a list and uses
        // the first driver that starts.
        SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, usable.map(\.rawValue).joined(separator: ","), SDL_HINT_OVERRIDE)
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            let reason = usable.map { "\($0.rawValue): \(connectionFailure($0))" }
            throw failure(problems + ["\(reason.joined(separator: "; ")) (SDL: \(lastError()))"])
        }
    }

    /// Why `driver` cannot work in this environment, when that shows without trying it.
    private static func problem(_ driver: VideoDriver) -> String? {
        let env = ProcessEnvironment.self
        switch driver {
        case .wayland:
            // libwayland's rule: WAYLAND_DISPLAY (default wayland-0), under XDG_RUNTIME_DIR unless absolute.
            let name = env.value("WAYLAND_DISPLAY") ?? "wayland-0"
            let path: String
            if name.hasPrefix("/") {
                path = name
            } else if let directory = env.value("XDG_RUNTIME_DIR") {
                path = directory + "/" + name
            } else {
                return "XDG_RUNTIME_DIR is not set, so the compositor's socket '\(name)' cannot be found"
            }
            return access(path, F_OK) == 0 ? nil : "no Wayland compositor socket at \(path)"
        case .x11:
            return env.value("DISPLAY") == nil ? "DISPLAY is not set" : nil
        case .offscreen:
            return nil
        }
    }

    /// What it means when `driver` was tried and failed.
    private static func connectionFailure(_ driver: VideoDriver) -> String {
        let env = ProcessEnvironment.self
        switch driver {
        case .wayland: return "the compositor at \(env.value("WAYLAND_DISPLAY") ?? "wayland-0") did not accept the connection"
        case .x11: return "cannot open the X display \(env.value("DISPLAY") ?? "")"
        case .offscreen: return "SDL's offscreen driver did not start (is SDL built without it, or no EGL?)"
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
