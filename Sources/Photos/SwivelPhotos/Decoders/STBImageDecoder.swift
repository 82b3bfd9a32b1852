import Glibc
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
    /// The file is read as stb_image asks for it, through its callback reader, from the
    /// descriptor in 64 KiB blocks (Sources/STBImage): only its first bytes (headers, palette;
    /// `BMPFixes.headBytes`, `TGAFixes.headBytes`) are read whole, and an RLE BMP's pixels,
    /// which `BMPFixes` expands. `cancellation` is looked at on every read stb_image makes (every
    /// 128 bytes) and before each block of an RLE expansion.
    static func decode(_ file: OpenFile, format: ImageFormat, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        let size = max(0, file.size)
        let head: [UInt8], tailOffset: Int
        let reader: swivel_stb_format
        switch format {
        case .bmp:
            let start = try file.read(min(size, BMPFixes.headBytes))
            let bytes = BufferedFileBytes(file, cancellation: cancellation)
            if let fixed = try BMPFixes.prepared(start, byte: bytes.byte) {
                (head, tailOffset) = (fixed.head, fixed.tailOffset ?? size)
            } else {
                (head, tailOffset) = (start, start.count)
            }
            reader = SWIVEL_STB_BMP
        case .tga:
            let start = try file.read(min(size, TGAFixes.headBytes))
            (head, tailOffset) = TGAFixes.prepared(start) ?? (start, start.count)
            reader = SWIVEL_STB_TGA
        default: preconditionFailure("stb_image reads BMP and TGA here, not \(format.displayName)")
        }
        let tailSize = max(0, size - tailOffset)
        return try withExtendedLifetime(cancellation) { () throws(Failure) -> DecodedImage in
            try head.withUnsafeBufferPointer { head throws(Failure) -> DecodedImage in
                var input = swivel_stb_input(head: head.baseAddress, head_size: head.count, descriptor: file.descriptor,
                                             tail_offset: tailOffset, tail_size: tailSize,
                                             is_cancelled: DecodeCancellation.cIsCancelled,
                                             cancel_context: cancellation.cContext)
                return try decode(&input, head: head, format: format, reader: reader, target: target,
                                  cancellation: cancellation)
            }
        }
    }

    private static func decode(_ input: inout swivel_stb_input, head: UnsafeBufferPointer<UInt8>, format: ImageFormat,
                               reader: swivel_stb_format, target: DecodeTarget,
                               cancellation: DecodeCancellation) throws(Failure) -> DecodedImage {
        // stb_image's own reading of the header, which may differ from ImageHeader's: the limits
        // hold for it too before any pixel is decoded.
        var storedWidth: Int32 = 0, storedHeight: Int32 = 0, channels: Int32 = 0
        var reason: UnsafePointer<CChar>?
        guard swivel_stb_info(reader, &input, &storedWidth, &storedHeight, &channels, &reason) == 1 else {
            throw Failure(reason: "cannot decode: \(reason.map { String(cString: $0) } ?? "unknown error")")
        }
        if let problem = ImageLimits.problem(width: Int(storedWidth), height: Int(storedHeight)) {
            throw Failure(reason: problem)
        }
        // stb_image reads missing bytes as zeros and goes on, so a file cut short would show half
        // black or grey: refused, here when its size tells, else when the reader runs out.
        let headBytes = Array(head), size = head.count + input.tail_size
        let cutShort = format == .bmp ? BMPFixes.isCutShort(headBytes, size: size) : TGAFixes.isCutShort(headBytes, size: size)
        if cutShort { throw Failure(reason: "cannot decode: truncated \(format.displayName) data") }

        let image = swivel_stb_decode(reader, &input)
        defer { swivel_stb_free(image.pixels) }
        if image.cancelled != 0 { throw Failure.cancelled }
        if image.read_errno != 0 { throw Failure(reason: "cannot read: \(String(cString: strerror(image.read_errno)))") }
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
        let orientation: Orientation = format == .tga && TGAFixes.isRightToLeft(headBytes) ? .mirrored : .up
        try cancellation.check()
        return try CardPixels.make(
            Resampler.Source(pixels: UnsafePointer(pixels), pitch: real.width * Int(image.channels),
                             width: real.width, height: real.height, hasAlpha: image.channels == 4),
            orientation: orientation, iccProfile: nil, format: format.displayName, target: target)
    }
}

/// A file's bytes one at a time from an offset on, read in 64 KiB blocks (for `BMPFixes`'s RLE
/// expansion), the cancellation looked at before each block.
private final class BufferedFileBytes {
    let file: OpenFile
    let cancellation: DecodeCancellation
    private var block: [UInt8] = []
    private var blockStart = 0

    init(_ file: OpenFile, cancellation: DecodeCancellation) {
        self.file = file
        self.cancellation = cancellation
    }

    /// The byte at `offset`, nil past the end of the file.
    func byte(_ offset: Int) throws(Failure) -> Int? {
        if offset < blockStart || offset >= blockStart + block.count {
            guard offset >= 0, offset < file.size else { return nil }
            try cancellation.check()
            block = try file.read(64 << 10, at: offset)
            blockStart = offset
            if block.isEmpty { return nil }
        }
        return Int(block[offset - blockStart])
    }
}
