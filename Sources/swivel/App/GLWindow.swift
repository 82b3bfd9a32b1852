import SwivelCore
import SwivelPlatform
import SwivelRender

/// Where the window meets OpenGL, and the only file that sees both SwivelPlatform and
/// SwivelRender: the SDL window with its context, the renderer drawing into it, the drawable's
/// size, and presenting a frame.
final class GLWindow {
    let window: Window
    let renderer: Renderer

    /// Opens the window, then checks for OpenGL 3.3 core and builds the renderer (compiling the
    /// shaders the first frame needs; `FrameRenderer` builds the rest once it is shown), or exits 1 saying why: with `tooOld` when given, else naming the context it got.
    /// `opened` runs in between, with the window (to warn about it before any GL work).
    init(_ options: Window.Options, tooOld: String? = nil, opened: (Window) -> Void = { _ in }) {
        if let problem = GLStartMemory.problem { fail(.failure, problem) }
        do { window = try Window(options) } catch { fail(.failure, "\(error)") }
        opened(window)
        let gl = GLVersion.current()
        guard gl.meetsRequirement else {
            fail(.failure, tooOld ?? "Swivel needs an OpenGL 3.3 core context; this one is \(gl.major).\(gl.minor)"
                + "\(gl.isCore ? " core" : "") (\(gl.description))")
        }
        do { renderer = try Renderer(deferringPrograms: true) } catch { fail(.failure, "\(error)") }
        StartupTimeline.mark(.shaders)
    }

    /// The window's drawable, in pixels.
    var pixels: FramePixels {
        let size = window.pixelSize
        return FramePixels(width: size.width, height: size.height)
    }

    /// Shows the frame just rendered: swaps, then flushes, since the offscreen driver's swap does
    /// not (see `Renderer.flush`).
    func present() {
        window.swap()
        renderer.flush()
    }
}
