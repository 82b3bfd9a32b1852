import Foundation
import SwivelPlatform

/// A hidden window with a real OpenGL 3.3 core context on Mesa, through SDL's offscreen driver:
/// no display needed. SDL and GL are not thread-safe, so every suite that uses it is `.serialized`
/// and all of them share one lock.
enum GLTestContext {
    private static let lock = NSLock()

    static func withContext<T>(width: Int = 320, height: Int = 240, _ body: (Window) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        var options = Window.Options()
        options.width = width
        options.height = height
        options.hidden = true
        let window = try Window(options)
        return try body(window)
    }
}
