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

    /// What the photo information overlay shows of an EXIF block: the camera, the lens and the
    /// exposure, as the file has them (a rational as its numerator and denominator).
    public struct Details: Equatable, Sendable {
        public var make: String?, model: String?, lens: String?
        /// DateTimeOriginal, "YYYY:MM:DD HH:MM:SS".
        public var dateTaken: String?
        public var fNumber: Double?
        public var exposureTime: (numerator: UInt32, denominator: UInt32)?
        public var focalLength: Double?
        public var focalLengthIn35mmFilm: Int?
        public var iso: Int?
        public var orientation: Orientation = .up

        public init() {}

        public static func == (a: Details, b: Details) -> Bool {
            a.make == b.make && a.model == b.model && a.lens == b.lens && a.dateTaken == b.dateTaken
                && a.fNumber == b.fNumber && a.exposureTime?.numerator == b.exposureTime?.numerator
                && a.exposureTime?.denominator == b.exposureTime?.denominator && a.focalLength == b.focalLength
                && a.focalLengthIn35mmFilm == b.focalLengthIn35mmFilm && a.iso == b.iso && a.orientation == b.orientation
        }
    }

    /// The block's `Details`; empty without libexif.
    public static func details(_ block: [UInt8]) -> Details {
        withLoadable(block) { bytes in
            var raw = SwivelExifDetails()
            swivel_exif_details(bytes.baseAddress, UInt32(bytes.count), &raw)
            func text<T>(_ field: T) -> String? {
                let value = withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let trimmed = value.trimmingBlanks
                return trimmed.isEmpty ? nil : trimmed
            }
            var details = Details()
            (details.make, details.model, details.lens) = (text(raw.make), text(raw.model), text(raw.lens))
            details.dateTaken = text(raw.date_taken)
            if raw.has_f_number == 1 { details.fNumber = Double(raw.f_number.0) / Double(raw.f_number.1) }
            if raw.has_exposure == 1 { details.exposureTime = (raw.exposure.0, raw.exposure.1) }
            if raw.has_focal_length == 1 { details.focalLength = Double(raw.focal_length.0) / Double(raw.focal_length.1) }
            if raw.has_focal_length_35mm == 1, raw.focal_length_35mm > 0 {
                details.focalLengthIn35mmFilm = Int(raw.focal_length_35mm)
            }
            if raw.has_iso == 1, raw.iso > 0 { details.iso = Int(raw.iso) }
            details.orientation = Orientation(exif: Int(raw.orientation))
            return details
        } ?? Details()
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

private extension String {
    /// Without the spaces and NULs EXIF writers pad their text fields with.
    var trimmingBlanks: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\0" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\0" }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
