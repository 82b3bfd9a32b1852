import CLCMS2
import SwivelPhotoCore

/// Colour conversion from a photo's embedded ICC profile to sRGB, with Little CMS.
public enum ColorProfile {
    /// Converts premultiplied RGBA8 `pixels` from `iccProfile` to sRGB in place, perceptual
    /// intent. Returns false, leaving the pixels alone, when the profile cannot be read or is not
    /// an RGB profile (a broken profile is not worth a message: the photo is shown as if sRGB).
    @discardableResult
    public static func convertToSRGB(_ pixels: inout [UInt8], iccProfile: [UInt8]) -> Bool {
        guard let transform = transform(from: iccProfile) else { return false }
        defer { cmsDeleteTransform(transform) }
        let count = pixels.count / 4
        pixels.withUnsafeMutableBytes { bytes in
            cmsDoTransform(transform, bytes.baseAddress, bytes.baseAddress, cmsUInt32Number(count))
        }
        return true
    }

    /// A transform from `iccProfile` to sRGB for premultiplied RGBA8 (alpha copied as is), or nil
    /// (also when lcms2 is not installed: a decoder that has a profile refuses the file first, in
    /// `CardPixels.make`).
    public static func transform(from iccProfile: [UInt8]) -> cmsHTRANSFORM? {
        guard DecoderLibrary.lcms2.isAvailable, !iccProfile.isEmpty, iccProfile.count < Int(UInt32.max) else { return nil }
        let input = iccProfile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let input else { return nil }
        defer { cmsCloseProfile(input) }
        guard cmsGetColorSpace(input) == cmsSigRgbData else { return nil }
        guard let output = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(output) }
        return cmsCreateTransform(input, swivel_lcms_rgba_8_premultiplied, output, swivel_lcms_rgba_8_premultiplied,
                                  cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
    }

    /// The tone curves an RGB profile can be made with.
    public enum ToneCurve: Sendable {
        /// IEC 61966-2-1 (sRGB, Display P3).
        case sRGB
        /// ITU-R BT.709 (also BT.601 and BT.2020's 10/12-bit curves).
        case bt709
        /// A pure power: Y = X^exponent (PNG's gAMA: exponent = 1 / the file's gamma).
        case power(Double)

        /// lcms's parametric curve type: 4 is Y = (aX + b)^g for X ≥ d, else cX; 1 is Y = X^g.
        var type: Int32 {
            switch self {
            case .sRGB, .bt709: 4
            case .power: 1
            }
        }

        /// The curve's parameters for `type`.
        var parameters: [Double] {
            switch self {
            case .sRGB: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            case .bt709: [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
            case .power(let exponent): [exponent]
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
        var parameters = curve.parameters
        guard let tone = cmsBuildParametricToneCurve(nil, curve.type, &parameters) else { return nil }
        defer { cmsFreeToneCurve(tone) }
        var curves: [OpaquePointer?] = [tone, tone, tone]
        guard let profile = cmsCreateRGBProfile(&whitePoint, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return bytes
    }
}
