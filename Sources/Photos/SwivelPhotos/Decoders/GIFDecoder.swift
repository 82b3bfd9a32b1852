import CGIF
import Glibc
import SwivelCore
import SwivelPhotoCore

/// GIF through giflib: the first frame only, composed on its canvas as a browser shows it before
/// the animation starts. The file is read through giflib's read callback from the descriptor, a
/// buffer at a time, and only up to the end of the first frame: an animation of ten thousand
/// frames costs one.
///
/// - Canvas: the logical screen, grown to take in the first frame where that frame reaches past
///   it (`ImageHeader.gifCanvas`, whose size `ImageHeader` gave the limits before this runs; it is
///   checked again here on giflib's own reading before any pixel is allocated).
/// - Transparency: the canvas starts transparent; the frame's pixels of the transparent index of
///   the last Graphic Control Extension before it stay transparent. The screen's background
///   colour is not drawn: the GIF89a specification leaves its use to the decoder, and browsers
///   (Chromium, Firefox) leave the area outside the first frame transparent, so a GIF looks the
///   same here as on a web page.
/// - Colours: the frame's local colour table, else the global one; an index past the table's end
///   is drawn opaque black (the table is read as 256 entries, the missing ones zero).
/// - Interlaced frames come from giflib in their four passes' order and are put on their rows.
/// - An ICC profile in an `ICCRGBG1012` application extension before the frame (what ImageMagick
///   and Photoshop write) converts the colours to sRGB.
///
/// Thread safety: giflib 5 keeps all of its state in the `GifFileType` each call opens; it has
/// no global state (its error codes are returned per file, `GifErrorString` returns constants).
enum GIFDecoder {
    /// `cancellation` is looked at before each record up to the frame and before each row of it
    /// (a 16000 px row is LZW-decoded in well under a millisecond).
    static func decode(_ file: OpenFile, target: DecodeTarget,
                       cancellation: DecodeCancellation = .never) throws(Failure) -> DecodedImage {
        try DecoderLibrary.gif.require(for: "GIF")
        let reader = GIFReader(file)
        // giflib holds an unretained pointer to the reader: it must live until DGifCloseFile.
        defer { withExtendedLifetime(reader) {} }
        var openError: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), { gif, buffer, count in
            guard let gif, let buffer, count > 0, let reader = gif.pointee.UserData else { return 0 }
            return Int32(Unmanaged<GIFReader>.fromOpaque(reader).takeUnretainedValue().read(into: buffer, count: Int(count)))
        }, &openError)
        guard let gif = opened else { throw reader.failure(openError) }
        defer { DGifCloseFile(gif, nil) }

        var transparentIndex: Int?
        var iccProfile: [UInt8]?
        // Records up to the first image descriptor: extensions, whose sub-blocks are read through.
        while true {
            try cancellation.check()
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
            if record == IMAGE_DESC_RECORD_TYPE { break }
            guard record == EXTENSION_RECORD_TYPE else { throw Failure(reason: "cannot decode: GIF has no image") }
            var code: Int32 = 0
            var block: UnsafeMutablePointer<GifByteType>?
            guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
            var isProfile = false
            var profile: [UInt8] = []
            switch code {
            case GRAPHICS_EXT_FUNC_CODE:
                var control = GraphicsControlBlock()
                if let block, DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                    transparentIndex = control.TransparentColor == NO_TRANSPARENT_COLOR ? nil : Int(control.TransparentColor)
                }
            case PLAINTEXT_EXT_FUNC_CODE:
                // A Graphic Control Extension applies to the next graphic rendering block only
                // (GIF89a, section 23): this text, not the frame.
                transparentIndex = nil
            case APPLICATION_EXT_FUNC_CODE:
                // Identifier (8 bytes) and authentication code (3), then the profile's sub-blocks.
                if let block, Int(block[0]) == Self.iccApplication.count,
                   UnsafeBufferPointer(start: block + 1, count: Self.iccApplication.count).elementsEqual(Self.iccApplication) {
                    isProfile = true
                }
            default:
                break
            }
            while block != nil {
                try cancellation.check()
                guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
                if isProfile, let block, profile.count <= Self.maxProfileBytes {
                    profile.append(contentsOf: UnsafeBufferPointer(start: block + 1, count: Int(block[0])))
                }
            }
            if isProfile, !profile.isEmpty, profile.count <= Self.maxProfileBytes { iccProfile = profile }
        }
        guard DGifGetImageDesc(gif) == GIF_OK else { throw reader.failure(gif.pointee.Error) }

        let image = gif.pointee.Image
        let frame = (left: Int(image.Left), top: Int(image.Top), width: Int(image.Width), height: Int(image.Height))
        let canvas = ImageHeader.gifCanvas(screen: (Int(gif.pointee.SWidth), Int(gif.pointee.SHeight)), frame: frame)
        if let problem = ImageLimits.problem(width: canvas.width, height: canvas.height) { throw Failure(reason: problem) }
        guard let colourMap = image.ColorMap ?? gif.pointee.SColorMap else {
            throw Failure(reason: "cannot decode: GIF frame has no colour table")
        }
        let palette = Self.palette(colourMap.pointee, transparentIndex: transparentIndex)

        // The canvas starts transparent (zero). calloc's large blocks are fresh pages the kernel
        // zeroes when first written, so only the rows the file fills take memory: a 16000²
        // header on 20 bytes of LZW data took 1.06 GB as a zero-filled Swift array.
        guard let canvasPixels = calloc(canvas.width * canvas.height, 4)?.assumingMemoryBound(to: UInt8.self) else {
            throw PhotoMemory.outOfMemory
        }
        defer { free(canvasPixels) }
        if frame.width == 0 || frame.height == 0 {
            try skipImageData(gif, reader)
        } else {
            var line = [GifPixelType](repeating: 0, count: frame.width)
            for y in Self.rowOrder(height: frame.height, interlaced: image.Interlace) {
                try cancellation.check()
                guard DGifGetLine(gif, &line, Int32(frame.width)) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
                // gifCanvas holds the whole frame; the clip only keeps the writes inside the
                // canvas whatever the rule.
                guard frame.top + y < canvas.height else { continue }
                let rowStart = ((frame.top + y) * canvas.width + frame.left) * 4
                palette.withUnsafeBufferPointer { colours in
                    for x in 0..<max(0, min(frame.width, canvas.width - frame.left)) {
                        let colour = colours[Int(line[x])]
                        let at = rowStart + x * 4
                        canvasPixels[at] = colour.r
                        canvasPixels[at + 1] = colour.g
                        canvasPixels[at + 2] = colour.b
                        canvasPixels[at + 3] = colour.a
                    }
                }
            }
        }
        try readToTrailer(gif, reader, cancellation)
        try cancellation.check()
        return try CardPixels.make(Resampler.Source(pixels: canvasPixels, pitch: canvas.width * 4, width: canvas.width,
                                                height: canvas.height, hasAlpha: true),
                               orientation: .up, iccProfile: iccProfile, format: "GIF", target: target)
    }

    /// Reads the records after the first frame up to the trailer (GIF89a, section 27), later
    /// frames' data skipped block by block, not decoded: a file that ends before its trailer (cut
    /// in a later frame, or by its last byte, the trailer itself) is refused as truncated rather
    /// than shown from its first frame. What giflib cannot parse after the first frame (junk, a
    /// damaged later frame) ends the walk without a word, as before: only the first frame is shown.
    private static func readToTrailer(_ gif: UnsafeMutablePointer<GifFileType>, _ reader: GIFReader,
                                      _ cancellation: DecodeCancellation) throws(Failure) {
        do throws(Failure) {
            while true {
                if cancellation.isCancelled { return }   // the caller's check says so
                var record = UNDEFINED_RECORD_TYPE
                guard DGifGetRecordType(gif, &record) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
                switch record {
                case TERMINATE_RECORD_TYPE:
                    return
                case EXTENSION_RECORD_TYPE:
                    var code: Int32 = 0
                    var block: UnsafeMutablePointer<GifByteType>?
                    guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
                    while block != nil {
                        guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
                    }
                case IMAGE_DESC_RECORD_TYPE:
                    guard DGifGetImageDesc(gif) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
                    try skipImageData(gif, reader)
                default:
                    return
                }
            }
        } catch {
            if reader.ranOut { throw error }
        }
    }

    /// Reads past the current frame's image data (its LZW code size and sub-blocks) undecoded.
    private static func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>, _ reader: GIFReader) throws(Failure) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else { throw reader.failure(gif.pointee.Error) }
        }
    }

    /// The rows of a frame in the order its data holds them: top to bottom, or an interlaced
    /// frame's four passes (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd
    /// from 1; GIF89a, appendix E).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    /// 256 colours from `map` (those past its end opaque black), the transparent index clear.
    private static func palette(_ map: ColorMapObject, transparentIndex: Int?) -> [RGBA8] {
        var colours = [RGBA8](repeating: RGBA8(0, 0, 0), count: 256)
        if let entries = map.Colors {
            for index in 0..<min(256, max(0, Int(map.ColorCount))) {
                let entry = entries[index]
                colours[index] = RGBA8(entry.Red, entry.Green, entry.Blue)
            }
        }
        if let transparentIndex { colours[transparentIndex] = RGBA8(0, 0, 0, 0) }
        return colours
    }

    /// The application identifier and authentication code of an ICC profile's extension.
    private static let iccApplication = Array("ICCRGBG1012".utf8)
    /// ICC profiles above this are ignored (as the other formats' readers do).
    private static let maxProfileBytes = 16 << 20
}

/// giflib's input: the file's bytes from the start, read a buffer at a time as giflib asks for
/// them (a few bytes or a 255-byte sub-block each call). Notes whether giflib asked past the end.
private final class GIFReader {
    let file: OpenFile
    private var buffer: [UInt8] = []
    private var used = 0
    private var offset = 0
    /// giflib asked for bytes past the end of the file.
    private(set) var ranOut = false
    private var readError: String?

    init(_ file: OpenFile) { self.file = file }

    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        var copied = 0
        while copied < count {
            if used == buffer.count {
                do {
                    buffer = try file.read(Self.bufferBytes, at: offset)
                } catch {
                    readError = error.reason
                    buffer = []
                }
                used = 0
                offset += buffer.count
                if buffer.isEmpty {
                    ranOut = readError == nil
                    break
                }
            }
            let step = min(count - copied, buffer.count - used)
            buffer.withUnsafeBufferPointer { (destination + copied).update(from: $0.baseAddress! + used, count: step) }
            used += step
            copied += step
        }
        return copied
    }

    /// Why giflib stopped: the file ended early, could not be read, or giflib's own reason.
    func failure(_ code: Int32) -> Failure {
        if let readError { return Failure(reason: readError) }
        if ranOut { return Failure(reason: "cannot decode: truncated GIF data") }
        if code == D_GIF_ERR_NOT_ENOUGH_MEM { return PhotoMemory.outOfMemory }
        let text = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return Failure(reason: "cannot decode: \(text)")
    }

    static let bufferBytes = 64 << 10
}
