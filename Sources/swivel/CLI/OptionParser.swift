import Glibc
import SwivelCore

/// The command line split into settings (in order) and positional paths.
struct ParsedArguments: Equatable {
    var settings: [Setting] = []
    var paths: [FilePath] = []

    /// Whether the run only prints text (help, version), so no config file is read.
    var onlyPrintsText: Bool { settings.contains { $0.option.form == .action } }

    /// `--config FILE`, the last one given.
    var configFile: FilePath? { last("config") }

    /// Whether `--no-config` was given (and not turned off again by `--no-config=no`).
    var noConfig: Bool { last("no-config") ?? false }

    /// The value of the last setting of option `name`.
    private func last<Value>(_ name: String) -> Value? {
        settings.last { $0.option.name == name }.map { $0.value.base as! Value }
    }
}

/// Turns argv into settings; every value is checked here, so a bad one stops before anything runs.
enum OptionParser {
    typealias UsageError = Options.UsageError

    /// Parses `arguments` (without the program name): `--name VALUE`, `--name=VALUE`, `--flag`,
    /// `--flag=yes|no`, a short name alone (`-h`, `-0`), paths (`-` is standard input), and `--`
    /// after which everything is a path.
    static func scan(_ arguments: [[UInt8]]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var rest = arguments[...]
        var onlyPaths = false
        while let argument = rest.popFirst() {
            let text = String(decoding: argument, as: UTF8.self)
            if onlyPaths || !text.hasPrefix("-") || text == "-" {
                guard !argument.isEmpty else {
                    throw UsageError(description: "a photo path cannot be empty (got '')")
                }
                parsed.paths.append(FilePath(bytes: argument))
                continue
            }
            if text == "--" { onlyPaths = true; continue }
            if text.count == 2, let option = OptionDeclarations.short[text.last!], let bare = option.bare {
                parsed.settings.append(bare())
                continue
            }

            var nameBytes = argument[...]
            var inline: [UInt8]?
            if let equals = argument.firstIndex(of: UInt8(ascii: "=")) {
                nameBytes = argument[..<equals]
                inline = Array(argument[(equals + 1)...])
            }
            let label = String(decoding: nameBytes, as: UTF8.self)
            guard label.hasPrefix("--"), let option = OptionDeclarations.named[String(label.dropFirst(2))] else {
                throw UsageError(description: "unknown option \(OptionValue.quoted(label))")
            }
            switch option.form {
            case .action:
                if let inline {
                    throw UsageError(description: "\(label) takes no value (got \(OptionValue.quoted(inline)))")
                }
                parsed.settings.append(option.bare!())
            case .flag:
                parsed.settings.append(try inline.map { v throws(UsageError) in try option.read(v, label) } ?? option.bare!())
            case .value:
                guard let value = inline ?? rest.popFirst() else {
                    throw UsageError(description: "\(label) needs a value")
                }
                parsed.settings.append(try option.read(value, label))
            }
        }
        return parsed
    }

    /// The process's arguments (without the program name) as the kernel passed them: raw bytes,
    /// so file names that are not UTF-8 survive (`CommandLine.arguments` has them decoded).
    static func processArguments() -> [[UInt8]] {
        let argv = CommandLine.unsafeArgv
        return (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = argv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
        }
    }
}
