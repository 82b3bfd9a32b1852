import SwivelCore
import Testing

/// The one key table: what each chord gives in each mode, the chords' names in recordings, and
/// that no chord means two things in one mode.
@Suite struct KeyTableTests {
    let keys = KeyTable.standard

    func command(_ key: KeyCode, _ modifiers: KeyModifiers = [], _ modes: KeyTable.Modes = .init()) -> Command? {
        keys.command(for: KeyChord(key, modifiers), in: modes)
    }

    /// Enter opens in the row, closes in the full view, picks with `--pick`, answers the trash's
    /// question before all of those; Esc steps back in the row, closes the view, keeps the photos.
    @Test func enterAndEscDependOnTheMode() {
        #expect(command(.enter) == .open)
        #expect(command(.keypadEnter) == .open)
        #expect(command(.space) == .open)
        #expect(command(.enter, [], .init(fullView: true)) == .closeOrReopen)
        #expect(command(.space, [], .init(fullView: true)) == nil)
        #expect(command(.enter, [], .init(picking: true)) == .pick)
        #expect(command(.enter, [], .init(fullView: true, picking: true)) == .pick)
        #expect(command(.enter, [], .init(fullView: true, question: true, picking: true)) == .confirm)
        #expect(command(.escape) == .back)
        #expect(command(.escape, [], .init(fullView: true)) == .close)
        #expect(command(.escape, [], .init(fullView: true, question: true)) == .cancel)
        #expect(command(.backspace) == nil)
        #expect(command(.backspace, [], .init(fullView: true)) == .close)
    }

    /// Ctrl must be as the binding says, Shift only where it asks for it, Alt and Super never.
    @Test func modifiers() {
        #expect(command(.a, .control) == .markAll)
        #expect(command(.a) == nil)
        #expect(command(.c, .control) == .copyPath)
        #expect(command(.x, .control) == .keyHandler)
        #expect(command(.x) == nil)
        #expect(command(.v, .control) == nil)
        #expect(command(.m, .control) == nil)       // Ctrl+M is not M
        #expect(command(.m, .shift) == .mark)
        #expect(command(.right, .alt) == .next)
        #expect(command(.equals, .shift, .init(fullView: true)) == .zoomIn)
        #expect(command(.slash) == nil)
        #expect(command(.slash, .shift) == .toggleKeyList)
        #expect(command(.question) == .toggleKeyList)
        #expect(command(.z, [.control, .shift]) == .undo)
    }

    /// The row's keys do nothing in the full view that they do not do there, and the zoom keys
    /// nothing in the row; the window's and the deck's keys work in both.
    @Test func rowAndFullView() {
        for (key, row, view) in [(KeyCode.left, Command.previous, Command.previous), (.right, .next, .next),
                                 (.pageUp, .pageBack, .pageBack), (.home, .first, .first), (.end, .last, .last)] {
            #expect(command(key) == row && command(key, [], .init(fullView: true)) == view)
        }
        for key in [KeyCode.plus, .minus, .digit0, .digit1] { #expect(command(key) == nil, "\(key)") }
        #expect(command(.digit1, [], .init(fullView: true)) == .actualSize)
        #expect(command(.keypad0, [], .init(fullView: true)) == .fit)
        for (key, modifiers, expected) in [(KeyCode.f, KeyModifiers(), Command.toggleFullscreen), (.f11, [], .toggleFullscreen),
                                           (.h, [], .toggleHUD), (.i, [], .toggleInfo), (.f12, [], .screenshot),
                                           (.m, [], .mark), (.u, [], .clearMarks), (.delete, [], .trash),
                                           (.z, .control, .undo), (.s, [], .toggleSlideshow)] {
            #expect(command(key, modifiers) == expected && command(key, modifiers, .init(fullView: true)) == expected)
        }
    }

    /// No chord is bound twice in one context (the first would hide the second for good).
    @Test func noChordIsBoundTwiceInAContext() {
        var seen: [String: Command] = [:]
        for (context, binding) in keys.bindings {
            let key = "\(context) \(binding.chord.name)"
            #expect(seen[key] == nil, "\(key) is \(seen[key].map { "\($0)" } ?? "") and \(binding.command)")
            seen[key] = binding.command
        }
        #expect(seen.count > 40)
    }

    /// Every command but the ones the pointer alone gives has a key.
    @Test func everyCommandHasAKey() {
        let bound = Set(keys.bindings.map(\.binding.command))
        #expect(Set(Command.allCases).subtracting(bound).isEmpty, "\(Set(Command.allCases).subtracting(bound))")
    }

    /// A recording names a chord as recordings always have (`markAll` for Ctrl+A, `help` for ?),
    /// else its modifiers and key joined by +; both read back to the same chord.
    @Test func chordNames() {
        let cases: [(KeyChord, String)] = [
            (KeyChord(.right), "right"), (KeyChord(.a, .control), "markAll"), (KeyChord(.question), "help"),
            (KeyChord(.digit1), "one"), (KeyChord(.f), "fullscreen"), (KeyChord(.f11), "f11"),
            (KeyChord(.r, [.control, .shift]), "ctrl+shift+r"), (KeyChord(.slash, .shift), "shift+slash"),
            (KeyChord(.other), "other"), (KeyChord(.digit7), "7"), (KeyChord(.equals), "equals"),
        ]
        for (chord, name) in cases {
            #expect(chord.name == name)
            #expect(KeyChord(name: name) == chord, "\(name)")
        }
        // Every name a recording could hold before chords: the old key names.
        let old = ["escape", "left", "right", "pageUp", "pageDown", "home", "end", "f12", "other", "fullscreen", "hud",
                   "help", "enter", "space", "backspace", "plus", "minus", "zero", "one", "info", "mark", "markAll",
                   "clearMarks", "copyPath", "delete", "undo", "slideshow"]
        for name in old { #expect(KeyChord(name: name)?.name == name, "\(name)") }
        for bad in ["", "ctrl+", "+a", "ctrl+ctrl+a", "hyper+a", "Enter", "ctrl+shift"] { #expect(KeyChord(name: bad) == nil, "\(bad)") }
    }
}
