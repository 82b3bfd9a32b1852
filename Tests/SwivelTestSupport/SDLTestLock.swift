import Foundation

/// SDL and its GL contexts are not thread-safe: every test that opens a window or a context in
/// this process holds this lock while it does (the render tests' `GLTestContext`, the app run in
/// the test process with its frames drawn, `LiveHarness`).
public enum SDLTestLock {
    public static let lock = NSRecursiveLock()
}

/// `SDLTestLock` held from its making to its end.
public final class SDLTestLockHold {
    public init() { SDLTestLock.lock.lock() }
    deinit { SDLTestLock.lock.unlock() }
}
