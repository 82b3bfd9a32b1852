import SwivelCore
import SwivelPhotoCore

/// The metadata requests of the decode protocol (`DecodeMessages` has the pixels'): the file
/// comes as a descriptor with each, and every value is percent-encoded (`MessageWords.encoded`)
/// since camera names and profile descriptions have spaces.
///
///     info ext=EXT            →  info bytes=N format=F w=W h=H make=… model=… lens=… taken=… f=… …
///     taken                   →  taken date=YYYY:MM:DD%20HH:MM:SS   (no date: `taken`)
///     chunks need=K,… want=K,…  →  chunks w=W h=H t0=TEXT t1=…  (a thumbnail PNG's size and the
///                                   texts of need's keys then want's, by place; none: `chunks`)
enum InfoMessages {
    static func infoRequest(pathExtension: String) -> String { "info ext=" + MessageWords.encoded(pathExtension) }

    static func pathExtension(ofInfoRequest text: String) -> String? {
        MessageWords(text, verb: "info", last: nil)?.decoded("ext")
    }

    static let takenRequest = "taken"

    /// `info`'s fields as a reply; the file's name is the app's, not sent.
    static func reply(_ info: PhotoInfo) -> String {
        var fields: [(String, String?)] = [
            ("bytes", info.fileBytes.map(String.init)), ("format", info.format?.rawValue),
            ("w", info.width.map(String.init)), ("h", info.height.map(String.init)),
            ("make", info.exif.make), ("model", info.exif.model), ("lens", info.exif.lens),
            ("taken", info.exif.dateTaken), ("f", info.exif.fNumber.map { "\($0)" }),
            ("focal", info.exif.focalLength.map { "\($0)" }), ("focal35", info.exif.focalLengthIn35mmFilm.map(String.init)),
            ("iso", info.exif.iso.map(String.init)), ("orientation", String(info.exif.orientation.rawValue)),
            ("profile", info.profileDescription), ("sensor", info.sensor),
        ]
        if let time = info.exif.exposureTime { fields.append(("exposure", "\(time.numerator)/\(time.denominator)")) }
        return (["info"] + fields.compactMap { key, value in value.map { "\(key)=\(MessageWords.encoded($0))" } })
            .joined(separator: " ")
    }

    /// The reply's information, named `fileName`; nil when the reply is not an `info` one.
    static func info(_ text: String, fileName: String) -> PhotoInfo? {
        guard let words = MessageWords(text, verb: "info", last: nil) else { return nil }
        var info = PhotoInfo(fileName: fileName)
        info.fileBytes = words.decoded("bytes").flatMap { Int($0) }
        info.format = words.decoded("format").flatMap(ImageFormat.init(rawValue:))
        info.width = words.decoded("w").flatMap { Int($0) }
        info.height = words.decoded("h").flatMap { Int($0) }
        info.exif.make = words.decoded("make")
        info.exif.model = words.decoded("model")
        info.exif.lens = words.decoded("lens")
        info.exif.dateTaken = words.decoded("taken")
        info.exif.fNumber = words.decoded("f").flatMap { Double($0) }
        info.exif.focalLength = words.decoded("focal").flatMap { Double($0) }
        info.exif.focalLengthIn35mmFilm = words.decoded("focal35").flatMap { Int($0) }
        info.exif.iso = words.decoded("iso").flatMap { Int($0) }
        info.exif.orientation = words.decoded("orientation").flatMap { Int($0) }.flatMap(Orientation.init(rawValue:)) ?? .up
        if let parts = words.decoded("exposure")?.split(separator: "/"), parts.count == 2,
           let numerator = UInt32(parts[0]), let denominator = UInt32(parts[1]) {
            info.exif.exposureTime = (numerator, denominator)
        }
        info.profileDescription = words.decoded("profile")
        info.sensor = words.decoded("sensor")
        return info
    }

    /// The keys are the thumbnail spec's names (`ThumbnailSubject.Keys`): no space, comma or `=`.
    static func chunksRequest(needing: [String], wanting: [String]) -> String {
        "chunks need=" + needing.joined(separator: ",") + " want=" + wanting.joined(separator: ",")
    }

    /// The keys of a `chunks` request: those needed in the head, and all asked for.
    static func keys(ofChunksRequest text: String) -> (needing: [String], all: [String])? {
        guard let words = MessageWords(text, verb: "chunks", last: nil) else { return nil }
        func list(_ key: Substring) -> [String] { (words[key] ?? "").split(separator: ",").map(String.init) }
        return (list("need"), list("need") + list("want"))
    }

    /// `chunks`' size and the texts of `keys` (in order), as a reply; nil chunks: a bare `chunks`.
    static func reply(_ chunks: PNGTextChunks?, keys: [String]) -> String {
        guard let chunks else { return "chunks" }
        return (["chunks w=\(chunks.width) h=\(chunks.height)"] + keys.enumerated().compactMap { index, key in
            chunks.texts[key].map { "t\(index)=" + MessageWords.encoded($0) }
        }).joined(separator: " ")
    }

    /// The reply's size and texts, named by the request's `keys`; nil for a bare `chunks` or
    /// another reply.
    static func chunks(_ text: String, keys: [String]) -> PNGTextChunks? {
        guard let words = MessageWords(text, verb: "chunks", last: nil), let width = words.int("w"),
              let height = words.int("h") else { return nil }
        var chunks = PNGTextChunks(width: width, height: height)
        for (index, key) in keys.enumerated() {
            if let value = words.decoded(Substring("t\(index)")) { chunks.texts[key] = value }
        }
        return chunks
    }

    static func reply(taken date: String?) -> String {
        date.map { "taken date=" + MessageWords.encoded($0) } ?? "taken"
    }

    /// The reply's date; nil for no date or not a `taken` reply.
    static func taken(_ text: String) -> String? {
        MessageWords(text, verb: "taken", last: nil)?.decoded("date")
    }
}

extension MessageWords {
    /// `text` with `%`, space, and the control characters (newlines) as `%XX`, so it is one word.
    static func encoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            if byte == UInt8(ascii: "%") || byte <= 0x20 || byte == 0x7F {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of `key`, its `%XX` turned back into bytes.
    func decoded(_ key: Substring) -> String? {
        guard let value = self[key] else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(value.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let high = Int(String(decoding: utf8.prefix(1), as: UTF8.self), radix: 16),
               let low = Int(String(decoding: utf8.dropFirst().prefix(1), as: UTF8.self), radix: 16) {
                bytes.append(UInt8(high << 4 | low))
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
