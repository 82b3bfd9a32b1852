import SwivelPhotoCore

/// `--help`: the options' declarations laid out in sections, between the page's own text.
enum Usage {
    /// What `swivel` is, above the options.
    static let header = """
    usage: swivel [options] [PATH ...]
           find ~/Pictures -name '*.jpg' | swivel [options] -

    A row of cards that swivel in 3D as you drag them: the SwiftUI "3D scroll effect".
    Without PATHs the cards are the seed's colours; with image files or directories, one card per image.
    """

    /// The arguments that are not options, shown at the head of the photos section.
    /// The formats are `ImageFormat`'s table, in its order.
    static let positionals: [(term: String, help: [String])] = [
        ("PATH ...", ["image files and directories of images; '--' ends the options."]
            + wrap(ImageFormat.namesInProse + ", turned upright by their EXIF orientation, in sRGB",
                   width: helpWidth)),
        ("-", ["read PATHs from standard input, one a line (a missing one is skipped)"]),
    ]

    /// The widest help text beside a term, as wide as the widest of the declarations' own lines
    /// (94 columns with the 23 of indent).
    static let helpWidth = 71

    /// The config file's format, under its options.
    static let configFormat = """
    One 'key = value' a line, keys being option names without '--' (spacing = 240,
    background = #202020, snap = yes); '#' starts a comment line. The command line wins over
    it. Flags take yes/no, true/false, on/off or 1/0 there and after '=' here (--snap=no).
    """

    /// The sentence naming the options a config file may not set, from their declarations.
    static var commandLineOnly: String {
        let names = OptionDeclarations.commandLineOnly.map { "--" + $0.name }
        return OptionValue.alternatives(names).replacingEvery(" or ", with: " and ")
            + " are for the command line only."
    }

    /// Pointer gestures and what they do, below the options.
    static let gestures: [(String, String)] = [
        ("drag (left button or one finger)", "scroll the row; release while moving to fling"),
        ("click or tap a side card", "bring it to the centre"),
        ("wheel, shift+wheel, trackpad", "scroll (one card a notch with --snap, else 60 pt)"),
    ]

    /// The keys and what they do.
    static let keys: [(String, String)] = [
        ("Left / Right", "one card"),
        ("Page Up / Page Down", "one screenful"),
        ("Home / End", "first / last card"),
        ("F or F11", "fullscreen on or off"),
        ("H", "show or hide the HUD"),
        ("I", "show or hide the photo's information (as --info prints it)"),
        ("?", "show or hide the list of keys"),
        ("F12", "save a screenshot to $XDG_PICTURES_DIR (or the working directory)"),
        ("Esc", "close the key list, leave fullscreen, or quit"),
    ]

    /// The whole `--help` page.
    static var text: String {
        var lines = header.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for section in HelpSection.allCases {
            lines.append("")
            if let heading = section.heading { lines.append(heading + ":") }
            if section == .photos {
                for (term, help) in positionals { lines += entry(term, help) }
            }
            for option in OptionDeclarations.all where option.section == section && !option.hidden {
                lines += entry(option.term, option.help)
            }
            if section == .config {
                lines += configFormat.split(separator: "\n").map { "  " + $0 }
                lines += wrap(commandLineOnly, width: 90).map { "  " + $0 }
            }
        }
        lines += ["", "keys and mouse:"]
        let gestureWidth = gestures.map(\.0.count).max() ?? 0
        lines += gestures.map { "  " + $0 + String(repeating: " ", count: gestureWidth - $0.count) + "  " + $1 }
        lines += keys.flatMap { entry($0, [$1]) }
        return lines.joined(separator: "\n")
    }

    /// An entry: the term in a 19-column field (or longer, then two spaces), the help lines beside
    /// it and under each other at column 23.
    static func entry(_ term: String, _ help: [String]) -> [String] {
        let first = "  " + term + String(repeating: " ", count: max(0, 19 - term.count)) + "  "
        let indent = String(repeating: " ", count: 23)
        return help.enumerated().map { ($0.offset == 0 ? first : indent) + $0.element }
    }

    /// `text` broken into lines of at most `width` characters at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
