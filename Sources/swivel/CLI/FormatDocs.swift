import SwivelPhotoCore

/// `ImageFormat`'s table written as the README's format table (`--formats-markdown`, which
/// `make docs` puts between the README's markers; a test checks the README against it).
enum FormatDocs {
    static var markdownTable: String {
        var lines = ["| format | extensions | MIME types | told by | decoded by |", "| --- | --- | --- | --- | --- |"]
        for format in ImageFormat.allCases {
            let entry = format.declaration
            let mimeTypes = entry.mimeTypes.isEmpty ? "—" : entry.mimeTypes.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| \(entry.name) | \(entry.extensions.map { "`\($0)`" }.joined(separator: ", ")) | "
                         + "\(mimeTypes) | \(entry.recognition.summary) | \(entry.decodedBy) |")
        }
        return lines.joined(separator: "\n")
    }
}
