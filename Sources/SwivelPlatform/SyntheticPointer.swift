import CSDL2
import SwivelCore

/// Puts mouse events into SDL's queue as if the user had moved the mouse: for benchmarks that
/// measure the whole path from event to presented frame. Safe to call from any thread.
public enum SyntheticPointer {
    public static func push(_ phase: PointerPhase, at point: Point) {
        var event = SDL_Event()
        let x = Int32(point.x.rounded()), y = Int32(point.y.rounded())
        switch phase {
        case .down, .up:
            event.type = phase == .down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            event.button.button = UInt8(SDL_BUTTON_LEFT)
            event.button.state = UInt8(phase == .down ? SDL_PRESSED : SDL_RELEASED)
            event.button.clicks = 1
            event.button.x = x
            event.button.y = y
        case .move:
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.state = swivel_sdl_button_lmask()
            event.motion.x = x
            event.motion.y = y
        case .cancel:
            return
        }
        event.common.timestamp = SDL_GetTicks()
        SDL_PushEvent(&event)
    }
}
