/// Whether an SVG file's text reaches the end of its root element.
///
/// nanosvg (SDL2_image's SVG reader) parses as far as the text goes and draws what it found, so
/// an SVG cut anywhere showed as a card with its later shapes missing, or blank. XML says a
/// document is its root element, closed, with only comments, processing instructions and white
/// space after it (XML 1.0, section 2.1, `document`); a file cut short loses at least the root's
/// end tag. The root's name is read after the prolog (BOM, XML declaration, comments, DOCTYPE),
/// and the text must end with its end tag `</name>` (or the root tag itself closed, `<svg/>`),
/// give or take trailing comments and white space.
public enum SVGDocumentEnd {
    /// True when the text ends before its root element does. A text with no element at all is
    /// left to nanosvg to refuse.
    public static func isCutShort(_ bytes: [UInt8]) -> Bool {
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // The prolog: white space, <?…?>, <!--…-->, <!DOCTYPE … [ … ]>.
        while true {
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { return false }    // no element: nanosvg refuses it
            guard bytes[position] == UInt8(ascii: "<") else { return false }
            if starts(bytes, at: position, "<?") {
                guard let end = find(bytes, "?>", from: position + 2) else { return true }
                position = end + 2
            } else if starts(bytes, at: position, "<!--") {
                guard let end = find(bytes, "-->", from: position + 4) else { return true }
                position = end + 3
            } else if starts(bytes, at: position, "<!") {
                var depth = 0, index = position + 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: ">") && depth == 0) {
                    if bytes[index] == UInt8(ascii: "[") { depth += 1 }
                    if bytes[index] == UInt8(ascii: "]") { depth -= 1 }
                    index += 1
                }
                guard index < bytes.count else { return true }
                position = index + 1
            } else {
                break
            }
        }
        // The root's name.
        let nameStart = position + 1
        var nameEnd = nameStart
        while nameEnd < bytes.count, !isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: ">"),
              bytes[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
        guard nameEnd < bytes.count else { return true }
        let name = Array(bytes[nameStart..<nameEnd])
        guard !name.isEmpty else { return false }

        // The end: trailing white space, comments and processing instructions set aside.
        var end = bytes.count
        while true {
            while end > nameEnd, isSpace(bytes[end - 1]) { end -= 1 }
            if ends(bytes, before: end, "-->"), let open = findLast(bytes, "<!--", before: end - 3), open > nameEnd {
                end = open
            } else if ends(bytes, before: end, "?>"), let open = findLast(bytes, "<?", before: end - 2), open > nameEnd {
                end = open
            } else {
                break
            }
        }
        guard end > nameEnd, bytes[end - 1] == UInt8(ascii: ">") else { return true }
        // `</name>`, white space allowed before the `>` (XML 1.0, ETag).
        var index = end - 1
        while index > nameEnd, isSpace(bytes[index - 1]) { index -= 1 }
        let closing = [UInt8(ascii: "<"), UInt8(ascii: "/")] + name
        if index >= closing.count, Array(bytes[(index - closing.count)..<index]) == closing { return false }
        // `<svg …/>`: the root's own tag is the last thing, closed by `/>` (outside quoted values).
        var quote: UInt8?
        var tagEnd = nameEnd
        while tagEnd < end {
            let byte = bytes[tagEnd]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            tagEnd += 1
        }
        return !(tagEnd == end - 1 && bytes[tagEnd - 1] == UInt8(ascii: "/"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func starts(_ bytes: [UInt8], at index: Int, _ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - index >= pattern.count && Array(bytes[index..<(index + pattern.count)]) == pattern
    }

    private static func ends(_ bytes: [UInt8], before end: Int, _ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return end >= pattern.count && Array(bytes[(end - pattern.count)..<end]) == pattern
    }

    private static func find(_ bytes: [UInt8], _ text: String, from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { bytes[$0] == pattern[0] && starts(bytes, at: $0, text) }
    }

    private static func findLast(_ bytes: [UInt8], _ text: String, before end: Int) -> Int? {
        let pattern = Array(text.utf8)
        guard end >= pattern.count else { return nil }
        return stride(from: end - pattern.count, through: 0, by: -1).first { bytes[$0] == pattern[0] && starts(bytes, at: $0, text) }
    }
}
