/// Swivel's config file: one `key = value` a line, keys being option names without `--`.
///
/// ```
/// # my defaults
/// spacing = 240
/// background = #202020
/// snap = yes
/// ```
///
/// A line whose first non-blank character is `#` is a comment, blank lines are skipped, and spaces
/// around the key and the value are dropped. There are no comments after a value: `#` there is
/// part of it (as in `background = #202020`). This type only splits lines; which keys exist and
/// what their values mean is the command line's business.
public struct ConfigFile {
    /// One `key = value` line.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: String
        /// 1-based line number, for messages.
        public var line: Int

        public init(key: String, value: String, line: Int) {
            self.key = key; self.value = value; self.line = line
        }
    }

    /// A line that is not `key = value`.
    public struct ParseError: Error, Equatable, Sendable {
        /// 1-based line number.
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line; self.reason = reason
        }
    }

    /// The entries of `text`, in order, or the first line that is neither an entry, a comment nor blank.
    public static func parse(_ text: String) -> Result<[Entry], ParseError> {
        var entries: [Entry] = []
        // `isNewline` also splits "\r\n" (one Character) and lone "\r", so line numbers match editors.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            let line = trimmed(rawLine)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                return .failure(ParseError(line: number, reason: "expected 'key = value', got \(Quoting.quoted(line))"))
            }
            let key = trimmed(line[..<equals])
            let value = trimmed(line[line.index(after: equals)...])
            guard !key.isEmpty else {
                return .failure(ParseError(line: number, reason: "no key before '='"))
            }
            if key.hasPrefix("-") {
                let bare = String(key.drop { $0 == "-" })
                return .failure(ParseError(line: number, reason: "write the key as \(Quoting.quoted(bare)), without '--'"))
            }
            guard key.allSatisfy(isKeyCharacter) else {
                return .failure(ParseError(line: number,
                    reason: "\(Quoting.quoted(key)) is not a key (keys are option names without '--', like 'spacing')"))
            }
            guard !value.isEmpty else {
                return .failure(ParseError(line: number, reason: "\(Quoting.quoted(key)) has no value after '='"))
            }
            entries.append(Entry(key: key, value: value, line: number))
        }
        return .success(entries)
    }

    /// Keys are lower-case ASCII letters, digits and inner dashes, like option names.
    private static func isKeyCharacter(_ c: Character) -> Bool {
        ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "-"
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The config file's default place: `$XDG_CONFIG_HOME/swivel/config`, or
    /// `$HOME/.config/swivel/config` when XDG_CONFIG_HOME is unset, empty or relative (the XDG Base
    /// Directory rules); nil when neither gives an absolute directory.
    public static func defaultPath(environment: [String: String]) -> FilePath? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return FilePath(xdg).appending(Array("swivel/config".utf8))
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return FilePath(home).appending(Array(".config/swivel/config".utf8))
        }
        return nil
    }
}
