/// A key as the keyboard reports it, before anything decides what it does: the platform layer
/// names the key (SDL's key code, so a layout's own letters count) and the modifiers held, as Dear
/// ImGui's SDL2 backend reports `ImGuiKey`s; the key table (`KeyTable`) turns it into a `Command`.
public enum KeyCode: String, CaseIterable, Equatable, Hashable, Sendable {
    case a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z
    case digit0 = "0", digit1 = "1", digit2 = "2", digit3 = "3", digit4 = "4"
    case digit5 = "5", digit6 = "6", digit7 = "7", digit8 = "8", digit9 = "9"
    case f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12
    case escape, enter, space, backspace, tab, delete, insert
    case left, right, up, down, pageUp, pageDown, home, end
    /// The + key where a layout has one of its own; `equals` is the key + is shifted on (US layouts).
    case plus, minus, equals, slash, question, comma, period
    case keypadEnter, keypadPlus, keypadMinus
    case keypad0, keypad1, keypad2, keypad3, keypad4, keypad5, keypad6, keypad7, keypad8, keypad9
    /// Any key not named here.
    case other
}

/// The modifier keys held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
    /// The Windows or Command key.
    public static let `super` = KeyModifiers(rawValue: 8)

    /// In the order a chord's name writes them, with their names.
    static let named: [(KeyModifiers, String)] = [(.control, "ctrl"), (.shift, "shift"), (.alt, "alt"), (.super, "super")]
}

/// One key pressed with the modifiers held: what the platform reports and a recording keeps.
public struct KeyChord: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var key: KeyCode
    public var modifiers: KeyModifiers

    public init(_ key: KeyCode, _ modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// The chord's name in a recording: the name recordings have always used for it where it has
    /// one (`legacyNames`: `right`, `markAll` for Ctrl+A, `help` for ?), else the modifiers and
    /// the key joined by + (`ctrl+shift+r`, `f5`).
    public var name: String {
        if let legacy = Self.legacyNames.first(where: { $0.chord == self }) { return legacy.name }
        return KeyModifiers.named.filter { modifiers.contains($0.0) }.map { $0.1 + "+" }.joined() + key.rawValue
    }

    public var description: String { name }

    /// The chord a recording's key name stands for: a legacy name, or modifiers and a key joined by
    /// + as `name` writes them; nil when it is neither.
    public init?(name: String) {
        if let legacy = Self.legacyNames.first(where: { $0.name == name }) {
            self = legacy.chord
            return
        }
        var parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.popLast(), let key = KeyCode(rawValue: last) else { return nil }
        var modifiers: KeyModifiers = []
        for part in parts {
            guard let modifier = KeyModifiers.named.first(where: { $0.1 == part })?.0, !modifiers.contains(modifier) else {
                return nil
            }
            modifiers.insert(modifier)
        }
        self.init(key, modifiers)
    }

    /// The names recordings wrote before keys were reported as chords, when the platform layer
    /// named what a key did: each stands for the chord that does it now, so that every recording
    /// made then replays the same commands (`zero` and `one` were 0 and 1, fit and 1:1, which are
    /// Ctrl+0 and Ctrl+1 since the number keys rate).
    public static let legacyNames: [(name: String, chord: KeyChord)] = [
        ("fullscreen", KeyChord(.f)), ("hud", KeyChord(.h)), ("help", KeyChord(.question)),
        ("zero", KeyChord(.digit0, .control)), ("one", KeyChord(.digit1, .control)), ("info", KeyChord(.i)), ("mark", KeyChord(.m)),
        ("markAll", KeyChord(.a, .control)), ("clearMarks", KeyChord(.u)), ("copyPath", KeyChord(.c, .control)),
        ("undo", KeyChord(.z, .control)), ("slideshow", KeyChord(.s)),
    ]
}
