import CAVIF
import CHeif
import CTIFF
import Glibc
import SwivelCore
import SwivelPhotoCore

/// When photos were taken, for `--sort taken`: EXIF DateTimeOriginal, read from a bounded part
/// of each file, falling back to the modification time:
/// - JPEG: its segments up to the APP1 Exif one, at most 256 KiB of them, and that segment
///   (at most 64 KiB: its length is 16 bits);
/// - PNG (eXIf) and WebP (EXIF): the first 16 KiB;
/// - TIFF: IFD0's ExifIFD pointer and the EXIF directory's DateTimeOriginal, wherever they lie (a
///   directory may follow the pixels), four small reads (`TIFFDateTaken`); BigTIFF through libtiff;
/// - camera RAW: a RAW that is a TIFF (DNG, NEF, CR2, ARW, …) as a TIFF; the others (CR3, RAF,
///   ORF, RW2, CRW, MRW, X3F) through LibRaw's parse of the mapped file, which reads its
///   directories and no sensor data;
/// - HEIF and AVIF: the Exif item through libheif and libavif, which read the file's boxes but
///   no image data (the item is refused above 16 MiB).
/// JPEG XL and formats without EXIF use the modification time.
public enum DateTaken {
    /// Bytes read first; a JPEG whose EXIF block runs on gets the rest of it (up to 64 KiB more).
    static let firstRead = 16 << 10

    /// For each path, seconds since 1970: the EXIF time (taken as local time) or the mtime.
    public static func times(_ paths: [FilePath]) -> [Double] {
        let offset = localUTCOffset
        return DeckOrder.inParallel(paths) { path in
            if let text = PhotoDecoding.dateTaken(path), let seconds = seconds(exifDate: text) { return seconds - offset }
            return DeckOrder.modificationTime(path) ?? 0
        }
    }

    /// DateTimeOriginal of the file at `path`, "YYYY:MM:DD HH:MM:SS", if it has one.
    public static func dateTaken(_ path: FilePath) -> String? {
        // Opened as a decoder opens it: without blocking, regular files only.
        guard let file = try? OpenFile(path) else { return nil }
        defer { file.close() }
        return dateTaken(file)
    }

    /// DateTimeOriginal of the open file `descriptor` (a decoder worker's).
    public static func dateTaken(descriptor: Int32) -> String? {
        (try? OpenFile(descriptor: descriptor)).flatMap(dateTaken)
    }

    private static func dateTaken(_ file: OpenFile) -> String? {
        let size = file.size
        guard var bytes = try? file.read(min(size, firstRead)) else { return nil }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            guard let block = jpegExif(&bytes, file: file) else { return nil }
            return EXIF.dateTaken(block)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return PhotoMetadata.png(bytes).exif.flatMap(EXIF.dateTaken) }
        if bytes.starts(with: Array("RIFF".utf8)) { return PhotoMetadata.webp(bytes).exif.flatMap(EXIF.dateTaken) }
        if TIFFDateTaken.isClassicTIFF(bytes) {
            return TIFFDateTaken.dateTaken(size: size) { offset, count in
                // Mostly within the bytes read already (a directory near the start).
                if offset + count <= bytes.count { return Array(bytes[offset..<(offset + count)]) }
                return try? file.read(count, at: offset)
            }
        }
        if bytes.count >= 8, bytes.starts(with: [0x49, 0x49, 0x2B, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            return tiffDate(file)
        }
        switch ImageFormat.sniffContainer(Array(bytes.prefix(64)))?.decoder {
        case .libraw: return RAWDecoder.dateTaken(file)
        case .libheif: return heifExif(file).flatMap(EXIF.dateTaken)
        case .libavif: return avifExif(file).flatMap(EXIF.dateTaken)
        default: return nil
        }
    }

    /// The APP1 Exif payload of a JPEG whose first bytes are `bytes`, reading on where it is cut.
    /// Its IFDs come first and the thumbnail last, so a payload cut short still holds the date.
    private static func jpegExif(_ bytes: inout [UInt8], file: OpenFile) -> [UInt8]? {
        let size = file.size
        var position = 2
        while true {
            if position + 4 > bytes.count {
                guard bytes.count < size, bytes.count < 256 << 10 else { return nil }
                guard let more = try? file.read(min(size, bytes.count * 4)) else { return nil }
                bytes = more
                continue
            }
            guard bytes[position] == 0xFF else { return nil }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { position += 2; continue }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2 else { return nil }
            if marker == 0xE1 {
                let end = position + 2 + length
                if end > bytes.count && bytes.count < size {
                    guard let more = try? file.read(min(size, end)) else { return nil }
                    bytes = more
                }
                let payload = Array(bytes[(position + 4)..<min(end, bytes.count)])
                if payload.starts(with: EXIF.header) { return payload }
            }
            position += 2 + length
        }
    }

    /// DateTimeOriginal of a BigTIFF (or any TIFF), read by libtiff as `TIFFDecoder` opens it:
    /// only IFD0 and the EXIF directory are read, however far into the file they are (a sparse
    /// file of a gigabyte with its IFD0 at the end costs two small reads). Nil without libtiff or
    /// when anything fails.
    static func tiffDate(_ file: OpenFile) -> String? {
        guard DecoderLibrary.tiff.isAvailable else { return nil }
        return TIFFDecoder.withReader(file) { reader in
            guard swivel_tiff_open(reader) == 1 else { return nil }
            var text = [CChar](repeating: 0, count: 20)   // "YYYY:MM:DD HH:MM:SS" and its NUL
            guard swivel_tiff_date_taken(reader, &text, text.count) == 1 else { return nil }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The Exif item of a HEIF's primary image, without the 4-byte offset libheif leaves in front;
    /// nil without libheif (the file is skipped when it is decoded).
    static func heifExif(_ file: OpenFile) -> [UInt8]? {
        guard DecoderLibrary.heif.isAvailable, HEIFDecoder.initialised else { return nil }
        return HEIFDecoder.withContext(file) { context in
            var handleOut: OpaquePointer?
            guard let context, HEIFDecoder.primaryImageHandle(context, &handleOut).code == heif_error_Ok,
                  let handle = handleOut else { return nil }
            defer { heif_image_handle_release(handle) }
            return heifExif(handle)
        }
    }

    /// The Exif item of an open HEIF image `handle`, as `heifExif(_ file:)`.
    static func heifExif(_ handle: OpaquePointer) -> [UInt8]? {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 4, size < 16 << 20 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_metadata(handle, id, &block).code == heif_error_Ok else { return nil }
        // ISO/IEC 23008-12 A.2.1: a 32-bit offset to the TIFF header comes first.
        let skip = 4 + (Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3]))
        guard skip < block.count else { return nil }
        return Array(block[skip...])
    }

    /// The Exif payload of an AVIF (still or sequence), as libavif gives it: from the TIFF header on.
    static func avifExif(_ file: OpenFile) -> [UInt8]? {
        AVIFDecoder.withDecoder(file) { decoder -> [UInt8]? in
            decoder.pointee.strictFlags = avifStrictFlags(AVIF_STRICT_DISABLED.rawValue)   // as AVIFDecoder
            decoder.pointee.ignoreXMP = AVIF_TRUE
            guard avifDecoderParse(decoder) == AVIF_RESULT_OK,
                  let exif = decoder.pointee.image?.pointee.exif, exif.size > 0, exif.size < 16 << 20,
                  let data = exif.data else { return nil }
            return Array(UnsafeBufferPointer(start: data, count: exif.size))
        } ?? nil
    }

    /// "YYYY:MM:DD HH:MM:SS" as seconds since 1970 as if it were UTC; nil if it is not a date.
    static func seconds(exifDate text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard (48...57).contains(bytes[i]) else { return nil }
                value = value * 10 + Int(bytes[i] - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              year > 0, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        // Days from the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86400 + hour * 3600 + minute * 60 + second)
    }

    /// This machine's offset from UTC now, in seconds (EXIF times are local, without a zone).
    static var localUTCOffset: Double {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return 0 }
        return Double(parts.tm_gmtoff)
    }
}
