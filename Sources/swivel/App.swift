import SwivelCore
import SwivelPlatform
import SwivelRender

/// Opens the window and renderer, then either renders one frame to a file or runs the frame loop.
struct App {
    let options: Options

    func run() {
        // A recording is read and checked before any window opens.
        let recording = options.replay.map(Recording.init(path:))

        var windowOptions = Window.Options()
        windowOptions.width = options.width
        windowOptions.height = options.height
        if !options.sizeGiven, let size = recording?.lastWindowSize {
            (windowOptions.width, windowOptions.height) = (Int(size.width), Int(size.height))
        }
        windowOptions.hidden = options.screenshot != nil
        let window: Window
        do { window = try Window(windowOptions) } catch { fail(.failure, "\(error)") }

        let gl = GLVersion.current()
        guard gl.meetsRequirement else {
            fail(.failure, "Swivel needs an OpenGL 3.3 core context; this one is \(gl.major).\(gl.minor)"
                + "\(gl.isCore ? " core" : "") (\(gl.description))")
        }
        let renderer: Renderer
        do { renderer = try Renderer() } catch { fail(.failure, "\(error)") }

        var controller = ScrollController(
            layout: CarouselLayout(viewport: window.pointSize, cardCount: options.cards),
            snapping: options.snapping, offset: options.scroll, decelerationRate: options.decelerationRate)

        if let path = options.screenshot {
            var time = 0.0
            if let recording {
                recording.apply(to: &controller)
                time = recording.endTime
            }
            let scene = CardScene(layout: controller.layout, scroll: controller.offset(at: time))
            Screenshots.renderOnce(window: window, renderer: renderer, scene: scene, path: path)
            return
        }
        var loop = FrameLoop(window: window, renderer: renderer, controller: controller)
        loop.run(recordTo: options.record, replaying: recording)
    }
}
