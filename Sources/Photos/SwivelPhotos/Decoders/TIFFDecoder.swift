import CTIFF
import Glibc
import SwivelCore
import SwivelPhotoCore

/// TIFF through libtiff: its first directory (page), read over the file's descriptor (only the
/// directory and the strips or tiles libtiff asks for are read), decoded by libtiff's RGBA reader
/// (every photometric it knows, 1-16 bits, associated or unassociated alpha), with put routines
/// of our own where libtiff's are wrong (CIE L*a*b*, grey with alpha; Sources/CTIFF/shim.h).
/// Grey, RGB and CMYK that the RGBA reader refuses (floating point, 12-bit and other odd sizes,
/// 16-bit CMYK) are read sample by sample (`readsSamples`), floats tone-mapped (`toneMapped`).
///
/// Everything the decoder acts on comes from the directory as libtiff read it, wherever it lies
/// in the file: the size (checked against `ImageLimits` before any pixel memory is allocated),
/// the orientation (tag 274, applied by `CardPixels` as for every format) and the ICC profile
/// (tag 34675). What neither reads is refused with what it is ("12-bit TIFF is not supported"),
/// and libtiff's own messages become the reason; none reach stderr.
enum TIFFDecoder {
    /// `cancellation` is looked at before each read libtiff makes and each band of strips or
    /// tiles (`swivel_tiff_read_rgba`).
    static func decode(_ file: OpenFile, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try DecoderLibrary.tiff.require(for: "TIFF")
        return try withExtendedLifetime(cancellation) { () throws(Failure) -> DecodedImage in
            try withReader(file) { reader throws(Failure) in
                reader.pointee.is_cancelled = DecodeCancellation.cIsCancelled
                reader.pointee.cancel_context = cancellation.cContext
                guard swivel_tiff_open(reader) == 1 else { throw failure(reader) }
                return try decode(reader, target: target, cancellation: cancellation)
            }
        }
    }

    /// A libtiff reader over `file`'s descriptor (libtiff's client-open: it reads only what it
    /// asks for), handed to `body`, which opens it; closed and freed after. libtiff must be there.
    static func withReader<T, E: Error>(_ file: OpenFile,
                                       _ body: (UnsafeMutablePointer<SwivelTIFFReader>) throws(E) -> T) throws(E) -> T {
        _ = silenced
        let reader = UnsafeMutablePointer<SwivelTIFFReader>.allocate(capacity: 1)
        reader.initialize(to: SwivelTIFFReader())
        reader.pointee.fd = file.descriptor
        reader.pointee.size = UInt64(max(0, file.size))
        defer {
            swivel_tiff_close(reader)
            reader.deallocate()
        }
        return try body(reader)
    }

    /// The open `reader`'s first directory as a card.
    private static func decode(_ reader: UnsafeMutablePointer<SwivelTIFFReader>, target: DecodeTarget,
                               cancellation: DecodeCancellation) throws(Failure) -> DecodedImage {
        let tif = reader.pointee.tif!

        var info = SwivelTIFFInfo()
        swivel_tiff_info(tif, &info)
        let (storedWidth, storedHeight) = (Int(info.width), Int(info.height))
        if let problem = ImageLimits.problem(width: storedWidth, height: storedHeight) { throw Failure(reason: problem) }
        if let problem = unsupported(info) { throw Failure(reason: "cannot decode: \(problem)") }

        let iccProfile: [UInt8]? = {
            var bytes: UnsafePointer<UInt8>?
            var count: UInt32 = 0
            guard swivel_tiff_icc_profile(tif, &bytes, &count) == 1, let bytes else { return nil }
            return Array(UnsafeBufferPointer(start: bytes, count: Int(count)))
        }()
        if readsSamples(info) {
            return try decodeSamples(reader, info: info, iccProfile: iccProfile, target: target, cancellation: cancellation)
        }

        // Zeroed by the kernel page by page as libtiff writes it, not up front.
        guard let raster = calloc(storedWidth * storedHeight, 4)?.assumingMemoryBound(to: UInt32.self) else {
            throw PhotoMemory.outOfMemory
        }
        defer { free(raster) }
        var lab: Int32 = 0, alpha: Int32 = 0
        guard swivel_tiff_read_rgba(reader, raster, info.width, info.height, &lab, &alpha) == 1 else {
            throw failure(reader)
        }
        // libtiff reads a tag whose values lie past the end of a cut file with a warning and goes
        // on without it (an ImageMagick TIFF cut by its last byte loses the end of its
        // PrimaryChromaticities); the file is cut all the same.
        if reader.pointee.ran_out == 1 { throw Failure(reason: "cannot decode: truncated TIFF data") }
        let pixels = UnsafeMutableRawPointer(raster).assumingMemoryBound(to: UInt8.self)
        try cancellation.check()
        if lab != 0 {
            // A white point outside the chromaticity diagram's triangle is no white: take D50's.
            let (x, y) = (Double(info.white_x), Double(info.white_y))
            let white = x > 0.01 && y > 0.01 && x + y < 1 ? (x: x, y: y) : LabToSRGB.d50
            LabToSRGB(white: white).convert(pixels, count: storedWidth * storedHeight, packed16: lab == 2)
        }
        return try CardPixels.make(
            Resampler.Source(pixels: pixels, pitch: storedWidth * 4, width: storedWidth, height: storedHeight,
                             hasAlpha: true, premultiplied: alpha == 1),
            orientation: Orientation(exif: Int(info.orientation)), iccProfile: lab != 0 ? nil : iccProfile,
            format: "TIFF", target: target)
    }

    /// What neither libtiff's RGBA reader nor `swivel_tiff_read_samples` decodes, said in a few
    /// words; nil for what one of them does.
    static func unsupported(_ info: SwivelTIFFInfo) -> String? {
        let bits = Int(info.bits_per_sample)
        if !readsSamples(info) {
            switch Int32(info.sample_format) {
            case SAMPLEFORMAT_IEEEFP: return "\(bits)-bit floating-point TIFF is not supported"
            case SAMPLEFORMAT_COMPLEXINT, SAMPLEFORMAT_COMPLEXIEEEFP: return "complex-number TIFF is not supported"
            // Signed integers (SampleFormat 2) are read as libtiff's RGBA reader reads every
            // integer sample, as unsigned, as tiff2rgba and ImageMagick show them (image-tiff's
            // tiled-cmyk-i8.tif and tiled-oversize-gray-i8.tif are photos stored so); LogLuv's are
            // how SGILog stores its samples, decoded by libtiff's codec.
            default: break
            }
            guard [1, 2, 4, 8, 16].contains(bits) else { return "\(bits)-bit TIFF is not supported" }
        }
        if info.codec_configured == 0 {
            let name = info.codec_name.map { String(cString: $0) }
            return "TIFF compression \(name.map { "\($0) (\(info.compression))" } ?? "\(info.compression)") is not supported"
        }
        // A strip or tile is decoded whole into one buffer: refuse one out of proportion to the
        // image (a 16-pixel image with 65536-pixel tiles) rather than allocate it. Tiles may
        // overhang the image (their sides are multiples of 16, TIFF 6.0 section 15), and a few
        // MiB is a normal tile.
        let imageBytes = UInt64(info.width) * UInt64(info.height) * UInt64(info.samples_per_pixel) * UInt64(max(bits, 8) / 8)
        if info.chunk_bytes == 0 { return info.tiled != 0 ? "malformed TIFF tile size" : "malformed TIFF strip size" }
        if info.chunk_bytes > max(imageBytes, 64 << 20) {
            let what = info.tiled != 0 ? "tiles of \(info.tile_width)×\(info.tile_length) px" : "strips"
            return "TIFF \(what) (\(info.chunk_bytes >> 20) MiB each) are out of proportion to the \(info.width)×\(info.height) px image"
        }
        return nil
    }

    /// Whether the first directory is read sample by sample (`swivel_tiff_read_samples`) because
    /// libtiff's RGBA reader refuses it: grey, RGB or CMYK whose samples are floating point (16,
    /// 32 or 64 bits), integers of another size than 1, 2, 4, 8 and 16 bits (12-bit grey, up to
    /// 32), or 16-bit CMYK (the RGBA reader's CMYK is 8-bit only).
    static func readsSamples(_ info: SwivelTIFFInfo) -> Bool {
        let photometric = Int32(info.photometric), bits = Int(info.bits_per_sample)
        let colours: Int
        switch photometric {
        case PHOTOMETRIC_MINISBLACK, PHOTOMETRIC_MINISWHITE: colours = 1
        case PHOTOMETRIC_RGB: colours = 3
        case PHOTOMETRIC_SEPARATED where Int32(info.inkset) == INKSET_CMYK: colours = 4
        default: return false
        }
        guard Int(info.samples_per_pixel) >= colours else { return false }
        switch Int32(info.sample_format) {
        case SAMPLEFORMAT_IEEEFP:
            return [16, 32, 64].contains(bits)
        case SAMPLEFORMAT_UINT, SAMPLEFORMAT_INT, SAMPLEFORMAT_VOID:
            return [1, 2, 4, 8, 16].contains(bits) ? photometric == PHOTOMETRIC_SEPARATED && bits == 16 : (1...32).contains(bits)
        default:
            return false
        }
    }

    /// The first directory read by `swivel_tiff_read_samples`: integers scaled to 8 bits (with
    /// rounding) and converted through the ICC profile, as from the RGBA reader; floating point
    /// tone-mapped (`toneMapped`).
    private static func decodeSamples(_ reader: UnsafeMutablePointer<SwivelTIFFReader>, info: SwivelTIFFInfo,
                                      iccProfile: [UInt8]?, target: DecodeTarget,
                                      cancellation: DecodeCancellation) throws(Failure) -> DecodedImage {
        let (width, height) = (Int(info.width), Int(info.height))
        let count = width * height * 4
        var samples = try PhotoMemory.zeros(UInt16.self, count: count)
        var associated: Int32 = 0
        let read = samples.withUnsafeMutableBufferPointer { buffer in
            swivel_tiff_read_samples(reader, buffer.baseAddress!, info.width, info.height, &associated)
        }
        guard read == 1 else { throw failure(reader) }
        if reader.pointee.ran_out == 1 { throw Failure(reason: "cannot decode: truncated TIFF data") }
        try cancellation.check()
        let pixels: [UInt8] = try PhotoMemory.reserving(count) {
            if Int32(info.sample_format) == SAMPLEFORMAT_IEEEFP { return toneMapped(&samples, width: width, height: height) }
            return samples.map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
        }
        return try pixels.withUnsafeBufferPointer { buffer throws(Failure) in
            try CardPixels.make(Resampler.Source(pixels: buffer.baseAddress!, pitch: width * 4, width: width, height: height,
                                                 hasAlpha: true, premultiplied: associated == 1),
                                orientation: Orientation(exif: Int(info.orientation)), iccProfile: iccProfile,
                                format: "TIFF", target: target)
        }
    }

    /// Floating-point RGBA (IEEE half-precision bit patterns, as `swivel_tiff_read_samples` gives
    /// them) tone-mapped as the HDR path maps PQ (`ToneMapping`), to 8-bit RGBA, straight alpha.
    /// A TIFF states no transfer function or white for its floats: the white chosen is 1.0, shown
    /// as SDR white (HDR reference white, 203 cd/m², BT.2408), and the values are taken as the
    /// sRGB signal (IEC 61966-2-1's curve, its power law continued above 1) — as ImageMagick and
    /// image-rs show float TIFFs (the value × 255, clipped), and as image-tiff's Photoshop file
    /// holds its 8-bit levels / 255. Values over 1 are light above white: rolled off by BT.2390's
    /// EETF into the top levels from the brightest pixel's light (at most PQ's 10,000 cd/m², 49
    /// times white) rather than clipped; an image with none over 1 is shown as ImageMagick shows
    /// it. NaN and values below 0 are black.
    static func toneMapped(_ samples: inout [UInt16], width: Int, height: Int) -> [UInt8] {
        let white = ToneMapping.referenceWhite
        let light: [Double] = (0...0xFFFF).map { bits in
            let value = Double(Float(Float16(bitPattern: UInt16(bits))))
            guard value > 0 else { return 0 }
            let linear = value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            return min(linear * white, 10_000)
        }
        let code = light.map { UInt16((ToneMapping.pqSignal($0) * 65535).rounded()) }
        var peak = white
        for i in stride(from: 0, to: samples.count, by: 4) {
            peak = max(peak, light[Int(samples[i])], light[Int(samples[i + 1])], light[Int(samples[i + 2])])
        }
        for i in stride(from: 0, to: samples.count, by: 4) {
            for c in 0..<3 { samples[i + c] = code[Int(samples[i + c])] }
            let alpha = Double(Float(Float16(bitPattern: samples[i + 3])))
            samples[i + 3] = UInt16((min(max(alpha, 0), 1) * 65535).rounded())
        }
        let mapping = ToneMapping(transfer: .pq, primaries: .bt709, sourcePeak: peak)
        return samples.withUnsafeBufferPointer {
            mapping.sRGBPixels($0.baseAddress!, width: width, height: height, rowLength: width * 4, channels: 4, maximum: 65535)
        }
    }

    /// The reason libtiff gave for the last failure: its first error message (without the
    /// "Sorry, " its RGBA reader starts with), called truncated data when it read past the end.
    private static func failure(_ reader: UnsafeMutablePointer<SwivelTIFFReader>) -> Failure {
        if reader.pointee.cancelled == 1 { return Failure.cancelled }
        var text = withUnsafeBytes(of: reader.pointee.error) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        // Messages about the whole file start with the name it was opened under (swivel_tiff_open).
        for prefix in ["TIFF: ", "Sorry, "] where text.hasPrefix(prefix) { text = String(text.dropFirst(prefix.count)) }
        // A strip read whole names no row: libtiff prints its "no row" (uint32 −1) as a scanline.
        for unknown in [" at scanline 4294967295", " for scanline 4294967295"] {
            if let start = text.indices.first(where: { text[$0...].hasPrefix(unknown) }) {
                text.removeSubrange(start..<text.index(start, offsetBy: unknown.count))
            }
        }
        if reader.pointee.ran_out == 1 {
            return Failure(reason: "cannot decode: truncated TIFF data" + (text.isEmpty ? "" : " (\(text))"))
        }
        return Failure(reason: "cannot decode: " + (text.isEmpty ? "unreadable TIFF" : text))
    }

    /// libtiff's process-wide handlers, switched off once before the first TIFF is opened.
    static let silenced: Bool = {
        swivel_tiff_silence_globals()
        return true
    }()
}

/// CIE 1976 L*a*b* (as swivel_tiff_put_lab8 packs it: L* 0-255 for 0-100, a* and b* + 128; or
/// swivel_tiff_lab16's 10-11-11 bits) to opaque sRGB in place. The values are relative to `white` (TIFF's WhitePoint tag; D50 where it is absent,
/// as libtiff and ICC's PCS take it): L*a*b* to XYZ under that white (CIE 15), the white adapted to
/// sRGB's D65 by the Bradford transform (identity when it is D65 already), then IEC 61966-2-1's
/// matrix and tone curve.
struct LabToSRGB {
    /// CIE xy of D50 and D65 (CIE 15).
    static let d50 = (x: 0.3457, y: 0.3585)
    static let d65 = (x: 0.3127, y: 0.3290)

    /// Linear sRGB from XYZ under `white`: sRGB's matrix after the Bradford adaptation.
    private let matrix: [Double]
    private let white: (x: Double, y: Double, z: Double)
    /// 8-bit sRGB for linear values 0…1 in `encodingSteps` steps.
    private let encoding: [UInt8]
    private static let encodingSteps = 16384

    init(white xy: (x: Double, y: Double)) {
        func xyz(_ c: (x: Double, y: Double)) -> [Double] { [c.x / c.y, 1, (1 - c.x - c.y) / c.y] }
        let source = xyz(xy), target = xyz(Self.d65)
        white = (source[0], source[1], source[2])
        // Bradford's cone response matrix and its inverse (Lam 1985, as in ICC.1 annex E).
        let bradford: [Double] = [0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296]
        let inverse: [Double] = [0.9869929, -0.1470543, 0.1599627, 0.4323053, 0.5183603, 0.0492912,
                                 -0.0085287, 0.0400428, 0.9684867]
        func multiply(_ m: [Double], _ v: [Double]) -> [Double] {
            (0..<3).map { (r: Int) -> Double in m[r * 3] * v[0] + m[r * 3 + 1] * v[1] + m[r * 3 + 2] * v[2] }
        }
        func product(_ a: [Double], _ b: [Double]) -> [Double] {
            (0..<9).map { (i: Int) -> Double in
                let (r, c) = (i / 3, i % 3)
                return a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c]
            }
        }
        let from = multiply(bradford, source), to = multiply(bradford, target)
        let scale: [Double] = [to[0] / from[0], 0, 0, 0, to[1] / from[1], 0, 0, 0, to[2] / from[2]]
        let adaptation = product(inverse, product(scale, bradford))
        // IEC 61966-2-1: linear sRGB from CIE XYZ (D65).
        let sRGB = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.2040, 1.0570]
        matrix = product(sRGB, adaptation)
        encoding = (0...Self.encodingSteps).map { step in
            let linear = Double(step) / Double(Self.encodingSteps)
            let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
            return UInt8((encoded * 255).rounded())
        }
    }

    func convert(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, packed16: Bool) {
        // CIE 15: f⁻¹(t) = t³ above 6/29, else 3 (6/29)² (t − 4/29).
        func inverse(_ t: Double) -> Double { t > 6.0 / 29 ? t * t * t : 3 * (36.0 / 841) * (t - 4.0 / 29) }
        let (m, steps) = (matrix, Double(Self.encodingSteps))
        encoding.withUnsafeBufferPointer { encoding in
            for i in 0..<count {
                let p = pixels + i * 4
                let lightness: Double, a: Double, b: Double
                if packed16 {
                    let v = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
                    lightness = Double(v & 1023) * 100 / 1023
                    (a, b) = ((Double(v >> 10 & 2047) - 1024) / 8, (Double(v >> 21) - 1024) / 8)
                } else {
                    lightness = Double(p[0]) * 100 / 255
                    (a, b) = (Double(p[1]) - 128, Double(p[2]) - 128)
                }
                let y = (lightness + 16) / 116, x = y + a / 500, z = y - b / 200
                let (cx, cy, cz) = (white.x * inverse(x), white.y * inverse(y), white.z * inverse(z))
                for c in 0..<3 {
                    let linear = m[c * 3] * cx + m[c * 3 + 1] * cy + m[c * 3 + 2] * cz
                    p[c] = encoding[Int((min(1, max(0, linear)) * steps).rounded())]
                }
                p[3] = 255
            }
        }
    }
}
