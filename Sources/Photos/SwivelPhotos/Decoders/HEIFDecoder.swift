import CHeif
import SwivelCore
import SwivelPhotoCore

/// HEIC, HEIF and AVIF through libheif (which hands HEVC to libde265 and AV1 to dav1d/libaom).
/// The size comes from the primary image's handle (its `ispe` property) before any pixel is
/// decoded; libheif applies the `irot`/`imir`/`clap` transforms while decoding, so the pixels
/// arrive upright. An ICC profile (`colr` of type prof/rICC) is converted to sRGB.
enum HEIFDecoder {
    static func decode(_ bytes: [UInt8], width: Int, height: Int) throws(Failure) -> DecodedImage {
        let format = formatName(bytes)
        try DecoderLibrary.heif.require(for: format)
        _ = initialised
        guard let context = heif_context_alloc() else { throw Failure(reason: "cannot start libheif") }
        defer { heif_context_free(context) }
        // The context reads `bytes` in place; they outlive it (freed after it, at the end of this call).
        try check(bytes.withUnsafeBytes { heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil) })
        var handleOut: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handleOut))
        guard let handle = handleOut else { throw Failure(reason: "cannot decode: HEIF file has no primary image") }
        defer { heif_image_handle_release(handle) }
        let storedWidth = Int(heif_image_handle_get_width(handle)), storedHeight = Int(heif_image_handle_get_height(handle))
        if let problem = ImageLimits.problem(width: storedWidth, height: storedHeight) { throw Failure(reason: problem) }

        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        var imageOut: OpaquePointer?
        try check(heif_decode_image(handle, &imageOut, heif_colorspace_RGB,
                                    hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nil))
        guard let image = imageOut else { throw Failure(reason: "cannot decode: libheif made no image") }
        defer { heif_image_release(image) }
        let decodedWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
        let decodedHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
        if let problem = ImageLimits.problem(width: decodedWidth, height: decodedHeight) {
            throw Failure(reason: "decoded to \(problem)")
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw Failure(reason: "cannot decode: libheif made no pixels")
        }
        return try CardPixels.make(Resampler.Source(pixels: plane, pitch: Int(stride), width: decodedWidth,
                                                    height: decodedHeight, hasAlpha: hasAlpha),
                                   orientation: .up, iccProfile: try iccProfile(handle, format: format),
                                   format: format, width: width, height: height)
    }

    /// What people call a HEIF file by its brands (ISO/IEC 23008-12 annex B, the AV1 image
    /// format): "AVIF" for AV1, "HEIC" for HEVC, "HEIF" for any other; the major brand decides,
    /// then the compatible ones when it is only the structural mif1/msf1/mif2.
    static func formatName(_ bytes: [UInt8]) -> String {
        func name(_ brand: String) -> String? {
            switch brand {
            case "avif", "avis": "AVIF"
            case "heic", "heix", "heim", "heis", "hevc", "hevx": "HEIC"
            default: nil
            }
        }
        guard bytes.count >= 12 else { return "HEIF" }
        func brand(at offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
        if let major = name(brand(at: 8)) { return major }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        for offset in stride(from: 16, to: min(bytes.count, boxSize) - 3, by: 4) {
            if let compatible = name(brand(at: offset)) { return compatible }
        }
        return "HEIF"
    }

    /// The primary image's ICC profile, if its colour is given as one; for an `nclx` colour
    /// (code points from ITU-T H.273) with other primaries than BT.709/sRGB's — Display P3 (12),
    /// BT.2020 (9), … — and an SDR tone curve, an equivalent profile made with lcms. BT.709/sRGB,
    /// unspecified, and HDR curves (PQ, HLG: they would need tone mapping) are shown as they are.
    private static func iccProfile(_ handle: OpaquePointer, format: String) throws(Failure) -> [UInt8]? {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_nclx {
            var nclxOut: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclxOut).code == heif_error_Ok,
                  let nclx = nclxOut else { return nil }
            defer { heif_nclx_color_profile_free(nclx) }
            let colour = nclx.pointee
            let primaries = colour.color_primaries.rawValue
            guard primaries != 1, primaries != 2 else { return nil }   // BT.709 (sRGB's), unspecified
            let curve: ColorProfile.ToneCurve
            switch colour.transfer_characteristics.rawValue {
            case 13: curve = .sRGB
            case 1, 6, 14, 15: curve = .bt709
            default: return nil
            }
            try DecoderLibrary.lcms2.require(for: format)   // lcms2 makes the profile
            return ColorProfile.rgbProfile(
                white: (Double(colour.color_primary_white_x), Double(colour.color_primary_white_y)),
                red: (Double(colour.color_primary_red_x), Double(colour.color_primary_red_y)),
                green: (Double(colour.color_primary_green_x), Double(colour.color_primary_green_y)),
                blue: (Double(colour.color_primary_blue_x), Double(colour.color_primary_blue_y)), curve: curve)
        }
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0 else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok else { return nil }
        return profile
    }

    private static func check(_ error: heif_error) throws(Failure) {
        guard error.code != heif_error_Ok else { return }
        let text = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        throw Failure(reason: "cannot decode: \(text)")
    }

    /// libheif's plugins (the HEVC and AV1 decoders) are loaded once, before any decode.
    private static let initialised: Bool = {
        heif_init(nil).code == heif_error_Ok
    }()
}
