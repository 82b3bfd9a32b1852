import Glibc

// Threads from pthreads rather than Dispatch: Dispatch's Swift module would link libdispatch,
// libswiftDispatch and the Swift regex libraries into every process for two parallel loops.

/// A pthread mutex with its condition variable: what the decode threads sleep on until there is
/// work, and what guards the loader's state.
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until another thread broadcasts (or spuriously), then takes it back.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// As `wait`, but for `seconds` at most; false when they ran out first.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int((max(0, seconds).truncatingRemainder(dividingBy: 1) * 1e9).rounded())
        deadline.tv_sec += Int(max(0, seconds)) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    /// Wakes every waiting thread; call with the lock held.
    public func broadcast() { pthread_cond_broadcast(condition) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Runs `body` on a new detached thread called `name` (the kernel keeps 15 bytes of it, shown by
/// `top -H` and debuggers). Returns false if the system would not start a thread.
@discardableResult
public func startThread(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
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

/// Runs `body(i)` for every `i` in `0..<iterations`, each on a thread of its own (the calling thread
/// takes `0`), and returns when all have. An iteration whose thread the system would not start
/// runs on the calling thread.
public func concurrentlyPerform(iterations: Int, _ body: (Int) -> Void) {
    guard iterations > 1 else {
        if iterations == 1 { body(0) }
        return
    }
    withoutActuallyEscaping(body) { body in
        final class Job {
            let index: Int
            let body: (Int) -> Void
            init(_ index: Int, _ body: @escaping (Int) -> Void) { (self.index, self.body) = (index, body) }
        }
        var threads: [pthread_t] = []
        var here = [0]
        for index in 1..<iterations {
            let job = Unmanaged.passRetained(Job(index, body)).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { argument in
                let job = Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue()
                job.body(job.index)
                return nil
            }, job)
            if started == 0 {
                threads.append(thread)
            } else {
                Unmanaged<Job>.fromOpaque(job).release()
                here.append(index)
            }
        }
        for index in here { body(index) }
        for thread in threads { pthread_join(thread, nil) }
    }
}

/// glibc's `pthread_setname_np`, which the Glibc module does not export (it is a GNU extension).
@_silgen_name("pthread_setname_np") private func setThreadName(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32
