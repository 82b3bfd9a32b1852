import CJPEGReader
import Glibc
import SwivelCore
import SwivelPhotoCore

/// JPEG through libjpeg-turbo's libjpeg API (`swivel_jpeg_open`/`swivel_jpeg_decode`, in C, where
/// libjpeg's error longjmp lands), shrunk while decoding: the DCT is scaled to the smallest of
/// libjpeg's factors (1/8, 2/8, …, 8/8) whose result still covers the card's crop at its pixel
/// size, so a 12 MP photo for a 400 × 600 card decodes a quarter as many pixels in each direction
/// and the full-size image is never made. The file is read 64 KiB at a time as libjpeg asks for it,
/// never whole. Progressive, restart-marker, grayscale and CMYK/YCCK files are libjpeg's to read;
/// the CMYK is turned into RGB here, through the file's CMYK profile when it has one. A decode
/// whose cancellation is set stops at libjpeg's next row, scan row or read.
enum JPEGDecoder {
    /// TurboJPEG's `TJFLAG_LIMITSCANS` rule, kept: the decode stops at a progressive JPEG's 501st
    /// scan. A valid progressive file may repeat scans without end (each refines the same
    /// coefficients again), and a 1.8 MB one with thousands of scans kept a decode thread busy for
    /// over a minute. No camera's or editor's file comes near 500: libjpeg's default progressive
    /// script has 10 scans, jpegtran's and mozjpeg's optimised ones a few dozen; successive
    /// approximation itself allows at most 11 scans a coefficient band (Ah/Al up to 10 for 8-bit
    /// samples). The header is read only up to the first scan, so it needs no limit. The scans
    /// are counted from the bytes first (`checkScanCount`), so a file over the limit costs no
    /// decoding; libjpeg's own count stays as the backstop.
    static let maxScans: Int32 = 500
    static let scanLimitReason = "cannot decode: progressive JPEG with more than 500 scans"
    /// libjpeg's words when malloc failed: JERR_OUT_OF_MEMORY, "Insufficient memory (case N)"
    /// (jerror.h).
    static let outOfMemoryText = "Insufficient memory"
    /// libjpeg's memory limit: a progressive (or multi-scan) JPEG is decoded through a coefficient
    /// buffer of the whole image, 2 bytes a coefficient, 64 coefficients an 8 × 8 block, so 2 bytes
    /// a pixel for each full-resolution component: at most 4 of them (CMYK unsubsampled) for the
    /// largest image `ImageLimits` lets through, 8 bytes × 256 MP, with 64 MiB for the padding of
    /// blocks to whole MCUs and libjpeg's row buffers. (A 4:2:0 YCbCr file needs 2 × 1.5 = 3 bytes a
    /// pixel: 768 MB at 16000 × 16000.) libjpeg-turbo 2.1.5's jmemnobs.c holds that buffer to the
    /// limit and refuses a file that needs more ("Backing store not supported").
    static let maxMemory = ImageLimits.maxPixels * 8 + (64 << 20)
    /// The most ICC profile a JPEG may bring, its APP2 chunks together: 4 MiB. The format allows
    /// 255 chunks of 65519 bytes (ICC.1:2022, B.4), 16 MB; CMYK press profiles, the biggest kind a
    /// photo carries, are a few hundred KB to about 2 MB (Ghostscript's default_cmyk.icc: 187 KB).
    /// A bigger profile is dropped (the photo is shown as sRGB) and its chunks skipped unread.
    static let maxICCBytes = 4 << 20

    /// A DCT scaling factor: the image is decoded at `num`/`denom` of its size.
    struct ScalingFactor: Equatable {
        let num: Int32
        let denom: Int32
    }

    /// libjpeg-turbo's scaling factors up to 1 (TurboJPEG's tjGetScalingFactors, in its terms),
    /// largest first. libjpeg-turbo's IDCT scales by k/8 for k = 1…16 (jdmaster.c).
    static let scalingFactors = [(1, 1), (7, 8), (3, 4), (5, 8), (1, 2), (3, 8), (1, 4), (1, 8)]
        .map { ScalingFactor(num: $0.0, denom: $0.1) }

    /// `unresampledUpTo`: a `.fit` whose DCT scale covers the fitted size by at most this factor
    /// each way is given at that scale, RGBA straight from libjpeg, not area-averaged down to the
    /// fitted size (the full view draws it through a bilinear filter, which at 1/1.5 and above
    /// still reads every texel); `DecodedImage.original` gives the whole photo's size as ever.
    static func decode(_ file: OpenFile, target: DecodeTarget, unresampledUpTo: Double = 1,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try DecoderLibrary.jpeg.require(for: "JPEG")
        try checkScanCount(file, cancellation: cancellation)
        return try decode(target: target, unresampledUpTo: unresampledUpTo, cancellation: cancellation) { limits, reader, header in
            swivel_jpeg_open(file.descriptor, limits, reader, header)
        }
    }

    /// A JPEG held in memory (a camera RAW's embedded preview), turned upright by `orientation`
    /// (the RAW's; a preview's own EXIF, if any, is not read for it), else as `decode` a file.
    static func decode(memory: UnsafeRawBufferPointer, orientation: Orientation, format: String, target: DecodeTarget,
                       unresampledUpTo: Double = 1, cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try decode(target: target, unresampledUpTo: unresampledUpTo, cancellation: cancellation,
                   orientation: orientation, format: format) { limits, reader, header in
            swivel_jpeg_open_memory(memory.baseAddress?.assumingMemoryBound(to: UInt8.self), memory.count, limits, reader, header)
        }
    }

    private static func decode(
        target: DecodeTarget, unresampledUpTo: Double, cancellation: DecodeCancellation,
        orientation given: Orientation? = nil, format: String = "JPEG",
        open: (UnsafePointer<swivel_jpeg_limits>, UnsafeMutablePointer<OpaquePointer?>,
               UnsafeMutablePointer<swivel_jpeg_header>) -> swivel_jpeg_status
    ) throws(Failure) -> DecodedImage {
        try DecoderLibrary.jpeg.require(for: format)
        defer { withExtendedLifetime(cancellation) {} }
        var limits = swivel_jpeg_limits(
            max_memory: maxMemory, max_scans: maxScans, max_icc_bytes: maxICCBytes,
            is_cancelled: DecodeCancellation.cIsCancelled, cancel_context: cancellation.cContext)
        var header = swivel_jpeg_header()
        var reader: OpaquePointer?
        let opened = open(&limits, &reader, &header)
        defer { swivel_jpeg_close(reader) }
        guard opened == SWIVEL_JPEG_OK, let reader else {
            throw failure(opened, message: withUnsafeBytes(of: header.message) { text(of: $0) }, errno: header.read_errno)
        }
        let storedWidth = Int(header.width), storedHeight = Int(header.height)
        if let problem = ImageLimits.problem(width: storedWidth, height: storedHeight) {
            throw Failure(reason: problem)
        }
        var metadata = PhotoMetadata()
        metadata.exif = header.exif.map { Array(UnsafeBufferPointer(start: $0, count: header.exif_size)) }
        metadata.iccProfile = header.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: header.icc_profile_size)) }
        metadata.adobe = header.adobe != 0
        let orientation: Orientation
        if let given { orientation = given } else { orientation = try metadata.orientation(format: "JPEG") }
        let needed = CardPixels.storedTarget(target, storedWidth: storedWidth, storedHeight: storedHeight,
                                             orientation: orientation)
        let factor = scale(width: storedWidth, height: storedHeight, target: needed)
        let scaledWidth = Int(scaled(Int32(storedWidth), factor)), scaledHeight = Int(scaled(Int32(storedHeight), factor))

        let cmyk = header.cmyk != 0
        let channels = cmyk ? 4 : 3
        let uprightScaled = orientation.swapsSides ? (scaledHeight, scaledWidth) : (scaledWidth, scaledHeight)
        let uprightStored = orientation.swapsSides ? (storedHeight, storedWidth) : (storedWidth, storedHeight)
        // The full view at full resolution, upright as stored, or at a DCT scale near enough the
        // fitted size to be drawn as it is: decoded into the last three quarters of its RGBA
        // buffer and widened in place (one photo's RGBA, not RGB and RGBA), not resampled.
        let full = (scaledWidth, scaledHeight) == (storedWidth, storedHeight) && orientation == .up
        if case .fit = target, !cmyk,
           full || Self.drawsUnresampled(uprightScaled, fitted: target.outputSize(upright: uprightStored), upTo: unresampledUpTo) {
            let count = scaledWidth * scaledHeight
            var pixels = try PhotoMemory.zeros(UInt8.self, count: count * 4)
            var message = [CChar](repeating: 0, count: 200)
            let status = pixels.withUnsafeMutableBufferPointer { buffer in
                swivel_jpeg_decode(reader, UInt32(factor.num), UInt32(factor.denom), buffer.baseAddress! + count,
                                   UInt32(scaledWidth), UInt32(scaledHeight), &message)
            }
            guard status == SWIVEL_JPEG_OK else {
                throw failure(status, message: message.withUnsafeBytes { text(of: $0) }, errno: 0)
            }
            pixels.withUnsafeMutableBufferPointer { PixelCopy.expandRGBInPlace($0, count: count) }
            var image = try CardPixels.converted(&pixels, width: scaledWidth, height: scaledHeight,
                                                 iccProfile: metadata.iccProfile, format: format)
            if !full {
                image = DecodedImage(width: uprightScaled.0, height: uprightScaled.1,
                                     pixels: orientation.upright(image.pixels, width: scaledWidth, height: scaledHeight),
                                     original: uprightStored)
            }
            return image
        }
        var pixels = try PhotoMemory.zeros(UInt8.self, count: scaledWidth * scaledHeight * channels)
        var message = [CChar](repeating: 0, count: 200)
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            swivel_jpeg_decode(reader, UInt32(factor.num), UInt32(factor.denom), buffer.baseAddress,
                               UInt32(scaledWidth), UInt32(scaledHeight), &message)
        }
        guard status == SWIVEL_JPEG_OK else {
            throw failure(status, message: message.withUnsafeBytes { text(of: $0) }, errno: 0)
        }
        if cmyk {
            // Through the file's own CMYK profile (a press profile: its inks are not the naive
            // ones below), else the naive formula.
            if metadata.iccProfile != nil { try DecoderLibrary.lcms2.require(for: format) }
            pixels = try PhotoMemory.reserving(scaledWidth * scaledHeight * 3) {
                let profiled = metadata.iccProfile.flatMap { profile in
                    pixels.withUnsafeBufferPointer { ColorProfile.rgb(fromCMYK: $0, inverted: metadata.adobe, iccProfile: profile) }
                }
                return profiled ?? rgb(fromCMYK: pixels, inverted: metadata.adobe)
            }
        }
        return try pixels.withUnsafeBufferPointer { buffer throws(Failure) in
            try CardPixels.make(Resampler.Source(pixels: buffer.baseAddress!, pitch: scaledWidth * 3, width: scaledWidth,
                                                 height: scaledHeight, hasAlpha: false),
                                orientation: orientation, iccProfile: cmyk ? nil : metadata.iccProfile,
                                format: format, target: target,
                                imageSize: (storedWidth, storedHeight))
        }
    }

    /// Whether a decode of `scaled` pixels (upright) is drawn as it is for a fit of `fitted`: it
    /// covers it, by at most `factor` each way.
    static func drawsUnresampled(_ scaled: (Int, Int), fitted: (width: Int, height: Int), upTo factor: Double) -> Bool {
        factor > 1 && scaled.0 >= fitted.width && scaled.1 >= fitted.height
            && Double(scaled.0) <= Double(fitted.width) * factor && Double(scaled.1) <= Double(fitted.height) * factor
    }

    /// The line for a read that did not end in pixels.
    static func failure(_ status: swivel_jpeg_status, message: String, errno code: Int32) -> Failure {
        switch status {
        case SWIVEL_JPEG_CANCELLED: return .cancelled
        case SWIVEL_JPEG_SCAN_LIMIT: return Failure(reason: scanLimitReason)
        // libjpeg fills what the file lacks with grey and calls it a warning: a cut file is refused,
        // and an error that followed the end of the file is the cut's.
        case SWIVEL_JPEG_TRUNCATED:
            return Failure(reason: message.isEmpty ? "cannot decode: truncated JPEG data"
                                                   : "cannot decode: truncated JPEG data (\(message))")
        case SWIVEL_JPEG_READ_ERROR: return Failure(reason: "cannot read: \(String(cString: strerror(code)))")
        case SWIVEL_JPEG_OUT_OF_MEMORY: return PhotoMemory.outOfMemory
        case _ where message.utf8.containsSequence(outOfMemoryText.utf8): return PhotoMemory.outOfMemory
        default: return Failure(reason: "cannot decode: \(message.isEmpty ? "unknown libjpeg error" : message)")
        }
    }

    /// The NUL-terminated text at the start of `bytes`.
    private static func text(of bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The smallest scaling factor (at most 1) at which the aspect-fill crop of a `width` ×
    /// `height` image still has at least `target`'s pixels each way; 1 when even that is short.
    static func scale(width: Int, height: Int, target: (width: Int, height: Int)) -> ScalingFactor {
        let crop = AspectFill.crop(source: Size(Double(width), Double(height)),
                                   target: Size(Double(target.width), Double(target.height)))
        var best = ScalingFactor(num: 1, denom: 1)
        for factor in scalingFactors {
            let ratio = Double(factor.num) / Double(factor.denom)
            // The scaled image is rounded up (jdmaster.c: jdiv_round_up); the crop scales with it.
            let across = Double(scaled(Int32(width), factor)) / Double(width) * crop.width
            let down = Double(scaled(Int32(height), factor)) / Double(height) * crop.height
            guard across >= Double(target.width) - 1e-9, down >= Double(target.height) - 1e-9 else { continue }
            if ratio < Double(best.num) / Double(best.denom) { best = factor }
        }
        return best
    }

    /// A side scaled by a factor, rounded up (libjpeg's output_width, TurboJPEG's TJSCALED).
    static func scaled(_ side: Int32, _ factor: ScalingFactor) -> Int32 {
        (side * factor.num + factor.denom - 1) / factor.denom
    }

    /// CMYK (4 bytes a pixel) to RGB (3): each colour is what its ink and the black leave of the
    /// paper. Adobe's files store the inks inverted (255 = no ink).
    static func rgb(fromCMYK cmyk: [UInt8], inverted: Bool) -> [UInt8] {
        let count = cmyk.count / 4
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, filled in
            for i in 0..<count {
                var c = Int(cmyk[i * 4]), m = Int(cmyk[i * 4 + 1]), y = Int(cmyk[i * 4 + 2]), k = Int(cmyk[i * 4 + 3])
                if !inverted { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
                out[i * 3] = UInt8((c * k + 127) / 255)
                out[i * 3 + 1] = UInt8((m * k + 127) / 255)
                out[i * 3 + 2] = UInt8((y * k + 127) / 255)
            }
            filled = count * 3
        }
    }
}
