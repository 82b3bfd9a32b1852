import SwivelCore
import SwivelPhotoCore
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
    /// The window size as one value (`--size`).
    var windowSize: Size {
        get { Size(Double(width), Double(height)) }
        set { (width, height) = (Int(newValue.width), Int(newValue.height)) }
    }
    /// Whether the command line chose the window size (`--size` or `--preset`); a replay otherwise
    /// takes the recorded window size. A config file's `size` does not count.
    var sizeGiven = false
    /// Start fullscreen (`--fullscreen`).
    var fullscreen = false
    /// The colour deck's size (`--cards`); a photo deck (`paths`, `--demo`) has one card per image.
    var cards = SystemColor.seedDeck.count
    /// Starting scroll offset in points (`--scroll`).
    var scroll = 0.0
    /// The card open in the full view at start, 0 the first (`--open`); nil: the row.
    var openCard: OpenTarget?
    /// Come to rest with a card centred (`--snap`).
    var snapping = false
    /// An endless row (`--loop`): card 0 again after the last.
    var loop = false
    /// Seconds a slideshow shows each card (`--slideshow`); nil: no slideshow at start (S starts one
    /// of `Slideshow.standardInterval`).
    var slideshow: Double?
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
    /// Watch the deck's folders and files for changes while open (`--no-watch` turns it off).
    var watch = true
    /// Show file names under photo cards (`--no-captions` turns them off).
    var captions = true
    /// Read and write the shared thumbnail cache (`--no-thumbnail-cache` turns it off).
    var thumbnailCache = true
    /// The name a new XMP sidecar gets (`--sidecar`).
    var sidecarNaming = SidecarNaming.full
    /// Show only photos with at least this many stars (`--min-rating`).
    var minRating = 0
    /// Show only photos with this colour label (`--label`); nil: any.
    var label: ColourLabel?
    /// What happens to rejected photos (`--rejected`).
    var rejected = RatingFilter.Rejected.show
    /// Print the paths that pass the filter and exit, without a window (`--list`).
    var listPaths = false
    /// The deck's order (`--sort`); `.name`, the default, is the natural name order of the scan.
    var sort = DeckSort.name
    /// The order the other way round (`--reverse`).
    var reverse = false
    /// Whether a camera's RAW+JPEG pairs are one card or a card each (`--pairs`).
    var pairs = RAWPairing.together
    /// Paths read from standard input (the path `-`) are NUL-separated, not one a line (`-0`, `--null`).
    var nullSeparated = false
    /// Enter prints the marked (else the centred) photos' paths and exits 0; Esc or closing the
    /// window exits 130 (`--pick`).
    var pick = false
    /// Print the marked photos' paths on quitting (`-o`, `--print-marked`).
    var printMarked = false
    /// End each printed path with NUL rather than newline (`--print0`).
    var print0 = false

    // MARK: One-shot runs

    /// Render one frame into this PNG and exit (`--screenshot`).
    var screenshot: String?
    /// Record the session's input to this file (`--record`).
    var record: String?
    /// Play this recording back (`--replay`).
    var replay: String?
    /// `--editor`: the command E opens photos with (nil: the desktop's default application).
    var editor: String?
    /// Run the benchmark and print JSON (`--bench`).
    var bench = false
    /// Frames the benchmark renders (`--frames`).
    var benchFrames = 600
    /// Flicks in each of the benchmark's two flings (`--flicks`).
    var benchFlicks = 1
    /// `--in-process`: `--bench` decodes in its own process, not in the decoder workers.
    var benchInProcess = false
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
    /// Print each path's information, as the I overlay shows it (`--info`).
    var showInfo = false
    var showBenchHelp = false
    /// Print the man page (`--man`), written from the option declarations.
    var showManPage = false
    /// Print the README's option table (`--help-markdown`), written from the option declarations.
    var showOptionTable = false
    /// Print the README's format table (`--formats-markdown`), written from `ImageFormat`'s table.
    var showFormatTable = false
    /// Print the README's key table (`--keys-markdown`), written from the key table.
    var showKeyTable = false

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
        if let config {
            options.apply(layer: config.settings)
            // Only the command line chooses the window size over a replay's recorded one.
            options.sizeGiven = false
        }
        options.apply(layer: commandLine.settings)
        options.paths = commandLine.paths
        if let conflict = Conflict.first(in: options, commandLine: commandLine) {
            throw UsageError(description: conflict)
        }
        return options
    }

    /// Applies one source's settings: its last preset (or other option applied first) first,
    /// then the rest in order.
    private mutating func apply(layer settings: [Setting]) {
        settings.last(where: \.option.appliedFirst)?.assign(&self)
        for setting in settings where !setting.option.appliedFirst { setting.assign(&self) }
    }
}

extension Options {
    /// The rating filter the options ask for (`--min-rating`, `--label`, `--rejected`).
    /// `--rejected only` shows the rejected alone, whatever `--min-rating` (a config file's, say)
    /// asks: a rejected photo has no stars.
    var ratingFilter: RatingFilter {
        RatingFilter(minimumStars: rejected == .only ? 0 : minRating, label: label?.name, rejected: rejected)
    }
}
