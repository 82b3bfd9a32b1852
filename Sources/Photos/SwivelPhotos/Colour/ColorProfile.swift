import CLCMS2
import SwivelPhotoCore

/// Colour conversion from a photo's embedded ICC profile to sRGB, with Little CMS.
public enum ColorProfile {
    /// One photo's RGB or grey profile to sRGB, perceptual intent, for a card's premultiplied
    /// RGBA8 pixels together with the resampler's unrounded sums for them (`apply`).
    ///
    /// lcms's premultiplied formats (TYPE_RGBA_8_PREMUL) are not used: lcms 2.14's optimised
    /// 8-bit transforms get them wrong (Adobe RGB's (150, 60, 30) at alpha 191 came out
    /// (0, 79, 34), where the straight (200, 80, 40) is (230, 79, 32)). Opaque pixels go through
    /// an 8-bit transform of their straight colour, as they always have; translucent ones are
    /// divided by their alpha in floats, before any rounding (an 8-bit premultiplied value at
    /// alpha 64 keeps only a quarter of the levels), converted by a float transform and multiplied
    /// by their alpha once more. Not thread-safe: one per decode.
    public final class Conversion {
        enum Input { case rgb, grey }
        let input: Input
        private let source: cmsHPROFILE
        private let sRGB: cmsHPROFILE
        /// RGB: RGBA8 to RGBA8, alpha left alone.
        private let rgb8: cmsHTRANSFORM?
        /// Grey: each of the 256 grey levels in sRGB, R, G, B.
        private let grey8: [UInt8]
        /// Straight floats (0…1) to straight RGB floats; made when a translucent pixel needs it.
        private var float: cmsHTRANSFORM?

        /// The conversion from `iccProfile`, or nil when lcms cannot read it or it is neither an
        /// RGB nor a grey profile (a broken profile is not worth a message: the photo is shown as
        /// if sRGB; CMYK profiles are for `rgb(fromCMYK:)`).
        public init?(iccProfile: [UInt8]) {
            guard !iccProfile.isEmpty, iccProfile.count < Int(UInt32.max),
                  let source = iccProfile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
            else { return nil }
            guard let sRGB = cmsCreate_sRGBProfile() else {
                cmsCloseProfile(source)
                return nil
            }
            let space = cmsGetColorSpace(source), intent = cmsUInt32Number(INTENT_PERCEPTUAL)
            var rgb8: cmsHTRANSFORM?
            var grey8: [UInt8] = []
            if space == cmsSigRgbData {
                rgb8 = cmsCreateTransform(source, swivel_lcms_rgba_8, sRGB, swivel_lcms_rgba_8, intent,
                                          cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
            } else if space == cmsSigGrayData,
                      let transform = cmsCreateTransform(source, swivel_lcms_gray_8, sRGB, swivel_lcms_rgb_8, intent, 0) {
                let levels = (0...255).map(UInt8.init)
                grey8 = [UInt8](repeating: 0, count: 256 * 3)
                cmsDoTransform(transform, levels, &grey8, 256)
                cmsDeleteTransform(transform)
            }
            guard rgb8 != nil || !grey8.isEmpty else {
                cmsCloseProfile(source)
                cmsCloseProfile(sRGB)
                return nil
            }
            (self.source, self.sRGB, self.rgb8, self.grey8) = (source, sRGB, rgb8, grey8)
            input = rgb8 != nil ? .rgb : .grey
        }

        deinit {
            if let rgb8 { cmsDeleteTransform(rgb8) }
            if let float { cmsDeleteTransform(float) }
            cmsCloseProfile(source)
            cmsCloseProfile(sRGB)
        }

        /// Converts `pixels` (premultiplied RGBA8) to sRGB in place. `sums` are the same pixels
        /// before rounding: premultiplied RGBA floats, 0…255, as `Resampler.resample` hands them
        /// to its `finish`; without them (an opaque source needs none) translucent pixels are read
        /// from the bytes. Fully transparent pixels become (0, 0, 0, 0). A grey profile is applied
        /// only when every pixel is grey (R = G = B): on a colour image it is a broken tag,
        /// ignored like a broken profile; returns false then.
        @discardableResult
        public func apply(sums: UnsafeBufferPointer<Float>?, to pixels: UnsafeMutableBufferPointer<UInt8>) -> Bool {
            let count = min(pixels.count, sums?.count ?? pixels.count) / 4
            guard count > 0, let bytes = pixels.baseAddress else { return true }
            func value(_ i: Int) -> Float { sums.map { $0[i] } ?? Float(bytes[i]) }
            if input == .grey {
                for i in 0..<count where value(i * 4) != value(i * 4 + 1) || value(i * 4) != value(i * 4 + 2) {
                    return false
                }
            }
            // Translucent pixels' straight colour, before the bytes are converted.
            let channels = input == .rgb ? 3 : 1
            var translucent: [Int] = []
            var straight: [Float] = []
            for i in 0..<count {
                let alpha = bytes[i * 4 + 3]
                guard alpha != 255, alpha != 0 else { continue }
                translucent.append(i)
                let scale = 1 / value(i * 4 + 3)   // ≥ 0.5: the alpha byte rounds it
                for c in 0..<channels { straight.append(min(1, max(0, value(i * 4 + c) * scale))) }
            }
            // Every pixel through the 8-bit transform (the opaque ones keep its result)…
            switch input {
            case .rgb:
                cmsDoTransform(rgb8, bytes, bytes, cmsUInt32Number(count))
            case .grey:
                grey8.withUnsafeBufferPointer { table in
                    for i in 0..<count {
                        let level = Int(bytes[i * 4]) * 3
                        bytes[i * 4] = table[level]
                        bytes[i * 4 + 1] = table[level + 1]
                        bytes[i * 4 + 2] = table[level + 2]
                    }
                }
            }
            for i in 0..<count where bytes[i * 4 + 3] == 0 {
                bytes[i * 4] = 0; bytes[i * 4 + 1] = 0; bytes[i * 4 + 2] = 0
            }
            // …and the translucent ones again, from their straight colour, in floats.
            guard !translucent.isEmpty else { return true }
            if float == nil {
                float = cmsCreateTransform(source, input == .rgb ? swivel_lcms_rgb_float : swivel_lcms_gray_float,
                                           sRGB, swivel_lcms_rgb_float, cmsUInt32Number(INTENT_PERCEPTUAL), 0)
            }
            guard let float else { return true }   // lcms made the 8-bit transform; the float one has not failed in practice
            var converted = [Float](repeating: 0, count: translucent.count * 3)
            cmsDoTransform(float, straight, &converted, cmsUInt32Number(translucent.count))
            for (k, i) in translucent.enumerated() {
                let alpha = Float(bytes[i * 4 + 3])
                for c in 0..<3 {
                    // Rounded, and never above the alpha (premultiplied colour cannot exceed it).
                    bytes[i * 4 + c] = UInt8(min(alpha, max(0, converted[k * 3 + c] * alpha)) + 0.5)
                }
            }
            return true
        }
    }

    /// CMYK (4 bytes a pixel) to sRGB (3) through `iccProfile`, perceptual intent; nil when the
    /// profile cannot be read or is not a CMYK profile. `inverted`: 255 is no ink (Adobe's CMYK
    /// JPEGs, JPEG XL), else 255 is full ink.
    public static func rgb(fromCMYK cmyk: UnsafeBufferPointer<UInt8>, inverted: Bool, iccProfile: [UInt8]) -> [UInt8]? {
        guard !iccProfile.isEmpty, iccProfile.count < Int(UInt32.max),
              let source = iccProfile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        else { return nil }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigCmykData, let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        guard let transform = cmsCreateTransform(source, inverted ? swivel_lcms_cmyk_8_reversed : swivel_lcms_cmyk_8,
                                                 sRGB, swivel_lcms_rgb_8, cmsUInt32Number(INTENT_PERCEPTUAL), 0)
        else { return nil }
        defer { cmsDeleteTransform(transform) }
        let count = cmyk.count / 4
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, filled in
            cmsDoTransform(transform, cmyk.baseAddress, out.baseAddress, cmsUInt32Number(count))
            filled = count * 3
        }
    }

    /// The tone curves an RGB profile can be made with.
    public enum ToneCurve: Sendable {
        /// IEC 61966-2-1 (sRGB, Display P3).
        case sRGB
        /// ITU-R BT.709 (also BT.601 and BT.2020's 10/12-bit curves).
        case bt709
        /// A pure power: Y = X^g (1 is linear light; Adobe RGB (1998) is 563/256).
        case gamma(Double)

        /// lcms's parametric curve type and its parameters.
        var parametric: (type: Int32, parameters: [Double]) {
            switch self {
            // Type 4: Y = (aX + b)^g for X ≥ d, else cX.
            case .sRGB: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
            case .bt709: (4, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
            // Type 1: Y = X^g.
            case .gamma(let g): (1, [g])
            }
        }
    }

    /// For colour given as ITU-T H.273 code points (HEIF's `nclx` colour box, AV1's colour
    /// config) with other primaries than BT.709/sRGB's — Display P3 (12), BT.2020 (9), … — and an
    /// SDR tone curve: an equivalent profile made with lcms. Nil for BT.709/sRGB, unspecified or
    /// unknown primaries (shown as they are), and for other curves (PQ and HLG are tone-mapped
    /// instead, see `ToneMapping`).
    public static func profile(cicpPrimaries: Int, transferCharacteristics: Int) -> [UInt8]? {
        guard cicpPrimaries != 1, let primaries = ToneMapping.Primaries(cicp: cicpPrimaries),
              let curve = sdrCurve(transferCharacteristics) else { return nil }
        return rgbProfile(white: (primaries.white.x, primaries.white.y), red: (primaries.red.x, primaries.red.y),
                          green: (primaries.green.x, primaries.green.y), blue: (primaries.blue.x, primaries.blue.y),
                          curve: curve)
    }

    /// Whether `profile(cicpPrimaries:transferCharacteristics:)` makes a profile (with lcms) for
    /// these code points.
    public static func makesProfile(cicpPrimaries: Int, transferCharacteristics: Int) -> Bool {
        cicpPrimaries != 1 && ToneMapping.Primaries(cicp: cicpPrimaries) != nil && sdrCurve(transferCharacteristics) != nil
    }

    /// The SDR tone curve of an H.273 transfer characteristic: 13 is sRGB's, 1, 6, 14 and 15 BT.709's.
    private static func sdrCurve(_ transferCharacteristics: Int) -> ToneCurve? {
        switch transferCharacteristics {
        case 13: .sRGB
        case 1, 6, 14, 15: .bt709
        default: nil
        }
    }

    /// An ICC profile (bytes) for RGB with these CIE xy primaries and white point and `curve` on
    /// each channel, made by lcms; nil if lcms refuses them or is not installed.
    public static func rgbProfile(white: (x: Double, y: Double), red: (x: Double, y: Double),
                                  green: (x: Double, y: Double), blue: (x: Double, y: Double),
                                  curve: ToneCurve) -> [UInt8]? {
        guard DecoderLibrary.lcms2.isAvailable, white.y > 0, red.y > 0, green.y > 0, blue.y > 0 else { return nil }
        var whitePoint = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.x, y: red.y, Y: 1),
                                        Green: cmsCIExyY(x: green.x, y: green.y, Y: 1),
                                        Blue: cmsCIExyY(x: blue.x, y: blue.y, Y: 1))
        var (type, parameters) = curve.parametric
        guard let tone = cmsBuildParametricToneCurve(nil, type, &parameters) else { return nil }
        defer { cmsFreeToneCurve(tone) }
        var curves: [OpaquePointer?] = [tone, tone, tone]
        guard let profile = cmsCreateRGBProfile(&whitePoint, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        return bytes(of: profile)
    }

    /// An ICC profile (bytes) for grey with the D65 white point and `curve`, made by lcms; nil if
    /// lcms refuses it.
    public static func greyProfile(curve: ToneCurve) -> [UInt8]? {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var (type, parameters) = curve.parametric
        guard let tone = cmsBuildParametricToneCurve(nil, type, &parameters) else { return nil }
        defer { cmsFreeToneCurve(tone) }
        guard let profile = cmsCreateGrayProfile(&white, tone) else { return nil }
        defer { cmsCloseProfile(profile) }
        return bytes(of: profile)
    }

    /// The profile's description tag ("Adobe RGB (1998)", "Display P3"), as lcms reads it in
    /// English (the tag may hold several languages, `mluc`); nil when lcms cannot open the
    /// profile, it has no description, or lcms2 is not installed.
    public static func description(of iccProfile: [UInt8]) -> String? {
        guard DecoderLibrary.lcms2.isAvailable, !iccProfile.isEmpty, iccProfile.count < Int(UInt32.max),
              let profile = iccProfile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        else { return nil }
        defer { cmsCloseProfile(profile) }
        // The size with the terminating NUL first, then the text (at most 1 KiB is kept).
        let needed = Int(cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", nil, 0))
        guard needed > 1 else { return nil }
        var text = [CChar](repeating: 0, count: min(needed, 1024))
        cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &text, cmsUInt32Number(text.count))
        let value = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func bytes(of profile: cmsHPROFILE) -> [UInt8]? {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return bytes
    }
}
