import Glibc

/// The top-level boxes of an ISO base media file (HEIF, AVIF: ISO/IEC 14496-12 section 4.2),
/// walked from their headers alone, so that the boxes libheif and libavif read whole into memory
/// are measured before either library reads them.
enum HeldBoxes {
    /// The largest `meta` or `moov` box handed to libheif or libavif. libavif reads these boxes
    /// whole (avifParse reads a `meta` or `moov` as one block) and libheif parses them in memory;
    /// everything else (the coded pixels in `mdat`, `free` boxes) they skip or read item by item.
    /// A `meta` box holds item descriptions, properties and `idat`; its largest property is an ICC
    /// profile (`colr`): display and camera profiles are a few KiB, the largest printer (CMYK)
    /// profiles a few MiB. A `moov` holds a sequence's sample tables, about 12 bytes a frame: an
    /// hour at 60 frames a second is 2.5 MiB. 16 MiB is several times either.
    static let maxHeldBoxBytes = 16 << 20

    /// The most top-level boxes looked at; a file with more is left to the library from there.
    static let maxBoxes = 4096

    /// Throws a one-line refusal if a `meta` or `moov` box is over `maxHeldBoxBytes`, or if the
    /// file is cut short: its top-level boxes claim more bytes than it holds (or a box header is
    /// itself cut). libheif and libavif do not always say so: libheif names the first item whose
    /// data it misses ("Unexpected end of file: Extent in iloc box…"), libavif a parse failure that
    /// "possibly" comes from truncated data, or decodes what is there when the cut falls in bytes it
    /// does not need. Reads 16 bytes per top-level box.
    static func check(_ file: OpenFile, format: String) throws(Failure) {
        let cut = Failure(reason: "cannot decode: truncated \(format) data")
        var offset = 0, count = 0
        while offset < file.size && count < maxBoxes {
            count += 1
            let header = try file.read(16, at: offset)
            guard header.count >= 8 else { throw cut }
            func number(_ range: Range<Int>) -> Int { header[range].reduce(0) { $0 << 8 | Int($1) } }
            var size = number(0..<4)
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if size == 1 {   // a 64-bit size after the type
                guard header.count >= 16 else { throw cut }
                let large = header[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard large <= UInt64(Int.max) else { throw Failure(reason: "cannot decode: malformed \(format) box size") }
                size = Int(large)
                guard size >= 16 else { return }   // malformed, not cut: the library says what is wrong
            } else if size == 0 {
                size = file.size - offset   // to the end of the file
            }
            guard size >= 8 else { return }
            if type == "meta" || type == "moov" {
                if size > maxHeldBoxBytes {
                    throw Failure(reason: "\(format) \(type) box is \(size >> 20) MiB, over the "
                                  + "\(maxHeldBoxBytes >> 20) MiB limit")
                }
            }
            guard size <= file.size - offset else { throw cut }
            offset += size
        }
    }
}
