import CSDL2
import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// A photo decoded to a card's texture: RGBA8 with premultiplied alpha, top row first.
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    /// R, G, B, A bytes, alpha multiplied in, top row first: `width * height * 4` of them, in an
    /// array or mapped from a decoder worker (read in place).
    public let buffer: PixelBuffer
    /// The whole photo's upright size in its own pixels, for a full-view decode (`DecodeTarget.fit`)
    /// that came out smaller: what 1:1 means. Nil for a card.
    public var original: (width: Int, height: Int)? = nil

    /// The pixels as an array (a copy when they are mapped).
    public var pixels: [UInt8] { buffer.bytes }

    public init(width: Int, height: Int, pixels: [UInt8], original: (width: Int, height: Int)? = nil) {
        self.init(width: width, height: height, buffer: PixelBuffer(pixels, release: { bytes, range in
            MemoryPages.release(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }), original: original)
    }

    public init(width: Int, height: Int, buffer: PixelBuffer, original: (width: Int, height: Int)? = nil) {
        (self.width, self.height, self.buffer, self.original) = (width, height, buffer, original)
    }
}

/// Why an image file could not become a card, told as one line: "PATH: reason".
public struct ImageLoadError: Error, Sendable, CustomStringConvertible {
    public let path: FilePath
    public let reason: String
    /// Whether the failure says nothing about the file (the process was out of descriptors or
    /// memory when it opened it): the photo is to be tried again later, not skipped.
    public let transient: Bool
    /// Whether the decode was stopped because its card is no longer wanted: nothing to report,
    /// and the photo is decoded afresh when it is wanted again.
    public let cancelled: Bool

    public init(path: FilePath, reason: String, transient: Bool = false, cancelled: Bool = false) {
        self.path = path
        self.reason = reason
        self.transient = transient
        self.cancelled = cancelled
    }

    public var description: String { "\(path): \(reason)" }

    /// `failure` of the file at `path`, in one line.
    init(path: FilePath, failure: Failure) {
        self.init(path: path, failure: DecodeFailure(failure))
    }

    /// A decode's failure (a worker's) as the failure of the file at `path`.
    public init(path: FilePath, failure: DecodeFailure) {
        self.init(path: path, reason: failure.reason, transient: failure.transient, cancelled: failure.cancelled)
    }
}

/// Why a decode failed, without the path: what a decoder worker sends back.
public struct DecodeFailure: Error, Sendable {
    public let reason: String
    public let transient: Bool
    public let cancelled: Bool

    public init(reason: String, transient: Bool = false, cancelled: Bool = false) {
        (self.reason, self.transient, self.cancelled) = (reason, transient, cancelled)
    }

    /// Libraries' messages may end in a newline or hold several lines: one line each, always.
    init(_ failure: Failure) {
        let line = failure.reason.split(whereSeparator: \.isNewline).map(trimmingBlanks)
            .filter { !$0.isEmpty }.joined(separator: " ")
        self.init(reason: line, transient: failure.transient, cancelled: failure.cancelled)
    }
}

/// Decodes image files into card textures, on any thread, each format with the library its
/// declaration names (`ImageFormat.declaration.decoder`): JPEG with libjpeg-turbo (shrunk while
/// decoding), PNG with libpng, HEIC/HEIF with libheif, AVIF with libavif, JPEG XL with libjxl, TIFF
/// with libtiff, camera RAW with LibRaw (its embedded preview, else a demosaic), GIF with giflib, WebP with libwebp, SVG with SDL2_image's rasteriser at the card's
/// size, BMP and TGA with stb_image, PNM with libnetpbm, and QOI with SDL2_image. Every photo is turned upright by its EXIF
/// orientation (or HEIF's irot/imir) before the aspect-fill crop, and converted from its ICC
/// profile to sRGB; PQ and HLG (HDR) photos are tone-mapped to sRGB (`ToneMapping`).
///
/// Thread safety: each call opens its own file descriptor and its own decoder objects; no SDL
/// video function is called; SDL keeps its error text per thread; SDL_AllocFormat (used by surface
/// conversion) takes a lock; and SDL2_image's codecs are initialised once, up front, so that the
/// decoders never race to initialise them.
public enum ImageDecoder {
    /// Decodes `path` into exactly `width` × `height` pixels, upright, centre-cropped to that
    /// aspect (`AspectFill.crop`) and resampled: area-averaged where it shrinks, bilinear where it
    /// grows.
    ///
    /// The header is read first, and empty files, files that are not images, truncated headers
    /// and images over `ImageLimits` are refused before any pixel is decoded. GIFs and animated
    /// WebPs give their first frame. A decode whose `cancellation` is set stops at the decoder's
    /// next check and throws an error that says so (`ImageLoadError.cancelled`).
    public static func decode(_ path: FilePath, width: Int, height: Int,
                              cancellation: DecodeCancellation = .never) throws(ImageLoadError) -> DecodedImage {
        try decode(path, target: .fill(width: width, height: height), cancellation: cancellation)
    }

    /// Decodes `path` for `target`: a card (as above) or the whole photo within a bound
    /// (`DecodeTarget.fit`, the full view), by the same decoders, orientation and colour steps.
    /// `unresampledUpTo` (a `.fit` only): a JPEG whose DCT scale covers the fitted size by at most
    /// this factor each way is given at that scale, not resampled to the fitted size (see
    /// `JPEGDecoder.decode`); 1: always the fitted size.
    public static func decode(_ path: FilePath, target: DecodeTarget, unresampledUpTo: Double = 1,
                              cancellation: DecodeCancellation = .never) throws(ImageLoadError) -> DecodedImage {
        let file: OpenFile
        do { file = try OpenFile(path) } catch { throw ImageLoadError(path: path, failure: error) }
        defer { file.close() }
        do throws(Failure) {
            return try decode(file, pathExtension: path.pathExtension, target: target,
                              unresampledUpTo: unresampledUpTo, cancellation: cancellation)
        } catch {
            throw ImageLoadError(path: path, failure: error)
        }
    }

    /// Decodes the open file `descriptor` (a decoder worker's, which opens nothing) as `decode`
    /// does a path, `pathExtension` the file's (some formats are known by it). Failures are the
    /// phrase of `ImageLoadError.reason`, in one line.
    public static func decode(descriptor: Int32, pathExtension: String, target: DecodeTarget, unresampledUpTo: Double = 1,
                              cancellation: DecodeCancellation = .never) throws(DecodeFailure) -> DecodedImage {
        do throws(Failure) {
            let file = try OpenFile(descriptor: descriptor)
            return try decode(file, pathExtension: pathExtension, target: target,
                              unresampledUpTo: unresampledUpTo, cancellation: cancellation)
        } catch {
            throw DecodeFailure(error)
        }
    }

    private static func decode(_ file: OpenFile, pathExtension: String, target: DecodeTarget, unresampledUpTo: Double,
                               cancellation: DecodeCancellation) throws(Failure) -> DecodedImage {
        switch target {
        case .fill(let width, let height), .fit(let width, let height):
            precondition(width > 0 && height > 0, "a texture needs pixels")
        }
        LibraryMessages.filtered()
        try cancellation.check()
        let start = try file.read(min(file.size, 64))
        let container = ImageFormat.container(start, pathExtension: pathExtension)
        ThumbnailCapture.current?.format = container
        switch container?.decoder {
        case .libraw:
            return try RAWDecoder.decode(file, format: container!, target: target, unresampledUpTo: unresampledUpTo,
                                         cancellation: cancellation)
        case .libheif:
            return try HEIFDecoder.decode(file, target: target, cancellation: cancellation)
        case .libavif:
            return try AVIFDecoder.decode(file, target: target, cancellation: cancellation)
        case .libjxl:
            return try JXLDecoder.decode(file, target: target, cancellation: cancellation)
        case .nanosvg:
            return try SVGDecoder.decode(try SVGDecoder.contents(of: file), target: target)
        case .libtiff:
            return try TIFFDecoder.decode(file, target: target, cancellation: cancellation)
        case .libjpegTurbo, .libpng, .giflib, .libwebp, .swivelQOI, .stbImage, .libnetpbm, nil:
            break
        }
        // The formats with a header reader have their size read here from their first bytes,
        // before any decoder starts (each decoder checks its own library's size again).
        let header = try file.header(pathExtension: pathExtension)
        if let capture = ThumbnailCapture.current {
            (capture.format, capture.storedSize) = (header.format, (header.width, header.height))
        }
        if let problem = ImageLimits.problem(width: header.width, height: header.height) {
            throw Failure(reason: problem)
        }
        switch header.format.decoder {
        case .libjpegTurbo:
            return try JPEGDecoder.decode(file, target: target, unresampledUpTo: unresampledUpTo,
                                          cancellation: cancellation)
        case .libpng: return try PNGDecoder.decode(file, target: target, cancellation: cancellation)
        case .giflib: return try GIFDecoder.decode(file, target: target, cancellation: cancellation)
        case .libwebp: return try WebPDecoder.decode(file, target: target, cancellation: cancellation)
        case .stbImage:
            return try STBImageDecoder.decode(file, format: header.format, target: target,
                                              cancellation: cancellation)
        case .libnetpbm: return try NetpbmDecoder.decode(file, target: target, cancellation: cancellation)
        case .swivelQOI:
            return try QOIDecoder.decode(file, header: header, target: target, cancellation: cancellation)
        default: throw Failure(reason: "cannot decode: no decoder for \(header.format.displayName)")
        }
    }

    /// The calling thread's last SDL error, or a stand-in when SDL left none.
    static func sdlError() -> String {
        let text = String(cString: SDL_GetError())
        return text.isEmpty ? "unknown error" : text
    }
}

/// `line` without the tabs and Unicode space separators (Zs) at either end.
private func trimmingBlanks(_ line: Substring) -> String {
    let scalars = line.unicodeScalars
    func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
    guard let first = scalars.firstIndex(where: { !isBlank($0) }),
          let last = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
    return String(Substring(scalars[first...last]))
}
