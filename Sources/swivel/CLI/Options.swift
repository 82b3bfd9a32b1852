import SwivelCore
import SwivelPhotos
import SwivelPlatform

/// Everything the command line and the config file can set. Defaults are the seed tutorial's
/// numbers (the window keeps a desktop size; `--preset seed` gives the tutorial's phone).
struct Options: Equatable {
    static let version = "0.1.0"

    // MARK: Window and scrolling

    /// Window size in points (`--size`).
    var width = 1280
    var height = 720
    /// Whether the command line chose the window size (`--size` or `--preset`); a replay otherwise
    /// takes the recorded window size. A config file's `size` does not count.
    var sizeGiven = false
    /// Start fullscreen (`--fullscreen`).
    var fullscreen = false
    /// The colour deck's size (`--cards`); a photo deck (`paths`, `--demo`) has one card per image.
    var cards = SystemColor.seedDeck.count
    /// Starting scroll offset in points (`--scroll`).
    var scroll = 0.0
    /// Come to rest with a card centred (`--snap`).
    var snapping = false
    /// Fling friction per millisecond (`--deceleration normal|fast`).
    var decelerationRate = FrictionSimulation.normal
    /// Replace animations by jumps (`--reduced-motion`).
    var reducedMotion = false
    /// Whether `--reduced-motion` (or `=no`) was given; if not, GNOME's own setting is asked.
    var reducedMotionGiven = false
    /// Start with the HUD shown (`--hud`).
    var hud = false
    /// The SDL video driver (`--video-driver`); nil: Wayland first in a Wayland session, else X11.
    var videoDriver: VideoDriver?
    /// Pixels per point on X11 and offscreen (`--scale`); nil: the desktop's (GDK_SCALE, Xft.dpi).
    var scale: Double?

    // MARK: The effect

    /// Card size, spacing, corner and shadow, rotation rate and perspective.
    var parameters = EffectParameters()
    /// The window's background (`--background`).
    var background = RGBA8.white
    /// The preset the parameters started from, if any (`--preset`).
    var preset: Preset?

    // MARK: Photo decks

    /// Image files and directories given as arguments, as raw bytes.
    var paths: [FilePath] = []
    /// Look into subdirectories of directory paths (`--recursive`).
    var recursive = false
    /// Show the built-in sample deck from assets/ (`--demo`).
    var demo = false
    /// GPU memory for photo textures, in MiB (`--texture-budget`).
    var textureBudgetMiB = 256
    /// Show file names under photo cards (`--no-captions` turns them off).
    var captions = true
    /// The deck's order (`--sort`); `.name`, the default, is the natural name order of the scan.
    var sort = DeckSort.name
    /// The order the other way round (`--reverse`).
    var reverse = false
    /// Paths read from standard input (the path `-`) are NUL-separated, not one a line (`-0`, `--null`).
    var nullSeparated = false

    // MARK: One-shot runs

    /// Render one frame into this PNG and exit (`--screenshot`).
    var screenshot: String?
    /// Record the session's input to this file (`--record`).
    var record: String?
    /// Play this recording back (`--replay`).
    var replay: String?
    /// Run the benchmark and print JSON (`--bench`).
    var bench = false
    /// Frames the benchmark renders (`--frames`).
    var benchFrames = 600
    /// Directory of photos for the benchmark or the soak (`--images`); nil: colour cards.
    var benchImages: FilePath?
    /// Simulated minutes of random input for the soak test (`--soak`); nil: no soak.
    var soakMinutes: Double?
    /// Render every K-th simulated frame of the soak (`--soak-render-every`).
    var soakRenderEvery = 1
    /// How much resident memory may grow after the soak's warm-up, MiB (`--soak-memory-limit`).
    var soakMemoryLimitMiB = 2.0
    /// The random seed of the soak and of `--sort random` (`--seed`).
    var seed = 1
    /// Whether `--seed` was given: without it, `--sort random` shuffles differently every run.
    var seedGiven = false

    // MARK: Config file

    /// Read this config file instead of the default one (`--config`).
    var configFile: FilePath?
    /// Read no config file (`--no-config`).
    var noConfig = false

    // MARK: Text instead of a window

    var showHelp = false
    var showVersion = false
    var showBenchHelp = false

    /// Bad usage: one line saying which option or config line, what it wants and what it got.
    struct UsageError: Error, CustomStringConvertible, Equatable {
        let description: String
        /// Whether pointing at `swivel --help` helps (not for a config file's line).
        var suggestsHelp = true
    }
}

extension Options {
    /// Parses `arguments` (without the program name) on top of `config`.
    static func parse(_ arguments: [String], config: ConfigSettings? = nil) throws(UsageError) -> Options {
        try resolve(OptionParser.scan(arguments.map { Array($0.utf8) }), config: config)
    }

    /// The options from the config's settings, then the command line's: within each, a preset
    /// comes first and the explicit settings override it; the command line overrides the config.
    static func resolve(_ commandLine: ParsedArguments, config: ConfigSettings?) throws(UsageError) -> Options {
        var options = Options()
        if let config { options.apply(layer: config.settings) }
        options.apply(layer: commandLine.settings)
        options.paths = commandLine.paths
        options.sizeGiven = commandLine.settings.contains {
            if case .size = $0 { true } else if case .preset = $0 { true } else { false }
        }
        try options.checkConflicts(commandLine)
        return options
    }

    /// Applies one source's settings: its last preset first, then the rest in order.
    private mutating func apply(layer settings: [Setting]) {
        for setting in settings.reversed() {
            if case .preset(let preset) = setting { preset.apply(to: &self); break }
        }
        for setting in settings { apply(setting) }
    }

    private mutating func apply(_ setting: Setting) {
        switch setting {
        case .help: showHelp = true
        case .version: showVersion = true
        case .benchHelp: showBenchHelp = true
        case .size(let w, let h): (width, height) = (w, h)
        case .fullscreen(let on): fullscreen = on
        case .cards(let n): cards = n
        case .scroll(let x): scroll = x
        case .snap(let on): snapping = on
        case .deceleration(let rate): decelerationRate = rate
        case .reducedMotion(let on): (reducedMotion, reducedMotionGiven) = (on, true)
        case .hud(let on): hud = on
        case .videoDriver(let driver): videoDriver = driver
        case .scale(let scale): self.scale = scale
        case .preset: break     // applied before the layer's other settings
        case .card(let size): parameters.cardSize = size
        case .spacing(let pt): parameters.spacing = pt
        case .cornerRadius(let pt): parameters.cornerRadius = pt
        case .shadowRadius(let pt): parameters.shadowRadius = pt
        case .shadowOpacity(let alpha): parameters.shadowOpacity = alpha
        case .degreesPerPoint(let d): parameters.degreesPerPoint = d
        case .perspective(let p): parameters.perspective = p
        case .background(let colour): background = colour
        case .recursive(let on): recursive = on
        case .demo(let on): demo = on
        case .textureBudget(let mib): textureBudgetMiB = mib
        case .noCaptions(let off): captions = !off
        case .sort(let order): sort = order
        case .reverse(let on): reverse = on
        case .null(let on): nullSeparated = on
        case .screenshot(let path): screenshot = path
        case .record(let path): record = path
        case .replay(let path): replay = path
        case .bench(let on): bench = on
        case .frames(let n): benchFrames = n
        case .images(let path): benchImages = path
        case .soak(let minutes): soakMinutes = minutes
        case .soakRenderEvery(let k): soakRenderEvery = k
        case .soakMemoryLimit(let mib): soakMemoryLimitMiB = mib
        case .seed(let seed): (self.seed, seedGiven) = (seed, true)
        case .config(let path): configFile = path
        case .noConfig(let on): noConfig = on
        }
    }

    /// Combinations that cannot mean anything. The options involved (except `--cards`) cannot come
    /// from a config file, so only the command line can conflict.
    private func checkConflicts(_ commandLine: ParsedArguments) throws(UsageError) {
        func given(_ matches: (Setting) -> Bool) -> Bool { commandLine.settings.contains(where: matches) }
        let cardsGiven = given { if case .cards = $0 { true } else { false } }
        let framesGiven = given { if case .frames = $0 { true } else { false } }
        let seedGiven = given { if case .seed = $0 { true } else { false } }
        let renderEveryGiven = given { if case .soakRenderEvery = $0 { true } else { false } }
        let memoryLimitGiven = given { if case .soakMemoryLimit = $0 { true } else { false } }
        let soak = soakMinutes != nil
        func fail(_ message: String) throws(UsageError) { throw UsageError(description: message) }

        if record != nil && (replay != nil || screenshot != nil) {
            try fail("--record records a live session; it cannot go with --replay or --screenshot")
        }
        if bench && (record != nil || replay != nil || screenshot != nil) {
            try fail("--bench runs its own scripted session; it cannot go with --record, --replay or --screenshot")
        }
        if bench, let first = paths.first {
            try fail("--bench takes its photos from --images DIR, not from paths (got '\(first)')")
        }
        if soak && bench {
            try fail("--soak and --bench are two different runs; give one")
        }
        if soak && (record != nil || replay != nil || screenshot != nil) {
            try fail("--soak runs its own random session; it cannot go with --record, --replay or --screenshot")
        }
        if soak, let first = paths.first {
            try fail("--soak takes its photos from --images DIR or --demo, not from paths (got '\(first)')")
        }
        if benchImages != nil && !bench && !soak {
            try fail("--images chooses the photos for --bench or --soak; it needs one of them")
        }
        if seedGiven && !soak && sort != .random {
            try fail("--seed is for --soak or --sort random; it needs one of them")
        }
        if (renderEveryGiven || memoryLimitGiven) && !soak {
            let name = renderEveryGiven ? "soak-render-every" : "soak-memory-limit"
            try fail("--\(name) is for --soak; it needs --soak MINUTES")
        }
        let standardInputs = paths.filter(\.isStandardInput).count
        if standardInputs > 1 {
            try fail("'-' (paths from standard input) can be given once (got it \(standardInputs) times)")
        }
        if nullSeparated && standardInputs == 0 {
            try fail("-0 (--null) says how the paths on standard input are separated; it needs the path '-'")
        }
        if framesGiven && !bench {
            try fail("--frames sets how many frames --bench renders; it needs --bench")
        }
        if demo, let first = paths.first {
            try fail("--demo shows the built-in deck; it cannot go with photo paths (got '\(first)')")
        }
        if demo && benchImages != nil {
            try fail("--demo and --images choose two different decks; give one")
        }
        if cardsGiven && (!paths.isEmpty || demo || benchImages != nil) {
            try fail("--cards sets the colour deck's size; a photo deck has one card per image, "
                + "so it cannot go with photo paths, --demo or --images")
        }
        if configFile != nil && noConfig {
            try fail("--config FILE and --no-config cannot go together")
        }
    }
}
