import CSDL2
import SwivelCore

/// An SDL window with an OpenGL 3.3 core context current on the calling thread.
///
/// Layout works in points (`pointSize`); GL works in pixels (`pixelWidth` × `pixelHeight`, the
/// drawable's size). On a HiDPI display the two differ by `pixelScale`.
public final class Window {
    public struct Options {
        public var title = "Swivel"
        public var width = 1280
        public var height = 720
        /// Hidden windows are for rendering one frame to a file.
        public var hidden = false
        /// Wait for vblank on swap where the driver allows; benchmarks turn it off.
        public var vsync = true
        public var fullscreen = false
        /// The video driver to use; nil: the session's (see `SDLVideo.start`).
        public var videoDriver: VideoDriver?
        /// Pixels per point where SDL has no scale of its own (X11, offscreen); nil: the desktop's
        /// on X11 (`DesktopScale`), 1 offscreen. Wayland's compositor sets its own.
        public var scale: Double?
        public init() {}
    }

    private let window: OpaquePointer
    private let context: SDL_GLContext
    /// True when the swap waits for vblank: the driver accepted a swap interval of 1 and has a
    /// display to wait for.
    public let hasVSync: Bool
    /// The display's refresh rate in Hz, or 60 when SDL does not know it.
    public let refreshRate: Double
    /// The SDL video driver in use ("x11", "wayland", "offscreen", …).
    public let videoDriver: String
    /// Pixels per point that Swivel applies itself: SDL's window size is in pixels on X11 and
    /// offscreen, so sizes and pointer positions are divided by this to get points. 1 on Wayland,
    /// where SDL's window size is already in points and its drawable in pixels.
    public let contentScale: Double
    /// Whether the compositor sets the scale (Wayland), so `Options.scale` was not applied.
    public var scaleIsCompositors: Bool { videoDriver == "wayland" }

    public init(_ options: Options) throws {
        try SDLVideo.start(driver: options.videoDriver)
        StartupTimeline.mark(.sdlVideo)
        videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        switch videoDriver {
        case "wayland": contentScale = 1
        case "x11": contentScale = options.scale ?? DesktopScale.x11()
        default: contentScale = options.scale ?? 1
        }

        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        // No depth buffer: the renderer draws in paint order, and a depth buffer would only keep
        // 2 bytes a pixel for nothing.
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0)

        var flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_RESIZABLE.rawValue
            | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        flags |= options.hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        if options.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        guard let window = SDL_CreateWindow(options.title, Int32(bitPattern: SWIVEL_SDL_WINDOWPOS_CENTERED),
                                            Int32(bitPattern: SWIVEL_SDL_WINDOWPOS_CENTERED),
                                            Self.pixels(options.width, contentScale),
                                            Self.pixels(options.height, contentScale), flags) else {
            let reason = SDLVideo.lastError()
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw PlatformError("cannot open a window: \(reason)")
        }
        StartupTimeline.mark(.window)
        guard let context = SDL_GL_CreateContext(window) else {
            let reason = SDLVideo.lastError()
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw PlatformError("cannot create an OpenGL 3.3 core context (Swivel needs OpenGL 3.3): \(reason)")
        }
        StartupTimeline.mark(.glContext)
        self.window = window
        self.context = context
        windowedSize = (Self.pixels(options.width, contentScale), Self.pixels(options.height, contentScale))
        // SDL's offscreen driver accepts the interval, but its swap neither shows nor waits:
        // trusted, a replay's fling drew 600 frames a second and queued 47 MiB of llvmpipe scenes.
        // (The frame loop's `VSyncWatch` finds other such drivers after 30 frames.)
        hasVSync = options.vsync && videoDriver != "offscreen" && SDL_GL_SetSwapInterval(1) == 0
        if !options.vsync { SDL_GL_SetSwapInterval(0) }
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 {
            refreshRate = Double(mode.refresh_rate)
        } else {
            refreshRate = 60
        }
    }

    /// Makes no GL context current on the calling thread: one left current on a thread keeps its
    /// window's surface bound there (EGL), and a window made on another thread later cannot make
    /// its own current (EGL_BAD_ACCESS). SDL unbinds a context it deletes only on the deleting
    /// thread.
    public func releaseContext() {
        SDL_GL_MakeCurrent(window, nil)
    }

    deinit {
        releaseContext()
        SDL_GL_DeleteContext(context)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// The window's size in points (layout units).
    public var pointSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(Double(w) / contentScale, Double(h) / contentScale)
    }

    /// SDL's size for `points` at `scale` (at least 1).
    private static func pixels(_ points: Int, _ scale: Double) -> Int32 {
        Int32(max(1, (Double(points) * scale).rounded()))
    }

    /// The drawable's size in pixels (what glViewport wants).
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    public func swap() {
        let start = SDL_GetPerformanceCounter()
        SDL_GL_SwapWindow(window)
        lastSwapSeconds = Double(SDL_GetPerformanceCounter() - start) / Double(SDL_GetPerformanceFrequency())
    }

    /// How long the last `swap` took, in seconds.
    public private(set) var lastSwapSeconds = 0.0

    /// Whether the last swap says the compositor is not showing the window. On Wayland SDL 2's
    /// swap (with a swap interval) first waits for the compositor's frame callback for the frame
    /// before, and a compositor sends none for a window nobody sees (on another workspace,
    /// minimised); SDL gives up after ten frames' time, 10000/60 ms (measured under sway: every
    /// swap of a window on a hidden workspace takes 167–178 ms, a shown one's 16). A swap that
    /// long (SDL waited its whole timeout) means hidden. A shown window's swap can take that long
    /// once on a busy machine, so the frame loop waits for two in a row (`HiddenWindowPacing`).
    public var lastSwapFoundWindowHidden: Bool {
        videoDriver == "wayland" && hasVSync && lastSwapSeconds >= 0.16
    }

    /// Whether the window covers its display (the desktop's mode, no mode switch).
    ///
    /// Leaving fullscreen asks for the windowed size again. On X11 fullscreen is the window
    /// manager's job; with none (a bare X server such as Xvfb) the window never changes, yet SDL
    /// takes the desktop's size as the window's on the way in and keeps it on the way out, so
    /// every later frame would be laid out for a window that is not there.
    /// The window's title (`SDL_SetWindowTitle`), as the window manager shows it.
    public var title: String {
        get { String(cString: SDL_GetWindowTitle(window)) }
        set { if newValue != title { SDL_SetWindowTitle(window, newValue) } }
    }

    public var isFullscreen: Bool {
        get { SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue == SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        set {
            guard newValue != isFullscreen else { return }
            if newValue {
                var w: Int32 = 0, h: Int32 = 0
                SDL_GetWindowSize(window, &w, &h)
                windowedSize = (w, h)
            }
            SDL_SetWindowFullscreen(window, newValue ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
            if !newValue, let (w, h) = windowedSize {
                SDL_SetWindowSize(window, w, h)
            }
        }
    }

    /// SDL's size (points on Wayland, pixels elsewhere) before the window last went fullscreen.
    private var windowedSize: (Int32, Int32)?

    /// Whether the window is minimised (its drawable may be 0×0).
    public var isMinimized: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_MINIMIZED.rawValue != 0 }

    public func show() { SDL_ShowWindow(window) }
}
