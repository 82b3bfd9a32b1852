/// An image's format and size in pixels, read from the first bytes of its file without decoding
/// any pixels, so that a file that would decode to something enormous (a "decompression bomb")
/// can be refused first.
public struct ImageHeader: Equatable, Sendable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format; self.width = width; self.height = height
    }

    /// Why a header could not be read.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file has no bytes.
        case empty
        /// A known signature, but the file ends before the header does.
        case truncated(ImageFormat)
        /// No signature this reader knows.
        case notAnImage
        /// The header gives a zero (or negative) width or height.
        case badDimensions(ImageFormat)
        /// A known signature, but the header's fields make no sense for the format.
        case malformed(ImageFormat)
        /// The header goes on past the bytes given while the file is longer: read the first
        /// `needed` bytes (or more) and ask again. A JPEG's frame header may lie far in.
        case incomplete(ImageFormat, needed: Int)

        public var description: String {
            switch self {
            case .empty: "empty file"
            case .truncated(let format): "truncated \(format.displayName) header"
            case .notAnImage: "not an image"
            case .badDimensions(let format): "\(format.displayName) header has a zero or negative size"
            case .malformed(let format): "malformed \(format.displayName) header"
            case .incomplete(let format, let needed):
                "\(format.displayName) header goes on past the bytes read (\(needed) needed)"
            }
        }
    }

    /// How many bytes from the start of a file the caller should offer first: enough for every
    /// format's header except JPEGs with long metadata segments (those answer `.incomplete` with
    /// the count to read).
    public static let bytesNeeded = 64 * 1024

    /// Reads the header from `bytes`, the first bytes of a file of `fileSize` bytes (give at
    /// least 18, or the whole file if it is shorter). Where the header runs past them, the answer
    /// is `.truncated` if the file ends first, else `.incomplete` with how many bytes to give.
    /// `pathExtension` (lower case, no dot) matters only for TGA, which has no signature.
    public static func read(_ bytes: ArraySlice<UInt8>, fileSize: Int,
                            pathExtension: String) -> Result<ImageHeader, Problem> {
        if bytes.isEmpty && fileSize <= 0 { return .failure(.empty) }
        let data = ByteReader(bytes)
        guard let format = signature(data, pathExtension: pathExtension) else {
            if let cut = truncatedSignature(data) { return .failure(.truncated(cut)) }
            return .failure(.notAnImage)
        }
        do {
            let (width, height) = try dimensions(of: format, in: data)
            guard width > 0, height > 0 else { return .failure(.badDimensions(format)) }
            return .success(ImageHeader(format: format, width: width, height: height))
        } catch .short(let needed) {
            // Past the bytes given: the file may still hold the rest, or it may end first.
            return .failure(needed <= fileSize ? .incomplete(format, needed: needed) : .truncated(format))
        } catch {
            return .failure(.malformed(format))
        }
    }

    /// `read` for a whole array.
    public static func read(_ bytes: [UInt8], fileSize: Int,
                            pathExtension: String) -> Result<ImageHeader, Problem> {
        read(bytes[...], fileSize: fileSize, pathExtension: pathExtension)
    }

    // MARK: - Signatures

    /// The formats this reader knows (those with `hasHeaderReader`), with their recognition.
    private static let readable: [(ImageFormat, FormatRecognition)] =
        ImageFormat.allCases.filter(\.hasHeaderReader).map { ($0, $0.declaration.recognition) }

    /// The fixed signatures of `readable`, and "RIFF" for each RIFF form (whose form type follows
    /// at 8): what a short file may be the start of.
    private static let signatures: [(ImageFormat, [UInt8])] = readable.flatMap {
        (format, recognition) -> [(ImageFormat, [UInt8])] in
        switch recognition {
        case .magic(let signatures): signatures.map { (format, $0) }
        case .riff: [(format, Array("RIFF".utf8))]
        default: []
        }
    }

    private static func signature(_ data: ByteReader, pathExtension: String) -> ImageFormat? {
        for (format, recognition) in readable {
            switch recognition {
            case .magic(let signatures):
                if signatures.contains(where: { data.starts(with: $0) }) { return format }
            case .riff(let formType):
                if data.starts(with: Array("RIFF".utf8)), data.count >= 12,
                   data.starts(with: Array(formType.utf8), at: 8) { return format }
            case .netpbm:
                if data.count >= 3, data[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(data[1]),
                   isPNMSpace(data[2]) || data[2] == UInt8(ascii: "#") { return format }
            case .truevision, .isoBrands, .xmlText, .cameraRAW:
                break
            }
        }
        // Last: a format without a signature, taken from its name when its fields are plausible.
        for (format, recognition) in readable {
            if case .truevision(let alsoNamed) = recognition,
               (format.declaration.extensions + alsoNamed).contains(pathExtension), isPlausibleTGA(data) { return format }
        }
        return nil
    }

    /// The format whose signature the whole (short) file is a start of, if at least two bytes match.
    private static func truncatedSignature(_ data: ByteReader) -> ImageFormat? {
        guard data.count >= 2 else { return nil }
        for (format, magic) in signatures where data.count < magic.count && magic.starts(with: data.bytes) {
            return format
        }
        for (format, recognition) in readable {
            switch recognition {
            case .riff:
                if data.count < 12, data.starts(with: Array("RIFF".utf8)) { return format }
            case .netpbm:
                if data.count == 2, data[0] == UInt8(ascii: "P"),
                   (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(data[1]) { return format }
            default:
                break
            }
        }
        return nil
    }

    // MARK: - Dimensions

    private static func dimensions(of format: ImageFormat,
                                   in data: ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
        switch format {
        case .png:
            // Length, "IHDR", width, height (big-endian), first chunk after the signature.
            guard try data.bytes(12, 4) == Array("IHDR".utf8) else { throw .malformed }
            return (try data.uint32BE(16), try data.uint32BE(20))
        case .gif: return try gifDimensions(data)
        case .qoi:
            return (try data.uint32BE(4), try data.uint32BE(8))
        case .bmp: return try bmpDimensions(data)
        case .jpeg: return try jpegDimensions(data)
        case .webp: return try webpDimensions(data)
        case .pnm: return try pnmDimensions(data)
        case .tga:
            return (try data.uint16LE(12), try data.uint16LE(14))
        default:
            preconditionFailure("\(format.displayName) has no header reader")   // `readable` leaves them out
        }
    }

    /// The canvas the first frame is drawn on (`gifCanvas`), from the logical screen descriptor
    /// and the first image descriptor.
    private static func gifDimensions(_ data: ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
        let screen = (try data.uint16LE(6), try data.uint16LE(8))
        let flags = try data.byte(10)
        var position = 13 + (flags & 0x80 != 0 ? 3 << ((Int(flags) & 7) + 1) : 0)
        while true {
            switch try data.byte(position) {
            case 0x2C:   // image descriptor: left, top, width, height
                let canvas = gifCanvas(screen: screen,
                                       frame: (left: try data.uint16LE(position + 1), top: try data.uint16LE(position + 3),
                                               width: try data.uint16LE(position + 5), height: try data.uint16LE(position + 7)))
                return (canvas.width, canvas.height)
            case 0x21:   // extension: label, then data sub-blocks up to an empty one
                position += 2
                while case let size = Int(try data.byte(position)), size > 0 { position += size + 1 }
                position += 1
            case 0x3B:   // trailer before any image
                throw .malformed
            default:     // stray byte: skipped here (giflib refuses the file when it reaches it)
                position += 1
            }
        }
    }

    /// The canvas a GIF's first frame is drawn on: the logical screen, grown to take in the first
    /// frame where that frame reaches past it (Chromium's rule; the GIF89a specification wants
    /// every frame inside the screen, but encoders write frames past it, and screens of 0 × 0).
    /// A frame can thus never be bigger than the canvas whose size the limits are checked on.
    public static func gifCanvas(screen: (width: Int, height: Int),
                                 frame: (left: Int, top: Int, width: Int, height: Int)) -> (width: Int, height: Int) {
        (max(screen.width, frame.left + frame.width), max(screen.height, frame.top + frame.height))
    }

    private static func bmpDimensions(_ data: ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
        let infoSize = try data.uint32LE(14)
        if infoSize == 12 {   // BITMAPCOREHEADER: unsigned 16-bit sides
            return (try data.uint16LE(18), try data.uint16LE(20))
        }
        // BITMAPINFOHEADER (40) and its successors (OS/2 2.x 64, V2 52, V3 56, V4 108, V5 124):
        // signed 32-bit sides; a negative height means the rows run top-down.
        guard [16, 40, 52, 56, 64, 108, 124].contains(infoSize) else { throw .malformed }
        let width = try data.int32LE(18)
        let height = try data.int32LE(22)
        return (width, abs(height))
    }

    /// Walks the JPEG's marker segments by their lengths up to the first start-of-frame.
    private static func jpegDimensions(_ data: ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
        var position = 2
        while true {
            // A marker and its length field: ask for all four bytes at once.
            _ = try data.bytes(position, 4)
            // Bytes that are not a marker's 0xFF are passed over, as libjpeg's next_marker does
            // ("Corrupt JPEG data: 5 extraneous bytes before marker 0xdb", and decodes on).
            if try data.byte(position) != 0xFF {
                while try data.byte(position) != 0xFF { position += 1 }
                continue
            }
            // Any number of 0xFF fill bytes may come before the marker code.
            var marker = try data.byte(position + 1)
            position += 1
            while marker == 0xFF { position += 1; marker = try data.byte(position) }
            position += 1   // past the marker code
            switch marker {
            case 0x01, 0xD0...0xD8:   // TEM, RSTn, SOI: stand alone, no length
                continue
            case 0xD9, 0xDA:          // EOI or start of scan before any frame header
                throw .malformed
            case 0x00:
                throw .malformed
            default:
                let length = try data.uint16BE(position)
                guard length >= 2 else { throw .malformed }
                let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
                if isFrame {
                    // Length, precision, height, width.
                    return (try data.uint16BE(position + 5), try data.uint16BE(position + 3))
                }
                position += length
            }
        }
    }

    private static func webpDimensions(_ data: ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
        let chunk = try data.bytes(12, 4)
        let payload = 20
        switch String(decoding: chunk, as: UTF8.self) {
        case "VP8 ":   // lossy: frame tag (3), start code 9D 01 2A, 14-bit sides
            guard try data.bytes(payload + 3, 3) == [0x9D, 0x01, 0x2A] else { throw .malformed }
            return (try data.uint16LE(payload + 6) & 0x3FFF, try data.uint16LE(payload + 8) & 0x3FFF)
        case "VP8L":   // lossless: 0x2F, then 14 bits width − 1 and 14 bits height − 1
            guard try data.byte(payload) == 0x2F else { throw .malformed }
            let bits = try data.uint32LE(payload + 1)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":   // extended: flags (4), canvas width − 1 and height − 1 as 24-bit
            return (try data.uint24LE(payload + 4) + 1, try data.uint24LE(payload + 7) + 1)
        default:
            throw .malformed
        }
    }

    /// "P1"…"P6", whitespace, width, whitespace, height; "#" starts a comment to the end of the line.
    private static func pnmDimensions(_ data: ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
        var position = 2
        func number() throws(ByteReader.Failure) -> Int {
            while true {
                let byte = try data.byte(position)
                if isPNMSpace(byte) {
                    position += 1
                } else if byte == UInt8(ascii: "#") {
                    while try !isLineEnd(data.byte(position)) { position += 1 }
                } else {
                    break
                }
            }
            var value = 0
            var digits = 0
            while true {
                let digit = Int(try data.byte(position)) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit) else { break }
                // Saturate: anything this long is far over every limit anyway.
                value = min(value * 10 + digit, 1 << 40)
                digits += 1
                position += 1
            }
            guard digits > 0 else { throw .malformed }
            return value
        }
        let width = try number()
        let height = try number()
        return (width, height)
    }

    /// TGA has no signature: accept only headers whose fields all hold legal values.
    private static func isPlausibleTGA(_ data: ByteReader) -> Bool {
        guard data.count >= 18 else {
            // Too short to judge them all: call it a (truncated) TGA if the fields present fit.
            return data.count < 3 || (data[1] <= 1 && [1, 2, 3, 9, 10, 11].contains(data[2]))
        }
        let colorMapType = data[1], imageType = data[2], entryBits = data[7], depth = data[16]
        guard colorMapType <= 1, [1, 2, 3, 9, 10, 11].contains(imageType),
              [8, 15, 16, 24, 32].contains(depth), data[17] & 0xC0 == 0 else { return false }
        // Colour-mapped images need their map; true colour and grey may carry one they do not
        // index (TGA 2.0, field 2).
        let colorMapped = imageType == 1 || imageType == 9
        if colorMapped && colorMapType != 1 { return false }
        if colorMapType == 1 && ![15, 16, 24, 32].contains(entryBits) { return false }
        return true
    }

    private static func isPNMSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}

/// Bounds-checked reads of little- and big-endian integers from the start of a file; reading
/// past the end throws `.short` with the number of bytes that would have been needed.
struct ByteReader {
    enum Failure: Error { case short(Int), malformed }

    let bytes: ArraySlice<UInt8>
    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var count: Int { bytes.count }
    subscript(offset: Int) -> UInt8 { bytes[bytes.startIndex + offset] }

    func starts(with magic: [UInt8], at offset: Int = 0) -> Bool {
        count >= offset + magic.count && bytes.dropFirst(offset).starts(with: magic)
    }

    func byte(_ offset: Int) throws(Failure) -> UInt8 {
        guard offset >= 0 else { throw .malformed }
        guard offset < count else { throw .short(offset + 1) }
        return self[offset]
    }

    func bytes(_ offset: Int, _ length: Int) throws(Failure) -> [UInt8] {
        guard offset >= 0 else { throw .malformed }
        guard offset + length <= count else { throw .short(offset + length) }
        return Array(bytes[(bytes.startIndex + offset)..<(bytes.startIndex + offset + length)])
    }

    func uint16LE(_ offset: Int) throws(Failure) -> Int { try little(offset, 2) }
    func uint24LE(_ offset: Int) throws(Failure) -> Int { try little(offset, 3) }
    func uint32LE(_ offset: Int) throws(Failure) -> Int { try little(offset, 4) }
    func int32LE(_ offset: Int) throws(Failure) -> Int { Int(Int32(truncatingIfNeeded: try little(offset, 4))) }
    func uint16BE(_ offset: Int) throws(Failure) -> Int { try bigEndian(offset, 2) }
    func uint32BE(_ offset: Int) throws(Failure) -> Int { try bigEndian(offset, 4) }

    private func little(_ offset: Int, _ length: Int) throws(Failure) -> Int {
        try bytes(offset, length).reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    private func bigEndian(_ offset: Int, _ length: Int) throws(Failure) -> Int {
        try bytes(offset, length).reduce(0) { $0 << 8 | Int($1) }
    }
}

/// The largest images Swivel will decode: bigger ones are refused from their header, before any
/// pixels are decoded, since a small file can expand to gigabytes.
public enum ImageLimits {
    public static let maxSide = 16384
    public static let maxPixels = 256_000_000

    /// nil when an image of `width` × `height` pixels may be decoded, else why not, as a phrase
    /// such as "20000×100 px is over the 16384 px limit on a side".
    public static func problem(width: Int, height: Int) -> String? {
        let size = "\(width)×\(height) px"
        if width <= 0 || height <= 0 { return "\(size) has no pixels" }
        if width > maxSide || height > maxSide { return "\(size) is over the \(maxSide) px limit on a side" }
        let pixels = width * height
        if pixels > maxPixels {
            let tenths = (pixels + 50_000) / 100_000   // megapixels to one decimal
            return "\(size) is \(tenths / 10).\(tenths % 10) MP, over the \(maxPixels / 1_000_000) MP limit"
        }
        return nil
    }
}
