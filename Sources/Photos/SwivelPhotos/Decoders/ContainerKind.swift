import SwivelPhotoCore
/// The formats told from their first bytes before `ImageHeader` is asked, because a library
/// reads their size (libheif, libjxl) or because they have no pixel size at all (SVG).
enum ContainerKind: Equatable {
    /// HEIF (HEIC, AVIF and the rest of the family): an ISO-BMFF `ftyp` box with an image brand.
    case heif
    /// JPEG XL: a bare codestream (FF 0A) or the ISO-BMFF container's signature box.
    case jpegXL
    /// SVG: XML text (optionally after a byte-order mark and white space) starting with '<'.
    case svg

    /// Brands that mark a HEIF image file (ISO/IEC 23008-12 and the AV1 image format).
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1",
                                          "avif", "avis", "mif2"]
    static let jpegXLContainer: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// The kind of a file that starts with `bytes` (its first 64 or all), nil for everything else.
    static func sniff(_ bytes: [UInt8]) -> ContainerKind? {
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: jpegXLContainer) { return .jpegXL }
        if bytes.count >= 16, bytes[4..<8].elementsEqual("ftyp".utf8) {
            let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
            let end = min(bytes.count, max(16, boxSize))
            // The major brand (8..<12), then the compatible brands from 16 on (12..<16 is a version).
            var offsets = [8]
            offsets += stride(from: 16, to: end - 3, by: 4)
            for offset in offsets where heifBrands.contains(String(decoding: bytes[offset..<offset + 4], as: UTF8.self)) {
                return .heif
            }
            return nil
        }
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        text = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return text.first == UInt8(ascii: "<") ? .svg : nil
    }
}
