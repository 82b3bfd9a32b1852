import CWebP
import Glibc
import SwivelCore
import SwivelPhotoCore

/// WebP through libwebp: lossy, lossless, with alpha, extended (VP8X) files with ICC and EXIF
/// chunks, and animations, of which the first frame is shown composed on its canvas.
///
/// The container is walked here from its chunk headers, read from the file with pread (the file
/// is never read whole): a file cut short is refused as truncated before anything is decoded, the
/// canvas size is checked against the limits (as `ImageHeader` did from the first bytes), and the
/// `ICCP` and `EXIF` chunks are read, each once, when the VP8X flags announce them (as the WebP
/// container specification says, and libwebp's demuxer did), up to their limits. The image chunks
/// alone (ALPH and VP8, or VP8L) go to libwebp's incremental decoder a MiB at a time, with a check
/// for cancellation between. An animation shows its first frame composed on a transparent canvas
/// as libwebp's WebPAnimDecoder does it (the background colour in the ANIM chunk is only a hint,
/// which libwebp and browsers leave undrawn). The EXIF orientation turns either upright.
///
/// Thread safety: every call makes its own decoder objects; libwebp's shared state is its tables
/// of CPU-specific functions, which it fills under a mutex when built with threads (as Debian's
/// is; SDL2_image has called it from the decode threads the same way).
enum WebPDecoder {
    /// An `EXIF` chunk is read up to this size, and skipped (no orientation) beyond it: EXIF as
    /// cameras write it fits JPEG's APP1 segment, whose length field stops at 64 KiB.
    static let maxEXIFBytes = 64 << 10
    /// An `ICCP` chunk is read up to this size, and skipped (taken as sRGB) beyond it: display and
    /// camera profiles are a few KiB, the largest printer (CMYK) profiles a few MiB.
    static let maxICCBytes = 16 << 20
    /// Chunk headers looked at: an animation has one chunk a frame, so this is 65,535 frames (18
    /// minutes at 60 a second). The container past them is not checked, and an EXIF chunk there
    /// (which comes after the frames) not found.
    static let maxChunks = 1 << 16
    /// Read at a time and given to libwebp's incremental decoder; between reads a cancelled
    /// decode stops.
    static let chunkBytes = 1 << 20

    /// One chunk of the RIFF container: its four-character code, where its header starts, and its
    /// payload's size.
    private struct Chunk {
        let fourCC: String
        let offset: Int
        let size: Int
        var payload: Int { offset + 8 }
        /// The chunk with its header and the pad byte that makes its size even.
        var whole: Range<Int> { offset..<(payload + size + (size & 1)) }
    }

    static func decode(_ file: OpenFile, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try DecoderLibrary.webp.require(for: "WebP")
        // The container is walked here from its chunk headers (RIFF, the WebP container
        // specification), reading only the chunks wanted, as libwebp's demuxer did in memory.
        let riff = try file.read(12)
        guard riff.count == 12 else { throw truncated }
        let end = 8 + Int(le32(riff, 4))
        guard riff[0..<4].elementsEqual("RIFF".utf8), riff[8..<12].elementsEqual("WEBP".utf8), end >= 12 + 8 else {
            throw Failure(reason: "cannot decode: malformed WEBP container")
        }
        // Anything short of the whole container there: the RIFF size or a chunk runs past the end.
        guard end <= file.size else { throw truncated }
        var chunks: [Chunk] = []
        var offset = 12
        while offset + 8 <= end && chunks.count < maxChunks {
            if chunks.count % 1024 == 1023 { try cancellation.check() }
            let header = try file.read(8, at: offset)
            guard header.count == 8 else { throw truncated }
            let chunk = Chunk(fourCC: String(decoding: header[0..<4], as: UTF8.self), offset: offset, size: Int(le32(header, 4)))
            guard chunk.payload + chunk.size <= end else { throw truncated }
            chunks.append(chunk)
            offset = chunk.whole.upperBound
        }
        guard let first = chunks.first else { throw Failure(reason: "cannot decode: malformed WEBP container") }

        var canvas: (width: Int, height: Int)
        var flags: UInt8 = 0
        if first.fourCC == "VP8X" {
            let vp8x = try file.read(10, at: first.payload)
            guard first.size >= 10, vp8x.count == 10 else { throw Failure(reason: "cannot decode: malformed WEBP container") }
            flags = vp8x[0]
            canvas = (Int(le24(vp8x, 4)) + 1, Int(le24(vp8x, 7)) + 1)
        } else {
            guard first.fourCC == "VP8 " || first.fourCC == "VP8L" else {
                throw Failure(reason: "cannot decode: malformed WEBP container")
            }
            canvas = try bitstreamSize(file)
        }
        if let problem = ImageLimits.problem(width: canvas.width, height: canvas.height) { throw Failure(reason: problem) }
        // The demuxer keeps ICCP and EXIF only when the VP8X flags announce them (the container
        // specification), the first of each.
        let iccProfile = flags & iccFlag != 0 ? try metadata("ICCP", in: chunks, of: file, limit: maxICCBytes) : nil
        let exif = flags & exifFlag != 0 ? try metadata("EXIF", in: chunks, of: file, limit: maxEXIFBytes) : nil
        let orientation = exif.map(EXIF.orientation) ?? .up
        try cancellation.check()

        if flags & animationFlag != 0 {
            // The first frame on a transparent canvas, as libwebp's WebPAnimDecoder composes it
            // (the first frame is a key frame: decoded straight into the cleared canvas; the
            // ANIM background colour is only a hint, which libwebp and browsers leave undrawn).
            guard let frame = chunks.first(where: { $0.fourCC == "ANMF" }), frame.size >= 16 else {
                throw Failure(reason: "cannot decode: malformed WEBP animation")
            }
            let header = try file.read(16, at: frame.payload)
            guard header.count == 16 else { throw truncated }
            let (left, top) = (Int(le24(header, 0)) * 2, Int(le24(header, 3)) * 2)
            let (frameWidth, frameHeight) = (Int(le24(header, 6)) + 1, Int(le24(header, 9)) + 1)
            guard left + frameWidth <= canvas.width, top + frameHeight <= canvas.height else {
                throw Failure(reason: "cannot decode: malformed WEBP animation frame")
            }
            var subchunks: [Chunk] = []
            var at = frame.payload + 16
            while at + 8 <= frame.payload + frame.size {
                let subheader = try file.read(8, at: at)
                guard subheader.count == 8 else { throw truncated }
                let chunk = Chunk(fourCC: String(decoding: subheader[0..<4], as: UTF8.self), offset: at, size: Int(le32(subheader, 4)))
                guard chunk.payload + chunk.size <= frame.payload + frame.size else {
                    throw Failure(reason: "cannot decode: malformed WEBP animation frame")
                }
                subchunks.append(chunk)
                at = chunk.whole.upperBound
            }
            let pitch = canvas.width * 4
            let pixels = try PhotoMemory.reserving(pitch * canvas.height) {
                UnsafeMutableBufferPointer<UInt8>.allocate(capacity: pitch * canvas.height)
            }
            defer { pixels.deallocate() }
            pixels.initialize(repeating: 0)
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { throw Failure(reason: "cannot start libwebp") }
            config.output.colorspace = MODE_RGBA   // straight alpha: the resampler multiplies it in
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = pixels.baseAddress! + top * pitch + left * 4
            config.output.u.RGBA.stride = Int32(pitch)
            config.output.u.RGBA.size = pitch * (canvas.height - top) - left * 4
            try decodeImage(in: subchunks, size: (frameWidth, frameHeight), of: file, config: &config,
                            cancellation: cancellation, frame: true)
            return try CardPixels.make(Resampler.Source(pixels: pixels.baseAddress!, pitch: pitch, width: canvas.width,
                                                        height: canvas.height, hasAlpha: true),
                                       orientation: orientation, iccProfile: iccProfile, format: "WebP", target: target)
        }

        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw Failure(reason: "cannot start libwebp") }
        defer { WebPFreeDecBuffer(&config.output) }
        let hasAlpha = try decodeImage(in: chunks, size: canvas, of: file, config: &config,
                                       cancellation: cancellation, frame: false, vp8xFlags: flags)
        let (decodedWidth, decodedHeight) = (Int(config.output.width), Int(config.output.height))
        if let problem = ImageLimits.problem(width: decodedWidth, height: decodedHeight) {
            throw Failure(reason: "decoded to \(problem)")
        }
        let output = config.output.u.RGBA
        guard let pixels = output.rgba else { throw Failure(reason: "cannot decode: libwebp made no pixels") }
        return try CardPixels.make(Resampler.Source(pixels: pixels, pitch: Int(output.stride), width: decodedWidth,
                                                height: decodedHeight, hasAlpha: hasAlpha),
                               orientation: orientation, iccProfile: iccProfile, format: "WebP", target: target)
    }

    // VP8X flags (the WebP container specification, "Extended File Format").
    private static let iccFlag: UInt8 = 0x20, alphaFlag: UInt8 = 0x10, exifFlag: UInt8 = 0x08, animationFlag: UInt8 = 0x02

    /// Decodes the image of `chunks` (an ALPH chunk and a VP8 one, or a VP8L one) with libwebp's
    /// incremental decoder, given a minimal container of its own (RIFF, a VP8X of `size` when there
    /// is alpha data, the image chunks) read from the file a chunk at a time, so that metadata and
    /// unknown chunks are never read and a cancelled decode stops between reads. Returns whether
    /// the image has alpha (as WebPGetFeatures tells it); the colour space is set here (RGBA for a
    /// `frame`, else RGBA with alpha or RGB).
    @discardableResult
    private static func decodeImage(in chunks: [Chunk], size: (width: Int, height: Int), of file: OpenFile,
                                    config: inout WebPDecoderConfig, cancellation: DecodeCancellation,
                                    frame: Bool, vp8xFlags: UInt8 = 0) throws(Failure) -> Bool {
        guard let image = chunks.firstIndex(where: { $0.fourCC == "VP8 " || $0.fourCC == "VP8L" }) else {
            throw Failure(reason: frame ? "cannot decode: malformed WEBP animation frame" : "cannot decode: malformed WEBP container")
        }
        let lossless = chunks[image].fourCC == "VP8L"
        // libwebp takes the last ALPH before the image (ParseOptionalChunks); VP8L carries its own alpha.
        let alpha = lossless ? nil : chunks[..<image].last(where: { $0.fourCC == "ALPH" })
        let parts = (alpha.map { [$0] } ?? []) + [chunks[image]]
        let imageBytes = parts.reduce(0) { $0 + min($1.whole.count, file.size - $1.offset) }
        // Whether it has alpha, as WebPGetFeatures says: the VP8X flag (a frame: the ALPH chunk),
        // or an ALPH chunk; for VP8L, its header's alpha_is_used bit.
        var hasAlpha = (frame ? false : vp8xFlags & alphaFlag != 0) || alpha != nil
        if lossless {
            let header = try file.read(5, at: chunks[image].payload)
            guard header.count == 5 else { throw truncated }
            hasAlpha = header[4] & 0x10 != 0
        }
        var container = Array("RIFF".utf8) + le32Bytes(0) + Array("WEBP".utf8)
        if alpha != nil {
            container += Array("VP8X".utf8) + le32Bytes(10) + [alphaFlag, 0, 0, 0]
                + Array(le32Bytes(size.width - 1).prefix(3)) + Array(le32Bytes(size.height - 1).prefix(3))
        }
        container.replaceSubrange(4..<8, with: le32Bytes(container.count - 8 + imageBytes))

        config.output.colorspace = frame || hasAlpha ? MODE_RGBA : MODE_RGB
        config.options.use_threads = 0   // decodes already run on several threads
        // The decoder is shown the data so far in one buffer of the final size, allocated once
        // (its pages are taken as they are filled): WebPIAppend copies all it keeps (for VP8L,
        // everything) into a new buffer at every append, which made a 16000² lossless file of
        // 267 MB take 26 s in 1 MiB appends instead of 7 s.
        let total = container.count + imageBytes
        guard let data = malloc(total)?.assumingMemoryBound(to: UInt8.self) else {
            throw PhotoMemory.outOfMemory
        }
        defer { Glibc.free(data) }
        guard let decoder = WebPIDecode(nil, 0, &config) else { throw Failure(reason: "cannot start libwebp") }
        defer { WebPIDelete(decoder) }
        container.withUnsafeBufferPointer { _ = memcpy(data, $0.baseAddress!, $0.count) }
        var filled = container.count
        var status = WebPIUpdate(decoder, data, filled)
        for part in parts {
            var at = part.offset
            let upTo = min(part.whole.upperBound, file.size)
            while at < upTo && status == VP8_STATUS_SUSPENDED {
                try cancellation.check()
                let bytes = try file.read(min(chunkBytes, upTo - at, total - filled), at: at)
                guard !bytes.isEmpty else { throw truncated }
                bytes.withUnsafeBufferPointer { _ = memcpy(data + filled, $0.baseAddress!, $0.count) }
                filled += bytes.count
                at += bytes.count
                status = WebPIUpdate(decoder, data, filled)
            }
        }
        try cancellation.check()
        try check(status == VP8_STATUS_SUSPENDED ? VP8_STATUS_NOT_ENOUGH_DATA : status)
        if frame {
            let decoded = (Int(config.output.width), Int(config.output.height))
            guard decoded == (size.width, size.height) else {
                throw Failure(reason: "cannot decode: malformed WEBP animation frame")
            }
        }
        return hasAlpha
    }

    /// The size a simple (lossy or lossless) file's bitstream states, from its first bytes.
    private static func bitstreamSize(_ file: OpenFile) throws(Failure) -> (width: Int, height: Int) {
        let bytes = try file.read(min(file.size, 64))
        var features = WebPBitstreamFeatures()
        try check(bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) })
        return (Int(features.width), Int(features.height))
    }

    /// The first `fourCC` chunk's payload, nil when there is none or it is over `limit` bytes.
    private static func metadata(_ fourCC: String, in chunks: [Chunk], of file: OpenFile, limit: Int) throws(Failure) -> [UInt8]? {
        guard let chunk = chunks.first(where: { $0.fourCC == fourCC }), chunk.size > 0, chunk.size <= limit else { return nil }
        let bytes = try file.read(chunk.size, at: chunk.payload)
        return bytes.count == chunk.size ? bytes : nil
    }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    private static func le24(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
    }

    private static func le32Bytes(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static let truncated = Failure(reason: "cannot decode: truncated WEBP data")

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
