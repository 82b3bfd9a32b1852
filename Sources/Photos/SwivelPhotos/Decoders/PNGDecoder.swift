import CPNGReader
import Glibc
import SwivelCore
import SwivelPhotoCore

/// PNG through libpng (`swivel_png_read`, in C, where libpng's error longjmp lands). Every colour
/// type and depth becomes 8-bit RGB or RGBA: palettes and 1/2/4-bit grey expanded, tRNS (an RGB
/// or grey colour key, or palette alpha) made alpha, 16-bit samples scaled with rounding, Adam7
/// interlacing undone. The caller has already checked the IHDR's size against `ImageLimits`
/// (`ImageHeader` reads it); libpng is held to the same limits. The EXIF orientation comes from
/// eXIf and the colour from iCCP, sRGB, gAMA and cHRM (`profile`), all read once, by libpng, in
/// the same pass as the pixels. A cICP chunk whose transfer is PQ or HLG (H.273's 16 or 18) makes
/// the file HDR: its samples (kept at 16 bits in a 16-bit file) are tone-mapped to sRGB
/// (`ToneMapping`, from cLLI's MaxCLL when there is one), and cICP overrides iCCP, sRGB, gAMA and
/// cHRM (PNG 3rd edition, 11.3.2.6: a decoder that reads cICP ignores those).
/// Other cICP code points are left to the colour chunks, as before.
enum PNGDecoder {
    /// What libpng may read. The sides are `ImageLimits`'s (libpng's default allows 1,000,000).
    /// A chunk libpng reads whole (iCCP inflated, eXIf) may be 16 MiB: the largest ICC profiles in
    /// use (printer profiles with big lookup tables) are a few MiB, and 16 MiB is the bound the
    /// chunk walk for iCCP had before (libpng's default, 8,000,000 bytes, is Debian's
    /// pnglibconf.h's). Only eXIf chunks are kept (every text, sPLT and private chunk is skipped
    /// unread), and a file has one, so 8 kept chunks (libpng's default is 1000) is plenty.
    static let limits = swivel_png_limits(max_side: UInt32(ImageLimits.maxSide), max_pixels: UInt64(ImageLimits.maxPixels),
                                          max_chunk_bytes: 16 << 20, max_cached_chunks: 8)

    /// What the chunks before the image data say before libpng reads them (`walk`).
    struct ChunkWalk {
        /// The first chunk over `maxChunkReadThrough`.
        var oversized: (type: String, bytes: Int)?
        /// The first text chunk holding ImageMagick's copy of the EXIF block (`rawEXIFKeywords`).
        var rawEXIF: (type: String, offset: Int, bytes: Int)?
    }

    /// The chunks before the image data, found from their headers (and a text chunk's keyword,
    /// read with its header) alone. libpng drops a chunk over its 16 MiB limit, but only after
    /// reading it through and checking its CRC: a 1 GiB eXIf (a hole in a sparse file of 2 KB on
    /// disk) kept a decode thread busy for 4-8 s; it is refused at the cost of a read a chunk.
    /// The walk stops at the first IDAT or IEND, at the end of the file, or after
    /// `maxChunksWalked` (libpng reads on).
    static func walk(_ file: OpenFile) throws(Failure) -> ChunkWalk {
        var walk = ChunkWalk()
        var offset = 8   // after the signature
        let keywordBytes = rawEXIFKeywords.map(\.count).max()!
        for _ in 0..<maxChunksWalked {
            let header = try file.read(8 + keywordBytes, at: offset)
            guard header.count >= 8 else { return walk }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return walk }
            if length > maxChunkReadThrough {
                walk.oversized = (Quoting.oneLine(type), length)
                return walk
            }
            if walk.rawEXIF == nil, ["tEXt", "zTXt", "iTXt"].contains(type),
               rawEXIFKeywords.contains(where: { header.dropFirst(8).starts(with: $0) && length >= $0.count }) {
                walk.rawEXIF = (type, offset + 8, length)
            }
            offset += 12 + length   // length, type, data, CRC
        }
        return walk
    }

    /// The keywords (with their NUL) of the text chunks in which ImageMagick keeps a PNG's EXIF
    /// block (its "raw profiles"; ImageMagick 6 writes "exif", older versions "APP1"). exiftool
    /// and Pillow read the orientation there too.
    static let rawEXIFKeywords: [[UInt8]] = ["Raw profile type exif", "Raw profile type APP1"].map { Array($0.utf8) + [0] }

    /// The largest raw profile chunk read: twice an EXIF block's 64 KiB limit (JPEG's APP1) as hex, and more.
    static let maxRawProfileBytes = 1 << 20

    /// The EXIF block of ImageMagick's raw profile chunk `chunk` (from `walk`), nil where it
    /// holds none: the text is "\n" name "\n" length "\n" and the bytes in hexadecimal, in
    /// lines of 72 digits (ImageMagick's png.c, Magick_png_write_raw_profile).
    static func rawProfileEXIF(_ file: OpenFile, _ chunk: (type: String, offset: Int, bytes: Int)) throws(Failure) -> [UInt8]? {
        guard chunk.bytes <= maxRawProfileBytes else { return nil }
        let data = try file.read(chunk.bytes, at: chunk.offset)
        guard data.count == chunk.bytes,
              let text = PNGTextChunks.text(type: chunk.type, data[...], limit: 4 * maxRawProfileBytes)?.1 else { return nil }
        return rawProfileBytes(text).flatMap { $0.starts(with: EXIF.header) || $0.starts(with: Array("II*\0".utf8))
            || $0.starts(with: Array("MM\0*".utf8)) ? $0 : nil }
    }

    /// The bytes of an ImageMagick raw profile's text (see `rawProfileEXIF`); nil when it is not one
    /// or holds fewer digits than its length says.
    static func rawProfileBytes(_ text: String) -> [UInt8]? {
        var rest = Substring(text).drop { $0 == "\n" }
        guard let nameEnd = rest.firstIndex(of: "\n") else { return nil }
        rest = rest[rest.index(after: nameEnd)...].drop { $0 == " " || $0 == "\t" }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits), length > 0, length <= maxRawProfileBytes else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        var high: UInt8?
        for byte in rest.dropFirst(digits.count).utf8 where bytes.count < length {
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            default: return nil
            }
            if let value = high {
                bytes.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes.count == length ? bytes : nil
    }

    /// The largest chunk other than image data that libpng is left to read through (and drop, past
    /// its 16 MiB limit): 64 MiB, about 0.3-0.5 s of libpng's reading and CRC at the 4-8 s a GiB
    /// measured. No camera or editor writes a chunk near it.
    static let maxChunkReadThrough = 64 << 20

    /// Chunks before the image data walked by `oversizedChunk`: a PNG from a camera or an editor has
    /// a dozen (IHDR, iCCP/sRGB, gAMA, cHRM, pHYs, eXIf, a few texts), and each costs a pread.
    static let maxChunksWalked = 4096

    static func decode(_ file: OpenFile, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try DecoderLibrary.png.require(for: "PNG")
        let chunks = try walk(file)
        if let chunk = chunks.oversized {
            throw Failure(reason: "cannot decode: PNG \(chunk.type) chunk of \(chunk.bytes >> 20) MiB, over the "
                          + "\(maxChunkReadThrough >> 20) MiB limit on a chunk")
        }
        var image = swivel_png_image()
        var limits = Self.limits
        var stop = swivel_png_cancellation(is_cancelled: DecodeCancellation.cIsCancelled, context: cancellation.cContext)
        let status = withExtendedLifetime(cancellation) { swivel_png_read(file.descriptor, &limits, &stop, &image) }
        defer { swivel_png_free(&image) }
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status {
        case SWIVEL_PNG_OK:
            break
        case SWIVEL_PNG_TRUNCATED:
            throw Failure(reason: "cannot decode: truncated PNG data (\(message))")
        case SWIVEL_PNG_READ_ERROR:
            throw Failure(reason: "cannot read: \(String(cString: strerror(image.read_errno)))")
        case SWIVEL_PNG_TOO_MANY_PIXELS:
            throw Failure(reason: ImageLimits.problem(width: Int(image.width), height: Int(image.height))
                          ?? "cannot decode: PNG over the size limits")
        case SWIVEL_PNG_CANCELLED:
            throw Failure.cancelled
        case SWIVEL_PNG_OUT_OF_MEMORY:
            throw PhotoMemory.outOfMemory
        default:
            // libpng's words, after "PNG" unless they start with it ("PNG unsigned integer out of range").
            throw Failure(reason: "cannot decode: " + (message.hasPrefix("PNG ") ? message : "PNG \(message)"))
        }
        guard let pixels = image.pixels else { throw Failure(reason: "cannot decode: libpng made no pixels") }
        try cancellation.check()   // before the colour conversion and resampling, which are not
        // eXIf, else ImageMagick's raw profile of the EXIF block.
        var exif = image.exif.map { Array(UnsafeBufferPointer(start: $0, count: image.exif_size)) }
        if exif == nil, let chunk = chunks.rawEXIF { exif = try rawProfileEXIF(file, chunk) }
        if exif != nil { try DecoderLibrary.exif.require(for: "PNG") }
        let orientation = exif.map(EXIF.orientation) ?? .up
        if image.has_cicp != 0,
           let toneMapping = ToneMapping(cicpPrimaries: Int(image.cicp_primaries),
                                         transferCharacteristics: Int(image.cicp_transfer),
                                         sourcePeak: image.max_cll > 0 ? image.max_cll : nil) {
            let w = Int(image.width), h = Int(image.height), channels = image.has_alpha != 0 ? 4 : 3
            let count = w * h * channels
            let mapped: [UInt8] = try PhotoMemory.reserving(count) {
                if image.sample_bits == 16 {
                    return pixels.withMemoryRebound(to: UInt16.self, capacity: count) { samples in
                        if image.cicp_full_range == 0 { expandNarrowRange(samples, count: count, channels: channels, bits: 16) }
                        return toneMapping.sRGBPixels(samples, width: w, height: h, rowLength: w * channels,
                                                      channels: channels, maximum: 65535)
                    }
                } else {
                    if image.cicp_full_range == 0 { expandNarrowRange(pixels, count: count, channels: channels, bits: 8) }
                    return toneMapping.sRGBPixels(pixels, width: w, height: h, rowLength: w * channels,
                                                  channels: channels, maximum: 255)
                }
            }
            return try mapped.withUnsafeBufferPointer { buffer throws(Failure) in
                try CardPixels.make(Resampler.Source(pixels: buffer.baseAddress!, pitch: w * channels, width: w,
                                                     height: h, hasAlpha: channels == 4),
                                    orientation: orientation, iccProfile: nil, format: "PNG", target: target)
            }
        }
        return try CardPixels.make(Resampler.Source(pixels: pixels, pitch: image.pitch, width: Int(image.width),
                                                    height: Int(image.height), hasAlpha: image.has_alpha != 0),
                                   orientation: orientation, iccProfile: profile(image),
                                   format: "PNG", target: target)
    }

    /// Narrow-range colour samples (cICP's full range flag 0) stretched to full range in place:
    /// ITU-T H.273 (and BT.2100, table 9) code black as 16 · 2^(bits − 8) and nominal peak as
    /// 235 · 2^(bits − 8); values outside are clipped. Alpha (the fourth channel) is not a colour
    /// sample and is left alone.
    static func expandNarrowRange<Sample: FixedWidthInteger & UnsignedInteger>(
        _ samples: UnsafeMutablePointer<Sample>, count: Int, channels: Int, bits: Int
    ) {
        let black = Double(16 << (bits - 8)), span = Double(219 << (bits - 8)), top = Double(Sample.max)
        for index in 0..<count where channels == 3 || index % 4 != 3 {
            let value = (Double(samples[index]) - black) / span * top
            samples[index] = Sample(min(max(value, 0), top).rounded())
        }
    }

    /// The colour the file says its samples are in, as the ICC profile to convert from (nil: sRGB,
    /// shown as is). In the PNG spec's order of precedence (second edition, 11.3.3.3 and 11.3.3.5:
    /// iCCP, then sRGB, override gAMA and cHRM): an iCCP profile; else an sRGB chunk means sRGB;
    /// else gAMA and cHRM describe the colour space, and a profile
    /// is made from them with lcms — the primaries and white point of cHRM (sRGB's when absent)
    /// and a pure power curve of exponent 1 / gAMA. A gAMA within 5 % of sRGB's 1/2.2 (libpng's
    /// own test of whether a gamma correction is worth making: PNG_GAMMA_THRESHOLD_FIXED, 5000,
    /// in pnglibconf.h) is taken as sRGB's curve, and cHRM within 0.001 of sRGB's chromaticities
    /// as sRGB's: encoders write gAMA 0.45455 with sRGB's cHRM to mean sRGB (the spec's advice
    /// for writers of an sRGB chunk, 11.3.3.5), which is then shown as is, as it always was.
    /// Nothing at all is taken as sRGB.
    static func profile(_ image: swivel_png_image) -> [UInt8]? {
        if let icc = image.icc_profile, image.icc_profile_size > 0 {
            return Array(UnsafeBufferPointer(start: icc, count: image.icc_profile_size))
        }
        if image.has_srgb != 0 { return nil }
        let gamma = image.gamma > 0 ? image.gamma : nil
        let chromaticities = image.has_chromaticities != 0
            ? Chromaticities(white: (image.white_x, image.white_y), red: (image.red_x, image.red_y),
                             green: (image.green_x, image.green_y), blue: (image.blue_x, image.blue_y))
            : nil
        return profile(gamma: gamma, chromaticities: chromaticities)
    }

    /// CIE xy of a white point and three primaries.
    struct Chromaticities {
        var white, red, green, blue: (x: Double, y: Double)

        /// ITU-R BT.709's primaries and D65, sRGB's (IEC 61966-2-1).
        static let sRGB = Chromaticities(white: (0.3127, 0.3290), red: (0.64, 0.33), green: (0.30, 0.60),
                                         blue: (0.15, 0.06))

        func isClose(to other: Chromaticities, within tolerance: Double) -> Bool {
            let mine = [white, red, green, blue], theirs = [other.white, other.red, other.green, other.blue]
            return zip(mine, theirs).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
        }
    }

    /// The profile gAMA and cHRM make (see `profile(_:)`), nil when they amount to sRGB.
    static func profile(gamma: Double?, chromaticities: Chromaticities?) -> [UInt8]? {
        let sRGBCurve = gamma.map { abs($0 * 2.2 - 1) <= 0.05 } ?? true
        let primaries = chromaticities ?? .sRGB
        if sRGBCurve && primaries.isClose(to: .sRGB, within: 0.001) { return nil }
        return ColorProfile.rgbProfile(white: primaries.white, red: primaries.red, green: primaries.green,
                                       blue: primaries.blue, curve: sRGBCurve ? .sRGB : .gamma(1 / gamma!))
    }
}
