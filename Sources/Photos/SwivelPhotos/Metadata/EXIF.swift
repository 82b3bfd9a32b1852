import CExif
import Glibc
import SwivelCore
import SwivelPhotoCore

/// Reads EXIF blocks with libexif. Chosen over a parser of our own because EXIF is where
/// malformed input lives (truncated IFDs, offsets past the end, IFD loops, absurd counts):
/// libexif is Debian's well-kept reader, bounds-checks every offset and count, refuses to
/// recurse without end, and its maker-note and fuzzing fixes are upstream's to keep. JPEG APP1,
/// PNG eXIf, WebP EXIF chunks and whole TIFF files all hold the same TIFF structure, so one reader
/// serves them all.
public enum EXIF {
    /// The orientation an EXIF block (APP1 payload "Exif\0\0…" or a bare TIFF structure) gives;
    /// `.up` when it has none or a value outside 1-8 (or libexif is not installed).
    public static func orientation(_ block: [UInt8]) -> Orientation {
        withLoadable(block) { Orientation(exif: Int(swivel_exif_orientation($0.baseAddress, UInt32($0.count)))) } ?? .up
    }

    /// DateTimeOriginal as "YYYY:MM:DD HH:MM:SS", if the block has it (and libexif is installed).
    public static func dateTaken(_ block: [UInt8]) -> String? {
        withLoadable(block) { bytes in
            var text = [CChar](repeating: 0, count: 20)
            guard swivel_exif_date_taken(bytes.baseAddress, UInt32(bytes.count), &text) == 1 else { return nil }
            return String(decoding: text.prefix(19).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    static let header: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// libexif looks for the "Exif\0\0" header (or JPEG markers) before the TIFF structure; PNG's
    /// eXIf, WebP's EXIF and TIFF files have none, so it is put in front. Every question goes
    /// through here: nil, without a call into libexif, when it is not installed (a decoder that
    /// needs the answer refuses the file first, in `PhotoMetadata.orientation(format:)`).
    private static func withLoadable<T>(_ block: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        guard DecoderLibrary.exif.isAvailable else { return nil }
        let loadable = block.starts(with: header) ? block : header + block
        return loadable.withUnsafeBufferPointer(body)
    }
}
