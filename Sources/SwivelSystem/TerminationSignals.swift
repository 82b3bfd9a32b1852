import Glibc

/// SIGTERM, SIGINT and SIGHUP as a request to end, whatever Swivel is doing; SIGPIPE ignored, so a
/// closed stdout or stderr makes a write fail instead of ending the process.
///
/// The three are blocked in every thread (the mask is set before any other thread starts, and
/// threads inherit it) and taken by one thread waiting in `sigwait`, so no handler runs at an
/// arbitrary point of another thread: the waiting thread records the signal and calls the
/// `onSignal` it was given (the app wakes its event loop), and each of Swivel's loops — the window's,
/// `--screenshot`'s wait for photos, `--bench`, `--soak` — asks `requested` between steps and ends
/// with `exitStatus`. Should the main thread be busy elsewhere (a folder being scanned, `--sort
/// taken` reading dates) for longer than `grace`, the waiting thread ends the process itself.
public enum TerminationSignals {
    /// The signals that ask Swivel to end.
    public static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// How long the main thread has to end by itself after a signal before the waiting thread ends
    /// the process: well inside the 200 ms a user or a service manager should wait, and 10 frames
    /// at 60 Hz, longer than any one step of the loops takes.
    public static let grace: Duration = .milliseconds(150)

    private static let state = Condition()
    nonisolated(unsafe) private static var received: Int32 = 0

    /// The signal that asked Swivel to end, if one has.
    public static var requested: Int32? {
        let signal = state.withLock { received }
        return signal == 0 ? nil : signal
    }

    /// The conventional status for ending on `requested`: 128 plus the signal's number (130 for
    /// SIGINT, 143 for SIGTERM, 129 for SIGHUP), as shells report a process the signal ended.
    public static var exitStatus: Int32? { requested.map { 128 + $0 } }

    /// Ends the process with `exitStatus` if a signal asked for it.
    public static func exitIfRequested() {
        if let status = exitStatus { exit(status) }
    }

    /// Call first thing in `main`, before any other thread exists. Returns false (and changes
    /// nothing) if the waiting thread cannot be started.
    @discardableResult
    public static func install(onSignal: @escaping @Sendable () -> Void) -> Bool {
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        let blocked = set
        let started = startThread(named: "signals") {
            var set = blocked
            var signal: Int32 = 0
            while sigwait(&set, &signal) != 0 {}
            state.withLock { received = signal }
            onSignal()
            var wait = timespec(tv_sec: 0, tv_nsec: Int(grace.milliseconds * 1_000_000)), left = timespec()
            while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
            _exit(128 + signal)
        }
        if !started { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return started
    }

    /// For a child process: the signal mask and dispositions a program expects at its start (none
    /// blocked, SIGPIPE back to its default), which it would otherwise inherit from Swivel.
    public static func resetForChild(_ attributes: inout posix_spawnattr_t) {
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        for signal in handled { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }
}

/// The standard streams: descriptors 0, 1 and 2.
public enum StandardStreams {
    /// Opens /dev/null on each of descriptors 0-2 that is closed (`swivel >&-`), so that no file
    /// Swivel opens later takes that number and receives its messages.
    public static func keepOpen() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
