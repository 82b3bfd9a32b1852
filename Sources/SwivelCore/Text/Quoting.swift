/// Text from outside (option values, config lines) shown inside a one-line message.
public enum Quoting {
    /// The most characters (Unicode scalars) of the text a message shows; longer text ends in "…".
    public static let limit = 80

    /// `text` in single quotes, with control, format and line/paragraph separator characters
    /// escaped (`\n`, `\u{1B}`, `\u{202E}`) and anything past `limit` cut, so a message stays one
    /// short line whatever the text holds.
    public static func quoted(_ text: String) -> String {
        let shown = oneLine(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))))
        return "'" + shown + (text.unicodeScalars.count > limit ? "…" : "") + "'"
    }

    /// `text` with control, format (bidi controls such as U+202E, which would turn the rest of a
    /// terminal line around) and line/paragraph separator characters (U+2028, U+2029, which some
    /// terminals and Swift's own line splitting take for line breaks) escaped as Swift writes
    /// them (`\n`, `\u{1B}`, `\u{202E}`), so that whatever it holds it shows as one line.
    public static func oneLine(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                shown += scalar.escaped(asASCII: true)
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
