/// What a thumbnail PNG says about itself: its size (IHDR) and its text chunks, read from the
/// file's bytes by walking the chunks (PNG 3rd edition, 5.3 and 11.3.3). The spec's keys
/// (`Thumb::URI`, `Thumb::MTime`, …) are written as tEXt by GLib's and ImageMagick's writers, but
/// any of tEXt, zTXt and iTXt may carry them, anywhere before IEND.
struct PNGTextChunks {
    var width = 0, height = 0
    /// Keyword → text; the first chunk with a keyword wins.
    var texts: [String: String] = [:]

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    /// The most a compressed text may inflate to: a URI or a number is short.
    static let maxInflatedText = 64 << 10

    init(width: Int, height: Int, texts: [String: String] = [:]) {
        (self.width, self.height, self.texts) = (width, height, texts)
    }

    /// Nil when `bytes` are not a PNG or its chunks run past the end. `beforeImageData`: `bytes`
    /// may be the file's start only, and the walk ends at the first IDAT (the chunks before it).
    init?(_ bytes: [UInt8], beforeImageData: Bool = false) {
        guard bytes.count >= 8 + 25, bytes.starts(with: Self.signature) else { return nil }
        var offset = 8
        var sawHeader = false
        while offset + 12 <= bytes.count {
            let length = Int(Self.bigEndian(bytes, at: offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if beforeImageData && type == "IDAT" {
                if !sawHeader { return nil }
                return
            }
            let start = offset + 8
            guard length <= bytes.count - start - 4 else { return nil }
            let data = bytes[start..<start + length]
            switch type {
            case "IHDR" where length >= 8:
                width = Int(Self.bigEndian(bytes, at: start))
                height = Int(Self.bigEndian(bytes, at: start + 4))
                sawHeader = true
            case "tEXt", "zTXt", "iTXt":
                if let (key, text) = Self.text(type: type, data), texts[key] == nil { texts[key] = text }
            case "IEND":
                if !sawHeader { return nil }
                return
            default:
                break
            }
            offset = start + length + 4
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A text chunk's keyword and text: tEXt is Latin-1, zTXt Latin-1 deflated, iTXt UTF-8 with
    /// optional deflate (a language tag and a translated keyword between). A compressed text
    /// that inflates past `limit` bytes gives nil.
    static func text(type: String, _ data: ArraySlice<UInt8>, limit: Int = maxInflatedText) -> (String, String)? {
        guard let nul = data.firstIndex(of: 0) else { return nil }
        let key = latin1(data[data.startIndex..<nul])
        var rest = data[(nul + 1)...]
        switch type {
        case "tEXt":
            return (key, latin1(rest))
        case "zTXt":
            guard rest.first == 0, let text = Zlib.inflate(Array(rest.dropFirst()), limit: limit) else { return nil }
            return (key, latin1(text[...]))
        default:
            guard rest.count >= 2 else { return nil }
            let compressed = rest[rest.startIndex] == 1
            rest = rest.dropFirst(2)
            for _ in 0..<2 {   // the language tag, then the translated keyword
                guard let end = rest.firstIndex(of: 0) else { return nil }
                rest = rest[(end + 1)...]
            }
            if compressed {
                guard let text = Zlib.inflate(Array(rest), limit: limit) else { return nil }
                return (key, String(decoding: text, as: UTF8.self))
            }
            return (key, String(decoding: rest, as: UTF8.self))
        }
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
