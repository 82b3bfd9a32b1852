import SwivelCore

/// The key table (`KeyTable.standard`) written as the README's table (`--keys-markdown`, which
/// `make docs` puts between the README's markers) and the man page's KEYS AND MOUSE (`OptionDocs`);
/// the key list (?) shows the same lines (`KeyListOverlay`). Tests check the README and
/// assets/swivel.1 against these.
enum KeyDocs {
    /// The README's key table, between its markers.
    static var markdownTable: String {
        var rows = ["| input | action |", "| --- | --- |"]
        for line in lines {
            if line.isHeading {
                rows.append("| **\(line.keys.hasSuffix(":") ? String(line.keys.dropLast()) : line.keys)** | |")
            } else {
                rows.append("| \(line.keys) | \(description(line).replacingEvery("|", with: "\\|")) |")
            }
        }
        return rows.joined(separator: "\n")
    }

    /// The table's lines in the order the README and the man page give them: the row's and
    /// everywhere's, then the full view's under its heading, then those of `--pick` and of the
    /// question a Delete asks (the key list keeps the table's own order).
    static var lines: [KeyTable.Line] {
        let all = KeyTable.standard.lines
        func group(_ line: KeyTable.Line) -> Int {
            switch line.context {
            case .row, .everywhere: 0
            case .fullView: 1
            case .picking, .question: 2
            }
        }
        return (0...2).flatMap { index in all.filter { group($0) == index } }
    }

    /// What a line's keys do, with the README's and the man page's detail.
    static func description(_ line: KeyTable.Line) -> String {
        line.detail.map { line.action + "; " + $0 } ?? line.action
    }
}
