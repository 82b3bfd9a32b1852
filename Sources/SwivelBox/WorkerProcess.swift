import Glibc
import SwivelSystem

/// A worker: this same program started again with `arguments` (a worker mode), its descriptor 3
/// one end of a `WorkerChannel`, its standard input and output and error /dev/null (a worker
/// never talks to the user's terminal; its failures come back as messages or as its end).
public final class WorkerProcess: @unchecked Sendable {
    public let processID: pid_t
    public let channel: WorkerChannel
    private var reaped: WorkerEnd?

    /// The program workers are started from: this process's own executable.
    public static let program = "/proc/self/exe"

    /// Starts a worker; nil (with errno's text) when the system cannot.
    public static func start(program: String = program, _ arguments: [String], environment: [String]? = nil) -> Result<WorkerProcess, WorkerStartFailure> {
        guard let (mine, theirs) = WorkerChannel.pair() else { return .failure(.init(errno: errno)) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, theirs.descriptor, 3)
        for standard: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, standard, "/dev/null", standard == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        TerminationSignals.resetForChild(&attributes)
        // A process group of its own: the terminal's Ctrl+C (SIGINT to the foreground group) is
        // the app's to handle; a worker ends when the app closes its socket, or goes.
        var flags: Int16 = 0
        posix_spawnattr_getflags(&attributes, &flags)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = (["swivel"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }
        var child = pid_t()
        let spawned = envp.map { envp in posix_spawn(&child, program, &actions, &attributes, argv, envp) }
            ?? posix_spawn(&child, program, &actions, &attributes, argv, environ)
        theirs.close()
        guard spawned == 0 else {
            mine.close()
            return .failure(.init(errno: spawned))
        }
        return .success(WorkerProcess(processID: child, channel: mine))
    }

    private init(processID: pid_t, channel: WorkerChannel) {
        self.processID = processID
        self.channel = channel
    }

    /// Ends the worker at once (SIGKILL), whatever it is doing, and reaps it.
    @discardableResult
    public func kill() -> WorkerEnd {
        if let reaped { return reaped }
        Glibc.kill(processID, SIGKILL)
        return reap()
    }

    /// Ends the worker at once (SIGKILL) and reaps it on a thread of its own: for a cancel, whose
    /// caller needs no status and should not wait while the kernel tears down a worker holding a
    /// GiB (a 16000² HEIC's: 60 ms from the kill to the reap).
    public func killAndReapLater() {
        guard reaped == nil else { return }
        Glibc.kill(processID, SIGKILL)
        if !startThread(named: "swivel-reaper", { self.reap() }) { reap() }
    }

    /// Waits for the worker to end, and says how it ended.
    @discardableResult
    public func reap() -> WorkerEnd {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        let end = WorkerEnd(waitStatus: status)
        reaped = end
        channel.close()
        return end
    }

    deinit { if reaped == nil { kill() } }
}

/// Why a worker could not be started.
public struct WorkerStartFailure: Error, CustomStringConvertible {
    public let errno: Int32
    public var description: String { "cannot start a decoder process: \(String(cString: strerror(errno)))" }
    /// Whether a later try may succeed: the process or the system was out of descriptors,
    /// processes or memory, which says nothing of the photo.
    public var isTransient: Bool { [EMFILE, ENFILE, ENOMEM, EAGAIN].contains(errno) }
}

/// How a worker process ended, from its wait status.
public enum WorkerEnd: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)

    public init(waitStatus status: Int32) {
        // WIFEXITED / WTERMSIG by hand: the macros are not imported.
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
