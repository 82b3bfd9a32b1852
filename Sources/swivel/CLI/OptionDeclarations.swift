import SwivelCore
import SwivelPhotos
import SwivelPlatform

/// Where `--help` (and the README's table, and the man page) shows an option.
enum HelpSection: CaseIterable, Sendable {
    case window, effect, photos, measuring, config, general

    /// The section's heading line in `--help`; nil: none.
    var heading: String? {
        switch self {
        case .window: "window and scrolling"
        case .effect: "the effect (defaults are the seed's numbers)"
        case .photos: "photos"
        case .measuring: "recording and measuring"
        case .config: "config file"
        case .general: nil
        }
    }
}

/// Every option of swivel, each declared once, in the order `--help` shows them. Help lines are
/// wrapped as `--help` prints them; `{range}` and `{default}` are filled in from the value type
/// and from `Options()` (the seed's numbers for the effect).
enum OptionDeclarations {
    static let all: [OptionDeclaration] = [
        // MARK: Window and scrolling
        .value("size", "WxH", .dimensions(limit: 16384), sets: \.windowSize, marks: \Options.sizeGiven, section: .window,
               ["window size in points, each {range} (default {default})"]),
        .flag("fullscreen", sets: \.fullscreen, section: .window, ["start fullscreen (F or F11 switches)"]),
        .value("cards", "N", .whole(1...100_000_000), sets: \.cards, section: .window,
               ["number of colour cards, {range}; the seed's seven colours repeat", "(default {default})"]),
        .value("scroll", "X", .number(-1e12...1e12, what: "a number of points"), sets: \.scroll, section: .window,
               ["start scrolled X points in (0 = first card centred; clamped to the row)"]),
        .value("open", "N|PATH", .openTarget(cards: 0...100_000_000), sets: \.openCard, section: .window, config: false,
               ["start with card N (0 = the first; clamped to the deck) or the photo", "PATH open in the full view"]),
        .flag("snap", sets: \.snapping, section: .window,
              ["come to rest with a card centred (default: free scrolling, as the seed)"]),
        .flag("loop", sets: \.loop, section: .window,
              ["an endless row: after the last card comes the first (with two or", "more cards)"],
              more: "Drags, flings, keys and clicks go on across the seam, and the full view's pages wrap too; Home and End take the shorter way."),
        .value("slideshow", "SECONDS", .number(Slideshow.intervals, what: "seconds"), sets: \.slideshow, section: .window,
               ["start a slideshow: on to the next card every SECONDS, {range}, once", "its photo is on screen (S starts or stops it; input pauses it; at",
                "the end it stops, with --loop it goes on)"]),
        .value("deceleration", "R", .named(["normal": FrictionSimulation.normal, "fast": FrictionSimulation.fast]),
               sets: \.decelerationRate, section: .window,
               ["fling friction: normal (0.998/ms, default) or fast (0.99/ms)"],
               more: "The fling's velocity is multiplied by the rate every millisecond, as in UIScrollView."),
        .flag("reduced-motion", sets: \.reducedMotion, marks: \Options.reducedMotionGiven, section: .window,
              ["no animations: moves jump to where they would come to rest (on GNOME,",
               "also when \"Reduce animation\" is on, unless --reduced-motion=no)"],
              more: "Flings, bounces, snaps and eased moves all jump. GNOME's switch is "
                + "org.gnome.desktop.interface enable-animations, read with gsettings at start."),
        .flag("hud", sets: \.hud, section: .window, ["start with the HUD shown (H shows or hides it)"]),
        .value("video-driver", "D", .oneOf, sets: \.videoDriver, section: .window,
               ["{range} (default: wayland then x11 when",
                "WAYLAND_DISPLAY is set, else x11; SDL_VIDEODRIVER is used if set)"]),
        .value("scale", "S", .number(DesktopScale.range, what: "pixels per point"), sets: \.scale, section: .window,
               ["pixels per point on X11 and offscreen, {range} (default on X11:",
                "GDK_SCALE, else the X resource Xft.dpi / 96, else 1); on Wayland the",
                "compositor sets it"],
               more: "There --scale is ignored with a warning."),

        // MARK: The effect
        .value("preset", "NAME", .oneOf, section: .effect, appliedFirst: true, defaultText: nil,
               ["start from a named setup; options given beside it win, in any order.",
                "seed: the tutorial's iPhone, a 430x932 window with the seed's effect"],
               more: "Its padding is 210 pt and the flat card spans x = 115 to 315.") { (options: inout Options, preset: Preset) in
            preset.apply(to: &options)
            options.sizeGiven = true
        },
        .value("card", "WxH", .dimensions(limit: 4096), sets: \.parameters.cardSize, section: .effect,
               ["card size in points, each {range} (default {default})"]),
        .value("spacing", "PT", .number(0...10_000, what: "a number of points"), sets: \.parameters.spacing,
               section: .effect, ["space between neighbouring cards' slots, {range} (default {default})"],
               more: "The pitch is the spacing plus the seed's 10 pt slot."),
        .value("corner-radius", "PT", .number(0...2048, what: "a number of points"), sets: \.parameters.cornerRadius,
               section: .effect, ["{range}, at most half the card's shorter side (default {default})"]),
        .value("shadow-radius", "PT", .number(0...500, what: "a number of points"), sets: \.parameters.shadowRadius,
               section: .effect, ["shadow blur (the Gaussian's sigma), {range} (default {default})"]),
        .value("shadow-opacity", "A", .number(0...1, what: "an opacity"), sets: \.parameters.shadowOpacity,
               section: .effect, ["the shadow's darkest alpha, {range} (default {default})"]),
        .value("degrees-per-point", "D", .number(-10...10, what: "a number or fraction (like -1/20)", fractions: true),
               sets: \.parameters.degreesPerPoint, section: .effect, defaultText: "-1/20",
               ["turn per point away from the centre, {range}, a number or a", "fraction (default {default})"]),
        .value("perspective", "P", .positive(atMost: 100), sets: \.parameters.perspective, section: .effect,
               ["as rotation3DEffect's, {range} (default {default})"],
               more: "The eye sits at max(card width, height) / P."),
        .value("background", "COLOUR", .colour, sets: \.background, section: .effect,
               ["#rgb, #rrggbb or a CSS colour name such as 'black' (default {default})"]),

        // MARK: Photos (after the PATH arguments, see Usage)
        .flag("null", "0", sets: \.nullSeparated, section: .photos, config: false,
              ["with '-': the paths on standard input end in NUL, not newline"],
              more: "As find -print0 and fd -0 write them."),
        .flag("pick", sets: \.pick, section: .photos, config: false,
              ["choose photos for a script: Enter prints the marked photos' paths",
               "(else the centred one's) to standard output and exits 0; Esc or",
               "closing the window prints nothing and exits 130"],
              more: "Space, a click and a double-click still open the full view, where Enter picks too. "
                + "Paths are printed byte for byte as they were given or listed, in the deck's order, "
                + "ready for xargs -r (one a line) or xargs -0 (--print0). Needs photos (PATHs or '-')."),
        .flag("print-marked", "o", sets: \.printMarked, section: .photos, config: false,
              ["on quitting, print the marked photos' paths to standard output in", "the deck's order (as nsxiv -o)"]),
        .flag("list", sets: \.listPaths, section: .photos, config: false,
              ["print the paths of the photos that pass --min-rating, --label and",
               "--rejected, in the deck's order, and exit without a window"],
              more: "As -o prints them, ready for xargs -r (one a line) or xargs -0 (--print0): to copy the best, "
                + "give its output to xargs -r cp -t ~/best. The ratings are read as the window reads them: the "
                + "sidecar's, else the photo's own XMP."),
        .flag("print0", sets: \.print0, section: .photos, config: false,
              ["with --pick, -o or --list, and for the key handler: end each path", "with NUL, not newline"],
              more: "For names that hold newlines, as find -print0 writes them."),
        .flag("recursive", sets: \.recursive, section: .photos, ["look into subdirectories of directory PATHs too"]),
        .value("sort", "ORDER", .oneOf, sets: \.sort, section: .photos,
               ["name (natural order, default), mtime (oldest first), taken (EXIF",
                "DateTimeOriginal, else mtime), rating (most stars first, rejected",
                "last) or random (see --seed)"],
               more: "By rating, the order is the one the files had when Swivel opened them: a photo rated since keeps its place."),
        .flag("reverse", sets: \.reverse, section: .photos, ["the order the other way round"]),
        .value("min-rating", "N", .whole(0...5, what: "a number of stars"), sets: \.minRating, section: .photos,
               ["show only photos with at least N stars, {range} (default {default}:", "all; Alt+0-5 change it)"],
               more: "A rejected photo has no stars: 1 to 5 leave it out. A photo shows once its rating is read."),
        .value("label", "COLOUR", .colourLabel, sets: \.label, section: .photos,
               ["show only photos with this colour label: {range}", "(Alt+6-9 and Alt+P change it)"],
               more: "The label is xmp:Label as Lightroom, Bridge and digiKam write it, in any case."),
        .value("rejected", "WHAT", .oneOf, sets: \.rejected, section: .photos,
               ["rejected photos (xmp:Rating -1): show (default), hide, or only", "(show them alone; Alt+X goes round)"],
               more: "With only, --min-rating is not looked at: a rejected photo has no stars."),
        .value("sidecar", "NAME", .oneOf, sets: \.sidecarNaming, section: .photos,
               ["where a new rating goes: full (NAME.EXT.xmp, as darktable and", "digiKam; default) or base (NAME.xmp, as Lightroom)"],
               more: "A sidecar that is there already is written where it is, whichever its name; the photo itself is never written."),
        .value("pairs", "MODE", .oneOf, sets: \.pairs, section: .photos,
               ["RAW+JPEG pairs (IMG_1.CR2 beside IMG_1.JPG): together (one card,",
                "the JPEG drawn, tagged RAW+JPEG; default) or separate (a card each)"],
               more: "A pair is one photo: marked, picked and listed (both paths, the RAW first), trashed and restored as one; "
                 + "zoomed in the full view past the JPEG's size, the RAW is shown. Any case of the names pairs."),
        .flag("no-watch", sets: \.watch, inverted: true, section: .photos,
              ["no live updates: files added, removed or changed while", "Swivel is open are not shown"],
              more: "Without it, the folders (and with --recursive their subfolders) and the single files of the "
                  + "deck are watched with inotify: a new image appears in its sorted place once it is written, "
                  + "a deleted one leaves, a changed one is read again; the card at the centre stays put."),
        .value("editor", "COMMAND", .pathText, sets: \.editor, section: .photos,
               ["open photos with COMMAND on E, the photo's path after it (default:", "the desktop's application for its type, as gio open)"],
               more: "COMMAND is run by /bin/sh, so it may hold arguments (--editor 'gimp -n'); the photo's path is given as one more argument."),
        .flag("demo", sets: \.demo, section: .photos, config: false,
              ["show the built-in sample photos (not with PATHs or --cards)"]),
        .value("texture-budget", "MB", .whole(16...65536, what: "a whole number of MiB"), sets: \.textureBudgetMiB,
               section: .photos, ["GPU memory for photo textures, {range} MiB (default {default})"]),
        .flag("no-captions", sets: \.captions, inverted: true, section: .photos, ["no file names under the photos"]),
        .flag("no-thumbnail-cache", sets: \.thumbnailCache, inverted: true, section: .photos,
              ["neither read nor write the desktop's shared thumbnails",
               "($XDG_CACHE_HOME/thumbnails, by default ~/.cache/thumbnails)"],
              more: "By default a photo comes from a valid thumbnail that covers its card (the freedesktop.org "
                + "Thumbnail Managing Standard's x-large or xx-large, whoever wrote it), and photos decoded from "
                + "their files are saved there as thumbnails, in the background."),

        // MARK: Recording and measuring
        .value("screenshot", "FILE.png", .png, sets: \.screenshot, section: .measuring, config: false,
               ["render one frame into FILE.png at the window's pixel size and exit",
                "(works headless: SDL_VIDEODRIVER=offscreen swivel --screenshot out.png)"],
               more: "A photo deck waits for the visible photos first."),
        .value("record", "FILE", .pathText, sets: \.record, section: .measuring, config: false,
               ["write every input event with its time to FILE (text, see README)"]),
        .value("replay", "FILE", .pathText, sets: \.replay, section: .measuring, config: false,
               ["play FILE back with its recorded timing; with --screenshot, render",
                "the frame at the recording's end and exit"]),
        .flag("bench", sets: \.bench, section: .measuring, config: false,
              ["render a scripted run as fast as possible and print its measurements",
               "as JSON (--cards and --size apply; see --bench-help)"],
              more: "Frame-time percentiles, CPU, memory, start-up, overdraw and latency; with --images DIR "
                + "also photo decode times and the time until the centred and all visible photos are on "
                + "screen; --scale 2 benches a HiDPI window. With --images DIR and --open N it benches the "
                + "full view in real time instead: open to sharp photo, paging, zoom and pan frames, "
                + "beside libjpeg-turbo's own decode time for the same files."),
        .flag("in-process", sets: \.benchInProcess, section: .measuring, config: false,
              ["with --bench, decode in this process instead of the confined decoder", "processes, to measure what confining them costs"]),
        .value("frames", "F", .whole(1...1_000_000), sets: \.benchFrames, section: .measuring, config: false,
               ["frames --bench renders, {range} (default {default})"]),
        .value("flicks", "N", .whole(1...1000), sets: \.benchFlicks, section: .measuring, config: false,
               ["flick N times ({range}, 0.25 s apart) in each of --bench's two flings",
                "(default {default}), so that a fling travels past the photos decoded ahead"]),
        .value("images", "DIR", .path, sets: \.benchImages, section: .measuring, config: false,
               ["run --bench or --soak on a photo deck from DIR instead of colour cards"]),
        .value("soak", "MINUTES", .number(0.1...1440, what: "a number of simulated minutes"), sets: \.soakMinutes,
               section: .measuring, config: false,
               ["run MINUTES ({range}) of simulated 60 Hz time with random input",
                "through the renderer, headless and as fast as it goes; print JSON and",
                "exit 1 on a GL error, memory growth or a texture leak. --size is the",
                "window (default 640x360), --cards, --demo and --images the deck"]),
        .value("soak-render-every", "K", .whole(1...3600), sets: \.soakRenderEvery, section: .measuring, config: false,
               ["render every K-th simulated frame of --soak, {range} (default {default})"]),
        .value("soak-memory-limit", "MB", .number(0.1...1024, what: "MiB"), sets: \.soakMemoryLimitMiB,
               section: .measuring, config: false,
               ["how much resident memory may grow after the soak's warm-up,", "{range} MiB (default {default})"]),
        .value("seed", "S", .whole(0...4_294_967_295), sets: \.seed, marks: \Options.seedGiven, section: .measuring,
               config: false,
               ["the seed of --soak's random input and of --sort random,",
                "{range} (default {default} for --soak; --sort random without it",
                "shuffles differently every run)"]),
        .action("bench-help", sets: \.showBenchHelp, section: .measuring, ["explain the --bench JSON fields and exit"]),

        // MARK: Config file
        .value("config", "FILE", .path, sets: \.configFile, section: .config, config: false,
               ["read FILE instead of $XDG_CONFIG_HOME/swivel/config",
                "(~/.config/swivel/config when XDG_CONFIG_HOME is not set)"]),
        .flag("no-config", sets: \.noConfig, section: .config, config: false, ["read no config file"]),

        // MARK: Text instead of a window
        .action("help", "h", sets: \.showHelp, section: .general, ["show this help and exit"]),
        .action("version", sets: \.showVersion, section: .general, ["show the version and exit"]),
        .action("info", sets: \.showInfo, section: .general,
                ["print each PATH's information (what I shows: size, camera,", "exposure, colour profile) and exit"]),
        .action("man", sets: \.showManPage, section: .general, hidden: true,
                ["print this manual page (roff) and exit"]),
        .action("help-markdown", sets: \.showOptionTable, section: .general, hidden: true,
                ["print the options as the README's Markdown table and exit"]),
        .action("formats-markdown", sets: \.showFormatTable, section: .general, hidden: true,
                ["print the image formats as the README's Markdown table and exit"]),
        .action("keys-markdown", sets: \.showKeyTable, section: .general, hidden: true,
                ["print the keys as the README's Markdown table and exit"]),
    ]

    /// `all` by long name.
    static let named: [String: OptionDeclaration] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// `all` by short name.
    static let short: [Character: OptionDeclaration] =
        Dictionary(uniqueKeysWithValues: all.compactMap { o in o.short.map { ($0, o) } })

    /// The options a config file may not set, as `--help` lists them (actions aside: they only print).
    static var commandLineOnly: [OptionDeclaration] { all.filter { !$0.inConfig && $0.form != .action } }
}
