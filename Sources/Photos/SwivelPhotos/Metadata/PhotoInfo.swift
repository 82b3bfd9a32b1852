import CAVIF
import CHeif
import CJXL
import CTIFF
import SwivelCore
import SwivelPhotoCore

/// What the information overlay (I) and `swivel --info` tell about one photo file: its name,
/// upright pixel size, file size, format, the EXIF fields a photographer looks at (read by
/// libexif, `EXIF.details`) and the description of its embedded ICC profile (read by lcms2).
/// A field the file does not have is nil, and its line is left out.
public struct PhotoInfo: Equatable, Sendable {
    public var fileName: String
    public var fileBytes: Int?
    public var format: ImageFormat?
    /// In pixels, upright: after the EXIF orientation (HEIF's and AVIF's irot).
    public var width: Int?, height: Int?
    public var exif = EXIF.Details()
    public var profileDescription: String?
    /// A camera RAW's sensor data: "RAW 6000 × 4000, 14-bit, Bayer RGGB".
    public var sensor: String?
    /// Why the file could not be read at all ("cannot open: Permission denied", "the decoder
    /// crashed (SIGSEGV)"); nil when it was.
    public var unreadable: String?
    /// The JPEG of a RAW+JPEG pair, when this is its RAW's information.
    public var pairedJPEG: PairedFile?

    /// The other file of a pair: its name, upright size and file size.
    public struct PairedFile: Equatable, Sendable {
        public var fileName: String
        public var width: Int?, height: Int?
        public var fileBytes: Int?
    }

    public init(fileName: String, unreadable: String? = nil) { (self.fileName, self.unreadable) = (fileName, unreadable) }

    /// A RAW+JPEG pair's information: the RAW's (its camera, exposure and sensor), with the JPEG's
    /// name and sizes on a line of their own.
    public static func pair(raw: PhotoInfo, jpeg: PhotoInfo) -> PhotoInfo {
        var info = raw
        info.pairedJPEG = PairedFile(fileName: jpeg.fileName, width: jpeg.width, height: jpeg.height, fileBytes: jpeg.fileBytes)
        return info
    }

    /// The lines to show, label and value, in this order, each only where the file has it.
    public var lines: [(label: String, value: String)] {
        var lines: [(String, String)] = [("File", fileName)]
        if let jpeg = pairedJPEG {
            var sizes: [String] = []
            if let width = jpeg.width, let height = jpeg.height { sizes.append("\(width) × \(height)") }
            if let bytes = jpeg.fileBytes { sizes.append(Self.fileSize(bytes)) }
            lines.append(("JPEG", jpeg.fileName + (sizes.isEmpty ? "" : " (" + sizes.joined(separator: ", ") + ")")))
        }
        if let width, let height { lines.append(("Pixels", "\(width) × \(height)")) }
        if let fileBytes { lines.append(("File size", Self.fileSize(fileBytes))) }
        if let format { lines.append(("Format", format.declaration.name)) }
        if let sensor { lines.append(("Sensor", sensor)) }
        if let date = exif.dateTaken { lines.append(("Taken", Self.date(date))) }
        if let camera = Self.camera(make: exif.make, model: exif.model) { lines.append(("Camera", camera)) }
        if let lens = exif.lens { lines.append(("Lens", lens)) }
        if let focal = exif.focalLength, focal > 0 {
            var text = Self.millimetres(focal)
            if let film = exif.focalLengthIn35mmFilm { text += " (\(film) mm in 35 mm)" }
            lines.append(("Focal length", text))
        }
        if let f = exif.fNumber, f > 0 { lines.append(("Aperture", Self.fNumber(f))) }
        if let time = exif.exposureTime, time.numerator > 0 {
            lines.append(("Exposure", Self.exposure(time.numerator, time.denominator)))
        }
        if let iso = exif.iso { lines.append(("Sensitivity", "ISO \(iso)")) }
        if let profileDescription { lines.append(("Colour profile", profileDescription)) }
        return lines
    }

    // MARK: - Formatting

    /// Decimal units, one decimal, as GNOME shows sizes (GLib's g_format_size: the unit is the
    /// largest the size reaches, so 999 999 bytes are "1000.0 kB"): "3.2 MB", "980 bytes".
    static func fileSize(_ bytes: Int) -> String {
        if bytes == 1 { return "1 byte" }
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var unit = 0, factor = 1000.0
        while unit < units.count - 1, Double(bytes) >= factor * 1000 { unit += 1; factor *= 1000 }
        return oneDecimal(Double(bytes) / factor) + " " + units[unit]
    }

    /// "f/2.8", "f/11.0": one decimal, as exiftool and libexif print it.
    static func fNumber(_ value: Double) -> String { "f/" + oneDecimal(value) }

    /// "1/250 s" up to a quarter second (1 over the rounded reciprocal, as exiftool prints it),
    /// else seconds with at most one decimal: "0.5 s", "2 s".
    static func exposure(_ numerator: UInt32, _ denominator: UInt32) -> String {
        let seconds = Double(numerator) / Double(denominator)
        if seconds <= 0.25001 { return "1/\(Int((1 / seconds).rounded())) s" }
        return trimmed(oneDecimal(seconds)) + " s"
    }

    /// "50 mm", "4.2 mm".
    static func millimetres(_ value: Double) -> String { trimmed(oneDecimal(value)) + " mm" }

    /// EXIF's "2024:05:01 14:03:22" as "2024-05-01 14:03:22" (other text as it is).
    static func date(_ text: String) -> String {
        var bytes = Array(text.utf8)
        if bytes.count >= 10, bytes[4] == UInt8(ascii: ":"), bytes[7] == UInt8(ascii: ":") {
            bytes[4] = UInt8(ascii: "-"); bytes[7] = UInt8(ascii: "-")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "Make Model", the make left out where the model already starts with it ("Canon Canon EOS
    /// 5D" is how Canon writes them).
    static func camera(make: String?, model: String?) -> String? {
        switch (make, model) {
        case let (make?, model?):
            model.lowercased().hasPrefix(make.lowercased()) ? model : make + " " + model
        case let (make?, nil): make
        case let (nil, model?): model
        case (nil, nil): nil
        }
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func trimmed(_ text: String) -> String { text.hasSuffix(".0") ? String(text.dropLast(2)) : text }

    // MARK: - Reading

    /// JPEG, PNG: the metadata is read from at most this many first bytes (a JPEG's APP segments
    /// and a PNG's chunks before its image data: EXIF at most 64 KiB, ICC profiles rarely over a
    /// few hundred KiB; a profile cut by the limit is dropped, as lcms cannot open it).
    static let metadataBytes = 1 << 20
    /// WebP: chunks looked at (the EXIF chunk follows the image data).
    static let maxWebPChunks = 4096

    /// Reads `path`'s information. Bounded like the decoders: the header, the metadata blocks and
    /// nothing of the pixels (a 1 MiB read at most for a JPEG or PNG; libheif, libavif, libjxl and
    /// libtiff read only the boxes or directories they are asked for). What cannot be read is
    /// left nil; a file that cannot be opened gives its name and why.
    public static func read(_ path: FilePath) -> PhotoInfo {
        let fileName = String(decoding: path.lastComponent, as: UTF8.self)
        let file: OpenFile
        do { file = try OpenFile(path) } catch { return PhotoInfo(fileName: fileName, unreadable: error.reason) }
        defer { file.close() }
        return read(file, fileName: fileName, pathExtension: path.pathExtension)
    }

    /// The information of the open file `descriptor` (a decoder worker's), as `read` gives a path's.
    public static func read(descriptor: Int32, fileName: String, pathExtension: String) -> PhotoInfo {
        let file: OpenFile
        do { file = try OpenFile(descriptor: descriptor) } catch { return PhotoInfo(fileName: fileName, unreadable: error.reason) }
        return read(file, fileName: fileName, pathExtension: pathExtension)
    }

    private static func read(_ file: OpenFile, fileName: String, pathExtension: String) -> PhotoInfo {
        var info = PhotoInfo(fileName: fileName)
        info.fileBytes = file.size
        guard let start = try? file.read(min(file.size, 64)) else { return info }
        var exif: [UInt8]?, icc: [UInt8]?
        var stored: (width: Int, height: Int)?
        var orientationFromEXIF = true
        if let container = ImageFormat.container(start, pathExtension: pathExtension) {
            info.format = container
            switch container.decoder {
            case .libraw:
                // LibRaw's parse: the size it demosaics to, upright, and the EXIF it read.
                if let details = RAWDecoder.details(file) {
                    info.exif = details.exif
                    (info.width, info.height, info.sensor) = (details.width, details.height, details.sensor)
                }
                return info
            case .libheif:
                (stored, icc, exif) = heif(file)
                orientationFromEXIF = false   // libheif gives the size after irot; HEIF's EXIF orientation is not applied
            case .libavif:
                (stored, icc) = avif(file)
                exif = DateTaken.avifExif(file)
                orientationFromEXIF = false
            case .libjxl:
                (stored, icc) = jxl(file)
                orientationFromEXIF = false   // the size is libjxl's, after the codestream's orientation
            case .libtiff:
                var fromLibtiff: EXIF.Details
                (stored, icc, fromLibtiff) = tiff(file)
                // The camera and exposure fields through libexif, from the first `metadataBytes`
                // (a TIFF is itself the structure libexif reads; directories further in are
                // libtiff's alone: size, orientation, make, model, date).
                var details = (try? file.read(min(file.size, metadataBytes))).map(EXIF.details) ?? EXIF.Details()
                details.orientation = fromLibtiff.orientation
                details.make = details.make ?? fromLibtiff.make
                details.model = details.model ?? fromLibtiff.model
                details.dateTaken = details.dateTaken ?? fromLibtiff.dateTaken
                info.exif = details
            default:
                break
            }
        } else if let header = try? file.header(pathExtension: pathExtension) {
            info.format = header.format
            stored = (header.width, header.height)
            switch header.format {
            case .jpeg:
                let metadata = (try? file.read(min(file.size, metadataBytes))).map { PhotoMetadata.jpeg($0) }
                (exif, icc) = (metadata?.exif, metadata?.iccProfile)
            case .png:
                let metadata = (try? file.read(min(file.size, metadataBytes))).map(PhotoMetadata.png)
                (exif, icc) = (metadata?.exif, metadata?.iccProfile)
            case .webp:
                (exif, icc) = webp(file)
            default:
                break
            }
        }
        if let exif { info.exif = EXIF.details(exif) }
        if let icc { info.profileDescription = ColorProfile.description(of: icc) }
        if let stored {
            let swap = orientationFromEXIF && info.exif.orientation.swapsSides
            (info.width, info.height) = swap ? (stored.height, stored.width) : (stored.width, stored.height)
        }
        return info
    }

    /// WebP's EXIF and ICCP chunks, found by walking the chunk headers (8 bytes each).
    private static func webp(_ file: OpenFile) -> (exif: [UInt8]?, icc: [UInt8]?) {
        var exif: [UInt8]?, icc: [UInt8]?
        var offset = 12, seen = 0
        while offset + 8 <= file.size, seen < maxWebPChunks, let header = try? file.read(8, at: offset), header.count == 8 {
            let type = String(decoding: header[0..<4], as: UTF8.self)
            let size = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
            guard offset + 8 + size <= file.size else { break }
            if type == "EXIF", exif == nil, size <= WebPDecoder.maxEXIFBytes { exif = try? file.read(size, at: offset + 8) }
            if type == "ICCP", icc == nil, size <= WebPDecoder.maxICCBytes { icc = try? file.read(size, at: offset + 8) }
            offset += 8 + size + (size & 1)
            seen += 1
        }
        return (exif, icc)
    }

    /// The primary image's size (after its transformations, as libheif gives it), its ICC profile
    /// and its Exif item, from one parse of the file's boxes.
    private static func heif(_ file: OpenFile) -> (size: (width: Int, height: Int)?, icc: [UInt8]?, exif: [UInt8]?) {
        // libheif initialised once, as for decoding, before any context is made.
        guard DecoderLibrary.heif.isAvailable, HEIFDecoder.initialised else { return (nil, nil, nil) }
        return HEIFDecoder.withContext(file) { context in heif(context) }
    }

    private static func heif(_ context: OpaquePointer?) -> (size: (width: Int, height: Int)?, icc: [UInt8]?, exif: [UInt8]?) {
        var handleOut: OpaquePointer?
        guard let context, HEIFDecoder.primaryImageHandle(context, &handleOut).code == heif_error_Ok,
              let handle = handleOut else { return (nil, nil, nil) }
        defer { heif_image_handle_release(handle) }
        let size = (Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
        var icc: [UInt8]?
        let type = heif_image_handle_get_color_profile_type(handle)
        let bytes = heif_image_handle_get_raw_color_profile_size(handle)
        if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC, bytes > 0, bytes < 16 << 20 {
            var profile = [UInt8](repeating: 0, count: bytes)
            if heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok { icc = profile }
        }
        return (size.0 > 0 && size.1 > 0 ? size : nil, icc, DateTaken.heifExif(handle))
    }

    /// The image's size cropped by its clap and turned by its irot, and its ICC profile, from
    /// libavif's parse (no pixels); libheif's, as the decoder falls back to it, for a file libavif
    /// cannot parse ("BMFF parsing failed").
    private static func avif(_ file: OpenFile) -> (size: (width: Int, height: Int)?, icc: [UInt8]?) {
        let parsed = AVIFDecoder.withDecoder(file) { decoder -> (size: (width: Int, height: Int)?, icc: [UInt8]?)? in
            decoder.pointee.strictFlags = avifStrictFlags(AVIF_STRICT_DISABLED.rawValue)   // as AVIFDecoder
            decoder.pointee.ignoreXMP = AVIF_TRUE
            decoder.pointee.ignoreExif = AVIF_TRUE
            let parse = avifDecoderParse(decoder)
            if parse == AVIF_RESULT_BMFF_PARSE_FAILED { return nil }
            guard parse == AVIF_RESULT_OK, let image = decoder.pointee.image else { return (nil, nil) }
            let crop = AVIFDecoder.cleanAperture(image, diagnostics: &decoder.pointee.diag)
            let turned = AVIFDecoder.orientation(image).swapsSides
            let icc = image.pointee.icc
            let profile = icc.size > 0 && icc.size < 16 << 20
                ? icc.data.map { Array(UnsafeBufferPointer(start: $0, count: icc.size)) } : nil
            return (crop.width > 0 && crop.height > 0 ? (turned ? (crop.height, crop.width) : (crop.width, crop.height)) : nil,
                    profile)
        }
        guard let parsed else { return (nil, nil) }   // no libavif
        if let parsed { return parsed }
        let (size, icc, _) = heif(file)
        return (size, icc)
    }

    /// The size (oriented) and the ICC profile the file carries, from the first `metadataBytes`
    /// (libjxl's basic info and colour encoding come before the image data). A colour space
    /// given by its encoding, not an ICC profile, has no description to show.
    private static func jxl(_ file: OpenFile) -> (size: (width: Int, height: Int)?, icc: [UInt8]?) {
        guard DecoderLibrary.jpegXL.isAvailable, let bytes = try? file.read(min(file.size, metadataBytes)),
              let decoder = JxlDecoderCreate(nil) else { return (nil, nil) }
        defer { JxlDecoderDestroy(decoder) }
        let events = Int32(JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue)
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS else { return (nil, nil) }
        return bytes.withUnsafeBufferPointer { buffer in
            guard JxlDecoderSetInput(decoder, buffer.baseAddress, buffer.count) == JXL_DEC_SUCCESS else { return (nil, nil) }
            var size: (width: Int, height: Int)?
            while true {
                switch JxlDecoderProcessInput(decoder) {
                case JXL_DEC_BASIC_INFO:
                    var basic = JxlBasicInfo()
                    guard JxlDecoderGetBasicInfo(decoder, &basic) == JXL_DEC_SUCCESS else { return (size, nil) }
                    let turned = basic.orientation.rawValue >= 5
                    size = turned ? (Int(basic.ysize), Int(basic.xsize)) : (Int(basic.xsize), Int(basic.ysize))
                case JXL_DEC_COLOR_ENCODING:
                    var encoding = JxlColorEncoding()
                    if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &encoding)
                        == JXL_DEC_SUCCESS { return (size, nil) }
                    var count = 0
                    guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &count)
                            == JXL_DEC_SUCCESS, count > 0, count < 16 << 20 else { return (size, nil) }
                    var profile = [UInt8](repeating: 0, count: count)
                    guard JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &profile, count)
                            == JXL_DEC_SUCCESS else { return (size, nil) }
                    return (size, profile)
                default:
                    return (size, nil)
                }
            }
        }
    }

    /// The first directory's stored size, Orientation tag, ICC profile, Make and Model,
    /// and the EXIF directory's DateTimeOriginal, through libtiff (directories only, no strips).
    private static func tiff(_ file: OpenFile) -> (size: (width: Int, height: Int)?, icc: [UInt8]?, exif: EXIF.Details) {
        var exif = EXIF.Details()
        guard DecoderLibrary.tiff.isAvailable else { return (nil, nil, exif) }
        return TIFFDecoder.withReader(file) { reader in
            guard swivel_tiff_open(reader) == 1, let tif = reader.pointee.tif else { return (nil, nil, exif) }
            var raw = SwivelTIFFInfo()
            swivel_tiff_info(tif, &raw)
            exif.orientation = Orientation(exif: Int(raw.orientation))
            let size = (Int(raw.width), Int(raw.height))   // as stored: turned by `read` with the orientation
            var bytes: UnsafePointer<UInt8>?
            var count: UInt32 = 0
            let icc = swivel_tiff_icc_profile(tif, &bytes, &count) == 1 && bytes != nil
                ? Array(UnsafeBufferPointer(start: bytes, count: Int(count))) : nil
            func text(_ tag: Int32) -> String? {
                var value = [CChar](repeating: 0, count: 128)
                guard swivel_tiff_text(tif, UInt32(tag), &value, value.count) == 1 else { return nil }
                let string = String(decoding: value.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    .split(separator: " ").joined(separator: " ")
                return string.isEmpty ? nil : string
            }
            (exif.make, exif.model) = (text(TIFFTAG_MAKE), text(TIFFTAG_MODEL))
            // Last: it moves libtiff to the EXIF directory.
            var date = [CChar](repeating: 0, count: 20)
            if swivel_tiff_date_taken(reader, &date, date.count) == 1 {
                exif.dateTaken = String(decoding: date.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            return (raw.width > 0 && raw.height > 0 ? size : nil, icc, exif)
        }
    }
}
