/// What stb_image 2.27 (Debian 12's libstb-dev) gets wrong or refuses in BMP and TGA files that
/// other readers (Windows, ImageMagick, SDL2_image) show, put right on the file's bytes before it
/// reads them, so that its pixel code still does all the decoding. Files it reads right go
/// through untouched.
///
/// BMP (stbi__bmp_parse_header / stbi__bmp_load):
/// - RLE8 and RLE4 (compression 1, 2) are refused ("BMP type not supported: RLE"); ImageMagick
///   writes every 8-bit palette BMP that way. Expanded here to 8-bit indices.
/// - A 56-byte BITMAPV3INFOHEADER with BI_BITFIELDS: stb_image skips the masks inside the header
///   and reads the next 12 bytes as masks, then refuses the file ("Corrupt BMP"); a 52-byte V2
///   header is refused outright, and so are OS/2 2.x headers (16 or 64 bytes).
/// - A mask of more than 8 bits (10-10-10-2, 16-bit grey) is refused ("Corrupt BMP"): each is cut
///   to its top 8 bits, which is what an 8-bit sample keeps of it anyway (rounded down).
/// - BI_ALPHABITFIELDS (compression 6, four masks after a 40-byte header) is refused.
/// - An OS/2 1.x (12-byte) header's palette of 3-byte entries is counted from 24 bytes past the
///   file header, not 12 ((offset − 38) / 3 entries): 4 entries short (pal8os2sp.bmp's 252 read
///   as 248), or a negative count for a 2-entry palette (a 1-bit file then has its pixels read 6
///   bytes late and runs out: "truncated").
/// - A palette of fewer entries than the pixels' bits can index leaves the rest of its table
///   uninitialised (stack memory), so an index past the palette shows whatever was there. Such
///   entries are put in as zeros here: black, as gdk-pixbuf shows them (ImageMagick takes entry 0).
/// All of these become a V4 (108-byte) header with explicit masks and a palette of 4-byte
/// entries, which it reads right.
///
/// TGA (stbi__tga_load):
/// - The colour map's first entry index is taken as a number of bytes to skip before the map, so
///   a map that starts at entry 16 is read 16 bytes late and every colour is wrong. TGA 2.0 (field
///   4.1): the map holds entries first ..< first + length, and pixels index the whole map. Entries
///   below `first` are put in as zeros, so that the file's indices select the right ones.
/// - A pixel whose index is past the map is given entry 0; here, a zero entry (see `prepared`).
/// - A true-colour or grey image with a colour map (TGA 2.0 allows one that the pixels do not
///   index) is refused ("not a TGA": its test takes map type 1 for colour-mapped only); had it read
///   it, the map would be taken for pixels. The map is left out here, as gdk-pixbuf leaves it
///   (ImageMagick 6 reads image-rs's b5-unused-cmap.tga as colour-mapped and scrambles its pixels).
/// - The right-to-left origin (image descriptor bit 4) is ignored (bit 5, bottom-to-top, it
///   does): the decoder shows such a file mirrored (`TGAFixes.isRightToLeft`).
/// - It does not read a 16-bit pixel's top bit as alpha, even where the descriptor gives the
///   image 1 attribute bit, as ImageMagick does. Left so: its author found that this made 16-bit
///   test files wholly transparent, and gdk-pixbuf shows them opaque too.
enum BMPFixes {
    /// The first bytes of a BMP file that `prepared` needs: headers (at most 124 bytes), masks and
    /// a palette of 256 entries.
    static let headBytes = 4096

    /// The BMP file whose first bytes are `head` as stb_image reads it right: nil when it already
    /// does; else a new head (a V4 header, the palette) and the offset in the file where its
    /// pixels start, to be read from the file after that head. RLE pixels are expanded (reading
    /// the file from `byte(at:)`), the whole image then being in the head.
    static func prepared(_ head: [UInt8],
                         byte: (Int) throws(Failure) -> Int?) throws(Failure) -> (head: [UInt8], tailOffset: Int?)? {
        let file = LittleEndianBytes(head)
        guard let infoSize = file.uint32(14), let offset = file.uint32(10) else { return nil }
        // OS/2 1.x (12 bytes): 16-bit sides, no compression, no masks; a palette of 3-byte entries.
        if infoSize == 12 {
            guard let width = file.uint16(18), let height = file.uint16(20), let bitCount = file.uint16(24),
                  [1, 4, 8].contains(bitCount) else { return nil }
            let entries = min(max(0, offset - 26) / 3, 1 << bitCount)
            var palette: [UInt8] = []
            for entry in 0..<entries { palette += file.slice(26 + 3 * entry, 3) + [0] }
            palette += [UInt8](repeating: 0, count: 4 * (1 << bitCount) - palette.count)
            return (v4File(width: width, height: height, bitCount: bitCount, bitFields: false, masks: [0, 0, 0, 0],
                           palette: palette, pixelCount: 0), offset)
        }
        guard [16, 40, 52, 56, 64, 108, 124].contains(infoSize),
              let width = file.int32(18), let height = file.int32(22), let bitCount = file.uint16(28) else { return nil }
        // The 16-byte OS/2 2.x header ends at the bit count: no compression field.
        let compression = infoSize >= 20 ? (file.uint32(30) ?? 0) : 0
        let isOS2 = infoSize == 16 || infoSize == 64
        if isOS2 && compression == 3 { throw Failure(reason: "cannot decode: OS/2 Huffman-coded BMP is not supported") }
        if isOS2 && compression == 4 { throw Failure(reason: "cannot decode: OS/2 RLE24 BMP is not supported") }

        // The masks: in the V2 (52: R, G, B), V3 (56: + A), V4 and V5 headers, else after a
        // 40-byte header (3 for BI_BITFIELDS, 4 for BI_ALPHABITFIELDS).
        let hasMasks = compression == 3 || compression == 6
        var masks: [Int] = []
        var afterHeader = 14 + infoSize
        if hasMasks {
            let count = infoSize >= 56 || compression == 6 ? 4 : 3
            let start = infoSize == 40 ? afterHeader : 54
            for index in 0..<count { masks.append(file.uint32(start + 4 * index) ?? 0) }
            if infoSize == 40 { afterHeader += 4 * count }
        }
        let isRLE = (compression == 1 && bitCount == 8) || (compression == 2 && bitCount == 4)
        let wideMask = masks.contains { $0.nonzeroBitCount > 8 }

        // The palette: between the header (and masks) and the pixels, four bytes an entry; made
        // up to every index the pixels can hold (RLE's are 8-bit) with zero entries.
        var palette: [UInt8] = []
        if bitCount <= 8 {
            let used = infoSize >= 36 ? (file.uint32(46) ?? 0) : 0
            let entries = min(used > 0 && used <= 256 ? used : 1 << bitCount, max(0, offset - afterHeader) / 4)
            palette = file.slice(afterHeader, 4 * entries)
        }
        let indexable = bitCount <= 8 ? 4 << (isRLE ? 8 : bitCount) : 0
        let shortPalette = (1...8).contains(bitCount) && palette.count < indexable
        let needed = isRLE || wideMask || compression == 6 || [16, 52, 64].contains(infoSize)
            || (infoSize == 56 && hasMasks) || shortPalette
        guard needed else { return nil }
        if palette.count < indexable { palette += [UInt8](repeating: 0, count: indexable - palette.count) }
        while masks.count < 4 { masks.append(0) }
        if isRLE {
            let pixels = try expandRLE(byte, from: offset, width: width, height: height, fourBit: compression == 2)
            return (v4File(width: width, height: height, bitCount: 8, bitFields: hasMasks, masks: masks.map(topEightBits),
                           palette: palette, pixelCount: pixels.count) + pixels, nil)
        }
        return (v4File(width: width, height: height, bitCount: bitCount, bitFields: hasMasks, masks: masks.map(topEightBits),
                       palette: palette, pixelCount: 0), offset)
    }

    /// Whether a BMP of `size` bytes that starts with `head` (as `prepared(_:)` made it) is too
    /// short for its uncompressed pixels, the last row's padding aside (some writers leave it
    /// out). Told before decoding, so that a file cut short costs no image-sized allocation.
    static func isCutShort(_ head: [UInt8], size: Int) -> Bool {
        let file = LittleEndianBytes(head)
        guard let infoSize = file.uint32(14), let offset = file.uint32(10) else { return false }
        let width: Int, height: Int, bitCount: Int
        if infoSize == 12 {
            guard let w = file.uint16(18), let h = file.uint16(20), let b = file.uint16(24) else { return false }
            (width, height, bitCount) = (w, h, b)
        } else {
            guard let w = file.int32(18), let h = file.int32(22), let b = file.uint16(28),
                  let compression = file.uint32(30), compression == 0 || compression == 3 else { return false }
            (width, height, bitCount) = (w, abs(h), b)
        }
        guard width > 0, height > 0, (1...32).contains(bitCount) else { return false }
        let rowBits = width * bitCount
        let needed = offset + (rowBits + 31) / 32 * 4 * (height - 1) + (rowBits + 7) / 8
        return size < needed
    }

    /// `mask` with its lowest set bits cleared until at most 8 are left.
    static func topEightBits(_ mask: Int) -> Int {
        var mask = mask
        while mask.nonzeroBitCount > 8 { mask &= mask - 1 }
        return mask
    }

    /// A BMP with a BITMAPV4HEADER: 14-byte file header, 108-byte info header, palette, pixels.
    /// Up to the pixels, which follow (`pixelCount` of them, or 0 when the size field is left 0).
    private static func v4File(width: Int, height: Int, bitCount: Int, bitFields: Bool, masks: [Int],
                               palette: [UInt8], pixelCount: Int) -> [UInt8] {
        let pixelOffset = 14 + 108 + palette.count
        var out: [UInt8] = Array("BM".utf8)
        func put32(_ value: Int) { out += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func put16(_ value: Int) { out += (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        // The file size field: stb_image does not read it.
        put32(pixelCount > 0 ? pixelOffset + pixelCount : 0); put32(0); put32(pixelOffset)
        put32(108); put32(width); put32(height); put16(1); put16(bitCount)
        put32(bitFields ? 3 : 0); put32(0); put32(0); put32(0)
        put32(palette.count / 4); put32(0)
        masks.forEach(put32)
        put32(0x7352_4742)   // LCS_sRGB ("sRGB")
        out += [UInt8](repeating: 0, count: 36 + 12)   // endpoints and gammas, unused with sRGB
        return out + palette
    }

    /// The rows of an RLE8 or RLE4 bitmap as 8-bit indices (rows padded to 4 bytes, in the file's
    /// order: bottom-up, or top-down for a negative height, which the format does not allow for
    /// RLE but costs nothing to show). Pixels the codes skip (delta, end of line, end of bitmap) keep index 0, as
    /// ImageMagick and SDL leave them. Data that ends before the end-of-bitmap code and the last
    /// row is cut short.
    static func expandRLE(_ file: (Int) throws(Failure) -> Int?, from offset: Int, width: Int, height: Int,
                          fourBit: Bool) throws(Failure) -> [UInt8] {
        guard width > 0, height != 0 else { return [] }
        let height = abs(height)
        let pitch = (width + 3) & ~3
        var out = try PhotoMemory.zeros(UInt8.self, count: pitch * height)
        var x = 0, y = 0
        var position = offset
        func byte() throws(Failure) -> Int {
            guard let value = try file(position) else { throw Failure(reason: "cannot decode: truncated BMP data") }
            position += 1
            return value
        }
        func put(_ index: Int) {
            if x < width && y < height { out[y * pitch + x] = UInt8(index) }
            x += 1
        }
        while y < height {
            let count = try byte(), value = try byte()
            if count > 0 {   // a run: `count` pixels of `value` (RLE4: its two nibbles in turn)
                for step in 0..<count { put(fourBit ? (step & 1 == 0 ? value >> 4 : value & 15) : value) }
                continue
            }
            switch value {
            case 0: x = 0; y += 1                         // end of line
            case 1: return out                            // end of bitmap
            case 2: x += try byte(); y += try byte()      // delta: right, then up (down the file's rows)
            default:                                      // `value` literal pixels, padded to 16 bits
                let length = fourBit ? (value + 1) / 2 : value
                var literal: [Int] = []
                for _ in 0..<length { literal.append(try byte()) }
                if length & 1 == 1 { _ = try byte() }
                for step in 0..<value {
                    put(fourBit ? (step & 1 == 0 ? literal[step / 2] >> 4 : literal[step / 2] & 15) : literal[step])
                }
            }
        }
        return out
    }
}

enum TGAFixes {
    /// `bytes` (a whole TGA file) as stb_image reads them right: unchanged when it already does.
    /// A colour map is made to cover every index the pixels can hold (256 entries for 8-bit
    /// indices, 65535 for 16-bit: stb_image's length field is 16 bits), the entries the file does
    /// not give being zeros, so that a pixel outside the file's map is black, transparent where
    /// the map has alpha (as gdk-pixbuf shows it; stb_image would show entry 0).
    /// The first bytes of a TGA file that `prepared` needs: the header (18), the ID (up to 255)
    /// and a colour map of up to 65535 entries of up to 4 bytes.
    static let headBytes = 18 + 255 + 65535 * 4

    /// The TGA file whose first bytes are `bytes` as stb_image reads it right: nil when it
    /// already does; else a new head (header, ID, full colour map) and the offset in the file
    /// where the rest (the pixels) starts.
    static func prepared(_ bytes: [UInt8]) -> (head: [UInt8], tailOffset: Int)? {
        let file = LittleEndianBytes(bytes)
        if bytes.count >= 18, bytes[1] == 1, [2, 3, 10, 11].contains(bytes[2]), let length = file.uint16(5) {
            // A colour map beside true colour or grey: left out (map type 0, no entries, no entry size).
            let mapStart = 18 + Int(bytes[0])
            guard mapStart <= bytes.count else { return nil }
            var out = Array(bytes[0..<mapStart])
            for field in 1...7 where field != 2 { out[field] = 0 }
            return (out, mapStart + length * ((Int(bytes[7]) + 7) / 8))
        }
        guard bytes.count >= 18, bytes[1] == 1, bytes[2] == 1 || bytes[2] == 9,
              let first = file.uint16(3), let length = file.uint16(5), length > 0 else { return nil }
        let entryBytes = (Int(bytes[7]) + 7) / 8
        let mapStart = 18 + Int(bytes[0])
        let full = bytes[16] == 8 ? 256 : 65535
        guard entryBytes > 0, mapStart + length * entryBytes <= bytes.count,
              first > 0 || length < full else { return nil }
        let kept = max(0, min(length, full - first))
        var out = Array(bytes[0..<mapStart])
        out[3] = 0; out[4] = 0
        out[5] = UInt8(full & 0xFF); out[6] = UInt8(full >> 8)
        out += [UInt8](repeating: 0, count: min(first, full) * entryBytes)
        out += bytes[mapStart..<mapStart + kept * entryBytes]
        out += [UInt8](repeating: 0, count: (full - min(first, full) - kept) * entryBytes)
        return (out, mapStart + length * entryBytes)
    }

    /// Whether a TGA of `size` bytes that starts with `bytes` is too short for its pixels:
    /// uncompressed, their size; run-length coded, one packet (a count byte and a pixel) for
    /// every 128 pixels at least. Told before decoding, so that a file cut short costs no
    /// image-sized allocation.
    static func isCutShort(_ bytes: [UInt8], size: Int) -> Bool {
        let file = LittleEndianBytes(bytes)
        guard bytes.count >= 18, let mapLength = file.uint16(5), let width = file.uint16(12),
              let height = file.uint16(14) else { return false }
        let mapBytes = bytes[1] == 1 ? mapLength * ((Int(bytes[7]) + 7) / 8) : 0
        let pixelBytes = (Int(bytes[16]) + 7) / 8
        let pixels = width * height
        let data = bytes[2] >= 9 ? (pixels + 127) / 128 * (1 + pixelBytes) : pixels * pixelBytes
        return size < 18 + Int(bytes[0]) + mapBytes + data
    }

    /// Whether the first pixel of each row is its rightmost (image descriptor bit 4).
    static func isRightToLeft(_ bytes: [UInt8]) -> Bool { bytes.count >= 18 && bytes[17] & 0x10 != 0 }
}

/// Little-endian reads from a file's bytes; nil past the end.
struct LittleEndianBytes {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ at: Int) -> Int? { at >= 0 && at < bytes.count ? Int(bytes[at]) : nil }
    func uint16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }
    func uint32(_ at: Int) -> Int? {
        guard let low = uint16(at), let high = uint16(at + 2) else { return nil }
        return low | high << 16
    }
    func int32(_ at: Int) -> Int? { uint32(at).map { Int(Int32(truncatingIfNeeded: $0)) } }
    /// Up to `count` bytes from `at` (fewer where the file ends).
    func slice(_ at: Int, _ count: Int) -> [UInt8] {
        guard at >= 0, at < bytes.count, count > 0 else { return [] }
        return Array(bytes[at..<min(bytes.count, at + count)])
    }
}
