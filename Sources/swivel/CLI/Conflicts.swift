import SwivelCore
import SwivelPhotos

/// Combinations of options that cannot mean anything: a table of rules, each with its message,
/// checked in order (the first that applies is the one reported). The options involved (except
/// `--cards`) cannot come from a config file, so only the command line can conflict.
struct Conflict: Sendable {
    /// What was given: the resolved options, the names of the options on the command line, the paths.
    struct Given {
        let options: Options
        let names: Set<String>
        /// Paths given, and how many of them are `-` (standard input).
        var paths: [FilePath] { options.paths }
        let standardInputs: Int

        /// Whether the command line gave the option called `name`.
        func given(_ name: String) -> Bool {
            precondition(OptionDeclarations.named[name] != nil, "no option --\(name)")
            return names.contains(name)
        }
        var soak: Bool { options.soakMinutes != nil }
        var bench: Bool { options.bench }
        /// The window's size in pixels at `--scale`, rounded as `GLWindow` rounds it; nil without
        /// `--scale` (where the scale is the desktop's, known only once SDL has started).
        var pixels: (width: Int, height: Int)? {
            options.scale.map { scale in
                (Int((Double(options.width) * scale).rounded()), Int((Double(options.height) * scale).rounded()))
            }
        }
        var oneShot: Bool { options.record != nil || options.replay != nil || options.screenshot != nil }
    }

    /// The message; `{path}` stands for the first path given, `{count}` for the number of `-`,
    /// `{size}` for the window's size in points, `{scale}` for `--scale`, `{pixels}` for the
    /// window's size in pixels at that scale.
    let message: String
    let applies: @Sendable (Given) -> Bool

    init(_ message: String, when applies: @escaping @Sendable (Given) -> Bool) {
        (self.message, self.applies) = (message, applies)
    }

    static let rules: [Conflict] = [
        Conflict("--record records a live session; it cannot go with --replay or --screenshot") {
            $0.options.record != nil && ($0.options.replay != nil || $0.options.screenshot != nil)
        },
        Conflict("--bench runs its own scripted session; it cannot go with --record, --replay or --screenshot") {
            $0.bench && $0.oneShot
        },
        Conflict("--bench takes its photos from --images DIR, not from paths (got '{path}')") {
            $0.bench && !$0.paths.isEmpty
        },
        Conflict("--soak and --bench are two different runs; give one") { $0.soak && $0.bench },
        Conflict("--soak runs its own random session; it cannot go with --record, --replay or --screenshot") {
            $0.soak && $0.oneShot
        },
        Conflict("--soak takes its photos from --images DIR or --demo, not from paths (got '{path}')") {
            $0.soak && !$0.paths.isEmpty
        },
        Conflict("--images chooses the photos for --bench or --soak; it needs one of them") {
            $0.options.benchImages != nil && !$0.bench && !$0.soak
        },
        Conflict("--seed is for --soak or --sort random; it needs one of them") {
            $0.given("seed") && !$0.soak && $0.options.sort != .random
        },
        Conflict("--soak-render-every is for --soak; it needs --soak MINUTES") {
            $0.given("soak-render-every") && !$0.soak
        },
        Conflict("--soak-memory-limit is for --soak; it needs --soak MINUTES") {
            $0.given("soak-memory-limit") && !$0.soak
        },
        Conflict("'-' (paths from standard input) can be given once (got it {count} times)") {
            $0.standardInputs > 1
        },
        Conflict("-0 (--null) says how the paths on standard input are separated; it needs the path '-'") {
            $0.options.nullSeparated && $0.standardInputs == 0
        },
        Conflict("--pick waits for Enter in a window; it cannot go with --screenshot, --bench or --soak") {
            $0.options.pick && ($0.options.screenshot != nil || $0.bench || $0.soak)
        },
        Conflict("-o (--print-marked) prints the marks of a window session; it cannot go with --bench or --soak") {
            $0.options.printMarked && ($0.bench || $0.soak)
        },
        Conflict("--pick prints the chosen paths on Enter, -o (--print-marked) the marked ones on quitting; give one") {
            $0.options.pick && $0.options.printMarked
        },
        // The colour deck has no files, and --demo's are temporary copies, gone when Swivel exits.
        Conflict("--pick and -o (--print-marked) print photos' paths; they need PATHs or '-'") {
            ($0.options.pick || $0.options.printMarked) && ($0.paths.isEmpty || $0.options.demo)
        },
        Conflict("--frames sets how many frames --bench renders; it needs --bench") {
            $0.given("frames") && !$0.bench
        },
        Conflict("--demo shows the built-in deck; it cannot go with photo paths (got '{path}')") {
            $0.options.demo && !$0.paths.isEmpty
        },
        Conflict("--demo and --images choose two different decks; give one") {
            $0.options.demo && $0.options.benchImages != nil
        },
        Conflict("--cards sets the colour deck's size; a photo deck has one card per image, "
                 + "so it cannot go with photo paths, --demo or --images") {
            $0.given("cards") && (!$0.paths.isEmpty || $0.options.demo || $0.options.benchImages != nil)
        },
        Conflict("--config FILE and --no-config cannot go together") {
            $0.options.configFile != nil && $0.options.noConfig
        },
        // SDL cannot create such a window (WindowLimit); said here, before any window is tried.
        // Without --scale the size alone is within it (--size takes at most 16384 a side).
        Conflict("--size {size} at --scale {scale} is {pixels} pixels, more than the "
                 + "\(WindowLimit.maximumSide) a side a window can have") {
            guard let pixels = $0.pixels else { return false }
            return max(pixels.width, pixels.height) > WindowLimit.maximumSide
        },
    ]

    /// The message of the first rule that `options` (resolved from `commandLine` and the config)
    /// break, or nil.
    static func first(in options: Options, commandLine: ParsedArguments) -> String? {
        let given = Given(options: options, names: Set(commandLine.settings.map(\.option.name)),
                          standardInputs: options.paths.filter(\.isStandardInput).count)
        guard let rule = rules.first(where: { $0.applies(given) }) else { return nil }
        // The path last, so that nothing in it is taken for a placeholder.
        let scale = given.options.scale ?? 1
        return rule.message
            .replacingEvery("{count}", with: String(given.standardInputs))
            .replacingEvery("{size}", with: "\(options.width)x\(options.height)")
            .replacingEvery("{scale}", with: scale == scale.rounded() ? String(Int(scale)) : String(scale))
            .replacingEvery("{pixels}", with: given.pixels.map { "\($0.width)x\($0.height)" } ?? "")
            .replacingEvery("{path}", with: given.paths.first.map { "\($0)" } ?? "")
    }
}
