import CLibraryMessages
import CSDL2
import CSDL2Image
import Glibc
import SwivelCore

/// A photo decoded to a card's texture: RGBA8 with premultiplied alpha, top row first.
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    /// R, G, B, A bytes, alpha multiplied in, top row first: `width * height * 4` of them.
    public let pixels: [UInt8]
}

/// Why an image file could not become a card, told as one line: "PATH: reason".
public struct ImageLoadError: Error, Sendable, CustomStringConvertible {
    public let path: FilePath
    public let reason: String

    public init(path: FilePath, reason: String) { self.path = path; self.reason = reason }

    public var description: String { "\(path): \(reason)" }
}

/// Decodes image files with SDL2_image into card textures, on any thread.
///
/// Thread safety: each call opens its own file descriptor and its own `SDL_RWops` over it; no SDL
/// video function is called; SDL keeps its error text per thread; SDL_AllocFormat (used by surface
/// conversion) takes a lock; and SDL2_image's codecs are initialised once, up front, so that the
/// decoders never race to initialise them.
public enum ImageDecoder {
    /// Decodes `path` into exactly `width` × `height` pixels, centre-cropped to that aspect
    /// (`AspectFill.crop`) and resampled: area-averaged where it shrinks, bilinear where it grows.
    ///
    /// The header is read first, and empty files, files that are not images, truncated headers
    /// and images over `ImageLimits` are refused before any pixel is decoded. GIFs give their
    /// first frame.
    public static func decode(_ path: FilePath, width: Int, height: Int) throws(ImageLoadError) -> DecodedImage {
        precondition(width > 0 && height > 0, "a texture needs pixels")
        func fail(_ reason: String) -> ImageLoadError { ImageLoadError(path: path, reason: reason) }
        _ = codecs

        let file: OpenFile
        do { file = try OpenFile(path) } catch { throw fail(error.reason) }
        defer { file.close() }
        let header: ImageHeader
        do { header = try file.header(pathExtension: path.pathExtension) } catch { throw fail(error.reason) }
        if let problem = ImageLimits.problem(width: header.width, height: header.height) { throw fail(problem) }

        let surface: UnsafeMutablePointer<SDL_Surface>
        do { surface = try file.decode(format: header.format) } catch { throw fail(error.reason) }
        defer { SDL_FreeSurface(surface) }
        // The header may lie: the pixels SDL actually made must pass the limits too.
        let real = (width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        if let problem = ImageLimits.problem(width: real.width, height: real.height) {
            throw fail("decoded to \(problem)")
        }

        let source: UnsafeMutablePointer<SDL_Surface>
        switch surface.pointee.format.pointee.format {
        case SDL_PIXELFORMAT_RGB24.rawValue, SDL_PIXELFORMAT_ABGR8888.rawValue:
            source = surface
        default:
            // Palettes, BGR orders, 16-bit: SDL converts (colour keys become alpha).
            guard let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
                throw fail("cannot convert to RGBA: \(sdlError())")
            }
            source = converted
        }
        defer { if source != surface { SDL_FreeSurface(source) } }

        let crop = AspectFill.crop(source: Size(Double(real.width), Double(real.height)),
                                   target: Size(Double(width), Double(height)))
        let pixels = Resampler.resample(
            Resampler.Source(pixels: UnsafePointer(source.pointee.pixels.assumingMemoryBound(to: UInt8.self)),
                             pitch: Int(source.pointee.pitch), width: real.width, height: real.height,
                             hasAlpha: source.pointee.format.pointee.format == SDL_PIXELFORMAT_ABGR8888.rawValue),
            crop: crop, width: width, height: height)
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// SDL2_image's codec libraries, set up once on first use (Swift runs a static's initialiser
    /// exactly once, whichever thread gets there first).
    private static let codecs: Int32 = {
        _ = swivel_filter_library_messages()
        return IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue
                                                      | IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue))
    }()

    /// The calling thread's last SDL error, or a stand-in when SDL left none.
    static func sdlError() -> String {
        let text = String(cString: SDL_GetError())
        return text.isEmpty ? "unknown error" : text
    }
}

/// What kind of file a stat(2) mode is, as "a FIFO", "a directory", … (for "not a regular file (…)").
func fileTypeName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "of an unknown type"
    }
}

/// A failure inside one step of decoding, as the phrase that follows the path.
private struct Failure: Error { let reason: String }

/// An image file opened once, by its raw path bytes, so the header that is checked and the data
/// that is decoded are the same file.
private struct OpenFile {
    let descriptor: Int32
    let size: Int

    /// Header bytes are read in steps up to this many; a header that goes on further is refused.
    static let maxHeaderBytes = 32 << 20

    /// Opens without blocking (a FIFO with no writer would otherwise hold a decoder thread
    /// forever) and refuses anything but a regular file: FIFOs, devices such as /dev/zero
    /// (endless bytes), sockets and directories.
    init(_ path: FilePath) throws(Failure) {
        let fd = path.cString.withUnsafeBufferPointer { open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw Failure(reason: "cannot open: \(Self.errorText())") }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = "cannot open: \(Self.errorText())"
            Glibc.close(fd)
            throw Failure(reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw Failure(reason: "not a regular file (\(fileTypeName(status.st_mode)))")
        }
        descriptor = fd
        size = Int(status.st_size)
    }

    func close() { Glibc.close(descriptor) }

    /// Reads the first bytes, and more while the header says it goes on, then the header.
    func header(pathExtension: String) throws(Failure) -> ImageHeader {
        var count = min(size, ImageHeader.bytesNeeded)
        while true {
            let bytes = try read(count)
            // A short read means the file ends there, whatever its size said.
            let fileSize = bytes.count < count ? bytes.count : size
            switch ImageHeader.read(bytes, fileSize: fileSize, pathExtension: pathExtension) {
            case .success(let header):
                return header
            case .failure(.incomplete(let format, let needed)):
                guard bytes.count < Self.maxHeaderBytes else {
                    throw Failure(reason: "\(format.displayName) header is not within the first "
                                  + "\(Self.maxHeaderBytes >> 20) MiB")
                }
                // At least double, so that a header of many segments takes few reads.
                count = min(fileSize, Self.maxHeaderBytes, max(needed, bytes.count * 2))
            case .failure(let problem):
                throw Failure(reason: problem.description)
            }
        }
    }

    /// The first `count` bytes (fewer if the file is shorter than it said).
    private func read(_ count: Int) throws(Failure) -> [UInt8] {
        var failed: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 1)) { buffer, filled in
            filled = 0
            while filled < count {
                let got = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(filled))
                if got > 0 {
                    filled += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    failed = errno
                    break
                }
            }
        }
        if failed != 0 { throw Failure(reason: "cannot read: \(String(cString: strerror(failed)))") }
        return bytes
    }

    /// Decodes the whole file with SDL2_image through an `SDL_RWops` over this descriptor.
    func decode(format: ImageFormat) throws(Failure) -> UnsafeMutablePointer<SDL_Surface> {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw Failure(reason: "cannot read: \(Self.errorText())") }
        guard let stream = DescriptorStream.make(descriptor) else {
            throw Failure(reason: "cannot read: \(ImageDecoder.sdlError())")
        }
        defer { SDL_FreeRW(stream) }
        SDL_ClearError()
        _ = takePNGError()
        // TGA has no signature, so SDL2_image tries it only when told; every other format it
        // recognises by its magic bytes, as the header reader did.
        let surface = format == .tga ? IMG_LoadTyped_RW(stream, 0, "TGA") : IMG_LoadTyped_RW(stream, 0, nil)
        let cutShort = DescriptorStream.ranOut(stream)
        let pngError = takePNGError()
        guard let surface else {
            let detail = ImageDecoder.sdlError()
            // libpng's own words ("IDAT: CRC error") say more than SDL2_image's generic ones.
            throw Failure(reason: cutShort ? "cannot decode: truncated \(format.displayName) data (\(detail))"
                                           : "cannot decode: \(pngError.map { "PNG \($0)" } ?? detail)")
        }
        // libjpeg treats a body cut short as a warning and fills the rest with grey; SDL2_image
        // says nothing. Its reader asks past the end only then (other formats' readers, such as
        // QOI's read-it-all, ask past the end of whole files too, so only JPEG is judged so).
        if format == .jpeg && cutShort {
            SDL_FreeSurface(surface)
            throw Failure(reason: "cannot decode: truncated JPEG data")
        }
        return surface
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// libpng's last error on this thread (kept off stderr by `swivel_filter_library_messages`).
    private func takePNGError() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard swivel_take_png_error(&buffer, buffer.count) == 1 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An `SDL_RWops` that reads a file descriptor (SDL2 has no such constructor). The descriptor is
/// kept in `hidden.unknown.data1` (plus one, so that descriptor 0 is not a null pointer), and
/// `hidden.unknown.data2` becomes non-null once a read finds nothing left (the decoder wanted
/// more than the file has). Closing the stream leaves the descriptor open for its owner.
private enum DescriptorStream {
    static func make(_ descriptor: Int32) -> UnsafeMutablePointer<SDL_RWops>? {
        guard let stream = SDL_AllocRW() else { return nil }
        stream.pointee.type = SDL_RWOPS_UNKNOWN
        stream.pointee.hidden.unknown.data1 = UnsafeMutableRawPointer(bitPattern: Int(descriptor) + 1)
        stream.pointee.hidden.unknown.data2 = nil
        stream.pointee.size = { context in
            var status = stat()
            return fstat(DescriptorStream.descriptor(context), &status) == 0 ? Int64(status.st_size) : -1
        }
        stream.pointee.seek = { context, offset, whence in
            let origin = switch whence {
            case RW_SEEK_CUR: SEEK_CUR
            case RW_SEEK_END: SEEK_END
            default: SEEK_SET
            }
            return Int64(lseek(DescriptorStream.descriptor(context), off_t(offset), origin))
        }
        stream.pointee.read = { context, buffer, size, count in
            guard let buffer, size > 0 else { return 0 }
            let (total, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow else { return 0 }
            var done = 0
            while done < total {
                let got = Glibc.read(DescriptorStream.descriptor(context), buffer + done, total - done)
                if got > 0 { done += got } else if got < 0 && errno == EINTR { continue } else { break }
            }
            if done < size && total > 0 { context?.pointee.hidden.unknown.data2 = UnsafeMutableRawPointer(bitPattern: 1) }
            return done / size
        }
        stream.pointee.write = { _, _, _, _ in 0 }
        stream.pointee.close = { _ in 0 }
        return stream
    }

    /// Whether a read on `stream` has found the end of the file with bytes still wanted.
    static func ranOut(_ stream: UnsafeMutablePointer<SDL_RWops>) -> Bool {
        stream.pointee.hidden.unknown.data2 != nil
    }

    static func descriptor(_ context: UnsafeMutablePointer<SDL_RWops>?) -> Int32 {
        guard let context, let data = context.pointee.hidden.unknown.data1 else { return -1 }
        return Int32(truncatingIfNeeded: Int(bitPattern: data) - 1)
    }
}

/// Separable resampling of a crop of 8-bit RGB(A) pixels to an exact size. Each axis gets a table
/// of taps: area-averaging (each output pixel is the mean of the source area it covers) when the
/// axis shrinks, bilinear when it grows. Alpha is multiplied in before any averaging, so a
/// transparent pixel's colour never bleeds into its neighbours.
enum Resampler {
    struct Source {
        /// R, G, B[, A] bytes, `pitch` bytes a row.
        let pixels: UnsafePointer<UInt8>
        let pitch: Int
        let width: Int
        let height: Int
        /// Four bytes a pixel with alpha last (RGBA), else three (RGB, opaque).
        let hasAlpha: Bool
    }

    /// For each output pixel along one axis: the first source pixel, how many follow, and their
    /// weights (`stride` slots per output pixel, summing to 1).
    struct Taps {
        var first: [Int]
        var count: [Int]
        var weights: [Float]
        var stride: Int

        /// Taps that cover `start ..< start + length` of a `sourceCount`-pixel axis with `outputCount` pixels.
        init(start: Double, length: Double, sourceCount: Int, outputCount: Int) {
            let scale = length / Double(outputCount)
            let lowest = max(0, min(sourceCount - 1, Int(start.rounded(.down))))
            let highest = max(lowest, min(sourceCount - 1, Int((start + length).rounded(.up)) - 1))
            stride = scale > 1 ? Int(scale.rounded(.up)) + 2 : 2
            first = Array(repeating: 0, count: outputCount)
            count = Array(repeating: 0, count: outputCount)
            weights = Array(repeating: 0, count: outputCount * stride)
            var raw: [(index: Int, weight: Double)] = []
            for output in 0..<outputCount {
                raw.removeAll(keepingCapacity: true)
                if scale > 1 {
                    // Area: how much of source pixel j lies in [a, b).
                    let a = start + Double(output) * scale, b = a + scale
                    var j = Int(a.rounded(.down))
                    while Double(j) < b {
                        let overlap = min(b, Double(j + 1)) - max(a, Double(j))
                        if overlap > 0 { raw.append((j, overlap)) }
                        j += 1
                    }
                } else {
                    // Bilinear between the two source centres either side of this one's centre.
                    let centre = start + (Double(output) + 0.5) * scale - 0.5
                    let j = Int(centre.rounded(.down))
                    let t = centre - Double(j)
                    raw.append((j, 1 - t))
                    raw.append((j + 1, t))
                }
                let clamped = raw.map { (index: min(highest, max(lowest, $0.index)), weight: $0.weight) }
                let firstIndex = clamped.map(\.index).min() ?? lowest
                let lastIndex = clamped.map(\.index).max() ?? lowest
                let total = clamped.reduce(0) { $0 + $1.weight }
                first[output] = firstIndex
                count[output] = lastIndex - firstIndex + 1
                for tap in clamped {
                    weights[output * stride + tap.index - firstIndex] += Float(tap.weight / total)
                }
            }
        }

        /// The lowest and highest source pixels any tap reads.
        var span: ClosedRange<Int> {
            let low = first.min() ?? 0
            let high = zip(first, count).map { $0 + $1 - 1 }.max() ?? 0
            return low...max(low, high)
        }
    }

    /// `crop` of `source` resampled to `width` × `height`: premultiplied RGBA8, top row first.
    static func resample(_ source: Source, crop: PixelRect, width: Int, height: Int) -> [UInt8] {
        let across = Taps(start: crop.x, length: crop.width, sourceCount: source.width, outputCount: width)
        let down = Taps(start: crop.y, length: crop.height, sourceCount: source.height, outputCount: height)
        let rows = down.span
        // Pass 1: each source row the vertical taps read, resampled across, premultiplied, in
        // 0…255 floats.
        var middle = [Float](repeating: 0, count: rows.count * width * 4)
        middle.withUnsafeMutableBufferPointer { middle in
            across.first.withUnsafeBufferPointer { first in
            across.count.withUnsafeBufferPointer { count in
            across.weights.withUnsafeBufferPointer { weights in
                for (row, y) in rows.enumerated() {
                    resampleRow(source.pixels + y * source.pitch, hasAlpha: source.hasAlpha,
                                into: middle.baseAddress! + row * width * 4, width: width,
                                first: first.baseAddress!, count: count.baseAddress!,
                                weights: weights.baseAddress!, stride: across.stride)
                }
            }
            }
            }
        }
        // Pass 2: down the columns, a whole row at a time.
        let rowLength = width * 4
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, filled in
            var sum = [Float](repeating: 0, count: rowLength)
            sum.withUnsafeMutableBufferPointer { sum in
                middle.withUnsafeBufferPointer { middle in
                    let sum = sum.baseAddress!, middle = middle.baseAddress!
                    for y in 0..<height {
                        for i in 0..<rowLength { sum[i] = 0 }
                        for tap in 0..<down.count[y] {
                            let weight = down.weights[y * down.stride + tap]
                            let row = middle + (down.first[y] + tap - rows.lowerBound) * rowLength
                            for i in 0..<rowLength { sum[i] += weight * row[i] }
                        }
                        let out = output.baseAddress! + y * rowLength
                        for i in 0..<rowLength {
                            out[i] = UInt8(min(255, max(0, sum[i] + 0.5)))
                        }
                    }
                }
            }
            filled = width * height * 4
        }
    }

    /// One row across: for each output pixel, the weighted sum of its taps' premultiplied pixels.
    @inline(__always)
    private static func resampleRow(_ row: UnsafePointer<UInt8>, hasAlpha: Bool,
                                    into out: UnsafeMutablePointer<Float>, width: Int,
                                    first: UnsafePointer<Int>, count: UnsafePointer<Int>,
                                    weights: UnsafePointer<Float>, stride: Int) {
        if hasAlpha {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                var pixel = row + first[x] * 4
                let w = weights + x * stride
                for tap in 0..<count[x] {
                    let weighted = w[tap] * Float(pixel[3])
                    r += weighted * Float(pixel[0])
                    g += weighted * Float(pixel[1])
                    b += weighted * Float(pixel[2])
                    a += weighted
                    pixel += 4
                }
                let o = out + x * 4
                o[0] = r * (1 / 255); o[1] = g * (1 / 255); o[2] = b * (1 / 255); o[3] = a
            }
        } else {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0
                var pixel = row + first[x] * 3
                let w = weights + x * stride
                for tap in 0..<count[x] {
                    r += w[tap] * Float(pixel[0])
                    g += w[tap] * Float(pixel[1])
                    b += w[tap] * Float(pixel[2])
                    pixel += 3
                }
                let o = out + x * 4
                o[0] = r; o[1] = g; o[2] = b; o[3] = 255
            }
        }
    }
}
