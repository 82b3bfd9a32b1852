import Foundation
import SwivelCore
import SwivelPhotos
import SwivelTestSupport
import Testing
@testable import swivel

/// `Options` parsed in process: defaults, good values, presets and conflicts.
@Suite struct OptionsTests {
    @Test func defaultsAreTheSeedsNumbers() throws {
        let o = try Options.parse([])
        #expect((o.width, o.height, o.sizeGiven, o.fullscreen) == (1280, 720, false, false))
        #expect((o.cards, o.scroll, o.snapping, o.decelerationRate) == (7, 0, false, 0.998))
        #expect((o.reducedMotion, o.hud) == (false, false))
        #expect((o.videoDriver, o.scale) == (nil, nil))
        #expect(o.parameters.cardSize == Size(200, 300))
        #expect(o.parameters.spacing == 230)
        #expect(o.parameters.cornerRadius == 16)
        #expect(o.parameters.shadowRadius == 20)
        #expect(o.parameters.shadowOpacity == 0.2)
        #expect(o.parameters.degreesPerPoint == -0.05)
        #expect(o.parameters.perspective == 1)
        #expect(o.background == RGBA8(255, 255, 255, 255))
        #expect(o.preset == nil)
        #expect(o.paths.isEmpty && !o.recursive && !o.demo && o.captions)
        #expect(o.textureBudgetMiB == 256)
        #expect(o.screenshot == nil && o.record == nil && o.replay == nil)
        #expect((o.bench, o.benchFrames, o.benchImages) == (false, 600, nil))
        #expect((o.soakMinutes, o.soakRenderEvery, o.seed) == (nil, 1, 1))
        #expect((o.configFile, o.noConfig) == (nil, false))
        #expect((o.showHelp, o.showVersion, o.showBenchHelp) == (false, false, false))
    }

    /// A good value for every option and what it sets.
    static let goodValues: [([String], @Sendable (inout Options) -> Void)] = [
        (["--size", "800x600"], { $0.width = 800; $0.height = 600; $0.sizeGiven = true }),
        (["--size", "16384X1"], { $0.width = 16384; $0.height = 1; $0.sizeGiven = true }),
        (["--fullscreen"], { $0.fullscreen = true }),
        (["--cards", "100000000"], { $0.cards = 100_000_000 }),
        (["--scroll", "-120.5"], { $0.scroll = -120.5 }),
        (["--snap"], { $0.snapping = true }),
        (["--deceleration", "fast"], { $0.decelerationRate = 0.99 }),
        (["--deceleration", "normal"], { $0.decelerationRate = 0.998 }),
        (["--reduced-motion"], { ($0.reducedMotion, $0.reducedMotionGiven) = (true, true) }),
        (["--hud"], { $0.hud = true }),
        (["--video-driver", "wayland"], { $0.videoDriver = .wayland }),
        (["--video-driver", "x11"], { $0.videoDriver = .x11 }),
        (["--video-driver=offscreen"], { $0.videoDriver = .offscreen }),
        (["--scale", "2"], { $0.scale = 2 }),
        (["--scale", "0.5"], { $0.scale = 0.5 }),
        (["--scale", "4"], { $0.scale = 4 }),
        (["--card", "4096x1"], { $0.parameters.cardSize = Size(4096, 1) }),
        (["--spacing", "0"], { $0.parameters.spacing = 0 }),
        (["--spacing", "10000"], { $0.parameters.spacing = 10000 }),
        (["--corner-radius", "2048"], { $0.parameters.cornerRadius = 2048 }),
        (["--shadow-radius", "12.5"], { $0.parameters.shadowRadius = 12.5 }),
        (["--shadow-opacity", "1"], { $0.parameters.shadowOpacity = 1 }),
        (["--shadow-opacity", ".5"], { $0.parameters.shadowOpacity = 0.5 }),
        (["--degrees-per-point", "-1/20"], { $0.parameters.degreesPerPoint = -0.05 }),
        (["--degrees-per-point", "1/-4"], { $0.parameters.degreesPerPoint = -0.25 }),
        (["--degrees-per-point", "10"], { $0.parameters.degreesPerPoint = 10 }),
        (["--degrees-per-point", "-2.5e-1"], { $0.parameters.degreesPerPoint = -0.25 }),
        (["--perspective", "100"], { $0.parameters.perspective = 100 }),
        (["--perspective", "0.001"], { $0.parameters.perspective = 0.001 }),
        (["--background", "#202020"], { $0.background = RGBA8(32, 32, 32) }),
        (["--background", "#F0a"], { $0.background = RGBA8(255, 0, 170) }),
        (["--background", "DarkSlateGray"], { $0.background = RGBA8(47, 79, 79) }),
        (["--preset", "seed"], { $0.width = 430; $0.height = 932; $0.sizeGiven = true; $0.preset = .seed }),
        (["--recursive", "photos"], { $0.recursive = true; $0.paths = [FilePath("photos")] }),
        (["--demo"], { $0.demo = true }),
        (["--texture-budget", "16"], { $0.textureBudgetMiB = 16 }),
        (["--texture-budget", "65536"], { $0.textureBudgetMiB = 65536 }),
        (["--no-captions"], { $0.captions = false }),
        (["--screenshot", "a.PNG"], { $0.screenshot = "a.PNG" }),
        (["--record", "s.rec"], { $0.record = "s.rec" }),
        (["--replay", "s.rec"], { $0.replay = "s.rec" }),
        (["--bench"], { $0.bench = true }),
        (["--bench", "--frames", "1000000"], { $0.bench = true; $0.benchFrames = 1_000_000 }),
        (["--bench", "--flicks", "20"], { $0.bench = true; $0.benchFlicks = 20 }),
        (["--bench", "--images", "/pics"], { $0.bench = true; $0.benchImages = FilePath("/pics") }),
        (["--bench", "--cards", "50", "--size", "640x480"],
         { $0.bench = true; $0.cards = 50; $0.width = 640; $0.height = 480; $0.sizeGiven = true }),
        (["--bench-help"], { $0.showBenchHelp = true }),
        (["--soak", "60"], { $0.soakMinutes = 60 }),
        (["--soak=0.1", "--demo", "--seed", "4294967295", "--soak-render-every", "4"],
         { $0.soakMinutes = 0.1; $0.demo = true; $0.seed = 4_294_967_295; $0.seedGiven = true; $0.soakRenderEvery = 4 }),
        (["--sort", "taken", "--reverse", "a"], { $0.sort = .taken; $0.reverse = true; $0.paths = [FilePath("a")] }),
        (["--sort=random", "--seed", "7", "-0", "-"],
         { $0.sort = .random; $0.seed = 7; $0.seedGiven = true; $0.nullSeparated = true; $0.paths = [FilePath("-")] }),
        (["--null", "--", "-"], { $0.nullSeparated = true; $0.paths = [FilePath("-")] }),
        (["--soak", "1440", "--images", "/pics", "--size", "640x360"],
         { $0.soakMinutes = 1440; $0.benchImages = FilePath("/pics"); $0.width = 640; $0.height = 360; $0.sizeGiven = true }),
        (["--config", "/etc/my.conf"], { $0.configFile = FilePath("/etc/my.conf") }),
        (["--no-config"], { $0.noConfig = true }),
        (["--help"], { $0.showHelp = true }),
        (["-h"], { $0.showHelp = true }),
        (["--version"], { $0.showVersion = true }),
        (["a.jpg", "dir/"], { $0.paths = [FilePath("a.jpg"), FilePath("dir/")] }),
        (["--", "--snap", "-h"], { $0.paths = [FilePath("--snap"), FilePath("-h")] }),
    ]

    @Test(arguments: goodValues)
    func goodValueIsAccepted(arguments: [String], change: @Sendable (inout Options) -> Void) throws {
        var expected = Options()
        change(&expected)
        #expect(try Options.parse(arguments) == expected)
        // The same with "--flag=value".
        if arguments.count == 2, arguments[0].hasPrefix("--"), arguments[0] != "--", !arguments[1].hasPrefix("-"),
           case .value = OptionDeclarations.named[String(arguments[0].dropFirst(2))]?.form {
            #expect(try Options.parse([arguments[0] + "=" + arguments[1]]) == expected)
        }
    }

    /// `--open` takes digits as a card number and anything else as a path.
    @Test func openTakesACardNumberOrAPath() throws {
        #expect(try Options.parse(["--open", "3"]).openCard == .card(3))
        #expect(try Options.parse(["--open=0"]).openCard == .card(0))
        #expect(try Options.parse(["--open", "3.jpg"]).openCard == .path(FilePath("3.jpg")))
        #expect(try Options.parse(["--open", "-1"]).openCard == .path(FilePath("-1")))
        #expect(throws: Options.UsageError.self) { try Options.parse(["--open", "100000001"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["--open", ""]) }
    }

    @Test func flagsTakeAnExplicitYesOrNo() throws {
        #expect(try Options.parse(["--snap=yes"]).snapping == true)
        #expect(try Options.parse(["--snap", "--snap=off"]).snapping == false)
        #expect(try Options.parse(["--fullscreen=TRUE"]).fullscreen == true)
        #expect(try Options.parse(["--no-captions=0"]).captions == true)
        #expect(try Options.parse(["--hud=1", "--reduced-motion=on"]).hud == true)
    }

    @Test func laterValueWins() throws {
        #expect(try Options.parse(["--spacing", "100", "--spacing=200"]).parameters.spacing == 200)
    }

    @Test func fractionsAreOnlyForDegreesPerPoint() throws {
        #expect(try Options.parse(["--degrees-per-point", "3/4"]).parameters.degreesPerPoint == 0.75)
        #expect(throws: Options.UsageError.self) { try Options.parse(["--spacing", "1/2"]) }
    }

    @Test func pathsKeepTheirBytes() throws {
        let name: [UInt8] = [0x66, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67]     // "f\xFF\xFE.jpg", not UTF-8
        let parsed = try OptionParser.scan([Array("--recursive".utf8), name])
        #expect(parsed.paths == [FilePath(bytes: name)])
        #expect(parsed.settings == [Setting("recursive", true)])
        let images = try OptionParser.scan([Array("--images".utf8), name])
        #expect(images.settings == [Setting("images", FilePath(bytes: name))])
    }

    @Test func processArgumentsAreTheRawArgv() {
        // This test process's own arguments are ASCII, so decoding must give CommandLine.arguments back.
        let raw = OptionParser.processArguments()
        #expect(raw.map { String(decoding: $0, as: UTF8.self) } == Array(CommandLine.arguments.dropFirst()))
    }

    // MARK: Presets

    @Test func seedPresetIsTheTutorialsPhone() throws {
        let o = try Options.parse(["--preset", "seed"])
        #expect((o.width, o.height) == (430, 932))
        #expect(o.parameters == EffectParameters())
        let layout = CarouselLayout(viewport: Size(Double(o.width), Double(o.height)), cardCount: o.cards,
                                    parameters: o.parameters)
        #expect(layout.padding == 210)
        #expect(layout.cardMinX(0, scroll: 0) == 115)
        #expect(layout.cardMinX(0, scroll: 0) + o.parameters.cardSize.width == 315)
    }

    @Test(arguments: [
        ["--preset", "seed", "--size", "800x600", "--spacing", "100"],
        ["--size", "800x600", "--spacing", "100", "--preset", "seed"],
        ["--spacing=100", "--preset=seed", "--size=800x600"],
    ])
    func explicitOptionsBeatThePresetInAnyOrder(arguments: [String]) throws {
        let o = try Options.parse(arguments)
        #expect((o.width, o.height) == (800, 600))
        #expect(o.parameters.spacing == 100)
        #expect(o.parameters.cardSize == Size(200, 300))
        #expect(o.preset == .seed)
    }

    @Test func unknownPresetListsTheKnownOnes() {
        #expect(throws: Options.UsageError(description: "--preset wants one of: seed (got 'iphone')")) {
            try Options.parse(["--preset", "iphone"])
        }
    }

    // MARK: Conflicts

    @Test(arguments: [
        (["--record", "a", "--replay", "b"], "--record records a live session; it cannot go with --replay or --screenshot"),
        (["--record", "a", "--screenshot", "b.png"], "--record records a live session; it cannot go with --replay or --screenshot"),
        (["--bench", "--record", "a"], "--bench runs its own scripted session; it cannot go with --record, --replay or --screenshot"),
        (["--bench", "--replay", "a"], "--bench runs its own scripted session; it cannot go with --record, --replay or --screenshot"),
        (["--screenshot", "a.png", "--bench"], "--bench runs its own scripted session; it cannot go with --record, --replay or --screenshot"),
        (["--bench", "pics"], "--bench takes its photos from --images DIR, not from paths (got 'pics')"),
        (["--demo", "a.jpg"], "--demo shows the built-in deck; it cannot go with photo paths (got 'a.jpg')"),
        (["--images", "pics"], "--images chooses the photos for --bench or --soak; it needs one of them"),
        (["--soak", "1", "--bench"], "--soak and --bench are two different runs; give one"),
        (["--soak", "1", "--replay", "a"], "--soak runs its own random session; it cannot go with --record, --replay or --screenshot"),
        (["--record", "a", "--soak", "1"], "--soak runs its own random session; it cannot go with --record, --replay or --screenshot"),
        (["--soak", "1", "pics"], "--soak takes its photos from --images DIR or --demo, not from paths (got 'pics')"),
        (["--soak", "1", "--demo", "--images", "pics"], "--demo and --images choose two different decks; give one"),
        (["--seed", "3"], "--seed is for --soak or --sort random; it needs one of them"),
        (["--soak-render-every", "3"], "--soak-render-every is for --soak; it needs --soak MINUTES"),
        (["--seed", "3", "--sort", "taken", "a"], "--seed is for --soak or --sort random; it needs one of them"),
        (["-0", "a.jpg"], "-0 (--null) says how the paths on standard input are separated; it needs the path '-'"),
        (["-", "b", "-"], "'-' (paths from standard input) can be given once (got it 2 times)"),
        (["--sort", "size", "a"], "--sort wants one of: name, mtime, taken, rating, random (got 'size')"),
        (["--frames", "10"], "--frames sets how many frames --bench renders; it needs --bench"),
        (["--bench", "--demo", "--images", "pics"], "--demo and --images choose two different decks; give one"),
        (["--cards", "3", "a.jpg"], "--cards sets the colour deck's size; a photo deck has one card per image, so it cannot go with photo paths, --demo or --images"),
        (["--demo", "--cards", "3"], "--cards sets the colour deck's size; a photo deck has one card per image, so it cannot go with photo paths, --demo or --images"),
        (["--bench", "--images", "p", "--cards", "3"], "--cards sets the colour deck's size; a photo deck has one card per image, so it cannot go with photo paths, --demo or --images"),
        (["--config", "c", "--no-config"], "--config FILE and --no-config cannot go together"),
        (["--size", "8193x100", "--scale", "2"],
         "--size 8193x100 at --scale 2 is 16386x200 pixels, more than the 16384 a side a window can have"),
        (["--size", "100x10923", "--scale", "1.5"],
         "--size 100x10923 at --scale 1.5 is 150x16385 pixels, more than the 16384 a side a window can have"),
        (["--help=yes"], "--help takes no value (got 'yes')"),
        (["--spacing"], "--spacing needs a value"),
        (["--nonsense=1"], "unknown option '--nonsense'"),
        (["-v"], "unknown option '-v'"),
        ([""], "a photo path cannot be empty (got '')"),
    ])
    func conflictIsRefused(arguments: [String], message: String) {
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }

    @Test func conflictsThatAreNot() throws {
        #expect(try Options.parse(["--replay", "a", "--screenshot", "b.png"]).replay == "a")
        #expect(try Options.parse(["--bench", "--demo"]).demo == true)
        #expect(try Options.parse(["--soak", "2", "--cards", "30"]).cards == 30)
        #expect(try Options.parse(["--soak", "2", "--images", "p"]).benchImages == FilePath("p"))
        #expect(try Options.parse(["--demo", "--demo=no", "a.jpg"]).paths == [FilePath("a.jpg")])
        #expect(try Options.parse(["--size", "8192x4096", "--scale", "2"]).scale == 2)   // 16384x8192 pixels
        #expect(try Options.parse(["--size", "16384x16384"]).width == 16384)   // the desktop's scale is not known yet
    }
}

/// Every option refusing out-of-range, NaN, infinite, negative, huge, empty and malformed values
/// with "<option> wants <what> (got '<value>')": in process, and through the real binary (exit 64,
/// one line on stderr, nothing on stdout).
@Suite struct BadOptionValueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// (option, what it wants, bad values, arguments that must come along).
    static let table: [(String, String, [String], [String])] = [
        ("--cards", "a whole number from 1 to 100000000",
         ["nan", "inf", "-1", "0", "100000001", "99999999999999999999", "", "12abc", "1.5"], []),
        ("--scroll", "a number of points from -1000000000000 to 1000000000000",
         ["nan", "inf", "-inf", "1e13", "", "12abc", "0x10", "1,5"], []),
        ("--size", "WIDTHxHEIGHT in points, each 1 to 16384",
         ["nanxnan", "-1x100", "16385x100", "100x0", "", "12x12abc", "infx1", "800", "99999999999999999999x1"], []),
        ("--card", "WIDTHxHEIGHT in points, each 1 to 4096",
         ["nanx300", "0x300", "4097x300", "", "200x300abc", "-200x300", "200.5x300"], []),
        ("--spacing", "a number of points from 0 to 10000",
         ["nan", "inf", "-1", "10001", "1e400", "", "12abc", " 12"], []),
        ("--corner-radius", "a number of points from 0 to 2048",
         ["nan", "inf", "-1", "2049", "1e300", "", "12abc"], []),
        ("--shadow-radius", "a number of points from 0 to 500",
         ["nan", "inf", "-1", "501", "", "12abc", "-0.5"], []),
        ("--shadow-opacity", "an opacity from 0 to 1",
         ["nan", "inf", "-1", "1.01", "1e9", "", "12abc", "50%"], []),
        ("--degrees-per-point", "a number or fraction (like -1/20) from -10 to 10",
         ["nan", "inf", "-inf", "11", "-10.5", "1e300", "1/0", "0/0", "", "12abc", "1/2/3", "/20", "nan/1"], []),
        ("--perspective", "a number greater than 0 and at most 100",
         ["nan", "inf", "-1", "0", "100.5", "1e308", "", "12abc"], []),
        ("--texture-budget", "a whole number of MiB from 16 to 65536",
         ["nan", "inf", "-1", "15", "65537", "1e9", "", "12abc"], []),
        ("--frames", "a whole number from 1 to 1000000",
         ["nan", "inf", "-1", "0", "1000001", "", "12abc"], ["--bench"]),
        ("--background", "#rgb, #rrggbb or a CSS colour name like 'white'",
         ["", "#ff", "#ggg", "#fffffff", "transparent", "red ", "rgb(0,0,0)", "nan"], []),
        ("--preset", "one of: seed", ["", "iphone", "SEED"], []),
        ("--deceleration", "normal or fast", ["", "slow", "0.99"], []),
        ("--video-driver", "one of: x11, wayland, offscreen", ["", "X11", "kmsdrm", "wayland,x11"], []),
        ("--scale", "pixels per point from 0.5 to 4", ["", "0", "0.49", "4.01", "nan", "inf", "2x", "-2"], []),
        ("--snap", "yes or no (or true/false, on/off, 1/0)", ["", "maybe", "2"], []),
        ("--screenshot", "a file name ending in .png", ["", ".png", "out.jpg"], []),
        ("--record", "a file name", [""], []),
        ("--replay", "a file name", [""], []),
        ("--images", "a file name", [""], ["--bench"]),
        ("--soak", "a number of simulated minutes from 0.1 to 1440",
         ["nan", "inf", "-1", "0", "0.09", "1441", "", "12abc", "1e9"], []),
        ("--soak-render-every", "a whole number from 1 to 3600", ["0", "-1", "3601", "1.5", "", "x"], ["--soak", "1"]),
        ("--seed", "a whole number from 0 to 4294967295", ["-1", "4294967296", "1.5", "", "nan"], ["--soak", "1"]),
        ("--config", "a file name", [""], []),
    ]

    static let cases: [Case] = table.flatMap { option, wants, values, extra in
        values.map { value in
            // Flags only take a value after '='; everything else is given as two arguments.
            let arguments = option == "--snap" ? ["\(option)=\(value)"] : [option, value]
            return Case(arguments: extra + arguments, message: "\(option) wants \(wants) (got '\(value)')")
        }
    }

    @Test func thereAreEnoughCases() {
        #expect(Self.cases.count >= 50)
    }

    @Test(arguments: cases)
    func refusedInProcess(_ bad: Case) {
        #expect(throws: Options.UsageError(description: bad.message)) { try Options.parse(bad.arguments) }
    }

    /// One process at a time, so these do not crowd the timing-sensitive window tests running beside them.
    @Test(.serialized, arguments: cases)
    func refusedByTheBinary(_ bad: Case) throws {
        let result = try SwivelProcess.run(bad.arguments, environment: ["SDL_VIDEODRIVER": "offscreen"],
                                           timeout: 20)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "swivel: \(bad.message) (see 'swivel --help')\n")
    }

    @Test func messageStaysOneLine() {
        #expect(throws: Options.UsageError(description: "--spacing wants a number of points from 0 to 10000 "
                                           + "(got '1\\n2')")) {
            try Options.parse(["--spacing", "1\n2"])
        }
    }
}

/// The config settings on top of which the command line applies (`ConfigFile` itself is in SwivelCoreTests).
@Suite struct ConfigTests {
    static let path = FilePath("/home/u/.config/swivel/config")

    @Test func goodFile() throws {
        let text = "# my defaults\n\n  spacing = 240  \r\nbackground=#202020\n\t# indented comment\nsnap = yes\n"
        let settings = try ConfigSettings(path: Self.path, text: text).settings
        #expect(settings == [Setting("spacing", 240.0), Setting("background", RGBA8(32, 32, 32)), Setting("snap", true)])
    }

    @Test(arguments: [
        ("spacing = 1\nspacin = 2\n", "line 2: unknown key 'spacin'"),
        ("# c\n\nsnap = yes\nspacing = wide\n", "line 4: spacing wants a number of points from 0 to 10000 (got 'wide')"),
        ("fullscreen = maybe", "line 1: fullscreen wants yes or no (or true/false, on/off, 1/0) (got 'maybe')"),
        ("background = #12345", "line 1: background wants #rgb, #rrggbb or a CSS colour name like 'white' (got '#12345')"),
        ("size = 10x0", "line 1: size wants WIDTHxHEIGHT in points, each 1 to 16384 (got '10x0')"),
        ("spacing = 240 # wide", "line 1: spacing wants a number of points from 0 to 10000 (got '240 # wide')"),
        ("x\n", "line 1: expected 'key = value', got 'x'"),
        ("screenshot = a.png", "line 1: 'screenshot' cannot be set in a config file; give --screenshot on the command line"),
        ("record = a", "line 1: 'record' cannot be set in a config file; give --record on the command line"),
        ("replay = a", "line 1: 'replay' cannot be set in a config file; give --replay on the command line"),
        ("help = yes", "line 1: 'help' cannot be set in a config file; give --help on the command line"),
        ("config = other", "line 1: 'config' cannot be set in a config file; give --config on the command line"),
        ("bench = yes", "line 1: 'bench' cannot be set in a config file; give --bench on the command line"),
        ("soak = 60", "line 1: 'soak' cannot be set in a config file; give --soak on the command line"),
        ("seed = 3", "line 1: 'seed' cannot be set in a config file; give --seed on the command line"),
    ])
    func badLineNamesFileAndLine(text: String, message: String) {
        #expect(throws: Options.UsageError(description: "/home/u/.config/swivel/config \(message)", suggestsHelp: false)) {
            try ConfigSettings(path: Self.path, text: text)
        }
    }

    @Test func everyFlagSpellingWorks() throws {
        for (value, on) in [("yes", true), ("no", false), ("true", true), ("false", false), ("1", true),
                            ("0", false), ("on", true), ("off", false), ("YES", true), ("Off", false)] {
            let config = try ConfigSettings(path: Self.path, text: "fullscreen = \(value)")
            #expect(try Options.parse([], config: config).fullscreen == on, "\(value)")
        }
    }

    @Test func commandLineWinsOverConfig() throws {
        let config = try ConfigSettings(path: Self.path, text: """
            spacing = 240
            snap = true
            size = 800x600
            cards = 20
            deceleration = fast
            background = navy
            """)
        let fromConfig = try Options.parse([], config: config)
        #expect(fromConfig.parameters.spacing == 240)
        #expect(fromConfig.snapping)
        #expect((fromConfig.width, fromConfig.height, fromConfig.sizeGiven) == (800, 600, false))
        #expect(fromConfig.cards == 20)
        #expect(fromConfig.decelerationRate == 0.99)
        #expect(fromConfig.background == RGBA8(0, 0, 128))

        let o = try Options.parse(["--spacing", "250", "--snap=no", "--cards", "3"], config: config)
        #expect(o.parameters.spacing == 250)
        #expect(!o.snapping)
        #expect(o.cards == 3)
        #expect((o.width, o.height) == (800, 600))
    }

    @Test func videoDriverAndScaleFromTheConfigGiveWayToTheCommandLine() throws {
        let config = try ConfigSettings(path: Self.path, text: "video-driver = x11\nscale = 1.5")
        let fromConfig = try Options.parse([], config: config)
        #expect((fromConfig.videoDriver, fromConfig.scale) == (.x11, 1.5))
        let o = try Options.parse(["--video-driver", "wayland", "--scale", "2"], config: config)
        #expect((o.videoDriver, o.scale) == (.wayland, 2))
        #expect(throws: Options.UsageError(description: "\(Self.path) line 1: video-driver wants one of: x11, wayland, "
                                           + "offscreen (got 'xorg')", suggestsHelp: false)) {
            try ConfigSettings(path: Self.path, text: "video-driver = xorg")
        }
    }

    @Test func presetsLayerPerSource() throws {
        let config = try ConfigSettings(path: Self.path, text: "size = 640x480\npreset = seed\nspacing = 100")
        // Within the config its own size and spacing beat its preset ...
        let fromConfig = try Options.parse([], config: config)
        #expect((fromConfig.width, fromConfig.height, fromConfig.parameters.spacing) == (640, 480, 100))
        // ... and a preset on the command line beats the config.
        let o = try Options.parse(["--preset", "seed"], config: config)
        #expect((o.width, o.height, o.parameters.spacing) == (430, 932, 230))
    }

    @Test func configCardsGiveWayToACommandLineDeck() throws {
        let config = try ConfigSettings(path: Self.path, text: "cards = 20")
        #expect(try Options.parse(["a.jpg"], config: config).paths == [FilePath("a.jpg")])
        #expect(try Options.parse(["--demo"], config: config).demo)
    }
}

/// Reading the config file from disk, in process and through the binary.
@Suite struct ConfigLoadingTests {
    /// A temporary XDG_CONFIG_HOME holding `text` (if any) as swivel/config.
    static func configHome(_ text: String?) throws -> URL {
        let home = try SwivelProcess.temporaryDirectory()
        if let text {
            let directory = home.appendingPathComponent("swivel")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: directory.appendingPathComponent("config"))
        }
        return home
    }

    @Test func defaultFileIsReadAndAMissingOneIsFine() throws {
        let home = try Self.configHome("spacing = 99")
        defer { try? FileManager.default.removeItem(at: home) }
        let found = try ConfigLoading.load(for: ParsedArguments(), environment: ["XDG_CONFIG_HOME": home.path])
        #expect(found?.settings == [Setting("spacing", 99.0)])
        #expect(found?.path == FilePath(home.path + "/swivel/config"))
        let empty = try Self.configHome(nil)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(try ConfigLoading.load(for: ParsedArguments(), environment: ["XDG_CONFIG_HOME": empty.path]) == nil)
        // --no-config skips even an existing file.
        let skip = try OptionParser.scan([Array("--no-config".utf8)])
        #expect(try ConfigLoading.load(for: skip, environment: ["XDG_CONFIG_HOME": home.path]) == nil)
    }

    @Test func explicitFileMustExist() throws {
        let home = try Self.configHome(nil)
        defer { try? FileManager.default.removeItem(at: home) }
        let missing = home.path + "/nope.conf"
        let parsed = try OptionParser.scan([Array("--config".utf8), Array(missing.utf8)])
        #expect(throws: Options.UsageError(description: "cannot read config file \(missing): no such file",
                                           suggestsHelp: false)) {
            try ConfigLoading.load(for: parsed, environment: [:])
        }
    }

    @Test(.timeLimit(.minutes(1))) func unreadableFilesAreNamed() throws {
        let home = try Self.configHome(nil)
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(ConfigLoading.readFile(FilePath(home.path)) == .failed("it is a directory"))
        let binary = home.appendingPathComponent("binary")
        try Data([0x73, 0x6E, 0x61, 0x70, 0xFF]).write(to: binary)
        #expect(ConfigLoading.readFile(FilePath(binary.path)) == .failed("it is not UTF-8 text"))
        let big = home.appendingPathComponent("big")
        try Data(repeating: 0x23, count: ConfigLoading.maximumSize + 1).write(to: big)
        #expect(ConfigLoading.readFile(FilePath(big.path)) == .failed("it is larger than 1 MiB"))
        #expect(ConfigLoading.readFile(FilePath(home.path + "/no/such")) == .missing)
        #expect(ConfigLoading.readFile(FilePath(binary.path + "/under-a-file")) == .missing)
        // The default config is never waited for: a FIFO or a device there is refused at once.
        let fifo = home.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(ConfigLoading.readFile(FilePath(fifo.path), onlyRegular: true) == .failed("it is not a regular file"))
        #expect(ConfigLoading.readFile(FilePath("/dev/zero"), onlyRegular: true) == .failed("it is not a regular file"))
        #expect(ConfigLoading.readFile(FilePath("/dev/zero")) == .failed("it is larger than 1 MiB"))
    }

    @Test func badLineExits64WithFileAndLine() throws {
        let home = try Self.configHome("# mine\nspacing = 240\nbogus = 1\n")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try SwivelProcess.run(["--cards", "3"], environment: ["XDG_CONFIG_HOME": home.path,
                                                                           "SDL_VIDEODRIVER": "offscreen"],
                                           timeout: 20)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "swivel: \(home.path)/swivel/config line 3: unknown key 'bogus'\n")
    }

    @Test func missingExplicitConfigExits64() throws {
        let result = try SwivelProcess.run(["--config", "/nonexistent/swivel.conf"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 20)
        #expect(result.status == 64)
        #expect(result.stderr == "swivel: cannot read config file /nonexistent/swivel.conf: no such file\n")
    }

    /// A config file whose name is not UTF-8 is found: the binary reads its argv as raw bytes.
    @Test func configPathKeepsItsRawBytes() throws {
        let home = try Self.configHome(nil)
        defer { try? FileManager.default.removeItem(at: home) }
        let name = Array((home.path + "/conf").utf8) + [0xFF]
        let fd = open(FilePath(bytes: name).cString, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        _ = "bogus = 1\n".withCString { write(fd, $0, 10) }
        close(fd)
        // Foundation's Process passes only Strings, so a shell appends the 0xFF byte.
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/bin/sh"),
            ["-c", "exec \"$0\" --config \"$1$(printf '\\377')\"", SwivelProcess.binary.path, home.path + "/conf"],
            timeout: 20)
        #expect(result.status == 64)
        // As bytes: the name is shown with U+FFFD (EF BF BD), not the raw 0xFF (which decoding
        // stderr as text would also turn into U+FFFD).
        #expect(result.stderrBytes == Array("swivel: \(home.path)/conf\u{FFFD} line 1: unknown key 'bogus'\n".utf8),
                "\(result.stderrBytes)")
    }

    @Test func helpIgnoresABrokenConfig() throws {
        let home = try Self.configHome("nonsense\n")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try SwivelProcess.run(["--help"], environment: ["XDG_CONFIG_HOME": home.path], timeout: 20)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: swivel [options]"))
    }

    @Test func commandLineMistakesComeBeforeTheConfigs() throws {
        let home = try Self.configHome("nonsense\n")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try SwivelProcess.run(["--cards", "0"], environment: ["XDG_CONFIG_HOME": home.path], timeout: 20)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("swivel: --cards wants a whole number"))
    }

    /// The app honours the config's size and cards, and the command line still wins over it.
    @Test(arguments: [([String](), "64x48"), (["--size", "80x40"], "80x40")])
    func screenshotUsesTheConfig(arguments: [String], size: String) throws {
        let home = try Self.configHome("size = 64x48\ncards = 2\nscroll = 10\nsnap = yes\ndeceleration = fast\n")
        defer { try? FileManager.default.removeItem(at: home) }
        let png = home.appendingPathComponent("out.png").path
        let result = try SwivelProcess.run(arguments + ["--screenshot", png],
                                           environment: ["XDG_CONFIG_HOME": home.path, "SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(png) (\(size) px"), "stdout: \(result.stdout)")
    }
}
