import CAVIF
import SwivelCore
import SwivelPhotoCore

/// AVIF through libavif (AV1 by dav1d or libaom underneath): still images (`avif`) and image
/// sequences (`avis`, of which the first frame is shown), with their alpha.
///
/// The size comes from the container (`ispe`, or the track's header) when libavif has parsed it,
/// before any AV1 data is decoded; libavif's own limits (`imageSizeLimit`, `imageDimensionLimit`,
/// which it also hands to dav1d) are set to `ImageLimits` too. libavif leaves the transforms to its
/// caller: `clap` is cropped here, and `irot`/`imir` become the card's orientation. Colour: PQ and
/// HLG (transfer characteristics 16 and 18) are decoded to 16 bits a channel and tone-mapped
/// (`ToneMapping`); otherwise an ICC profile, or code points with other primaries than sRGB's, are
/// converted to sRGB.
///
/// What libavif 0.11 refuses and libheif reads is decoded by libheif instead (`viaLibheif`; the
/// format table's fallback).
///
/// Strict checks are off, as in libheif: files from libheif 1.11 and older have no `pixi`, files
/// from cavif with avif-serialize 0.7.3 and older no `ispe` on their alpha, and an invalid `clap`
/// is better ignored than the photo refused.
///
/// libavif reads the file through an avifIO over its descriptor (`DescriptorReader`), never
/// whole, after the `meta` and `moov` boxes, which it reads whole, have been measured
/// (`HeldBoxes.check`). libavif 0.11 cannot cancel inside avifDecoderNextImage: a
/// cancelled decode stops before it, in it only before its tiles' data are read, and after it.
///
/// Thread safety: every call has its own avifDecoder (libavif keeps no global state beyond its
/// constant tables), decoding on the calling thread (maxThreads 1).
enum AVIFDecoder {
    static func decode(_ file: OpenFile, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try DecoderLibrary.avif.require(for: "AVIF")
        try HeldBoxes.check(file, format: "AVIF")
        let reader = DescriptorReader(file, cancellation: cancellation)
        // The decoder reads the file through `io` (freed here after the decoder: libavif 0.11
        // destroys an avifIO only through its `destroy`, which this one leaves unset).
        let io = UnsafeMutablePointer<avifIO>.allocate(capacity: 1)
        io.initialize(to: avifIO(destroy: nil, read: readBlock, write: nil, sizeHint: UInt64(file.size),
                                 persistent: AVIF_FALSE, data: Unmanaged.passUnretained(reader).toOpaque()))
        defer { io.deallocate() }
        guard let decoder = avifDecoderCreate() else { throw Failure(reason: "cannot start libavif") }
        defer { avifDecoderDestroy(decoder) }
        decoder.pointee.maxThreads = 1
        decoder.pointee.strictFlags = avifStrictFlags(AVIF_STRICT_DISABLED.rawValue)
        decoder.pointee.imageSizeLimit = UInt32(ImageLimits.maxPixels)
        decoder.pointee.imageDimensionLimit = UInt32(ImageLimits.maxSide)
        decoder.pointee.ignoreExif = AVIF_TRUE   // orientation is irot/imir's (HEIF, ISO/IEC 23008-12 6.5.10)
        decoder.pointee.ignoreXMP = AVIF_TRUE
        func check(_ result: avifResult) throws(Failure) {
            if reader.wasCancelled { throw Failure.cancelled }
            try AVIFDecoder.check(result, decoder)
        }
        return try withExtendedLifetime(reader) { () throws(Failure) -> DecodedImage in
            avifDecoderSetIO(decoder, io)
            let parse = avifDecoderParse(decoder)
            if reader.wasCancelled { throw Failure.cancelled }
            // libavif refuses sizes over its limits (ours) while parsing: said in ImageLimits' words.
            if parse != AVIF_RESULT_OK, let (w, h) = oversize(diagnostic(decoder)),
               let problem = ImageLimits.problem(width: w, height: h) {
                throw Failure(reason: problem)
            }
            if parse == AVIF_RESULT_BMFF_PARSE_FAILED, let image = try viaLibheif(file, target: target, cancellation: cancellation) {
                return image
            }
            try check(parse)
            guard let parsed = decoder.pointee.image else { throw Failure(reason: "cannot decode: AVIF file has no image") }
            if let problem = ImageLimits.problem(width: Int(parsed.pointee.width), height: Int(parsed.pointee.height)) {
                throw Failure(reason: problem)
            }
            try cancellation.check()
            // The first frame. Its tiles' coded data are read (through `reader`, which refuses once
            // cancelled) before any is decoded; the AV1 decode itself has no stopping point.
            // libavif 0.11 aborts the process when its malloc fails (avifAlloc), so the planes it
            // and dav1d make (up to 4 planes of 16-bit samples) are asked for first.
            let planes = (try? PhotoMemory.byteCount(Int(parsed.pointee.width) * Int(parsed.pointee.height) * 4,
                                                     of: UInt16.self)) ?? .max
            // libavif 0.11 scales a frame whose coded size is not its container's (`ispe`, a
            // track's header) to that size (avifImageScale, in avifDecoderNextImage): a 640 × 360
            // frame under an ispe of 16000² became 2.3 GB of planes. MIAF requires them equal, so
            // such a file is refused: the scale's dimension limit, which after the parse only the
            // scale reads (dav1d is given the size limit), is set below the size the file claims.
            let claimed = (width: Int(parsed.pointee.width), height: Int(parsed.pointee.height))
            decoder.pointee.imageDimensionLimit = UInt32(max(claimed.width, claimed.height) - 1)
            let next = try PhotoMemory.reserving(planes) { avifDecoderNextImage(decoder) }
            if next != AVIF_RESULT_OK, diagnostic(decoder).utf8.containsSequence("avifImageScale".utf8) {
                throw Failure(reason: "cannot decode: AVIF image data is not the \(claimed.width)×\(claimed.height) px its header says")
            }
            try check(next)
            try cancellation.check()
            guard let image = decoder.pointee.image else { throw Failure(reason: "cannot decode: AVIF file has no image") }
            do throws(Failure) {
                return try card(image, diagnostics: &decoder.pointee.diag, target: target, cancellation: cancellation)
            } catch where error.reason == unconvertible {
                if let image = try viaLibheif(file, target: target, cancellation: cancellation) { return image }
                throw error
            }
        }
    }

    /// The file decoded by libheif (1.15, with its own AV1 decoder) instead, where libavif 0.11
    /// cannot read what libheif can: a `meta` with more than one `ipma` box (libavif refuses
    /// the file while parsing, "BMFF parsing failed", even with its strict checks off), and YUV
    /// whose matrix coefficients it cannot convert to RGB (10, BT.2020 constant luminance:
    /// "Reformat failed"). Nil when libheif is not installed or refuses the file too: the caller
    /// then gives libavif's reason. A cancel or a lack of memory is thrown, not taken for a refusal.
    private static func viaLibheif(_ file: OpenFile, target: DecodeTarget,
                                   cancellation: DecodeCancellation) throws(Failure) -> DecodedImage? {
        guard DecoderLibrary.heif.isAvailable else { return nil }
        do {
            return try HEIFDecoder.decode(file, target: target, cancellation: cancellation)
        } catch {
            if error.cancelled || error.transient { throw error }
            return nil
        }
    }

    /// libavif's reason when it cannot convert an image's YUV to RGB (its matrix coefficients).
    private static let unconvertible = "cannot decode: " + text(AVIF_RESULT_REFORMAT_FAILED)

    /// libavif's read over a `DescriptorReader` (the avifIO's data): the bytes from `offset`, up to
    /// the end of the file, in the reader's block (valid until the next read, as avifIO asks).
    /// Runs `body` with a new decoder reading `file` through a `DescriptorReader`, as a decode
    /// does (libavif opens no path), for metadata reads that set their own flags before they
    /// parse; nil without libavif. The decoder is destroyed before its avifIO is freed.
    static func withDecoder<T>(_ file: OpenFile, _ body: (UnsafeMutablePointer<avifDecoder>) -> T) -> T? {
        guard DecoderLibrary.avif.isAvailable else { return nil }
        let reader = DescriptorReader(file, cancellation: .never)
        let io = UnsafeMutablePointer<avifIO>.allocate(capacity: 1)
        io.initialize(to: avifIO(destroy: nil, read: readBlock, write: nil, sizeHint: UInt64(file.size),
                                 persistent: AVIF_FALSE, data: Unmanaged.passUnretained(reader).toOpaque()))
        defer { io.deallocate() }
        guard let decoder = avifDecoderCreate() else { return nil }
        defer { avifDecoderDestroy(decoder) }
        return withExtendedLifetime(reader) {
            avifDecoderSetIO(decoder, io)
            return body(decoder)
        }
    }

    private static let readBlock: avifIOReadFunc = { io, _, offset, size, out in
        guard let io, let out, let data = io.pointee.data else { return AVIF_RESULT_IO_ERROR }
        let reader = Unmanaged<DescriptorReader>.fromOpaque(data).takeUnretainedValue()
        guard offset <= UInt64(reader.file.size) else { return AVIF_RESULT_IO_ERROR }
        let count = min(size, reader.file.size - Int(offset))
        guard let block = reader.block(count: count, at: Int(offset)) else { return AVIF_RESULT_IO_ERROR }
        out.pointee.data = block.assumingMemoryBound(to: UInt8.self)
        out.pointee.size = count
        return AVIF_RESULT_OK
    }

    /// The decoded `image` on a card.
    private static func card(_ image: UnsafeMutablePointer<avifImage>, diagnostics: inout avifDiagnostics,
                             target: DecodeTarget, cancellation: DecodeCancellation) throws(Failure) -> DecodedImage {
        let decodedWidth = Int(image.pointee.width), decodedHeight = Int(image.pointee.height)
        if let problem = ImageLimits.problem(width: decodedWidth, height: decodedHeight) {
            throw Failure(reason: "decoded to \(problem)")
        }
        let hasAlpha = image.pointee.alphaPlane != nil
        let channels = hasAlpha ? 4 : 3
        let crop = cleanAperture(image, diagnostics: &diagnostics)
        let orientation = orientation(image)
        let toneMapping = ToneMapping(cicpPrimaries: Int(image.pointee.colorPrimaries),
                                      transferCharacteristics: Int(image.pointee.transferCharacteristics))

        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = hasAlpha ? AVIF_RGB_FORMAT_RGBA : AVIF_RGB_FORMAT_RGB
        if let toneMapping {
            // 16 bits a channel, so that the curve is applied to the signal as coded, not to 8-bit steps of it.
            rgb.depth = 16
            rgb.rowBytes = UInt32(decodedWidth * channels * 2)
            var samples = try PhotoMemory.zeros(UInt16.self, count: decodedWidth * decodedHeight * channels)
            try check(samples.withUnsafeMutableBytes { buffer in
                rgb.pixels = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
                return avifImageYUVToRGB(image, &rgb)
            })
            try cancellation.check()
            let rowLength = decodedWidth * channels
            let pixels = try PhotoMemory.reserving(crop.width * crop.height * channels) { samples.withUnsafeBufferPointer { buffer in
                toneMapping.sRGBPixels(buffer.baseAddress! + crop.y * rowLength + crop.x * channels,
                                       width: crop.width, height: crop.height, rowLength: rowLength,
                                       channels: channels, maximum: 65535)
            } }
            return try pixels.withUnsafeBufferPointer { buffer throws(Failure) in
                try CardPixels.make(Resampler.Source(pixels: buffer.baseAddress!, pitch: crop.width * channels,
                                                     width: crop.width, height: crop.height, hasAlpha: hasAlpha),
                                    orientation: orientation, iccProfile: nil, format: "AVIF", target: target)
            }
        }
        rgb.depth = 8
        let pitch = decodedWidth * channels
        rgb.rowBytes = UInt32(pitch)
        var pixels = try PhotoMemory.zeros(UInt8.self, count: pitch * decodedHeight)
        try check(pixels.withUnsafeMutableBufferPointer { buffer in
            rgb.pixels = buffer.baseAddress
            return avifImageYUVToRGB(image, &rgb)
        })
        try cancellation.check()
        let profile = try iccProfile(image)
        return try pixels.withUnsafeBufferPointer { buffer throws(Failure) in
            try CardPixels.make(Resampler.Source(pixels: buffer.baseAddress! + crop.y * pitch + crop.x * channels, pitch: pitch,
                                                 width: crop.width, height: crop.height, hasAlpha: hasAlpha),
                                orientation: orientation, iccProfile: profile, format: "AVIF", target: target)
        }
    }

    /// Throws the outcome of YUV (and alpha) to RGB(A) unless it succeeded.
    private static func check(_ conversion: avifResult) throws(Failure) {
        if conversion == AVIF_RESULT_OUT_OF_MEMORY { throw PhotoMemory.outOfMemory }
        guard conversion == AVIF_RESULT_OK else { throw Failure(reason: "cannot decode: \(text(conversion))") }
    }

    /// The part of the image its `clap` box keeps, or the whole image (no box, or one that does not
    /// make a crop inside the image).
    static func cleanAperture(_ image: UnsafeMutablePointer<avifImage>, diagnostics: inout avifDiagnostics)
        -> (x: Int, y: Int, width: Int, height: Int) {
        let whole = (x: 0, y: 0, width: Int(image.pointee.width), height: Int(image.pointee.height))
        guard image.pointee.transformFlags & avifTransformFlags(AVIF_TRANSFORM_CLAP.rawValue) != 0 else { return whole }
        var rect = avifCropRect()
        // The crop is made here on the RGB pixels, after the conversion: libavif's rule that a
        // subsampled image's crop starts on an even row and column (for cropping its chroma
        // planes in place: "crop rect X offset and width must both be even") is not this one's,
        // so the rectangle is asked for as if the image were 4:4:4. libheif crops the same way.
        guard avifCropRectConvertCleanApertureBox(&rect, &image.pointee.clap, image.pointee.width, image.pointee.height,
                                                  AVIF_PIXEL_FORMAT_YUV444, &diagnostics) == AVIF_TRUE,
              rect.width > 0, rect.height > 0,
              UInt64(rect.x) + UInt64(rect.width) <= UInt64(whole.width),
              UInt64(rect.y) + UInt64(rect.height) <= UInt64(whole.height) else { return whole }
        return (Int(rect.x), Int(rect.y), Int(rect.width), Int(rect.height))
    }

    /// `irot` (anticlockwise quarter turns) then `imir` (mode 0: top and bottom exchanged, 1: left
    /// and right), the order MIAF (ISO/IEC 23000-22, 7.3.6.7) requires, as one EXIF orientation.
    static func orientation(_ image: UnsafeMutablePointer<avifImage>) -> Orientation {
        let flags = image.pointee.transformFlags
        let turns = flags & avifTransformFlags(AVIF_TRANSFORM_IROT.rawValue) != 0 ? Int(image.pointee.irot.angle & 3) : 0
        let mirror = flags & avifTransformFlags(AVIF_TRANSFORM_IMIR.rawValue) != 0 ? Int(image.pointee.imir.mode & 1) : nil
        return orientation(anticlockwiseTurns: turns, mirror: mirror)
    }

    /// The EXIF orientation that turns the stored image `anticlockwiseTurns` quarter turns and then
    /// mirrors it (`mirror` 0: top to bottom, 1: left to right, nil: not at all).
    static func orientation(anticlockwiseTurns: Int, mirror: Int?) -> Orientation {
        switch (anticlockwiseTurns, mirror) {
        case (0, nil): .up
        case (1, nil): .left
        case (2, nil): .down
        case (3, nil): .right
        case (0, 0), (2, 1): .flipped
        case (0, _), (2, _): .mirrored
        case (1, 0), (3, 1): .transposed
        default: .transverse   // (1, 1), (3, 0)
        }
    }

    /// The image's ICC profile, or one made from its code points for other primaries than sRGB's
    /// (the AV1 colour config, or the container's `nclx`).
    private static func iccProfile(_ image: UnsafeMutablePointer<avifImage>) throws(Failure) -> [UInt8]? {
        let icc = image.pointee.icc
        if icc.size > 0, let data = icc.data {
            return Array(UnsafeBufferPointer(start: data, count: icc.size))
        }
        let (primaries, transfer) = (Int(image.pointee.colorPrimaries), Int(image.pointee.transferCharacteristics))
        guard ColorProfile.makesProfile(cicpPrimaries: primaries, transferCharacteristics: transfer) else { return nil }
        try DecoderLibrary.lcms2.require(for: "AVIF")   // lcms2 makes the profile
        return ColorProfile.profile(cicpPrimaries: primaries, transferCharacteristics: transfer)
    }

    private static func check(_ result: avifResult, _ decoder: UnsafeMutablePointer<avifDecoder>) throws(Failure) {
        guard result != AVIF_RESULT_OK else { return }
        if result == AVIF_RESULT_OUT_OF_MEMORY { throw PhotoMemory.outOfMemory }
        let detail = diagnostic(decoder)
        if result == AVIF_RESULT_TRUNCATED_DATA {
            throw Failure(reason: "cannot decode: truncated AVIF data" + (detail.isEmpty ? "" : " (\(detail))"))
        }
        throw Failure(reason: "cannot decode: \(text(result))" + (detail.isEmpty ? "" : " (\(detail))"))
    }

    /// libavif's detailed message about its last error ("" if none).
    private static func diagnostic(_ decoder: UnsafeMutablePointer<avifDecoder>) -> String {
        withUnsafeBytes(of: decoder.pointee.diag.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The size in libavif 0.11's refusal of an image over its limits ("Item ID [1] dimensions are
    /// too large [20000x2]", or for a grid's output size "Grid box dimensions are too large:
    /// [24000 x 24000]"), if that is what `message` is.
    static func oversize(_ message: String) -> (Int, Int)? {
        let text = Array(message.utf8), marker = Array("dimensions are too large".utf8)
        guard text.count > marker.count,
              let at = (0...(text.count - marker.count)).first(where: { text[$0..<($0 + marker.count)].elementsEqual(marker) }),
              let open = text[(at + marker.count)...].firstIndex(of: UInt8(ascii: "[")),
              text[(at + marker.count)..<open].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ":") }),
              let end = text[open...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
        let sides = text[(open + 1)..<end].split(separator: UInt8(ascii: "x"))
            .map { String(decoding: $0, as: UTF8.self).filter { $0 != " " } }
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else { return nil }
        return (width, height)
    }

    private static func text(_ result: avifResult) -> String {
        avifResultToString(result).map { String(cString: $0) } ?? "libavif error \(result.rawValue)"
    }
}
