import CRaw
import Glibc
import SwivelCore
import SwivelPhotoCore

/// Camera RAW (DNG, CR2, NEF, ARW, …: `FormatDeclaration.isCameraRAW`) through LibRaw 0.20's C API
/// (libraw_r). The file is mapped, not read: LibRaw's `libraw_open_buffer` parses it from the
/// mapping of the descriptor the decoder was given (a worker opens nothing), so only the pages
/// LibRaw touches are read: a 42 MB DNG's headers and 120 KB preview cost 0.1 ms of CPU, where
/// reading it whole first cost 25 ms (libraw has no C entry for a datastream of one's own).
///
/// What a decode shows, the cheapest source that covers the pixels `target` needs:
/// 1. the embedded preview, a JPEG through libjpeg-turbo at its covering DCT scale
///    (`JPEGDecoder.decode(memory:)`) or an 8-bit RGB bitmap, turned upright by the RAW's own
///    orientation, its colour as it is (cameras write sRGB previews);
/// 2. a half-size demosaic (each 2 × 2 Bayer quad one pixel);
/// 3. the full demosaic (AHD, LibRaw's default, as `dcraw_emu`'s).
/// Both demosaics: the white balance the camera recorded, its matrix to sRGB, sRGB's curve, 8 bits,
/// LibRaw's automatic brightness (as dcraw and `dcraw_emu` show RAWs). LibRaw's progress callback
/// asks the decode's `DecodeCancellation` at each of its stages.
///
/// Bounded as every decoder: the sensor's and the preview's sizes are checked against
/// `ImageLimits` once the file is parsed, before any pixel is unpacked, the preview's length
/// against the file's, and the memory a demosaic needs is asked of `PhotoMemory` first.
enum RAWDecoder {
    static func decode(_ file: OpenFile, format: ImageFormat, target: DecodeTarget, unresampledUpTo: Double = 1,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        let raw = try RAWFile(file, cancellation: cancellation)
        return try withExtendedLifetime(raw) { () throws(Failure) -> DecodedImage in
            try decode(raw, format: format, target: target, unresampledUpTo: unresampledUpTo, cancellation: cancellation)
        }
    }

    private static func decode(_ raw: RAWFile, format: ImageFormat, target: DecodeTarget, unresampledUpTo: Double,
                               cancellation: DecodeCancellation) throws(Failure) -> DecodedImage {
        let data = raw.data
        let sensor = (width: Int(data.pointee.sizes.width), height: Int(data.pointee.sizes.height))
        if let problem = ImageLimits.problem(width: Int(data.pointee.sizes.raw_width), height: Int(data.pointee.sizes.raw_height))
            ?? ImageLimits.problem(width: sensor.width, height: sensor.height) {
            throw Failure(reason: problem)
        }
        let orientation = raw.orientation
        if let capture = ThumbnailCapture.current { (capture.format, capture.storedSize) = (format, sensor) }
        let upright = orientation.swapsSides ? (width: sensor.height, height: sensor.width) : sensor
        let needed = CardPixels.storedTarget(target, storedWidth: sensor.width, storedHeight: sensor.height,
                                             orientation: orientation)

        if let preview = raw.preview(), covers(preview.width, preview.height, needed, target: target),
           var image = try previewImage(raw, orientation: orientation, target: target,
                                        unresampledUpTo: unresampledUpTo, cancellation: cancellation) {
            if case .fit = target { image.original = upright }
            return image
        }
        try cancellation.check()
        let half = covers(sensor.width / 2, sensor.height / 2, needed, target: target)
        return try demosaic(raw, half: half, sensor: sensor, orientation: orientation, target: target,
                            cancellation: cancellation)
    }

    /// Whether a `width` × `height` image has `needed`'s pixels: for a card, its aspect-fill crop;
    /// for the full view, the fitted size (a pixel of rounding spared either way).
    static func covers(_ width: Int, _ height: Int, _ needed: (width: Int, height: Int), target: DecodeTarget) -> Bool {
        guard width > 0, height > 0 else { return false }
        switch target {
        case .fill:
            let crop = AspectFill.crop(source: Size(Double(width), Double(height)),
                                       target: Size(Double(needed.width), Double(needed.height)))
            return crop.width + 1 >= Double(needed.width) && crop.height + 1 >= Double(needed.height)
        case .fit:
            return width + 1 >= needed.width && height + 1 >= needed.height
        }
    }

    /// The embedded preview, decoded for `target`; nil when it is of a kind not shown (16-bit,
    /// layered, HEVC: LibRaw tells the kind only once it has unpacked it).
    private static func previewImage(_ raw: RAWFile, orientation: Orientation, target: DecodeTarget,
                                     unresampledUpTo: Double, cancellation: DecodeCancellation) throws(Failure) -> DecodedImage? {
        let thumbnail = try raw.unpackPreview()
        try cancellation.check()
        let unpacked = raw.data.pointee.thumbnail
        let (width, height) = (Int(unpacked.twidth), Int(unpacked.theight))
        switch unpacked.tformat {
        case LIBRAW_THUMBNAIL_JPEG:
            return try JPEGDecoder.decode(memory: thumbnail, orientation: orientation, format: "RAW", target: target,
                                          unresampledUpTo: unresampledUpTo, cancellation: cancellation)
        case LIBRAW_THUMBNAIL_BITMAP where unpacked.tcolors == 3:
            guard thumbnail.count >= width * height * 3, let base = thumbnail.baseAddress else {
                throw Failure(reason: "cannot decode: truncated RAW preview")
            }
            return try CardPixels.make(
                Resampler.Source(pixels: base.assumingMemoryBound(to: UInt8.self), pitch: width * 3,
                                 width: width, height: height, hasAlpha: false),
                orientation: orientation, iccProfile: nil, format: "RAW", target: target)
        default:
            return nil
        }
    }

    /// The sensor data demosaiced (`half`: at half size) and made ready for `target`.
    private static func demosaic(_ raw: RAWFile, half: Bool, sensor: (width: Int, height: Int), orientation: Orientation,
                                 target: DecodeTarget, cancellation: DecodeCancellation) throws(Failure) -> DecodedImage {
        let data = raw.data
        data.pointee.params.half_size = half ? 1 : 0
        data.pointee.params.use_camera_wb = 1
        data.pointee.params.user_flip = 0           // turned by CardPixels, on the card's pixels
        data.pointee.params.output_bps = 8
        data.pointee.params.output_color = 1        // sRGB
        data.pointee.params.gamm.0 = 1 / 2.4        // sRGB's curve (IEC 61966-2-1), not BT.709's
        data.pointee.params.gamm.1 = 12.92
        // What LibRaw allocates: the unpacked sensor data (2 bytes a sample), its 4-channel 16-bit
        // image, AHD's working tiles and the finished 8-bit RGB.
        let rawSamples = Int(data.pointee.sizes.raw_width) * Int(data.pointee.sizes.raw_height)
        let pixels = half ? (sensor.width / 2 + 1) * (sensor.height / 2 + 1) : sensor.width * sensor.height
        let bytes = rawSamples * 2 + pixels * (8 + 3) + (half ? 0 : 64 << 20)
        let image = try PhotoMemory.reserving(bytes) { () throws(Failure) -> UnsafeMutablePointer<libraw_processed_image_t> in
            try RAWFile.check(libraw_unpack(data), cancellation: cancellation)
            try cancellation.check()
            try RAWFile.check(libraw_dcraw_process(data), cancellation: cancellation)
            var status: Int32 = 0
            guard let image = libraw_dcraw_make_mem_image(data, &status) else {
                try RAWFile.check(status == 0 ? LIBRAW_UNSUFFICIENT_MEMORY.rawValue : status, cancellation: cancellation)
                throw PhotoMemory.outOfMemory
            }
            return image
        }
        defer { libraw_dcraw_clear_mem(image) }
        let width = Int(image.pointee.width), height = Int(image.pointee.height), colours = Int(image.pointee.colors)
        guard image.pointee.type == LIBRAW_IMAGE_BITMAP, image.pointee.bits == 8, colours == 1 || colours == 3,
              width > 0, height > 0, Int(image.pointee.data_size) >= width * height * colours else {
            throw Failure(reason: "cannot decode: LibRaw made no 8-bit image")
        }
        let start = UnsafeMutableRawPointer(image) + MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
        var grey: [UInt8] = []
        if colours == 1 {
            grey = try PhotoMemory.reserving(width * height * 3) {
                let samples = start.assumingMemoryBound(to: UInt8.self)
                return (0..<width * height * 3).map { samples[$0 / 3] }
            }
        }
        return try grey.withUnsafeBufferPointer { expanded throws(Failure) in
            let pixels = colours == 1 ? expanded.baseAddress! : UnsafePointer(start.assumingMemoryBound(to: UInt8.self))
            return try CardPixels.make(
                Resampler.Source(pixels: pixels, pitch: width * 3, width: width, height: height, hasAlpha: false),
                orientation: orientation, iccProfile: nil, format: "RAW", target: target,
                imageSize: half ? sensor : nil)
        }
    }

    // MARK: - Metadata

    /// What `--info`, the information overlay and `--sort taken` read of a RAW, from LibRaw's parse
    /// (no pixels).
    struct Details {
        var exif = EXIF.Details()
        /// The upright size of the demosaiced image.
        var width = 0, height = 0
        /// "RAW 6000 × 4000, 14-bit, Bayer RGGB": the sensor data as stored.
        var sensor = ""
    }

    static func details(_ file: OpenFile) -> Details? {
        guard let raw = try? RAWFile(file, cancellation: .never) else { return nil }
        return withExtendedLifetime(raw) { details(raw) }
    }

    private static func details(_ raw: RAWFile) -> Details {
        let data = raw.data
        var details = Details()
        func text<T>(_ field: T) -> String? {
            let value = withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                .split(separator: " ").joined(separator: " ")
            return value.isEmpty ? nil : value
        }
        details.exif.make = text(data.pointee.idata.make)
        details.exif.model = text(data.pointee.idata.model)
        details.exif.lens = text(data.pointee.lens.Lens) ?? text(data.pointee.lens.makernotes.Lens)
        details.exif.dateTaken = dateTaken(raw)
        let other = data.pointee.other
        if other.aperture > 0 { details.exif.fNumber = Double(other.aperture) }
        if other.focal_len > 0 { details.exif.focalLength = Double(other.focal_len) }
        if other.iso_speed > 0 { details.exif.iso = Int(other.iso_speed.rounded()) }
        if other.shutter > 0, other.shutter < 100_000 {
            let seconds = Double(other.shutter)
            details.exif.exposureTime = seconds <= 0.25 ? (1, UInt32((1 / seconds).rounded())) : (UInt32((seconds * 1000).rounded()), 1000)
        }
        details.exif.orientation = raw.orientation
        let sensor = (width: Int(data.pointee.sizes.width), height: Int(data.pointee.sizes.height))
        (details.width, details.height) = raw.orientation.swapsSides ? (sensor.height, sensor.width) : sensor
        var words = ["RAW \(sensor.width) × \(sensor.height)"]
        let maximum = UInt32(data.pointee.color.maximum)
        // The white level's bits: how many the camera's converter used (a 14-bit sensor's white is
        // under 16384, a 12-bit one's under 4096).
        if maximum > 0 { words.append("\(32 - maximum.leadingZeroBitCount)-bit") }
        words.append(raw.mosaic)
        details.sensor = words.joined(separator: ", ")
        return details
    }

    /// DateTimeOriginal, as LibRaw read it (a local time it made into seconds with mktime: made
    /// back into the fields with localtime_r).
    static func dateTaken(_ file: OpenFile) -> String? {
        guard let raw = try? RAWFile(file, cancellation: .never) else { return nil }
        return withExtendedLifetime(raw) { dateTaken(raw) }
    }

    private static func dateTaken(_ raw: RAWFile) -> String? {
        var seconds = raw.data.pointee.other.timestamp
        guard seconds > 0 else { return nil }
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else { return nil }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(fields.tm_year + 1900):\(two(fields.tm_mon + 1)):\(two(fields.tm_mday)) "
            + "\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))"
    }
}

/// One RAW file parsed by LibRaw from a read-only mapping of its descriptor; closed and unmapped
/// when released. One thread at a time.
final class RAWFile {
    let data: UnsafeMutablePointer<libraw_data_t>
    private let mapping: UnsafeMutableRawPointer
    private let length: Int
    private let fileSize: Int
    /// Asked at each of LibRaw's progress stages; kept alive with the file.
    private let cancellation: DecodeCancellation

    init(_ file: OpenFile, cancellation: DecodeCancellation) throws(Failure) {
        try DecoderLibrary.raw.require(for: "RAW")
        guard file.size > 0 else { throw Failure(reason: "empty file") }
        guard file.size <= OpenFile.maxWholeFileBytes else {
            throw Failure(reason: "file is \(file.size >> 20) MiB, over the \(OpenFile.maxWholeFileBytes >> 20) MiB limit")
        }
        guard let mapping = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0), mapping != MAP_FAILED else {
            throw Failure(reason: "cannot read: \(OpenFile.errorText())", transient: errno == ENOMEM)
        }
        guard let data = libraw_init(0) else {
            munmap(mapping, file.size)
            throw PhotoMemory.outOfMemory
        }
        (self.data, self.mapping, self.length, self.fileSize, self.cancellation) = (data, mapping, file.size, file.size, cancellation)
        // LibRaw's own handlers print to stderr; its errors come back as return codes all the same.
        libraw_set_dataerror_handler(data, { _, _, _ in }, nil)
        libraw_set_memerror_handler(data, { _, _, _ in }, nil)
        libraw_set_progress_handler(data, { context, _, _, _ in DecodeCancellation.cIsCancelled(context) },
                                    cancellation.cContext)
        try Self.check(libraw_open_buffer(data, mapping, file.size), cancellation: cancellation)
    }

    deinit {
        libraw_close(data)
        munmap(mapping, length)
    }

    /// The RAW's orientation (LibRaw's `flip`, dcraw's code for EXIF's 1-8: TIFF tag 274 read
    /// through "50132467"[value & 7]), as EXIF's.
    var orientation: Orientation {
        let exif = switch data.pointee.sizes.flip {
        case 1: 2
        case 3: 3
        case 2: 4
        case 4: 5
        case 6: 6
        case 7: 7
        case 5: 8
        default: 1
        }
        return Orientation(exif: exif)
    }

    /// The colour filter's layout: "Bayer RGGB" (its top left 2 × 2 of the visible area), "X-Trans",
    /// or what a sensor without one records.
    var mosaic: String {
        let idata = data.pointee.idata
        if idata.is_foveon != 0 { return "Foveon" }
        if idata.filters == 9 { return "X-Trans" }
        if idata.filters == 0 { return idata.colors == 1 ? "monochrome" : "\(idata.colors) colours a pixel" }
        let names = withUnsafeBytes(of: idata.cdesc) { Array($0.prefix(4)) }
        let letters = [(0, 0), (0, 1), (1, 0), (1, 1)].map { row, column -> Character in
            let colour = Int(libraw_COLOR(data, Int32(row), Int32(column)))
            return (0..<names.count).contains(colour) && names[colour] != 0 ? Character(UnicodeScalar(names[colour])) : "?"
        }
        return "Bayer " + String(letters)
    }

    /// The size of the embedded preview LibRaw chose (0.20 keeps one), if its size and length are
    /// plausible; nothing is unpacked yet (its kind is known only then: `libraw_unpack_thumb`).
    func preview() -> (width: Int, height: Int)? {
        let thumbnail = data.pointee.thumbnail
        let (width, height, length) = (Int(thumbnail.twidth), Int(thumbnail.theight), Int(thumbnail.tlength))
        guard length > 0, length <= fileSize, width > 0, height > 0,
              ImageLimits.problem(width: width, height: height) == nil else { return nil }
        return (width, height)
    }

    /// The preview's bytes, as LibRaw copied them out of the file (valid while this file lives).
    func unpackPreview() throws(Failure) -> UnsafeRawBufferPointer {
        try Self.check(libraw_unpack_thumb(data), cancellation: cancellation)
        let thumbnail = data.pointee.thumbnail
        guard let bytes = thumbnail.thumb, thumbnail.tlength > 0 else { throw Failure(reason: "cannot decode: RAW preview missing") }
        return UnsafeRawBufferPointer(start: bytes, count: Int(thumbnail.tlength))
    }

    /// Throws the failure a LibRaw status stands for; returns on success.
    static func check(_ status: Int32, cancellation: DecodeCancellation) throws(Failure) {
        guard status != LIBRAW_SUCCESS.rawValue else { return }
        if status == LIBRAW_CANCELLED_BY_CALLBACK.rawValue || cancellation.isCancelled { throw Failure.cancelled }
        switch status {
        case LIBRAW_UNSUFFICIENT_MEMORY.rawValue, LIBRAW_MEMPOOL_OVERFLOW.rawValue: throw PhotoMemory.outOfMemory
        case LIBRAW_FILE_UNSUPPORTED.rawValue: throw Failure(reason: "cannot decode: not a RAW file LibRaw reads")
        case LIBRAW_IO_ERROR.rawValue: throw Failure(reason: "cannot decode: truncated RAW data")
        case LIBRAW_TOO_BIG.rawValue: throw Failure(reason: "cannot decode: RAW image too big for LibRaw")
        default: throw Failure(reason: "cannot decode: " + String(cString: libraw_strerror(status)))
        }
    }
}
