import STBImage
import SwivelCore
import SwivelPhotoCore

/// BMP and TGA through stb_image (compiled into the program from Debian's libstb-dev header; see
/// Sources/STBImage), after `BMPFixes`/`TGAFixes` have put right what it reads wrong. stb_image
/// turns bottom-up rows the right way itself; a TGA stored right-to-left is mirrored here. Neither
/// format carries an orientation or a colour profile that Swivel reads, so the pixels are shown
/// as stored, as sRGB.
///
/// Thread safety: each call has its own stb_image context; its failure reason is thread-local.
enum STBImageDecoder {
    static func decode(_ bytes: [UInt8], format: ImageFormat, width: Int, height: Int) throws(Failure) -> DecodedImage {
        let prepared: [UInt8]
        let reader: swivel_stb_format
        switch format {
        case .bmp: prepared = try BMPFixes.prepared(bytes); reader = SWIVEL_STB_BMP
        case .tga: prepared = TGAFixes.prepared(bytes); reader = SWIVEL_STB_TGA
        default: preconditionFailure("stb_image reads BMP and TGA here, not \(format.displayName)")
        }
        // stb_image's own reading of the header, which may differ from ImageHeader's: the limits
        // hold for it too before any pixel is decoded.
        var storedWidth: Int32 = 0, storedHeight: Int32 = 0, channels: Int32 = 0
        var reason: UnsafePointer<CChar>?
        let known = prepared.withUnsafeBufferPointer {
            swivel_stb_info(reader, $0.baseAddress, $0.count, &storedWidth, &storedHeight, &channels, &reason)
        }
        guard known == 1 else { throw Failure(reason: "cannot decode: \(reason.map { String(cString: $0) } ?? "unknown error")") }
        if let problem = ImageLimits.problem(width: Int(storedWidth), height: Int(storedHeight)) {
            throw Failure(reason: problem)
        }
        // stb_image reads missing bytes as zeros and goes on, so a file cut short would show half
        // black or grey: refused, here when its size tells, else when the reader runs out.
        let cutShort = format == .bmp ? BMPFixes.isCutShort(prepared) : TGAFixes.isCutShort(prepared)
        if cutShort { throw Failure(reason: "cannot decode: truncated \(format.displayName) data") }

        let image = prepared.withUnsafeBufferPointer { swivel_stb_decode(reader, $0.baseAddress, $0.count) }
        defer { swivel_stb_free(image.pixels) }
        if image.truncated != 0 { throw Failure(reason: "cannot decode: truncated \(format.displayName) data") }
        guard let pixels = image.pixels else {
            // stbi__err("outofmem", …): its malloc failed.
            if image.reason.map({ String(cString: $0) }) == "outofmem" { throw PhotoMemory.outOfMemory }
            throw Failure(reason: "cannot decode: \(image.reason.map { String(cString: $0) } ?? "unknown error")")
        }
        let real = (width: Int(image.width), height: Int(image.height))
        if let problem = ImageLimits.problem(width: real.width, height: real.height) {
            throw Failure(reason: "decoded to \(problem)")
        }
        let orientation: Orientation = format == .tga && TGAFixes.isRightToLeft(bytes) ? .mirrored : .up
        return try CardPixels.make(
            Resampler.Source(pixels: UnsafePointer(pixels), pitch: real.width * Int(image.channels),
                             width: real.width, height: real.height, hasAlpha: image.channels == 4),
            orientation: orientation, iccProfile: nil, format: format.displayName, width: width, height: height)
    }
}
