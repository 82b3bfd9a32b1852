import Glibc

/// Runs a program and reads what it prints, within a time limit.
public enum CommandOutput {
    /// The standard output of `program` run with `arguments` (stdin and the environment inherited,
    /// stderr to /dev/null), or nil when it cannot start or has not finished after `timeout`
    /// seconds — it is then killed.
    public static func read(_ program: String, _ arguments: [String], timeout: Double) -> [UInt8]? {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }   // the child gets only its stdout
        defer { close(readEnd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        TerminationSignals.resetForChild(&attributes)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, program, &actions, &attributes, argv, environ)
        close(writeEnd)
        guard spawned == 0 else { return nil }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = MonotonicClock.now + .nanoseconds(Int64((timeout * 1e9).rounded()))
        while true {
            let left = (deadline - MonotonicClock.now).milliseconds / 1000
            var ready = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let count = left > 0 && poll(&ready, 1, Int32((left * 1000).rounded(.up))) > 0
                ? chunk.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) } : -1
            if count < 0 && errno == EINTR && left > 0 { continue }
            if count <= 0 {
                // End of output: the child is done (reaped at once). Otherwise late or failed: killed.
                if count < 0 || left <= 0 { kill(child, SIGKILL) }
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                return count == 0 ? output : nil
            }
            output += chunk[..<count]
        }
    }
}
