import Glibc

/// A program run to its end with an environment given to it (never this process's changed with
/// `setenv`): its exit status and the first line it wrote to stderr. Standard input is `input`
/// (from an unlinked temporary file, so that a program that does not read it never blocks us),
/// standard output /dev/null; stderr goes to an unlinked temporary file, read once the program has ended (a pipe
/// would be held open by what it starts, `gio open`'s application, and never reach its end; and a
/// program writing more than a pipe holds would wait for a reader that waits for its end).
public enum ChildProcess {
    public struct Ended: Equatable, Sendable {
        /// The exit status (128 + the signal for one that was killed).
        public let status: Int32
        /// The first non-empty line of its stderr, nil when it wrote none.
        public let firstErrorLine: String?
    }

    /// Runs `program` (a path, or a name looked up in `environment`'s PATH) with `arguments`, each
    /// given as its bytes (a file's name need not be UTF-8).
    /// A failure, with the reason, when it cannot be started.
    public static func run(_ program: String, _ arguments: [[UInt8]], environment: [String: String],
                           input: [UInt8] = []) -> Result<Ended, Failure> {
        guard let path = resolve(program, path: environment["PATH"] ?? "/usr/bin:/bin") else {
            return .failure(Failure(description: "\(program) is not installed (not found in PATH)"))
        }
        guard let errorFile = temporaryFile() else { return .failure(Failure(description: "cannot start \(program): \(String(cString: strerror(errno)))")) }
        defer { close(errorFile) }
        guard let inputFile = temporaryFile() else { return .failure(Failure(description: "cannot start \(program): \(String(cString: strerror(errno)))")) }
        defer { close(inputFile) }
        guard FileDescriptor.write(inputFile, input), lseek(inputFile, 0, SEEK_SET) == 0 else {
            return .failure(Failure(description: "cannot give \(program) its input: \(String(cString: strerror(errno)))"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputFile, STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorFile, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        TerminationSignals.resetForChild(&attributes)
        let argv = ([Array(program.utf8)] + arguments).map { bytes in
            (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { strdup($0.baseAddress!) } }
        } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { return .failure(Failure(description: "cannot start \(program): \(String(cString: strerror(spawned)))")) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        var output = [UInt8](repeating: 0, count: 65536)
        let count = output.withUnsafeMutableBytes { pread(errorFile, $0.baseAddress, $0.count, 0) }
        output = Array(output.prefix(max(count, 0)))
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which the Glibc module does not export.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let line = String(decoding: output, as: UTF8.self).split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
        return .success(Ended(status: code, firstErrorLine: line.map(String.init)))
    }

    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// An unlinked file in /tmp, open for reading and writing (closed on exec).
    static func temporaryFile() -> Int32? {
        var template = Array("/tmp/swivel-child-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    /// `program` itself when it holds a slash, else the first executable of that name in `path`'s folders.
    static func resolve(_ program: String, path: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
