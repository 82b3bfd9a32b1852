import CLibraryMessages
import CSDL2
import CSDL2Image
import Glibc
import SwivelCore
import SwivelPhotoCore

/// The formats SDL2_image decodes (QOI): whole, as stored,
/// then turned upright by the EXIF orientation found in the file (SDL2_image ignores it) and
/// converted to sRGB by its ICC profile.
enum SDLImageDecoder {
    static func decode(_ file: OpenFile, header: ImageHeader, width: Int, height: Int) throws(Failure) -> DecodedImage {
        try DecoderLibrary.sdlImage.require(for: header.format.displayName)
        _ = codecs
        // SDL2_image's QOI reader allocates the whole surface and writes every pixel of it, going
        // on past the end of the data: a 16000² header on 62 bytes took 1.1 GB. One byte of QOI
        // data gives at most 62 pixels (QOI_OP_RUN, a run of 1 to 62 in one byte; QOI
        // specification 1.0), after the 14-byte header: a file too short for its pixels is cut.
        if header.format == .qoi, header.width * header.height > 62 * max(0, file.size - 14) {
            throw Failure(reason: "cannot decode: truncated QOI data")
        }
        let surface: UnsafeMutablePointer<SDL_Surface>
        if header.format == .qoi {
            // Read once, judged whole (`QOIStream`: the reader pads a short stream without a
            // word), then decoded from memory.
            let bytes = try file.readAll()
            let decoded: Result<UnsafeMutablePointer<SDL_Surface>, Failure> = bytes.withUnsafeBufferPointer { buffer in
                switch QOIStream.verdict(buffer, width: header.width, height: header.height) {
                case .complete:
                    do throws(Failure) { return .success(try OpenFile.decode(buffer, format: header.format)) } catch {
                        return .failure(error)
                    }
                case .noEndMarker:
                    return .failure(Failure(reason: "cannot decode: truncated QOI data (no end marker)"))
                case .shortOf(let pixels):
                    return .failure(Failure(reason: "cannot decode: truncated QOI data "
                                                    + "(\(pixels) of \(header.width * header.height) pixels)"))
                }
            }
            surface = try decoded.get()
        } else {
            surface = try file.decode(format: header.format)
        }
        defer { SDL_FreeSurface(surface) }
        // The header may lie: the pixels SDL actually made must pass the limits too.
        let real = (width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        if let problem = ImageLimits.problem(width: real.width, height: real.height) {
            throw Failure(reason: "decoded to \(problem)")
        }

        let source: UnsafeMutablePointer<SDL_Surface>
        switch surface.pointee.format.pointee.format {
        case SDL_PIXELFORMAT_RGB24.rawValue, SDL_PIXELFORMAT_ABGR8888.rawValue:
            source = surface
        default:
            // Palettes, BGR orders, 16-bit: SDL converts (colour keys become alpha).
            guard let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
                throw Failure(reason: "cannot convert to RGBA: \(ImageDecoder.sdlError())")
            }
            source = converted
        }
        defer { if source != surface { SDL_FreeSurface(source) } }

        let metadata = file.metadata(format: header.format)
        return try CardPixels.make(
            Resampler.Source(pixels: UnsafePointer(source.pointee.pixels.assumingMemoryBound(to: UInt8.self)),
                             pitch: Int(source.pointee.pitch), width: real.width, height: real.height,
                             hasAlpha: source.pointee.format.pointee.format == SDL_PIXELFORMAT_ABGR8888.rawValue),
            orientation: try metadata.orientation(format: header.format.displayName), iccProfile: metadata.iccProfile,
            format: header.format.displayName, width: width, height: height)
    }

    /// SDL2_image's codec libraries, set up once on first use (Swift runs a static's initialiser
    /// exactly once, whichever thread gets there first), after C's stderr has been given the
    /// filter that keeps libpng's and libjxl's console messages off it. None when SDL2_image is
    /// not installed (its decoders then refuse every file).
    static let codecs: Int32 = {
        _ = swivel_filter_library_messages()
        guard DecoderLibrary.sdlImage.isAvailable else { return 0 }
        return IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue))
    }()
}

extension OpenFile {
    /// Decodes the whole file with SDL2_image through an `SDL_RWops` over this descriptor.
    func decode(format: ImageFormat) throws(Failure) -> UnsafeMutablePointer<SDL_Surface> {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw Failure(reason: "cannot read: \(Self.errorText())") }
        guard let stream = DescriptorStream.make(descriptor) else {
            throw Failure(reason: "cannot read: \(ImageDecoder.sdlError())")
        }
        defer { SDL_FreeRW(stream) }
        SDL_ClearError()
        _ = takePNGError()
        // SDL2_image recognises each of its formats by its magic bytes, as the header reader did.
        let surface = IMG_LoadTyped_RW(stream, 0, nil)
        let cutShort = DescriptorStream.ranOut(stream)
        let pngError = takePNGError()
        guard let surface else {
            let detail = ImageDecoder.sdlError()
            if detail == "Out of memory" { throw PhotoMemory.outOfMemory }   // SDL_OutOfMemory()'s words
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

    /// Decodes `bytes`, a whole file in memory, with SDL2_image.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, format: ImageFormat) throws(Failure) -> UnsafeMutablePointer<SDL_Surface> {
        guard let stream = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)) else {
            throw Failure(reason: "cannot read: \(ImageDecoder.sdlError())")
        }
        defer { SDL_FreeRW(stream) }
        SDL_ClearError()
        guard let surface = IMG_LoadTyped_RW(stream, 0, nil) else {
            throw Failure(reason: "cannot decode: \(ImageDecoder.sdlError())")
        }
        return surface
    }

    /// libpng's last error on this thread (kept off stderr by `swivel_filter_library_messages`).
    private func takePNGError() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard swivel_take_png_error(&buffer, buffer.count) == 1 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

