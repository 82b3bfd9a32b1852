/// Every key Swivel knows, in one table: which chord does what in which mode, and how the key list
/// (?), the man page and the README describe it. Like nsxiv's `keys[]` and `process_bindings`,
/// the app looks a chord up here (`command(for:in:)`) and performs what it finds; nothing else
/// decides what a key means. The pointer's gestures are not keys, but the lists that describe keys
/// describe them too, so their lines live here beside the keys' (with no bindings).
public struct KeyTable: Sendable {
    /// Where a binding holds. A chord is looked up in the modes the app is in, most particular
    /// first (`Modes.lookupOrder`): the question a Delete asks, then `--pick`, then the full view
    /// or the row, then everywhere.
    public enum Context: Equatable, Hashable, Sendable {
        case everywhere, row, fullView
        /// While the question a Delete of several photos asks waits for Enter or Esc.
        case question
        /// With `--pick`, in the row and the full view alike.
        case picking
    }

    /// The modes the app is in when a key comes.
    public struct Modes: Equatable, Sendable {
        public var fullView = false, question = false, picking = false
        public init(fullView: Bool = false, question: Bool = false, picking: Bool = false) {
            (self.fullView, self.question, self.picking) = (fullView, question, picking)
        }

        /// The contexts whose bindings apply, the first that binds a chord winning.
        public var lookupOrder: [Context] {
            (question ? [.question] : []) + (picking ? [.picking] : []) + [fullView ? .fullView : .row, .everywhere]
        }
    }

    public struct Binding: Equatable, Sendable {
        public let chord: KeyChord
        public let command: Command
    }

    /// One line of the lists that describe the keys: the keys as written (`keys`), what they do
    /// (`action`, the key list's words), more for the README and the man page (`detail`), and
    /// the bindings the line stands for, all in `context`. A line with no bindings describes a
    /// gesture; one with no action is a heading. `listed`: on the key list (?) as well as in the
    /// README and the man page.
    public struct Line: Sendable {
        public let keys: String
        public let action: String
        public let detail: String?
        public let context: Context
        public let bindings: [Binding]
        public let listed: Bool

        init(_ keys: String, _ action: String, _ context: Context = .everywhere, detail: String? = nil, listed: Bool = true,
             _ bindings: [(KeyChord, Command)] = []) {
            self.keys = keys
            self.action = action
            self.detail = detail
            self.context = context
            self.bindings = bindings.map { Binding(chord: $0.0, command: $0.1) }
            self.listed = listed
        }

        public var isHeading: Bool { action.isEmpty }
    }

    public let lines: [Line]

    public init(lines: [Line]) { self.lines = lines }

    /// The command `chord` gives in `modes`, nil when no binding there has it. Ctrl must be held
    /// exactly as a binding says (Ctrl+C copies, Ctrl+X is not Swivel's); Shift must be held where a
    /// binding asks for it and is otherwise not looked at (Shift+= is + as on the keyboard); Alt
    /// and Super are not looked at.
    public func command(for chord: KeyChord, in modes: Modes) -> Command? {
        for context in modes.lookupOrder {
            for line in lines where line.context == context {
                if let binding = line.bindings.first(where: { Self.matches($0.chord, chord) }) { return binding.command }
            }
        }
        return nil
    }

    static func matches(_ bound: KeyChord, _ pressed: KeyChord) -> Bool {
        bound.key == pressed.key
            && bound.modifiers.contains(.control) == pressed.modifiers.contains(.control)
            && (!bound.modifiers.contains(.shift) || pressed.modifiers.contains(.shift))
    }

    /// Every binding, with its line's context.
    public var bindings: [(context: Context, binding: Binding)] {
        lines.flatMap { line in line.bindings.map { (line.context, $0) } }
    }

    /// Swivel's keys and gestures, in the order the key list shows them.
    public static let standard = KeyTable(lines: [
        Line("Drag or flick", "scroll the row", .row, detail: "released while moving it glides on, bounces at the ends"),
        Line("Click a side card", "bring it to the centre", .row, detail: "hit-tested against its turned shape; a tap too"),
        Line("Wheel / trackpad", "scroll", .row,
             detail: "one card a notch with `--snap`, else 60 pt, eased over 150 ms; shift+wheel too; trackpad deltas scroll directly and coast"),
        Line("← →", "one card", .row, [(KeyChord(.left), .previous), (KeyChord(.right), .next)]),
        Line("Page Up / Page Down", "one screenful", .row, [(KeyChord(.pageUp), .pageBack), (KeyChord(.pageDown), .pageForward)]),
        Line("Home / End", "first / last card", .row, detail: "with `--loop`, the shorter way round",
             [(KeyChord(.home), .first), (KeyChord(.end), .last)]),
        Line("S", "start or stop the slideshow",
             detail: "`--slideshow SECONDS`, else 4 s a card; any input pauses it for one interval",
             [(KeyChord(.s), .toggleSlideshow)]),
        Line("F or F11", "fullscreen", detail: "on or off", [(KeyChord(.f), .toggleFullscreen), (KeyChord(.f11), .toggleFullscreen)]),
        Line("H", "frame statistics",
             detail: "the HUD: fps, frame time with a graph of the latest frames, draw calls, cards, overdraw",
             [(KeyChord(.h), .toggleHUD)]),
        Line("I", "photo information",
             detail: "bottom left: file name, pixel size, file size, format, date taken, camera, lens, focal length, f-number, exposure, ISO, colour profile (each where the file has it; `swivel --info FILE...` prints the same)",
             [(KeyChord(.i), .toggleInfo)]),
        Line("F12", "save a screenshot",
             detail: "as `swivel-DATE-TIME.png` in `$XDG_PICTURES_DIR` (or the working directory), printing its path",
             [(KeyChord(.f12), .screenshot)]),
        Line("Enter / Space", "open the centred card", .row, detail: "in the full view",
             [(KeyChord(.enter), .open), (KeyChord(.keypadEnter), .open), (KeyChord(.space), .open)]),
        Line("M", "mark or unmark it",
             detail: "the centred card (in the full view, the open photo); a marked card wears a blue check badge, and the window's title and the HUD say how many are marked",
             [(KeyChord(.m), .mark)]),
        Line("Ctrl+A / U", "mark all / clear the marks", .everywhere, [(KeyChord(.a, .control), .markAll), (KeyChord(.u), .clearMarks)]),
        Line("Ctrl+C", "copy the photo's path", detail: "the centred (or open) photo's, to the clipboard",
             [(KeyChord(.c, .control), .copyPath)]),
        Line("E", "open the photo in another program",
             detail: "the centred (or open) photo, in `--editor`'s command, else in the desktop's default application for its type (as `gio open`)",
             [(KeyChord(.e), .openElsewhere)]),
        Line("Ctrl+X, then a key", "run your key handler with that key",
             detail: "`$XDG_CONFIG_HOME/swivel/key-handler KEY`, the marked photos' paths (else the centred one's) on its standard input; see [Your own commands](#turning-photos-and-your-own-commands)",
             [(KeyChord(.x, .control), .keyHandler)]),
        Line("Delete", "move the photo to the trash",
             detail: "the centred photo (in the full view, the open one), or the marked ones; see [Trash](#trash)",
             [(KeyChord(.delete), .trash)]),
        Line("R / Shift+R", "turn the photo right / left",
             detail: "a quarter turn clockwise / anticlockwise of the centred (or open) photo, saved into its file without re-encoding; see [Turning photos](#turning-photos-and-your-own-commands)",
             [(KeyChord(.r, .shift), .turnAnticlockwise), (KeyChord(.r), .turnClockwise)]),
        // L for a mirror beside R for a turn: one key and its Shift for each pair, on letters every
        // layout has (nsxiv's | and _ move about with the layout).
        Line("L / Shift+L", "mirror / flip the photo", detail: "left and right swapped / upside down, saved the same way",
             [(KeyChord(.l, .shift), .flip), (KeyChord(.l), .mirror)]),
        Line("Ctrl+Z", "undo the last Delete or turn", detail: "again for the one before", [(KeyChord(.z, .control), .undo)]),
        Line("Click centred card", "open it", .row, detail: "a tap too"),
        Line("Double-click a card", "open it", .row),
        Line("In the full view:", "", .fullView),
        Line("← → / drag, flick", "previous / next photo", .fullView, detail: "a horizontal drag or flick at fit",
             [(KeyChord(.left), .previous), (KeyChord(.right), .next)]),
        Line("Page Up/Down", "previous / next photo", .fullView,
             [(KeyChord(.pageUp), .pageBack), (KeyChord(.pageDown), .pageForward)]),
        Line("Home / End", "first / last photo", .fullView, [(KeyChord(.home), .first), (KeyChord(.end), .last)]),
        Line("Wheel / pinch", "zoom about the pointer / fingers", .fullView, detail: "two fingers pinch about their midpoint"),
        Line("+ / −", "zoom about the centre", .fullView,
             [(KeyChord(.plus), .zoomIn), (KeyChord(.equals), .zoomIn), (KeyChord(.keypadPlus), .zoomIn),
              (KeyChord(.minus), .zoomOut), (KeyChord(.keypadMinus), .zoomOut)]),
        Line("0 / 1", "fit / 1:1 pixels", .fullView,
             [(KeyChord(.digit0), .fit), (KeyChord(.keypad0), .fit), (KeyChord(.digit1), .actualSize),
              (KeyChord(.keypad1), .actualSize)]),
        Line("Double-click", "fit ↔ 1:1 (on the margin: close)", .fullView,
             detail: "about the point; at fit, on the margin or on a photo already 1:1, it closes"),
        Line("Drag when zoomed", "pan", .fullView, detail: "at fit a drag pages"),
        Line("Drag down", "close", .fullView, detail: "past a quarter of the window; released short of it, it springs back"),
        Line("Enter / Backspace", "close", .fullView, detail: "Enter while it closes opens it again; Esc closes it too",
             [(KeyChord(.enter), .closeOrReopen), (KeyChord(.keypadEnter), .closeOrReopen), (KeyChord(.backspace), .close),
              (KeyChord(.escape), .close)]),
        Line("?", "this list", detail: "the list of keys", [(KeyChord(.question), .toggleKeyList), (KeyChord(.slash, .shift), .toggleKeyList)]),
        Line("Esc", "close this, leave fullscreen, quit", .row,
             detail: "in the row: the key list first, else fullscreen, else Swivel; closing the window quits",
             [(KeyChord(.escape), .back)]),
        Line("Enter (with --pick)", "pick", .picking, detail: "prints the marked photos' paths (else the current one's) and exits",
             listed: false, [(KeyChord(.enter), .pick), (KeyChord(.keypadEnter), .pick)]),
        Line("Enter / Esc (when Delete asks)", "move the photos to the trash / keep them", .question, listed: false,
             [(KeyChord(.enter), .confirm), (KeyChord(.keypadEnter), .confirm), (KeyChord(.escape), .cancel)]),
    ])
}
