import SwivelPhotoCore

/// `ImageFormat`'s table written as the README's format table (`--formats-markdown`, which
/// `make docs` puts between the README's markers; a test checks the README against it). The
/// camera RAW kinds share one row (22 rows of LibRaw would be most of the table).
enum FormatDocs {
    static var markdownTable: String {
        var lines = ["| format | extensions | MIME types | told by | decoded by |", "| --- | --- | --- | --- | --- |"]
        func code(_ words: [String]) -> String { words.isEmpty ? "—" : words.map { "`\($0)`" }.joined(separator: ", ") }
        for format in ImageFormat.allCases where !format.declaration.isCameraRAW {
            let entry = format.declaration
            lines.append("| \(entry.name) | \(code(entry.extensions)) | \(code(entry.mimeTypes)) | "
                         + "\(entry.recognition.summary) | \(entry.decodedBy) |")
        }
        let raw = ImageFormat.cameraRAW.map(\.declaration)
        let signed = raw.filter { if case .cameraRAW(let signatures) = $0.recognition { !signatures.isEmpty } else { true } }
        lines.append("| \(rawRowName) | \(code(raw.flatMap(\.extensions))) | \(code(raw.flatMap(\.mimeTypes))) | "
                     + "a signature of its own (\(signed.map { $0.extensions[0].uppercased() }.joined(separator: ", "))), "
                     + "else its extension and a TIFF signature | \(raw[0].decodedBy) |")
        return lines.joined(separator: "\n")
    }

    /// The RAW row's name: every kind by its name.
    static var rawRowName: String {
        "Camera RAW: " + ImageFormat.cameraRAW.map(\.declaration.name).joined(separator: ", ")
    }
}
