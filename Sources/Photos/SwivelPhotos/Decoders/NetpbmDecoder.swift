import Glibc
import NetpbmReader
import SwivelCore
import SwivelPhotoCore

/// PBM, PGM and PPM, plain and raw, with any maxval up to 65535 (16-bit samples), through libnetpbm
/// (see Sources/NetpbmReader), each sample scaled to 8 bits. stb_image, which reads BMP and TGA
/// here, reads only raw PGM/PPM, takes samples as they are whatever the maxval (a maxval of 15 is
/// shown nearly black), and in Debian 12's version (2.27) neither swaps 16-bit samples from the
/// format's big-endian order nor converts them to RGBA without garbling half the image.
///
/// Thread safety: libnetpbm reports errors through process-wide globals, so its calls take turns
/// behind one lock (Netpbm files decode one at a time).
enum NetpbmDecoder {
    /// Read from the descriptor a stdio buffer at a time (the file is never in memory whole);
    /// `cancellation` is looked at before each row.
    static func decode(_ file: OpenFile, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try DecoderLibrary.netpbm.require(for: "PNM")
        var image = withExtendedLifetime(cancellation) {
            swivel_pnm_decode(file.descriptor, max(0, file.size), Int32(ImageLimits.maxSide), ImageLimits.maxPixels,
                              DecodeCancellation.cIsCancelled, cancellation.cContext)
        }
        defer { free(image.pixels) }
        guard let pixels = image.pixels else {
            if image.cancelled != 0 { throw Failure.cancelled }
            if image.truncated != 0 { throw Failure(reason: "cannot decode: truncated PNM data") }
            let reason = withUnsafeBytes(of: &image.reason) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if reason == "out of memory" { throw PhotoMemory.outOfMemory }   // netpbm_reader.c's malloc failed
            throw Failure(reason: "cannot decode: \(reason)")
        }
        let real = (width: Int(image.width), height: Int(image.height))
        try cancellation.check()
        return try CardPixels.make(
            Resampler.Source(pixels: UnsafePointer(pixels), pitch: real.width * Int(image.channels),
                             width: real.width, height: real.height, hasAlpha: image.channels == 4),
            orientation: .up, iccProfile: nil, format: "PNM", target: target)
    }
}
