import Foundation
import SwivelCore
import SwivelPlatform
import SwivelRender

/// Wires the window, the renderer and the scroller together and runs the frame loop.
struct App {
    let options: Options

    func run() {
        var windowOptions = Window.Options()
        windowOptions.width = options.width
        windowOptions.height = options.height
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

        var layout = CarouselLayout(viewport: window.pointSize, cardCount: options.cards)
        if let path = options.screenshot {
            let scroll = min(max(options.scroll, layout.scrollRange.lowerBound), layout.scrollRange.upperBound)
            renderScreenshot(window: window, renderer: renderer, scene: CardScene(layout: layout, scroll: scroll),
                             path: path)
            return
        }

        var scroller = DragScroller(offset: options.scroll, range: layout.scrollRange)
        let pump = EventPump(window: window)
        var limiter = FrameLimiter(hertz: window.refreshRate)
        var needsFrame = true
        var screenshotRequested = false

        while true {
            for event in needsFrame ? pump.pendingEvents() : pump.waitForEvents() {
                switch event {
                case .quit, .input(.keyDown(.escape, _)):
                    return
                case .resized:
                    layout.viewport = window.pointSize
                    scroller.range = layout.scrollRange
                    needsFrame = true
                case .exposed:
                    needsFrame = true
                case .input(.keyDown(.f12, _)):
                    screenshotRequested = true
                    needsFrame = true
                case .input(let input):
                    if scroller.handle(input) { needsFrame = true }
                }
            }
            guard needsFrame else { continue }
            let pixels = window.pixelSize
            renderer.render(CardScene(layout: layout, scroll: scroller.offset),
                            pixelWidth: pixels.width, pixelHeight: pixels.height)
            if let error = renderer.takeError() { Console.error(error) }
            if screenshotRequested {
                screenshotRequested = false
                saveScreenshot(renderer.readPixels(width: pixels.width, height: pixels.height),
                               width: pixels.width, height: pixels.height)
            }
            window.swap()
            if !window.hasVSync { limiter.waitForNextFrame() }
            needsFrame = false
        }
    }

    /// `--screenshot`: one frame into a PNG, and how long it took.
    private func renderScreenshot(window: Window, renderer: Renderer, scene: CardScene, path: String) {
        let pixels = window.pixelSize
        let clock = ContinuousClock()
        var firstFrame = Duration.zero, nextFrame = Duration.zero
        // The first frame includes building the blurred shadow; the second is a steady frame.
        for pass in 0..<2 {
            let start = clock.now
            renderer.render(scene, pixelWidth: pixels.width, pixelHeight: pixels.height)
            renderer.finish()
            if pass == 0 { firstFrame = clock.now - start } else { nextFrame = clock.now - start }
        }
        if let error = renderer.takeError() { fail(.failure, error) }
        let rgba = renderer.readPixels(width: pixels.width, height: pixels.height)
        do {
            try PNGFile.write(rgba, width: pixels.width, height: pixels.height, to: path)
        } catch {
            fail(.failure, "\(error)")
        }
        func ms(_ d: Duration) -> String {
            String(format: "%.2f", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
        }
        Console.out("wrote \(path) (\(pixels.width)x\(pixels.height) px, \(scene.instances.count) cards; "
            + "first frame \(ms(firstFrame)) ms with the shadow blur, next frame \(ms(nextFrame)) ms)")
    }

    /// F12: the frame just rendered, to `$XDG_PICTURES_DIR` or the working directory.
    private func saveScreenshot(_ rgba: [UInt8], width: Int, height: Int) {
        let env = ProcessInfo.processInfo.environment
        let directory = env["XDG_PICTURES_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.currentDirectoryPath
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "swivel-" + formatter.string(from: Date())
        var path = (directory as NSString).appendingPathComponent(stem + ".png")
        var counter = 2
        while FileManager.default.fileExists(atPath: path) {
            path = (directory as NSString).appendingPathComponent("\(stem)-\(counter).png")
            counter += 1
        }
        do {
            try PNGFile.write(rgba, width: width, height: height, to: path)
            Console.out(path)
        } catch {
            Console.error("\(error)")
        }
    }
}
