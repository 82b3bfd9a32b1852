import CLCMS2

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

    /// A transform from `iccProfile` to sRGB for premultiplied RGBA8 (alpha copied as is), or nil.
    public static func transform(from iccProfile: [UInt8]) -> cmsHTRANSFORM? {
        guard !iccProfile.isEmpty, iccProfile.count < Int(UInt32.max) else { return nil }
        let input = iccProfile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let input else { return nil }
        defer { cmsCloseProfile(input) }
        guard cmsGetColorSpace(input) == cmsSigRgbData else { return nil }
        guard let output = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(output) }
        return cmsCreateTransform(input, swivel_lcms_rgba_8_premultiplied, output, swivel_lcms_rgba_8_premultiplied,
                                  cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
    }
}
