/// The command line.
struct Options: Equatable {
    static let version = "0.1.0"

    var width = 1280
    var height = 720
    var cards = SystemColor.seedDeck.count
    var scroll = 0.0
    var screenshot: String?
    var snapping = false
    var decelerationRate = FrictionSimulation.normal
    var record: String?
    var replay: String?
    /// Whether --size was given (a replay otherwise takes the recorded window size).
    var sizeGiven = false
    var bench = false
    var frames = 600
    var showHelp = false
    var showVersion = false

    static let usage = """
    usage: swivel [options]

    A row of cards that swivel in 3D as you drag them: the SwiftUI "3D scroll effect".

    options:
      --size WxH           window size in points (default 1280x720)
      --cards N            number of cards; the seed's seven colours repeat (default 7)
      --scroll X           start scrolled X points in (0 = first card centred; clamped to the row)
      --screenshot FILE.png  render one frame into FILE.png at the window's pixel size and exit
                           (works headless: SDL_VIDEODRIVER=offscreen swivel --screenshot out.png)
      --snap               come to rest with a card centred (default: free scrolling, as the seed)
      --deceleration R     fling friction: normal (0.998/ms, default) or fast (0.99/ms)
      --record FILE        write every input event with its time to FILE (text, see README)
      --replay FILE        play FILE back with its recorded timing; with --screenshot, render
                           the frame at the recording's end and exit
      --help               show this help and exit
      --version            show the version and exit

    keys and mouse:
      drag (left button or one finger)  scroll the row; release while moving to fling
      click or tap a side card          bring it to the centre
      wheel, shift+wheel, trackpad      scroll (one card a notch with --snap, else 60 pt)
      Left / Right         one card
      Page Up / Page Down  one screenful
      Home / End           first / last card
      F12                  save a screenshot to $XDG_PICTURES_DIR (or the working directory)
      Esc                  quit
    """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `arguments` (without the program name). Accepts `--flag value` and `--flag=value`.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst() else { throw UsageError(description: "\(name) needs a value") }
                return next
            }
            switch name {
            case "--help", "-h":
                options.showHelp = true
            case "--version":
                options.showVersion = true
            case "--size":
                let text = try value()
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                      (1...16384).contains(w), (1...16384).contains(h) else {
                    throw UsageError(description: "--size wants WIDTHxHEIGHT in points, each 1 to 16384 (got '\(text)')")
                }
                (options.width, options.height) = (w, h)
                options.sizeGiven = true
            case "--cards":
                let text = try value()
                guard let n = Int(text), (1...100_000_000).contains(n) else {
                    throw UsageError(description: "--cards wants a whole number from 1 to 100000000 (got '\(text)')")
                }
                options.cards = n
            case "--scroll":
                let text = try value()
                guard let x = Double(text), x.isFinite else {
                    throw UsageError(description: "--scroll wants a number of points (got '\(text)')")
                }
                options.scroll = x
            case "--screenshot":
                let text = try value()
                guard text.lowercased().hasSuffix(".png"), text.count > 4 else {
                    throw UsageError(description: "--screenshot wants a file name ending in .png (got '\(text)')")
                }
                options.screenshot = text
            case "--bench":
                options.bench = true
            case "--frames":
                let text = try value()
                guard let n = Int(text), (1...1_000_000).contains(n) else {
                    throw UsageError(description: "--frames wants a whole number from 1 to 1000000 (got '\(text)')")
                }
                options.frames = n
            case "--snap":
                options.snapping = true
            case "--deceleration":
                switch try value() {
                case "normal": options.decelerationRate = FrictionSimulation.normal
                case "fast": options.decelerationRate = FrictionSimulation.fast
                case let other:
                    throw UsageError(description: "--deceleration wants normal or fast (got '\(other)')")
                }
            case "--record":
                options.record = try value()
            case "--replay":
                options.replay = try value()
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(description: "unknown option '\(name)'")
                }
                throw UsageError(description: "unexpected argument '\(argument)'")
            }
        }
        if options.record != nil && (options.replay != nil || options.screenshot != nil) {
            throw UsageError(description: "--record records a live session; it cannot go with --replay or --screenshot")
        }
        return options
    }
}

import SwivelCore
