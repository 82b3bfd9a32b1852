/// The largest window there can be.
public enum WindowLimit {
    /// Pixels on a side: SDL2's `SDL_CreateWindow` refuses anything wider or taller with
    /// "Window is too large." (SDL_video.c, a fixed check made before any driver is asked), so a
    /// window beyond it cannot open on any video driver. `--size` and a recording's `resize`
    /// take at most this many points, and `--size` × `--scale` at most this many pixels.
    public static let maximumSide = 16384
}
