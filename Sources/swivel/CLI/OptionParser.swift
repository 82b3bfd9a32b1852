import Foundation
import SwivelCore
import SwivelPhotos
import SwivelPlatform

/// One checked value from the command line or a config file, before it lands in `Options`.
enum Setting: Equatable, Sendable {
    case help, version, benchHelp
    case size(width: Int, height: Int)
    case fullscreen(Bool)
    case cards(Int)
    case scroll(Double)
    case snap(Bool)
    case deceleration(Double)
    case reducedMotion(Bool)
    case hud(Bool)
    case videoDriver(VideoDriver)
    case scale(Double)
    case preset(Preset)
    case card(Size)
    case spacing(Double)
    case cornerRadius(Double)
    case shadowRadius(Double)
    case shadowOpacity(Double)
    case degreesPerPoint(Double)
    case perspective(Double)
    case background(RGBA8)
    case recursive(Bool)
    case demo(Bool)
    case textureBudget(Int)
    case noCaptions(Bool)
    case sort(DeckSort)
    case reverse(Bool)
    case null(Bool)
    case screenshot(String)
    case record(String)
    case replay(String)
    case bench(Bool)
    case frames(Int)
    case images(FilePath)
    case soak(Double)
    case soakRenderEvery(Int)
    case soakMemoryLimit(Double)
    case seed(Int)
    case config(FilePath)
    case noConfig(Bool)
}

/// The command line split into settings (in order) and positional paths.
struct ParsedArguments: Equatable {
    var settings: [Setting] = []
    var paths: [FilePath] = []

    /// Whether the run only prints text (help, version), so no config file is read.
    var onlyPrintsText: Bool {
        settings.contains { $0 == .help || $0 == .version || $0 == .benchHelp }
    }

    /// `--config FILE`, the last one given.
    var configFile: FilePath? {
        settings.lazy.compactMap { if case .config(let path) = $0 { path } else { nil } }.last
    }

    /// Whether `--no-config` was given (and not turned off again by `--no-config=no`).
    var noConfig: Bool {
        settings.lazy.compactMap { if case .noConfig(let on) = $0 { on } else { nil } }.last ?? false
    }
}

/// What an option takes after its name.
enum OptionKind: Sendable {
    /// No value at all (`--help`).
    case action(Setting)
    /// On when given bare; `--flag=yes|no` (and a config's `flag = yes|no`) sets it either way.
    case flag(@Sendable (Bool) -> Setting)
    /// A value, as `--name VALUE` or `--name=VALUE`; the closure gets the raw bytes and the name to
    /// put in messages (`--spacing` on the command line, `spacing` in a config file).
    case value(@Sendable (_ value: [UInt8], _ label: String) throws(Options.UsageError) -> Setting)
}

/// One option: its name without `--`, what it takes, and whether a config file may set it.
struct OptionSpec: Sendable {
    let name: String
    let kind: OptionKind
    let inConfig: Bool
}

/// Turns argv into settings; every value is checked here, so a bad one stops before anything runs.
enum OptionParser {
    typealias UsageError = Options.UsageError

    /// Every option.
    static let specs: [OptionSpec] = {
        typealias V = OptionValue
        func action(_ name: String, _ setting: Setting) -> OptionSpec {
            OptionSpec(name: name, kind: .action(setting), inConfig: false)
        }
        func flag(_ name: String, config: Bool = true, _ make: @escaping @Sendable (Bool) -> Setting) -> OptionSpec {
            OptionSpec(name: name, kind: .flag(make), inConfig: config)
        }
        func value(_ name: String, config: Bool = true,
                   _ make: @escaping @Sendable ([UInt8], String) throws(UsageError) -> Setting) -> OptionSpec {
            OptionSpec(name: name, kind: .value(make), inConfig: config)
        }
        return [
            action("help", .help), action("version", .version), action("bench-help", .benchHelp),
            value("size") { v, l throws(UsageError) in
                let (w, h) = try V.dimensions(v, l, limit: 16384)
                return .size(width: w, height: h)
            },
            flag("fullscreen") { .fullscreen($0) },
            value("cards") { v, l throws(UsageError) in .cards(try V.whole(v, l, 1...100_000_000)) },
            value("scroll") { v, l throws(UsageError) in
                .scroll(try V.number(v, l, -1e12...1e12, what: "a number of points"))
            },
            flag("snap") { .snap($0) },
            value("deceleration") { v, l throws(UsageError) in .deceleration(try V.deceleration(v, l)) },
            flag("reduced-motion") { .reducedMotion($0) },
            flag("hud") { .hud($0) },
            value("video-driver") { v, l throws(UsageError) in .videoDriver(try V.videoDriver(v, l)) },
            value("scale") { v, l throws(UsageError) in
                .scale(try V.number(v, l, DesktopScale.range, what: "pixels per point"))
            },
            value("preset") { v, l throws(UsageError) in .preset(try V.preset(v, l)) },
            value("card") { v, l throws(UsageError) in
                let (w, h) = try V.dimensions(v, l, limit: 4096)
                return .card(Size(Double(w), Double(h)))
            },
            value("spacing") { v, l throws(UsageError) in
                .spacing(try V.number(v, l, 0...10_000, what: "a number of points"))
            },
            value("corner-radius") { v, l throws(UsageError) in
                .cornerRadius(try V.number(v, l, 0...2048, what: "a number of points"))
            },
            value("shadow-radius") { v, l throws(UsageError) in
                .shadowRadius(try V.number(v, l, 0...500, what: "a number of points"))
            },
            value("shadow-opacity") { v, l throws(UsageError) in
                .shadowOpacity(try V.number(v, l, 0...1, what: "an opacity"))
            },
            value("degrees-per-point") { v, l throws(UsageError) in
                .degreesPerPoint(try V.number(v, l, -10...10, what: "a number or fraction (like -1/20)",
                                              fractions: true))
            },
            value("perspective") { v, l throws(UsageError) in .perspective(try V.perspective(v, l)) },
            value("background") { v, l throws(UsageError) in .background(try V.colour(v, l)) },
            flag("recursive") { .recursive($0) },
            flag("demo", config: false) { .demo($0) },
            value("texture-budget") { v, l throws(UsageError) in
                .textureBudget(try V.whole(v, l, 16...65536, what: "a whole number of MiB"))
            },
            flag("no-captions") { .noCaptions($0) },
            value("sort") { v, l throws(UsageError) in .sort(try V.sort(v, l)) },
            flag("reverse") { .reverse($0) },
            flag("null", config: false) { .null($0) },
            value("screenshot", config: false) { v, l throws(UsageError) in .screenshot(try V.png(v, l)) },
            value("record", config: false) { v, l throws(UsageError) in
                .record(try V.path(v, l).text)
            },
            value("replay", config: false) { v, l throws(UsageError) in
                .replay(try V.path(v, l).text)
            },
            flag("bench", config: false) { .bench($0) },
            value("frames", config: false) { v, l throws(UsageError) in .frames(try V.whole(v, l, 1...1_000_000)) },
            value("images", config: false) { v, l throws(UsageError) in .images(try V.path(v, l)) },
            value("soak", config: false) { v, l throws(UsageError) in
                .soak(try V.number(v, l, 0.1...1440, what: "a number of simulated minutes"))
            },
            value("soak-render-every", config: false) { v, l throws(UsageError) in
                .soakRenderEvery(try V.whole(v, l, 1...3600))
            },
            value("soak-memory-limit", config: false) { v, l throws(UsageError) in
                .soakMemoryLimit(try V.number(v, l, 0.1...1024, what: "MiB"))
            },
            value("seed", config: false) { v, l throws(UsageError) in .seed(try V.whole(v, l, 0...4_294_967_295)) },
            value("config", config: false) { v, l throws(UsageError) in .config(try V.path(v, l)) },
            flag("no-config", config: false) { .noConfig($0) },
        ]
    }()

    /// `specs` by name.
    static let specsByName: [String: OptionSpec] = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) })

    /// Parses `arguments` (without the program name): `--name VALUE`, `--name=VALUE`, `--flag`,
    /// `--flag=yes|no`, `-h`, `-0` (`--null`), paths (`-` is standard input), and `--` after which
    /// everything is a path.
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
            if text == "-h" { parsed.settings.append(.help); continue }
            if text == "-0" { parsed.settings.append(.null(true)); continue }

            var nameBytes = argument[...]
            var inline: [UInt8]?
            if let equals = argument.firstIndex(of: UInt8(ascii: "=")) {
                nameBytes = argument[..<equals]
                inline = Array(argument[(equals + 1)...])
            }
            let label = String(decoding: nameBytes, as: UTF8.self)
            guard label.hasPrefix("--"), let spec = specsByName[String(label.dropFirst(2))] else {
                throw UsageError(description: "unknown option \(OptionValue.quoted(label))")
            }
            switch spec.kind {
            case .action(let setting):
                if let inline {
                    throw UsageError(description: "\(label) takes no value (got \(OptionValue.quoted(inline)))")
                }
                parsed.settings.append(setting)
            case .flag(let make):
                parsed.settings.append(make(try inline.map { v throws(UsageError) in try OptionValue.bool(v, label) } ?? true))
            case .value(let make):
                guard let value = inline ?? rest.popFirst() else {
                    throw UsageError(description: "\(label) needs a value")
                }
                parsed.settings.append(try make(value, label))
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

/// Checks one option value. Each failure says the option, what it wants and what it got.
enum OptionValue {
    typealias UsageError = Options.UsageError

    /// A whole number in `range`; anything else (a sign or digits only, no spaces) is refused.
    static func whole(_ bytes: [UInt8], _ label: String, _ range: ClosedRange<Int>,
                      what: String = "a whole number") throws(UsageError) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(description: "\(label) wants \(what) from \(range.lowerBound) to \(range.upperBound) "
                + "(got \(quoted(text)))")
        }
        return n
    }

    /// A finite decimal number in `range` (digits, one optional sign, point and exponent; no
    /// "nan", "inf" or hex), or with `fractions` also `A/B` with B ≠ 0.
    static func number(_ bytes: [UInt8], _ label: String, _ range: ClosedRange<Double>, what: String,
                       fractions: Bool = false) throws(UsageError) -> Double {
        let text = String(decoding: bytes, as: UTF8.self)
        var value: Double?
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 1 {
            value = decimal(text)
        } else if fractions, let top = decimal(parts[0]), let bottom = decimal(parts[1]), bottom != 0 {
            value = top / bottom
        }
        guard let value, value.isFinite, range.contains(value) else {
            throw UsageError(description: "\(label) wants \(what) from \(format(range.lowerBound)) to "
                + "\(format(range.upperBound)) (got \(quoted(text)))")
        }
        return value
    }

    /// `Double(text)` restricted to plain decimal notation.
    private static func decimal(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else {
            return nil
        }
        return Double(text)
    }

    /// `rotation3DEffect`'s perspective: above 0, at most 100.
    static func perspective(_ bytes: [UInt8], _ label: String) throws(UsageError) -> Double {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let p = decimal(text), p.isFinite, p > 0, p <= 100 else {
            throw UsageError(description: "\(label) wants a number greater than 0 and at most 100 (got \(quoted(text)))")
        }
        return p
    }

    /// `WIDTHxHEIGHT`, each a whole number from 1 to `limit`.
    static func dimensions(_ bytes: [UInt8], _ label: String, limit: Int) throws(UsageError) -> (Int, Int) {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...limit).contains(w), (1...limit).contains(h) else {
            throw UsageError(description: "\(label) wants WIDTHxHEIGHT in points, each 1 to \(limit) (got \(quoted(text)))")
        }
        return (w, h)
    }

    /// yes/no, true/false, on/off or 1/0, in any case.
    static func bool(_ bytes: [UInt8], _ label: String) throws(UsageError) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        switch text.lowercased() {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default:
            throw UsageError(description: "\(label) wants yes or no (or true/false, on/off, 1/0) (got \(quoted(text)))")
        }
    }

    static func sort(_ bytes: [UInt8], _ label: String) throws(UsageError) -> DeckSort {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let order = DeckSort(rawValue: text) else {
            throw UsageError(description: "\(label) wants one of: "
                + DeckSort.allCases.map(\.rawValue).joined(separator: ", ") + " (got \(quoted(text)))")
        }
        return order
    }

    static func deceleration(_ bytes: [UInt8], _ label: String) throws(UsageError) -> Double {
        switch String(decoding: bytes, as: UTF8.self) {
        case "normal": return FrictionSimulation.normal
        case "fast": return FrictionSimulation.fast
        case let other: throw UsageError(description: "\(label) wants normal or fast (got \(quoted(other)))")
        }
    }

    static func videoDriver(_ bytes: [UInt8], _ label: String) throws(UsageError) -> VideoDriver {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let driver = VideoDriver(rawValue: text) else {
            let names = VideoDriver.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(description: "\(label) wants one of: \(names) (got \(quoted(text)))")
        }
        return driver
    }

    static func preset(_ bytes: [UInt8], _ label: String) throws(UsageError) -> Preset {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let preset = Preset(rawValue: text) else {
            throw UsageError(description: "\(label) wants one of: \(Preset.allNames) (got \(quoted(text)))")
        }
        return preset
    }

    static func colour(_ bytes: [UInt8], _ label: String) throws(UsageError) -> RGBA8 {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let colour = CSSColor.parse(text) else {
            throw UsageError(description: "\(label) wants #rgb, #rrggbb or a CSS colour name like 'white' "
                + "(got \(quoted(text)))")
        }
        return colour
    }

    /// A non-empty file name ending in ".png".
    static func png(_ bytes: [UInt8], _ label: String) throws(UsageError) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.lowercased().hasSuffix(".png"), text.count > 4 else {
            throw UsageError(description: "\(label) wants a file name ending in .png (got \(quoted(text)))")
        }
        return text
    }

    /// Any non-empty path, kept as bytes.
    static func path(_ bytes: [UInt8], _ label: String) throws(UsageError) -> FilePath {
        guard !bytes.isEmpty else { throw UsageError(description: "\(label) wants a file name (got '')") }
        return FilePath(bytes: bytes)
    }

    /// `text` in single quotes, with control characters escaped and long text cut, so a message
    /// stays one line.
    static func quoted(_ text: String) -> String { Quoting.quoted(text) }

    static func quoted(_ bytes: [UInt8]) -> String { quoted(String(decoding: bytes, as: UTF8.self)) }

    /// 10000 rather than 10000.0; 0.2 as is.
    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
