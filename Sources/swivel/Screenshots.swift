import Foundation
import SwivelPlatform
import SwivelRender

enum Screenshots {
    /// `--screenshot`: one frame into a PNG, and how long it took.
    static func renderOnce(window: Window, renderer: Renderer, scene: CardScene, path: String) {
        let pixels = window.pixelSize
        let clock = ContinuousClock()
        var times: [Duration] = []
        // The first frame includes building the blurred shadow; the second is a steady frame.
        for _ in 0..<2 {
            let start = clock.now
            renderer.render(scene, pixelWidth: pixels.width, pixelHeight: pixels.height)
            renderer.finish()
            times.append(clock.now - start)
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
        Console.out("wrote \(path) (\(pixels.width)x\(pixels.height) px, \(renderer.cardsSubmitted) cards; "
            + "first frame \(ms(times[0])) ms with the shadow blur, next frame \(ms(times[1])) ms)")
    }

    /// F12: the frame just rendered, to `$XDG_PICTURES_DIR` or the working directory; prints the path.
    static func save(_ rgba: [UInt8], width: Int, height: Int) {
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
