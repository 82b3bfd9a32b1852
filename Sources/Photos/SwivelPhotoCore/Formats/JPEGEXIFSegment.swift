/// A JPEG file's EXIF block (the first APP1 segment that starts `Exif\0\0`, the one the decoder
/// reads its orientation from), found and replaced by walking the segments before the first scan.
/// By hand, as a few lines of marker walking: libjpeg's marker savers can read segments but no
/// library here writes one back without re-encoding or re-copying the whole file's coding.
public enum JPEGEXIFSegment {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// What an APP1 EXIF payload starts with, before its TIFF structure.
    public static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The range of the first EXIF APP1 segment (from its marker to its end) and of its TIFF data;
    /// nil when the file has none before its first scan.
    public static func find(in jpeg: [UInt8]) throws(Failure) -> (segment: Range<Int>, tiff: Range<Int>)? {
        for segment in try segments(of: jpeg) where segment.marker == 0xE1 {
            let payload = segment.payload
            if payload.count >= 6, Array(jpeg[payload.prefix(6)]) == exifHeader {
                return (segment.whole, (payload.lowerBound + 6)..<payload.upperBound)
            }
        }
        return nil
    }

    /// `jpeg` with `tiff` as its EXIF block: in place of the first one, or (none) as a new APP1
    /// after the JFIF/JFXX APP0 segments that open the file (where exiftool puts it).
    public static func replacing(in jpeg: [UInt8], with tiff: [UInt8]) throws(Failure) -> [UInt8] {
        let length = 2 + exifHeader.count + tiff.count
        guard length <= 0xFFFF else { throw Failure("its EXIF block would not fit in one JPEG segment") }
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exifHeader + tiff
        if let (old, _) = try find(in: jpeg) {
            return Array(jpeg[..<old.lowerBound]) + segment + Array(jpeg[old.upperBound...])
        }
        var at = 2
        for existing in try segments(of: jpeg) {
            guard existing.marker == 0xE0 else { break }
            at = existing.whole.upperBound
        }
        return Array(jpeg[..<at]) + segment + Array(jpeg[at...])
    }

    /// The segments from the start of image to the first scan (or the end of the image).
    struct Segment {
        let marker: UInt8
        let whole: Range<Int>
        let payload: Range<Int>
    }

    static func segments(of jpeg: [UInt8]) throws(Failure) -> [Segment] {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { throw Failure("it does not start as a JPEG") }
        var found: [Segment] = []
        var at = 2
        while at + 4 <= jpeg.count {
            guard jpeg[at] == 0xFF else { throw Failure("a JPEG segment is damaged at byte \(at)") }
            let marker = jpeg[at + 1]
            if marker == 0xFF { at += 1; continue }    // fill bytes
            if marker == 0xDA || marker == 0xD9 { return found }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
            let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            guard length >= 2, at + 2 + length <= jpeg.count else { throw Failure("a JPEG segment runs past the file's end") }
            found.append(Segment(marker: marker, whole: at..<(at + 2 + length), payload: (at + 4)..<(at + 2 + length)))
            at += 2 + length
        }
        throw Failure("the JPEG ends before its first scan")
    }

    /// Which coding the frame header (SOFn) says: progressive (SOF2, SOF6, SOF10, SOF14) and
    /// arithmetic (SOF9-SOF15), for a transform to write the same.
    public static func coding(of jpeg: [UInt8]) throws(Failure) -> (progressive: Bool, arithmetic: Bool) {
        for segment in try segments(of: jpeg) where (0xC0...0xCF).contains(segment.marker)
            && ![0xC4, 0xC8, 0xCC].contains(segment.marker) {
            let n = segment.marker & 0x0F
            return ([2, 6, 10, 14].contains(n), n >= 9)
        }
        throw Failure("the JPEG has no frame header")
    }
}
