import Foundation
import SwivelTestSupport
import SwivelPlatform
import Testing
@testable import SwivelRender

/// A hidden window with a real OpenGL 3.3 core context on Mesa, through SDL's offscreen driver:
/// no display needed. SDL and GL are not thread-safe, so every suite that uses it is `.serialized`
/// and all of them share one lock. Every GL call SwivelRender makes in `body` is checked, as with
/// SWIVEL_GL_CHECK=1: an OpenGL error fails the test, naming the call.
enum GLTestContext {
    private static var lock: NSRecursiveLock { SDLTestLock.lock }

    static func withContext<T>(width: Int = 320, height: Int = 240, _ body: (Window) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        // The window lives in this inner function, so that it (its GL context, and SDL's video
        // with it) is gone before the lock is given back: a local of this scope could outlive the
        // deferred unlock, and another suite's window then came up beside it (FlightFrameTests
        // crashed the test process when run beside PhotoTurnAppTests).
        func withWindow() throws -> T {
            // The driver is asked for by name: setenv here would reach every child process the
            // other suites start meanwhile (and races their reads of the environment).
            var options = Window.Options()
            options.videoDriver = .offscreen
            options.width = width
            options.height = height
            options.hidden = true
            let window = try Window(options)
            let (wasEnabled, oldReport) = (GLCheck.isEnabled, GLCheck.report)
            GLCheck.isEnabled = true
            GLCheck.report = { Issue.record("\($0)") }
            defer { (GLCheck.isEnabled, GLCheck.report) = (wasEnabled, oldReport) }
            return try withExtendedLifetime(window) { try body(window) }
        }
        return try withWindow()
    }
}
