import Glibc
import SwivelCore
import SwivelSystem

/// A config file's settings, each checked like its command-line option.
struct ConfigSettings: Equatable {
    let path: FilePath
    let settings: [Setting]

    /// Checks every line of `text`; the first bad one throws "PATH line N: reason".
    init(path: FilePath, text: String) throws(Options.UsageError) {
        self.path = path
        func failure(_ line: Int, _ reason: String) -> Options.UsageError {
            Options.UsageError(description: "\(path) line \(line): \(reason)", suggestsHelp: false)
        }
        let entries: [ConfigFile.Entry]
        switch ConfigFile.parse(text) {
        case .success(let parsed): entries = parsed
        case .failure(let error): throw failure(error.line, error.reason)
        }
        var settings: [Setting] = []
        for entry in entries {
            guard let option = OptionDeclarations.named[entry.key] else {
                throw failure(entry.line, "unknown key \(OptionValue.quoted(entry.key))")
            }
            guard option.inConfig else {
                throw failure(entry.line, "'\(entry.key)' cannot be set in a config file; give --\(entry.key) "
                    + "on the command line")
            }
            do throws(Options.UsageError) {
                settings.append(try option.read(Array(entry.value.utf8), entry.key))
            } catch {
                throw failure(entry.line, error.description)
            }
        }
        self.settings = settings
    }
}

/// Finds and reads the config file for a run.
enum ConfigLoading {
    /// Config files are a few lines; anything bigger is not one.
    static let maximumSize = 1 << 20

    /// The settings of `--config FILE` (which must exist), else of the default file if there is
    /// one, else nil; nil too with `--no-config`.
    static func load(for commandLine: ParsedArguments,
                     environment: [String: String]) throws(Options.UsageError) -> ConfigSettings? {
        if commandLine.noConfig { return nil }
        let explicit = commandLine.configFile
        guard let path = explicit ?? ConfigFile.defaultPath(environment: environment) else { return nil }
        switch readFile(path, onlyRegular: explicit == nil) {
        case .text(let text):
            return try ConfigSettings(path: path, text: text)
        case .missing where explicit == nil:
            return nil
        case .missing:
            throw Options.UsageError(description: "cannot read config file \(path): no such file", suggestsHelp: false)
        case .failed(let reason):
            throw Options.UsageError(description: "cannot read config file \(path): \(reason)", suggestsHelp: false)
        }
    }

    enum ReadResult: Equatable {
        case text(String)
        /// Neither the file nor (some of) its directories exist.
        case missing
        case failed(String)
    }

    /// The file's text: UTF-8, at most `maximumSize` bytes, not a directory. With `onlyRegular`
    /// (the default config, which nobody named) FIFOs and devices are refused without blocking:
    /// a FIFO there with no writer would hang every start. A file named with `--config` may be a
    /// pipe (`--config <(…)`), read as asked.
    static func readFile(_ path: FilePath, onlyRegular: Bool = false) -> ReadResult {
        let fd = open(path.cString, O_RDONLY | O_CLOEXEC | (onlyRegular ? O_NONBLOCK : 0))
        guard fd >= 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .missing : .failed(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { return .failed("it is a directory") }
        if onlyRegular && (status.st_mode & S_IFMT) != S_IFREG { return .failed("it is not a regular file") }

        let bytes: [UInt8]
        switch FileDescriptor.readAll(fd, limit: maximumSize) {
        case .success(let read): bytes = read
        case .failure(.tooLarge): return .failed("it is larger than 1 MiB")
        case .failure(.failed(let code)): return .failed(String(cString: strerror(code)))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failed("it is not UTF-8 text") }
        return .text(text)
    }
}
