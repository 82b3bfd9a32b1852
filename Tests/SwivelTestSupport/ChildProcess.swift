import Foundation
import Glibc
import SwivelCore

/// A program started with `posix_spawn` for a test that must signal it or know what it used:
/// the child starts with no blocked signals and default handlers (Foundation's `Process`, started
/// from a test's worker thread, passes on a mask that blocks SIGTERM), and is reaped here. (Its
/// `ru_maxrss` is no measure of its memory: posix_spawn runs in the test runner's memory until the
/// exec, and the kernel counts that too; read VmHWM in /proc while it runs instead.)
public final class ChildProcess {
    public let pid: pid_t
    private var exit: (status: Int32, signaled: Bool)?

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `executable` with `arguments` and exactly `environment`; standard input is
    /// /dev/null, standard output and error go to the files given (created) or to /dev/null.
    /// `descriptors` replaces any of those: child descriptor -> this process's descriptor to give
    /// it (dup2), or -1 to start the child with it closed.
    public init(_ executable: String, _ arguments: [String], environment: [String: String],
                stdout: FilePath? = nil, stderr: FilePath? = nil, descriptors: [Int32: Int32] = [:]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (fd, file) in [(Int32(1), stdout), (2, stderr)] {
            posix_spawn_file_actions_addopen(&actions, fd, file?.text ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        for (child, parent) in descriptors {
            if parent < 0 {
                posix_spawn_file_actions_addclose(&actions, child)
            } else {
                posix_spawn_file_actions_adddup2(&actions, parent, child)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] { strings.map { strdup($0) } + [nil] }
        let argv = cStrings([executable] + arguments)
        let envp = cStrings(environment.map { "\($0.key)=\($0.value)" })
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard error == 0 else {
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(error)))")
        }
        self.pid = pid
    }

    deinit {
        if isRunning { terminate(within: 2) }
    }

    /// Whether it is still running (reaps it, without waiting, when it has ended).
    public var isRunning: Bool {
        reap(waiting: false)
        return exit == nil
    }

    /// Waits up to `seconds` for it to end; whether it has.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { usleep(5_000) }
        return !isRunning
    }

    /// SIGTERM, then waits up to `seconds` for it to end; SIGKILL if it has not (and then waits).
    /// Whether it ended on the SIGTERM.
    @discardableResult
    public func terminate(within seconds: Double = 5) -> Bool {
        guard isRunning else { return true }
        kill(pid, SIGTERM)
        if wait(seconds: seconds) { return true }
        kill(pid, SIGKILL)
        reap(waiting: true)
        return false
    }

    /// Its exit status, or the signal that ended it; nil while it runs.
    public var status: (code: Int32, signaled: Bool)? {
        _ = isRunning
        return exit.map { ($0.status, $0.signaled) }
    }

    private func reap(waiting: Bool) {
        guard exit == nil else { return }
        var status: Int32 = 0
        let result = waitpid(pid, &status, waiting ? 0 : WNOHANG)
        guard result == pid else { return }
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import (they are macros).
        let signal = status & 0x7F
        exit = signal != 0 ? (signal, true) : ((status >> 8) & 0xFF, false)
    }
}
