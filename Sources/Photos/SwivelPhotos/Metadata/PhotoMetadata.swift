import SwivelCore
import SwivelPhotoCore

/// What a photo file says about showing its pixels: its EXIF block (for the orientation) and its
/// ICC profile. Found by walking the file's own structure — JPEG markers, PNG chunks, WebP (RIFF)
/// chunks — with every length checked against the bytes there are; the blocks' contents are read
/// by libexif and lcms2.
struct PhotoMetadata {
    var exif: [UInt8]?
    var iccProfile: [UInt8]?
    /// JPEG: an Adobe APP14 segment, whose CMYK is stored inverted (Photoshop's convention).
    var adobe = false

    /// The EXIF orientation, `.up` without EXIF; throws when there is EXIF and no libexif to read
    /// it (the `format` file is then skipped, naming the package).
    func orientation(format: String) throws(Failure) -> Orientation {
        guard let exif else { return .up }
        try DecoderLibrary.exif.require(for: format)
        return EXIF.orientation(exif)
    }

    /// JPEG: APP1 "Exif\0\0" (the first), APP2 "ICC_PROFILE\0" chunks (joined by sequence number;
    /// dropped, as the decoder's reader drops them, past `maxICCBytes` together), APP14 "Adobe";
    /// the walk stops at the first scan. (The decoder reads the same segments from the file as
    /// libjpeg reaches them: CJPEGReader.)
    static func jpeg(_ bytes: [UInt8], maxICCBytes: Int = JPEGDecoder.maxICCBytes) -> PhotoMetadata {
        var found = PhotoMetadata()
        var iccChunks: [Int: [UInt8]] = [:]
        var iccBytes = 0, iccTooBig = false
        var position = 2
        while position + 4 <= bytes.count {
            guard bytes[position] == 0xFF else { break }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }   // fill byte
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { position += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2, position + 2 + length <= bytes.count else { break }
            let payload = bytes[(position + 4)..<(position + 2 + length)]
            switch marker {
            case 0xE1 where found.exif == nil && payload.starts(with: EXIF.header):
                found.exif = Array(payload)
            case 0xE2 where !iccTooBig && payload.starts(with: iccSignature) && payload.count > iccSignature.count + 2:
                let sequence = Int(payload[payload.startIndex + iccSignature.count])
                iccBytes += payload.count - iccSignature.count - 2 - (iccChunks[sequence]?.count ?? 0)
                if iccBytes > maxICCBytes {
                    iccTooBig = true
                    iccChunks = [:]
                } else {
                    iccChunks[sequence] = Array(payload.dropFirst(iccSignature.count + 2))
                }
            case 0xEE where payload.starts(with: Array("Adobe".utf8)):
                found.adobe = true
            default:
                break
            }
            position += 2 + length
        }
        if !iccChunks.isEmpty {
            found.iccProfile = iccChunks.keys.sorted().flatMap { iccChunks[$0]! }
        }
        return found
    }

    static let iccSignature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// PNG: the `eXIf` chunk and the `iCCP` chunk (zlib-compressed), anywhere before `IEND`.
    static func png(_ bytes: [UInt8]) -> PhotoMetadata {
        var found = PhotoMetadata()
        var position = 8
        while position + 8 <= bytes.count {
            let length = bigEndian32(bytes, position)
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let start = position + 8
            guard length >= 0, start + length <= bytes.count else { break }
            let data = bytes[start..<(start + length)]
            switch type {
            case "eXIf": found.exif = Array(data)
            case "iCCP":
                // Profile name (1-79 bytes), NUL, compression method 0, zlib stream.
                if let nul = data.firstIndex(of: 0), nul + 2 <= data.endIndex, data[nul + 1] == 0 {
                    found.iccProfile = Zlib.inflate(Array(data[(nul + 2)...]), limit: 16 << 20)
                }
            case "IEND": return found
            default: break
            }
            position = start + length + 4   // + CRC
        }
        return found
    }

    /// WebP: the `EXIF` and `ICCP` chunks of an extended (VP8X) file.
    static func webp(_ bytes: [UInt8]) -> PhotoMetadata {
        var found = PhotoMetadata()
        var position = 12
        while position + 8 <= bytes.count {
            let type = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
            let length = Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8
                | Int(bytes[position + 6]) << 16 | Int(bytes[position + 7]) << 24
            let start = position + 8
            guard start + length <= bytes.count else { break }
            switch type {
            case "EXIF": found.exif = Array(bytes[start..<(start + length)])
            case "ICCP": found.iccProfile = Array(bytes[start..<(start + length)])
            default: break
            }
            position = start + length + (length & 1)   // chunks are padded to even sizes
        }
        return found
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
}
