import CTurboJPEG
import SwivelCore
import SwivelPhotoCore

/// JPEG through libjpeg-turbo's TurboJPEG API, shrunk while decoding: the DCT is scaled to the
/// smallest of libjpeg-turbo's factors (1/8, 2/8, …, 8/8) whose result still covers the card's
/// crop at its pixel size, so a 12 MP photo for a 400 × 600 card decodes a quarter as many pixels
/// in each direction and the full-size image is never made. Progressive, restart-marker,
/// grayscale and CMYK/YCCK files are libjpeg's to read; the CMYK is turned into RGB here, through
/// the file's CMYK profile when it has one.
enum JPEGDecoder {
    /// `TJFLAG_LIMITSCANS`: libjpeg-turbo stops at a progressive JPEG's 501st scan. A valid
    /// progressive file may repeat scans without end (each refines the same coefficients again),
    /// and a 1.8 MB one with thousands of scans kept a decode thread busy for over a minute. No
    /// camera's or editor's file comes near 500: libjpeg's default progressive script has 10
    /// scans, jpegtran's and mozjpeg's optimised ones a few dozen; successive approximation
    /// itself allows at most 11 scans a coefficient band (Ah/Al up to 10 for 8-bit samples).
    /// tjDecompressHeader3 reads only up to the first scan, so the header needs no limit.
    static let flags = Int32(TJFLAG_LIMITSCANS)
    /// libjpeg-turbo 2.1's error text for the limit above, and the line Swivel gives instead.
    static let scanLimitText = "more than 500 scans"
    static let scanLimitReason = "cannot decode: progressive JPEG with more than 500 scans"
    /// libjpeg-turbo 2.1's words when malloc failed: libjpeg's JERR_OUT_OF_MEMORY ("Insufficient
    /// memory (case N)", jerror.h) and TurboJPEG's own ("Memory allocation failure", turbojpeg.c).
    static let outOfMemoryTexts = ["Insufficient memory", "Memory allocation failure"]

    static func decode(_ bytes: [UInt8], width: Int, height: Int) throws(Failure) -> DecodedImage {
        try DecoderLibrary.turboJPEG.require(for: "JPEG")
        guard let handle = tjInitDecompress() else { throw Failure(reason: "cannot start libjpeg-turbo") }
        defer { tjDestroy(handle) }
        var storedWidth: Int32 = 0, storedHeight: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let size = UInt(bytes.count)
        // A file that stops before its end-of-image marker was cut short: errors say so first.
        let whole = bytes.count >= 2 && bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == 0xD9
        func failure(_ text: String) -> Failure {
            Failure(reason: whole ? "cannot decode: \(text)" : "cannot decode: truncated JPEG data (\(text))")
        }
        guard tjDecompressHeader3(handle, bytes, size, &storedWidth, &storedHeight, &subsampling, &colorspace) == 0 else {
            throw failure(message(handle))
        }
        if let problem = ImageLimits.problem(width: Int(storedWidth), height: Int(storedHeight)) {
            throw Failure(reason: problem)
        }
        let metadata = PhotoMetadata.jpeg(bytes)
        let orientation = try metadata.orientation(format: "JPEG")
        let target = CardPixels.storedTarget(width: width, height: height, orientation: orientation)
        let factor = scale(width: Int(storedWidth), height: Int(storedHeight), target: target)
        let scaledWidth = Int(scaled(storedWidth, factor)), scaledHeight = Int(scaled(storedHeight, factor))

        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let channels = cmyk ? 4 : 3
        var pixels = try PhotoMemory.zeros(UInt8.self, count: scaledWidth * scaledHeight * channels)
        let status = tjDecompress2(handle, bytes, size, &pixels, Int32(scaledWidth), 0, Int32(scaledHeight),
                                   Int32(cmyk ? TJPF_CMYK.rawValue : TJPF_RGB.rawValue), flags)
        if status != 0 {
            let text = message(handle)
            if text.utf8.containsSequence(scanLimitText.utf8) { throw Failure(reason: scanLimitReason) }
            if outOfMemoryTexts.contains(where: { text.utf8.containsSequence($0.utf8) }) { throw PhotoMemory.outOfMemory }
            // libjpeg fills a scan cut short with grey and calls it a warning; other warnings
            // (extraneous bytes before a marker, …) leave a whole picture.
            if tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) { throw failure(text) }
            if text.utf8.containsSequence("Premature end".utf8) { throw Failure(reason: "cannot decode: truncated JPEG data") }
        }
        if cmyk {
            // Through the file's own CMYK profile (a press profile: its inks are not the naive
            // ones below), else the naive formula.
            if metadata.iccProfile != nil { try DecoderLibrary.lcms2.require(for: "JPEG") }
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
                                format: "JPEG", width: width, height: height)
        }
    }

    /// The smallest scaling factor (at most 1) at which the aspect-fill crop of a `width` ×
    /// `height` image still has at least `target`'s pixels each way; 1 when even that is short.
    static func scale(width: Int, height: Int, target: (width: Int, height: Int)) -> tjscalingfactor {
        let crop = AspectFill.crop(source: Size(Double(width), Double(height)),
                                   target: Size(Double(target.width), Double(target.height)))
        var count: Int32 = 0
        guard let list = tjGetScalingFactors(&count) else { return tjscalingfactor(num: 1, denom: 1) }
        var best = tjscalingfactor(num: 1, denom: 1)
        for factor in UnsafeBufferPointer(start: list, count: Int(count)) where factor.num <= factor.denom {
            let ratio = Double(factor.num) / Double(factor.denom)
            // The scaled image is rounded up (TJSCALED); the crop scales with it.
            let across = Double(scaled(Int32(width), factor)) / Double(width) * crop.width
            let down = Double(scaled(Int32(height), factor)) / Double(height) * crop.height
            guard across >= Double(target.width) - 1e-9, down >= Double(target.height) - 1e-9 else { continue }
            if ratio < Double(best.num) / Double(best.denom) { best = factor }
        }
        return best
    }

    /// TJSCALED: a side scaled by a factor, rounded up.
    static func scaled(_ side: Int32, _ factor: tjscalingfactor) -> Int32 {
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

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown libjpeg-turbo error" }
        return String(cString: text)
    }
}
