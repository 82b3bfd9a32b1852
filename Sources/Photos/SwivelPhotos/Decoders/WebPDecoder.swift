import CWebP
import SwivelCore
import SwivelPhotoCore

/// WebP through libwebp: lossy, lossless, with alpha, extended (VP8X) files with ICC and EXIF
/// chunks, and animations, of which the first frame is shown composed on its canvas.
///
/// libwebp's demuxer reads the container first (chunk headers only): a file it finds cut short is
/// refused as truncated before anything is decoded, the canvas size is checked against the limits
/// (as `ImageHeader` did from the first bytes), and the `ICCP` and `EXIF` chunks are taken from it,
/// each once (the demuxer keeps them only when the VP8X flags announce them, as the WebP container
/// specification says). A still image is decoded with `WebPDecode`; an animation's first frame
/// by `WebPAnimDecoder`, which composes it on a transparent canvas (the background colour in the
/// ANIM chunk is only a hint, which libwebp and browsers leave undrawn). The EXIF orientation
/// turns either upright.
///
/// Thread safety: every call makes its own demuxer and decoder objects; libwebp's shared state is
/// its tables of CPU-specific functions, which it fills under a mutex when built with threads (as
/// Debian's is; SDL2_image has called it from the decode threads the same way).
enum WebPDecoder {
    static func decode(_ bytes: [UInt8], width: Int, height: Int) throws(Failure) -> DecodedImage {
        try DecoderLibrary.webp.require(for: "WebP")
        try DecoderLibrary.webpDemux.require(for: "WebP")
        let outcome: Result<DecodedImage, Failure> = bytes.withUnsafeBufferPointer { file in
            do throws(Failure) {
                return .success(try decode(file, width: width, height: height))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private static func decode(_ file: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(Failure) -> DecodedImage {
        var data = WebPData(bytes: file.baseAddress, size: file.count)
        var state = WEBP_DEMUX_PARSING_HEADER
        guard let demuxer = WebPDemuxPartial(&data, &state) else {
            throw state == WEBP_DEMUX_PARSING_HEADER ? truncated : Failure(reason: "cannot decode: malformed WEBP container")
        }
        defer { WebPDemuxDelete(demuxer) }
        // Anything short of the whole file parsed: the RIFF size or a chunk runs past the end.
        guard state == WEBP_DEMUX_DONE else { throw truncated }
        let canvas = (width: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)),
                      height: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT)))
        if let problem = ImageLimits.problem(width: canvas.width, height: canvas.height) { throw Failure(reason: problem) }
        let iccProfile = chunk("ICCP", of: demuxer)
        let orientation = chunk("EXIF", of: demuxer).map(EXIF.orientation) ?? .up
        let animated = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS) & ANIMATION_FLAG.rawValue != 0

        if animated {
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw Failure(reason: "cannot start libwebp") }
            options.color_mode = MODE_RGBA   // straight alpha: the resampler multiplies it in
            options.use_threads = 0          // decodes already run on several threads
            // It callocs the canvas and the previous frame's copy, and says only NULL when that fails.
            guard let decoder = try PhotoMemory.reserving(canvas.width * canvas.height * 8, { WebPAnimDecoderNew(&data, &options) }) else {
                throw Failure(reason: "cannot decode: malformed WEBP animation")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
                  Int(info.canvas_width) == canvas.width, Int(info.canvas_height) == canvas.height else {
                throw Failure(reason: "cannot decode: malformed WEBP animation")
            }
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                throw Failure(reason: "cannot decode: malformed WEBP animation frame")
            }
            return try CardPixels.make(Resampler.Source(pixels: frame, pitch: canvas.width * 4, width: canvas.width,
                                                    height: canvas.height, hasAlpha: true),
                                   orientation: orientation, iccProfile: iccProfile, format: "WebP", width: width, height: height)
        }

        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw Failure(reason: "cannot start libwebp") }
        defer { WebPFreeDecBuffer(&config.output) }
        try check(WebPGetFeatures(file.baseAddress, file.count, &config.input))
        let hasAlpha = config.input.has_alpha != 0
        config.output.colorspace = hasAlpha ? MODE_RGBA : MODE_RGB
        config.options.use_threads = 0
        try check(WebPDecode(file.baseAddress, file.count, &config))
        let (decodedWidth, decodedHeight) = (Int(config.output.width), Int(config.output.height))
        if let problem = ImageLimits.problem(width: decodedWidth, height: decodedHeight) {
            throw Failure(reason: "decoded to \(problem)")
        }
        let output = config.output.u.RGBA
        guard let pixels = output.rgba else { throw Failure(reason: "cannot decode: libwebp made no pixels") }
        return try CardPixels.make(Resampler.Source(pixels: pixels, pitch: Int(output.stride), width: decodedWidth,
                                                height: decodedHeight, hasAlpha: hasAlpha),
                               orientation: orientation, iccProfile: iccProfile, format: "WebP", width: width, height: height)
    }

    private static let truncated = Failure(reason: "cannot decode: truncated WEBP data")

    /// The first chunk of `fourCC` the demuxer kept, or nil.
    private static func chunk(_ fourCC: String, of demuxer: OpaquePointer) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        guard WebPDemuxGetChunk(demuxer, fourCC, 1, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard let bytes = iterator.chunk.bytes, iterator.chunk.size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: iterator.chunk.size))
    }

    private static func check(_ status: VP8StatusCode) throws(Failure) {
        switch status {
        case VP8_STATUS_OK: return
        case VP8_STATUS_NOT_ENOUGH_DATA: throw truncated
        case VP8_STATUS_BITSTREAM_ERROR: throw Failure(reason: "cannot decode: malformed WEBP data")
        case VP8_STATUS_UNSUPPORTED_FEATURE: throw Failure(reason: "cannot decode: unsupported WEBP feature")
        case VP8_STATUS_OUT_OF_MEMORY: throw PhotoMemory.outOfMemory
        default: throw Failure(reason: "cannot decode: libwebp stopped with status \(status.rawValue)")
        }
    }
}
