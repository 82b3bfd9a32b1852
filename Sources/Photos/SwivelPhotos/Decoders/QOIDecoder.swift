import SwivelCore
import SwivelPhotoCore

/// QOI read from the descriptor 64 KiB at a time and decoded by `QOIStream` (why by hand: see
/// there), stopping between rows once cancelled, then shrunk to the card like any photo (QOI has
/// no metadata: its pixels are upright and sRGB, the header's colour-space byte saying only
/// whether alpha is linear, which straight alpha does not need). The header's size was checked against `ImageLimits` by the caller; the pixels are asked of
/// `PhotoMemory` before they are made.
enum QOIDecoder {
    static let readBytes = 64 << 10

    static func decode(_ file: OpenFile, header: ImageHeader, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        let (imageWidth, imageHeight) = (header.width, header.height)
        // One byte of chunks gives at most 62 pixels (QOI_OP_RUN): a file too short for its pixels
        // is cut, told before a byte of pixel memory is asked for.
        if imageWidth * imageHeight > 62 * max(0, file.size - QOIStream.headerBytes) {
            throw Failure(reason: "cannot decode: truncated QOI data")
        }
        let count = try PhotoMemory.byteCount(imageWidth * imageHeight, of: UInt32.self)
        return try PhotoMemory.reserving(count) { () throws(Failure) -> DecodedImage in
            let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
            defer { pixels.deallocate() }
            var offset = QOIStream.headerBytes
            var readFailure: Failure?
            do throws(QOIStream.Problem) {
                try QOIStream.decode(width: imageWidth, height: imageHeight, into: pixels, read: { () throws(QOIStream.Problem) in
                    do throws(Failure) {
                        let bytes = try file.read(readBytes, at: offset)
                        offset += bytes.count
                        return bytes
                    } catch {
                        readFailure = error
                        throw .stopped
                    }
                }, shouldStop: { cancellation.isCancelled })
            } catch .stopped {
                throw readFailure ?? .cancelled
            } catch .shortOf(let decoded) {
                throw Failure(reason: "cannot decode: truncated QOI data (\(decoded) of \(imageWidth * imageHeight) pixels)")
            } catch {
                throw Failure(reason: "cannot decode: truncated QOI data (no end marker)")
            }
            try cancellation.check()
            return try CardPixels.make(
                Resampler.Source(pixels: pixels, pitch: imageWidth * 4, width: imageWidth, height: imageHeight, hasAlpha: true),
                orientation: .up, iccProfile: nil, format: "QOI", target: target)
        }
    }
}
