import SwivelCore

/// The options' declarations written as the README's table (`--help-markdown`) and as a man page
/// (`--man`, installed as swivel.1); tests check the README and assets/swivel.1 against these.
enum OptionDocs {
    /// The README's option table, between its markers.
    static var markdownTable: String {
        var rows = ["| option | meaning | config file |", "| --- | --- | --- |"]
        func row(_ term: String, _ meaning: String, _ config: Bool?) {
            // A pipe splits a table's cell even inside a code span (GFM) unless escaped.
            let cell = meaning.replacingEvery("|", with: "\\|")
            rows.append("| `\(term.replacingEvery("|", with: "\\|"))` | \(cell) | \(config.map { $0 ? "yes" : "no" } ?? "") |")
        }
        for section in HelpSection.allCases {
            rows.append("| **\(section.title)** | | |")
            if section == .photos {
                for (term, help) in Usage.positionals { row(term, help.joined(separator: " "), nil) }
            }
            for option in visible(in: section) { row(option.term, meaning(option), option.form != .action ? option.inConfig : nil) }
        }
        return rows.joined(separator: "\n")
    }

    /// The manual page, in roff's man macros.
    static var manPage: String {
        var page = [
            ".TH SWIVEL 1 \"\" \"swivel \(Options.version)\" \"User Commands\"",
            ".nh",
            ".SH NAME",
            "swivel \\- a row of cards that swivel in 3D as you drag them",
            ".SH SYNOPSIS",
            ".B swivel",
            "[\\fIoptions\\fR] [\\fIPATH\\fR ...]",
            ".br",
            "find ~/Pictures \\-name '*.jpg' | \\fBswivel\\fR [\\fIoptions\\fR] \\-",
            ".SH DESCRIPTION",
            roff("A row of cards that swivel in 3D as you drag them: the SwiftUI \"3D scroll effect\". "
                 + "Without PATHs the cards are the seed's colours; with image files or directories, "
                 + "one card per image."),
            ".SH OPTIONS",
        ]
        func item(_ term: String, _ text: String) {
            page += [".TP", "\\fB" + roff(term) + "\\fR", roff(text)]
        }
        func item(_ option: OptionDeclaration) {
            var names = "\\fB" + roff("--" + option.name) + "\\fR"
            if let short = option.short { names = "\\fB" + roff("-\(short)") + "\\fR, " + names }
            if case .value(let placeholder) = option.form { names += " \\fI" + roff(placeholder) + "\\fR" }
            page += [".TP", names, roff(meaning(option))]
        }
        for section in HelpSection.allCases {
            page.append(".SS " + roff(section.title))
            if section == .photos {
                for (term, help) in Usage.positionals { item(term, help.joined(separator: " ")) }
            }
            for option in visible(in: section) { item(option) }
            if section == .config {
                page += [".PP", roff(Usage.configFormat.split(separator: "\n").joined(separator: " ")),
                         roff(Usage.commandLineOnly)]
            }
        }
        page.append(".SH KEYS AND MOUSE")
        for line in KeyDocs.lines {
            if line.isHeading {
                page.append(".SS " + roff(line.keys.hasSuffix(":") ? String(line.keys.dropLast()) : line.keys))
            } else {
                item(line.keys, KeyDocs.description(line))
            }
        }
        page += [
            ".SH FILES",
            ".TP",
            "\\fI$XDG_CONFIG_HOME/swivel/config\\fR (\\fI~/.config/swivel/config\\fR)",
            "The config file: one \\fIkey\\fR = \\fIvalue\\fR a line, keys being option names without \\-\\-.",
            ".SH EXIT STATUS",
            "0 on success; 64 for bad usage (one line on standard error says what was wrong);",
            "1 when it cannot run (no display, no OpenGL 3.3 core context, no readable image);",
            "128 + N when signal N ended it (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).",
        ]
        return page.joined(separator: "\n")
    }

    /// The declarations `--help` shows in `section`.
    static func visible(in section: HelpSection) -> [OptionDeclaration] {
        OptionDeclarations.all.filter { $0.section == section && !$0.hidden }
    }

    /// An option's help lines as one paragraph, with its discussion.
    static func meaning(_ option: OptionDeclaration) -> String {
        let help = option.help.joined(separator: " ")
        guard let discussion = option.discussion else { return help }
        return help + (help.hasSuffix(".") ? " " : ". ") + discussion
    }

    /// `text` safe in roff: backslashes, hyphens and non-ASCII characters escaped, no line taken
    /// for a request.
    static func roff(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where !scalar.isASCII: escaped += "\\[u" + String(scalar.value, radix: 16, uppercase: true) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}

extension HelpSection {
    /// The section's name in the README and the man page (the last one has no heading in `--help`).
    var title: String { heading ?? "text instead of a window" }
}
