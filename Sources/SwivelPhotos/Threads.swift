import Glibc

/// A pthread mutex with its condition variable: what the decode threads sleep on until there is
/// work, and what guards the loader's state.
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until another thread broadcasts (or spuriously), then takes it back.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiting thread; call with the lock held.
    func broadcast() { pthread_cond_broadcast(condition) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Runs `body` on a new detached thread called `name` (the kernel keeps 15 bytes of it, shown by
/// `top -H` and debuggers). Returns false if the system would not start a thread.
@discardableResult
func startThread(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    final class Start {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) { (self.name, self.body) = (name, body) }
    }
    let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { argument in
        let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
        _ = setThreadName(pthread_self(), String(start.name.utf8.prefix(15))!)
        start.body()
        return nil
    }, start)
    guard started == 0 else {
        Unmanaged<Start>.fromOpaque(start).release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// glibc's `pthread_setname_np`, which the Glibc module does not export (it is a GNU extension).
@_silgen_name("pthread_setname_np") private func setThreadName(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32
