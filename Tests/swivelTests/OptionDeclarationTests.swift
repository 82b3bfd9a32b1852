import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import swivel

/// The option declarations, and what is written from them: `--help`, the README's option table,
/// the man page (assets/swivel.1) and the conflict table.
@Suite struct OptionDeclarationTests {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static var visible: [OptionDeclaration] { OptionDeclarations.all.filter { !$0.hidden } }

    // MARK: --help

    @Test func helpShowsEveryVisibleOptionWithItsLines() {
        let help = Usage.text
        for option in Self.visible {
            #expect(help.contains("\n" + Usage.entry(option.term, option.help).joined(separator: "\n") + "\n"),
                    "--help lacks --\(option.name)")
        }
        #expect(!help.contains("--man") && !help.contains("--help-markdown"))
        #expect(Usage.entry("--spacing PT", ["space between neighbouring cards' slots, 0 to 10000 (default 230)"])
                == ["  --spacing PT         space between neighbouring cards' slots, 0 to 10000 (default 230)"])
        #expect(Usage.entry("--degrees-per-point D", ["turn", "fraction"])
                == ["  --degrees-per-point D  turn", "                       fraction"])
    }

    @Test func rangesAndDefaultsAreFilledIn() {
        for option in OptionDeclarations.all {
            let template = option.helpTemplate.joined(separator: " ")
            if template.contains("{range}") { #expect(option.range != nil, "--\(option.name) has no range") }
            if template.contains("{default}") { #expect(option.defaultText != nil, "--\(option.name) has no default") }
            #expect(!option.help.joined().contains("{"), "--\(option.name): \(option.help)")
        }
        let spacing = OptionDeclarations.named["spacing"]!
        #expect(spacing.help == ["space between neighbouring cards' slots, 0 to 10000 (default 230)"])
        #expect(OptionDeclarations.named["size"]!.help == ["window size in points, each 1 to 16384 (default 1280x720)"])
        #expect(OptionDeclarations.named["background"]!.defaultText == "white")
        #expect(OptionDeclarations.named["video-driver"]!.range == "x11, wayland or offscreen")
        #expect(OptionDeclarations.named["perspective"]!.range == "above 0 and at most 100")
    }

    /// A range's numbers are written in the value type only: no help line repeats them.
    @Test func rangesAreWrittenOnce() {
        var checked = 0
        for option in OptionDeclarations.all {
            guard let range = option.range else { continue }
            let numbers = range.split { !$0.isNumber }.filter { $0.count >= 3 }
            for number in numbers {
                #expect(!option.helpTemplate.joined(separator: " ").contains(number),
                        "--\(option.name)'s help writes \(number) itself")
                checked += 1
            }
        }
        #expect(checked >= 14)
    }

    /// The default each help line shows is what the option sets when given it, and what `Options()` holds.
    @Test func shownDefaultsAreTheDefaults() throws {
        var checked = 0
        for option in OptionDeclarations.all {
            guard let text = option.defaultText, case .value = option.form else { continue }
            var options = Options()
            try option.read(Array(text.utf8), "--" + option.name).assign(&options)
            (options.sizeGiven, options.seedGiven, options.reducedMotionGiven) = (false, false, false)
            #expect(options == Options(), "--\(option.name) \(text) is not the default")
            checked += 1
        }
        #expect(checked == 23)   // --pairs together among them
    }

    // MARK: The config file

    @Test func theConfigFileSetsWhatTheDeclarationsSay() throws {
        #expect(OptionDeclarations.commandLineOnly.map(\.name) == [
            "open", "null", "pick", "print-marked", "list", "print0", "demo", "screenshot", "record", "replay", "bench", "in-process", "frames", "flicks",
            "images", "soak",
            "soak-render-every", "soak-memory-limit", "seed", "config", "no-config",
        ])
        let path = FilePath("/c")
        let samples = ["label": "red", "video-driver": "x11", "scale": "2", "preset": "seed", "scroll": "3", "slideshow": "5"]
        for option in OptionDeclarations.all {
            let value = option.form == .flag ? "yes" : samples[option.name] ?? option.defaultText ?? "x"
            if option.inConfig {
                let settings = try ConfigSettings(path: path, text: "\(option.name) = \(value)").settings
                #expect(settings.map(\.option.name) == [option.name])
            } else {
                #expect(throws: Options.UsageError(description: "/c line 1: '\(option.name)' cannot be set in a "
                    + "config file; give --\(option.name) on the command line", suggestsHelp: false)) {
                    try ConfigSettings(path: path, text: "\(option.name) = \(value)")
                }
            }
        }
    }

    // MARK: README and man page

    /// The README's table between its markers is `swivel --help-markdown` (`make docs` writes it).
    @Test func readmeTableIsTheDeclarations() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("<!-- options:") })
        let end = try #require(lines.firstIndex { $0 == "<!-- end of options -->" })
        let table = lines[(start + 1)..<end].joined(separator: "\n")
        #expect(table == OptionDocs.markdownTable, "the README's option table is stale: run `make docs`")
        for option in Self.visible {
            let config = option.form == .action ? "" : option.inConfig ? "yes" : "no"
            #expect(table.contains("\n| `\(option.term.replacingOccurrences(of: "|", with: "\\|"))` | \(OptionDocs.meaning(option)) | \(config) |"),
                    "README lacks --\(option.name)")
        }
        #expect(table.contains("\n| `--spacing PT` | space between neighbouring cards' slots, 0 to 10000 (default 230). "
                               + "The pitch is the spacing plus the seed's 10 pt slot. | yes |"))
    }

    /// assets/swivel.1 (installed by `make install`) is `swivel --man`.
    @Test func manPageIsTheDeclarations() throws {
        let page = try Self.text("assets/swivel.1")
        #expect(page == OptionDocs.manPage + "\n", "assets/swivel.1 is stale: run `make docs`")
        for option in Self.visible {
            #expect(page.contains("\\fB" + OptionDocs.roff("--" + option.name) + "\\fR"), "man page lacks --\(option.name)")
        }
    }

    @Test func binaryPrintsTheTableAndThePage() throws {
        let table = try SwivelProcess.run(["--help-markdown"])
        #expect(table.status == 0 && table.stderr.isEmpty)
        #expect(table.stdout == OptionDocs.markdownTable + "\n")
        let man = try SwivelProcess.run(["--man"])
        #expect(man.status == 0 && man.stderr.isEmpty)
        #expect(man.stdout == (try Self.text("assets/swivel.1")))
    }

    /// groff reads the page without a warning, and it shows every option and its help.
    @Test func manPageIsCleanRoff() throws {
        let page = Self.root.appendingPathComponent("assets/swivel.1").path
        let groff = URL(fileURLWithPath: "/usr/bin/groff")
        let check = try SwivelProcess.runProgram(groff, ["-man", "-ww", "-z", "-Tutf8", page], timeout: 30)
        #expect(check.status == 0)
        #expect(check.stderr.isEmpty, "groff: \(check.stderr)")
        let shown = try SwivelProcess.runProgram(groff, ["-man", "-Tascii", "-P-cbou", "-rLL=200n", page], timeout: 30)
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("SWIVEL(1)"))
        #expect(shown.stdout.contains("space between neighbouring cards' slots, 0 to 10000 (default 230)."))
        #expect(shown.stdout.contains("-h, --help"))
        for option in Self.visible { #expect(shown.stdout.contains("--" + option.name), "--\(option.name)") }
    }

    // MARK: Conflicts

    /// Every rule of the table, in its order, with arguments that break it (and no earlier rule).
    static let conflictExamples: [([String], String)] = [
        (["--record", "a", "--replay", "b"], "--record records a live session; it cannot go with --replay or --screenshot"),
        (["--bench", "--replay", "a"], "--bench runs its own scripted session; it cannot go with --record, --replay or --screenshot"),
        (["--bench", "pics"], "--bench takes its photos from --images DIR, not from paths (got 'pics')"),
        (["--soak", "1", "--bench"], "--soak and --bench are two different runs; give one"),
        (["--soak", "1", "--screenshot", "a.png"], "--soak runs its own random session; it cannot go with --record, --replay or --screenshot"),
        (["--soak", "1", "p"], "--soak takes its photos from --images DIR or --demo, not from paths (got 'p')"),
        (["--images", "pics"], "--images chooses the photos for --bench or --soak; it needs one of them"),
        (["--seed", "3"], "--seed is for --soak or --sort random; it needs one of them"),
        (["--soak-render-every", "3", "--soak-memory-limit", "4"], "--soak-render-every is for --soak; it needs --soak MINUTES"),
        (["--soak-memory-limit", "4"], "--soak-memory-limit is for --soak; it needs --soak MINUTES"),
        (["-", "-", "-"], "'-' (paths from standard input) can be given once (got it 3 times)"),
        (["-0"], "-0 (--null) says how the paths on standard input are separated; it needs the path '-'"),
        (["--pick", "--screenshot", "a.png", "p"], "--pick waits for Enter in a window; it cannot go with --screenshot, --bench or --soak"),
        (["-o", "--soak", "1"], "-o (--print-marked) prints the marks of a window session; it cannot go with --bench or --soak"),
        (["--pick", "-o", "p"], "--pick prints the chosen paths on Enter, -o (--print-marked) the marked ones on quitting; give one"),
        (["--pick"], "--pick and -o (--print-marked) print photos' paths; they need PATHs or '-'"),
        (["--list", "--pick", "p"], "--list prints paths without a window; it cannot go with --pick, -o, --screenshot, --record, --replay, --bench or --soak"),
        (["--list"], "--list prints photos' paths; it needs PATHs or '-'"),
        (["--frames", "10"], "--frames sets how many frames --bench renders; it needs --bench"),
        (["--demo", "a{count}.jpg"], "--demo shows the built-in deck; it cannot go with photo paths (got 'a{count}.jpg')"),
        (["--soak", "1", "--demo", "--images", "p"], "--demo and --images choose two different decks; give one"),
        (["--cards", "2", "a.jpg"], "--cards sets the colour deck's size; a photo deck has one card per image, so it cannot go with photo paths, --demo or --images"),
        (["--no-config", "--config", "c"], "--config FILE and --no-config cannot go together"),
        (["--size", "16384x16384", "--scale", "4"],
         "--size 16384x16384 at --scale 4 is 65536x65536 pixels, more than the 16384 a side a window can have"),
    ]

    @Test func everyConflictRuleIsReachedWithItsMessage() {
        #expect(Conflict.rules.count == Self.conflictExamples.count)
        for (rule, (arguments, message)) in zip(Conflict.rules, Self.conflictExamples) {
            #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
            // The example's message is the rule's, with the path or count filled in.
            let parts = ["{count}", "{size}", "{scale}", "{pixels}"].reduce(rule.message) {
                $0.replacingOccurrences(of: $1, with: "{path}")
            }.components(separatedBy: "{path}")
            #expect(message.hasPrefix(parts.first!) && message.hasSuffix(parts.last!), "\(rule.message)")
        }
    }
}
