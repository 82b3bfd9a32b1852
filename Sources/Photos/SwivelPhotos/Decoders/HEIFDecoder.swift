import CHeif
import SwivelCore
import SwivelPhotoCore

/// HEIC and HEIF through libheif (which hands HEVC to libde265; AVIF goes to libavif instead).
/// The size comes from the primary image's handle (its `ispe` property) before any pixel is
/// decoded; libheif applies the `irot`/`imir`/`clap` transforms while decoding, so the pixels
/// arrive upright. An ICC profile (`colr` of type prof/rICC) is converted to sRGB. PQ and HLG
/// (an `nclx` with transfer characteristics 16 or 18) are decoded to 16 bits a channel and
/// tone-mapped (`ToneMapping`), from the peak of their content light level (`clli`) if they have one.
///
/// libheif reads the file through a `heif_reader` over its descriptor (`DescriptorReader`), box by
/// box and item by item, never whole, after the `meta` box has been measured
/// (`HeldBoxes.check`). libheif 1.15 has no way to cancel a decode, and a read refused under it
/// aborts the process (assert(success) in Box_hvcC::parse and Box_iloc::read_data: met cancelling a
/// 4096² HEIC after each of its looks in turn), so its reads never look at the cancellation: a
/// cancelled decode stops between libheif's calls, and one image, a grid's tiles and all, is
/// decoded to the end (the app's decoder workers are killed instead). A grid's output size is
/// checked by libheif (`heif_context_set_maximum_image_size_limit`) before its pixels are allocated.
enum HEIFDecoder {
    static func decode(_ file: OpenFile, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        let format = formatName(try file.read(min(file.size, 4096)))
        try DecoderLibrary.heif.require(for: format)
        _ = initialised
        try HeldBoxes.check(file, format: format)
        guard let context = heif_context_alloc() else { throw Failure(reason: "cannot start libheif") }
        defer { heif_context_free(context) }
        // libheif's own size check (ispe, and a grid's output size while decoding: libheif 1.15
        // refuses a side at or over the limit, hence + 1).
        heif_context_set_maximum_image_size_limit(context, Int32(ImageLimits.maxSide + 1))
        // Tiles decoded one after another on this thread. (Decodes already run on several threads.)
        heif_context_set_max_decoding_threads(context, 0)
        let reader = DescriptorReader(file, cancellation: .never)
        let check: (heif_error) throws(Failure) -> Void = HEIFDecoder.check
        // The context reads through `reader` while it lives; both end with this call.
        return try withExtendedLifetime(reader) { () throws(Failure) -> DecodedImage in
            try check(heif_context_read_from_reader(context, fileReader, Unmanaged.passUnretained(reader).toOpaque(), nil))
            try cancellation.check()
            var handleOut: OpaquePointer?
            try check(primaryImageHandle(context, &handleOut))
            guard let handle = handleOut else { throw Failure(reason: "cannot decode: HEIF file has no primary image") }
            defer { heif_image_handle_release(handle) }
            return try decode(handle, format: format, target: target, cancellation: cancellation, check: check)
        }
    }

    /// The handle of the image a HEIF file shows, as `heif_context_get_primary_image_handle` gives
    /// one: the primary item's, unless that item is itself the thumbnail (`thmb`) of another
    /// image, in which case that image's. nokiatech's conformance file C005.heic makes its 128 × 72
    /// thumbnail (item 1005) primary; libheif then lists only the 1280 × 720 image it is the
    /// thumbnail of (1002) among the top-level images, and heif-convert shows that one.
    static func primaryImageHandle(_ context: OpaquePointer, _ handleOut: UnsafeMutablePointer<OpaquePointer?>) -> heif_error {
        let primary = heif_context_get_primary_image_handle(context, handleOut)
        var primaryID: heif_item_id = 0
        guard primary.code == heif_error_Ok, handleOut.pointee != nil,
              heif_context_get_primary_image_ID(context, &primaryID).code == heif_error_Ok,
              heif_context_is_top_level_image_ID(context, primaryID) == 0 else { return primary }
        func ids(count: Int32, _ list: (UnsafeMutablePointer<heif_item_id>, Int32) -> Int32) -> [heif_item_id] {
            guard count > 0 else { return [] }
            var ids = [heif_item_id](repeating: 0, count: Int(count))
            let filled = ids.withUnsafeMutableBufferPointer { list($0.baseAddress!, count) }
            return Array(ids.prefix(Int(max(0, min(filled, count)))))
        }
        let topLevel = ids(count: heif_context_get_number_of_top_level_images(context)) {
            heif_context_get_list_of_top_level_image_IDs(context, $0, $1)
        }
        for id in topLevel {
            var imageOut: OpaquePointer?
            guard heif_context_get_image_handle(context, id, &imageOut).code == heif_error_Ok, let image = imageOut else { continue }
            let thumbnails = ids(count: heif_image_handle_get_number_of_thumbnails(image)) {
                heif_image_handle_get_list_of_thumbnail_IDs(image, $0, $1)
            }
            if thumbnails.contains(primaryID) {
                heif_image_handle_release(handleOut.pointee)
                handleOut.pointee = image
                return primary
            }
            heif_image_handle_release(image)
        }
        return primary
    }

    /// Runs `body` with a context that has read `file`'s boxes (through a `DescriptorReader`, as
    /// a decode does: libheif opens no path), or with nil when libheif refused the file.
    static func withContext<T>(_ file: OpenFile, _ body: (OpaquePointer?) -> T) -> T {
        guard let context = heif_context_alloc() else { return body(nil) }
        defer { heif_context_free(context) }
        let reader = DescriptorReader(file, cancellation: .never)
        return withExtendedLifetime(reader) {
            let read = heif_context_read_from_reader(context, fileReader, Unmanaged.passUnretained(reader).toOpaque(), nil)
            return body(read.code == heif_error_Ok ? context : nil)
        }
    }

    /// libheif's reader over a `DescriptorReader` (its user data).
    private nonisolated(unsafe) static let fileReader: UnsafeMutablePointer<heif_reader> = {
        func source(_ userdata: UnsafeMutableRawPointer?) -> DescriptorReader {
            Unmanaged<DescriptorReader>.fromOpaque(userdata!).takeUnretainedValue()
        }
        let reader = UnsafeMutablePointer<heif_reader>.allocate(capacity: 1)
        reader.initialize(to: heif_reader(
            reader_api_version: 1,
            get_position: { Int64(source($0).position) },
            read: { data, size, userdata in
                let reader = source(userdata)
                // libheif also asks for no bytes (an empty string), maybe with no buffer.
                guard size == 0 || data.map({ reader.read(into: $0, count: size, at: reader.position) }) == true else {
                    return -1
                }
                reader.position += size
                return 0
            },
            seek: { position, userdata in
                source(userdata).position = Int(position)
                return 0
            },
            wait_for_file_size: { target, userdata in
                target <= Int64(source(userdata).file.size)
                    ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
            }))
        return reader
    }()

    private static func decode(_ handle: OpaquePointer, format: String, target: DecodeTarget,
                               cancellation: DecodeCancellation,
                               check: (heif_error) throws(Failure) -> Void) throws(Failure) -> DecodedImage {
        let storedWidth = Int(heif_image_handle_get_width(handle)), storedHeight = Int(heif_image_handle_get_height(handle))
        if let problem = ImageLimits.problem(width: storedWidth, height: storedHeight) { throw Failure(reason: problem) }

        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let codePoints = nclx(handle)
        let isHDR = codePoints.flatMap { ToneMapping.Transfer(cicp: $0.transfer) } != nil
        // HDR deeper than 8 bits comes as 16-bit samples (at the coded depth: 0…1023 for 10 bits),
        // so that the curve is applied to the signal as coded, not to 8-bit steps of it.
        let deep = isHDR && heif_image_handle_get_luma_bits_per_pixel(handle) > 8
        let chroma = deep ? (hasAlpha ? deepRGBA : deepRGB)
            : (hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB)
        var imageOut: OpaquePointer?
        // What libheif and its HEVC decoder make: the coded planes (up to 3 of 16-bit samples, and
        // alpha) and the interleaved output; asked for first, as a failed C++ allocation in a
        // plugin need not come back as an error.
        let decodedBytes = storedWidth * storedHeight * (8 + (hasAlpha ? 4 : 3) * (deep ? 2 : 1))
        try cancellation.check()
        try check(try PhotoMemory.reserving(decodedBytes) { heif_decode_image(handle, &imageOut, heif_colorspace_RGB, chroma, nil) })
        guard let image = imageOut else { throw Failure(reason: "cannot decode: libheif made no image") }
        defer { heif_image_release(image) }
        try cancellation.check()
        let decodedWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
        let decodedHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
        if let problem = ImageLimits.problem(width: decodedWidth, height: decodedHeight) {
            throw Failure(reason: "decoded to \(problem)")
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw Failure(reason: "cannot decode: libheif made no pixels")
        }
        if isHDR, let codePoints, let mapping = toneMapping(codePoints, image) {
            let channels = hasAlpha ? 4 : 3
            let maximum = (1 << min(16, max(1, Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved))))) - 1
            let pixels = try PhotoMemory.reserving(decodedWidth * decodedHeight * channels) { deep
                ? UnsafeRawPointer(plane).withMemoryRebound(to: UInt16.self, capacity: Int(stride) / 2 * decodedHeight) {
                    mapping.sRGBPixels($0, width: decodedWidth, height: decodedHeight, rowLength: Int(stride) / 2,
                                       channels: channels, maximum: maximum)
                }
                : mapping.sRGBPixels(plane, width: decodedWidth, height: decodedHeight, rowLength: Int(stride),
                                     channels: channels, maximum: min(maximum, 255)) }
            return try pixels.withUnsafeBufferPointer { buffer throws(Failure) in
                try CardPixels.make(Resampler.Source(pixels: buffer.baseAddress!, pitch: decodedWidth * channels,
                                                     width: decodedWidth, height: decodedHeight, hasAlpha: hasAlpha),
                                    orientation: .up, iccProfile: nil, format: format, target: target)
            }
        }
        return try CardPixels.make(Resampler.Source(pixels: plane, pitch: Int(stride), width: decodedWidth,
                                                    height: decodedHeight, hasAlpha: hasAlpha),
                                   orientation: .up, iccProfile: try iccProfile(handle, format: format),
                                   format: format, target: target)
    }

    #if _endian(little)
    private static let deepRGB = heif_chroma_interleaved_RRGGBB_LE, deepRGBA = heif_chroma_interleaved_RRGGBBAA_LE
    #else
    private static let deepRGB = heif_chroma_interleaved_RRGGBB_BE, deepRGBA = heif_chroma_interleaved_RRGGBBAA_BE
    #endif

    /// The primary image's colour as H.273 code points, if it is given as an `nclx` (alone, or
    /// beside an ICC profile).
    private static func nclx(_ handle: OpaquePointer) -> (primaries: Int, transfer: Int)? {
        var nclxOut: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclxOut).code == heif_error_Ok,
              let nclx = nclxOut else { return nil }
        defer { heif_nclx_color_profile_free(nclx) }
        return (Int(nclx.pointee.color_primaries.rawValue), Int(nclx.pointee.transfer_characteristics.rawValue))
    }

    /// The tone mapping for a PQ or HLG image, from its content light level's peak if it states one.
    private static func toneMapping(_ codePoints: (primaries: Int, transfer: Int), _ image: OpaquePointer) -> ToneMapping? {
        var peak: Double?
        if heif_image_has_content_light_level(image) != 0 {
            var level = heif_content_light_level()
            heif_image_get_content_light_level(image, &level)
            if level.max_content_light_level > 0 { peak = Double(level.max_content_light_level) }
        }
        return ToneMapping(cicpPrimaries: codePoints.primaries, transferCharacteristics: codePoints.transfer,
                           sourcePeak: peak)
    }

    /// What people call a HEIF file by its brands (ISO/IEC 23008-12 annex B, the AV1 image
    /// format): "AVIF" for AV1, "HEIC" for HEVC, "HEIF" for any other; the major brand decides,
    /// then the compatible ones when it is only the structural mif1/msf1/mif2.
    static func formatName(_ bytes: [UInt8]) -> String {
        func name(_ brand: String) -> String? {
            switch brand {
            case "avif", "avis": "AVIF"
            case "heic", "heix", "heim", "heis", "hevc", "hevx": "HEIC"
            default: nil
            }
        }
        guard bytes.count >= 12 else { return "HEIF" }
        func brand(at offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
        if let major = name(brand(at: 8)) { return major }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        for offset in stride(from: 16, to: min(bytes.count, boxSize) - 3, by: 4) {
            if let compatible = name(brand(at: offset)) { return compatible }
        }
        return "HEIF"
    }

    /// The primary image's ICC profile, if its colour is given as one; for an `nclx` colour with
    /// other primaries than BT.709/sRGB's and an SDR curve, an equivalent one
    /// (`ColorProfile.profile(cicpPrimaries:transferCharacteristics:)`).
    private static func iccProfile(_ handle: OpaquePointer, format: String) throws(Failure) -> [UInt8]? {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_nclx {
            guard let codePoints = nclx(handle),
                  ColorProfile.makesProfile(cicpPrimaries: codePoints.primaries,
                                            transferCharacteristics: codePoints.transfer) else { return nil }
            try DecoderLibrary.lcms2.require(for: format)   // lcms2 makes the profile
            return ColorProfile.profile(cicpPrimaries: codePoints.primaries, transferCharacteristics: codePoints.transfer)
        }
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0 else { return nil }
        var profile = try PhotoMemory.zeros(UInt8.self, count: size)
        guard heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok else { return nil }
        return profile
    }

    private static func check(_ error: heif_error) throws(Failure) {
        guard error.code != heif_error_Ok else { return }
        let text = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        // libheif files its security limits (an image over the size limit) under memory allocation
        // errors too: only the rest are out of memory.
        if error.code == heif_error_Memory_allocation_error && error.subcode != heif_suberror_Security_limit_exceeded {
            throw PhotoMemory.outOfMemory
        }
        // libheif's "Unexpected end of file" (an item's data reaching past the end of a cut file).
        if error.subcode == heif_suberror_End_of_data { throw Failure(reason: "cannot decode: truncated HEIF data (\(text))") }
        // libheif's refusal of a size over its limit (ours + 1), said in ImageLimits' words.
        if let (width, height) = oversize(text), let problem = ImageLimits.problem(width: width, height: height) {
            throw Failure(reason: problem)
        }
        throw Failure(reason: "cannot decode: \(text)")
    }

    /// The size in libheif 1.15's refusal of an image (or a grid's output) over its limit
    /// ("Security limit exceeded: Image size 24000x24000 exceeds the maximum image size
    /// 16385x16385"), if that is what `message` is.
    static func oversize(_ message: String) -> (Int, Int)? {
        let text = Array(message.utf8), marker = Array("Image size ".utf8)
        guard text.count > marker.count,
              let at = (0...(text.count - marker.count)).first(where: { text[$0..<($0 + marker.count)].elementsEqual(marker) }),
              let end = text[(at + marker.count)...].firstIndex(of: UInt8(ascii: " ")),
              text[end...].starts(with: " exceeds".utf8) else { return nil }
        let sides = text[(at + marker.count)..<end].split(separator: UInt8(ascii: "x"))
        guard sides.count == 2, let width = Int(String(decoding: sides[0], as: UTF8.self)),
              let height = Int(String(decoding: sides[1], as: UTF8.self)) else { return nil }
        return (width, height)
    }

    /// libheif's plugins (the HEVC and AV1 decoders) are loaded once, before any decode.
    static let initialised: Bool = {
        heif_init(nil).code == heif_error_Ok
    }()
}
