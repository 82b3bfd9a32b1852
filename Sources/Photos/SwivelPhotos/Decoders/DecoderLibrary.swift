import LazyLibraries
import SwivelCore
import SwivelPhotoCore

/// A library the decoders call. None is linked: each is loaded on first use (Sources/LazyLibraries)
/// and may not be installed at all, so every way into one asks first. A photo whose decoding needs
/// one that did not load is skipped with "FORMAT needs PACKAGE, which did not load: DLERROR"
/// (`require`, `MissingLibrary`); the rest of the deck loads.
enum DecoderLibrary: String, CaseIterable, Sendable {
    case heif, jpegXL, turboJPEG, lcms2, exif, sdlImage, gif, webp, webpDemux, netpbm, tiff, png, avif, jpeg
    /// LibRaw (libraw_r), camera RAW.
    case raw
    /// SDL2 itself: the SVG decoder's surfaces and streams (SDL2_image links it; its functions here
    /// are the lazy ones, which a sealed worker answers only for a library loaded before).
    case sdl
    /// libwebpmux: a WebP's chunks written again (a turn recorded in its EXIF chunk).
    case webpMux

    private var index: Int32 {
        let library = switch self {
        case .heif: SWIVEL_LAZY_HEIF
        case .jpegXL: SWIVEL_LAZY_JXL
        case .turboJPEG: SWIVEL_LAZY_TURBOJPEG
        case .lcms2: SWIVEL_LAZY_LCMS2
        case .exif: SWIVEL_LAZY_EXIF
        case .sdlImage: SWIVEL_LAZY_SDL2_IMAGE
        case .gif: SWIVEL_LAZY_GIF
        case .webp: SWIVEL_LAZY_WEBP
        case .webpDemux: SWIVEL_LAZY_WEBPDEMUX
        case .netpbm: SWIVEL_LAZY_NETPBM
        case .tiff: SWIVEL_LAZY_TIFF
        case .png: SWIVEL_LAZY_PNG
        case .avif: SWIVEL_LAZY_AVIF
        case .jpeg: SWIVEL_LAZY_JPEG
        case .raw: SWIVEL_LAZY_RAW
        case .sdl: SWIVEL_LAZY_SDL2
        case .webpMux: SWIVEL_LAZY_WEBPMUX
        }
        return Int32(library.rawValue)
    }

    /// Whether it is loaded; the first ask loads it (once: the answer is kept). Any thread.
    var isAvailable: Bool { swivel_lazy_library_load(index) != 0 }

    /// The Debian package that installs it (found by the generator with dpkg).
    var package: String { String(cString: swivel_lazy_library_package(index)) }

    /// From now on no library is loaded (a decoder worker about to be confined, which can open no
    /// file): asking for one not loaded yet answers false and notes it, for `takeWanted`.
    static func seal() { swivel_lazy_libraries_seal() }

    /// The libraries asked for since `seal` that were not loaded, cleared.
    static func takeWanted() -> Set<DecoderLibrary> {
        let bits = swivel_lazy_libraries_take_wanted()
        return Set(allCases.filter { bits & (1 << UInt32($0.index)) != 0 })
    }

    /// What decoding and reading the metadata of a file of `format` loads: its decoder's library,
    /// lcms2 for an ICC profile and libexif for EXIF where the format carries them. A worker
    /// started with fewer asks for the rest (`DecoderPool`), so this need not be exact.
    static func needed(by format: ImageFormat) -> Set<DecoderLibrary> {
        switch format.declaration.decoder {
        case .libjpegTurbo: [.jpeg, .lcms2, .exif]
        case .libpng: [.png, .lcms2, .exif]
        case .libheif: [.heif, .lcms2, .exif]
        case .libavif: [.avif, .lcms2, .exif]
        case .libjxl: [.jpegXL, .lcms2, .exif]
        case .libtiff: [.tiff, .lcms2, .exif]
        case .giflib: [.gif]
        case .libwebp: [.webp, .webpDemux, .lcms2, .exif]
        case .libnetpbm: [.netpbm]
        case .nanosvg: [.sdlImage, .sdl]
        case .stbImage, .swivelQOI: []
        // LibRaw, libjpeg for the embedded JPEG preview, libtiff for the date of a RAW that is a
        // TIFF (`DateTaken` reads it as any TIFF's).
        case .libraw: [.raw, .jpeg, .tiff]
        }
    }

    /// What a deck of files named with `pathExtensions` is expected to load: each known format's
    /// libraries, JPEG's for any other name (a file is known by its bytes), and libpng for the
    /// shared thumbnail cache's PNGs.
    static func expected(forPathExtensions pathExtensions: some Sequence<String>) -> Set<DecoderLibrary> {
        var libraries = needed(by: .jpeg).union([.png])
        var seen = Set<String>()
        for pathExtension in pathExtensions where seen.insert(pathExtension.lowercased()).inserted {
            let format = ImageFormat.allCases.first { $0.declaration.extensions.contains(pathExtension.lowercased()) }
            libraries.formUnion(format.map(needed) ?? [])
        }
        return libraries
    }

    /// The libraries of a comma-separated list of names (`rawValue`s); unknown names are left out.
    static func named(_ list: String) -> Set<DecoderLibrary> {
        Set(list.split(separator: ",").compactMap { DecoderLibrary(rawValue: String($0)) })
    }

    /// The list `named` reads, in a stable order.
    static func names(_ libraries: Set<DecoderLibrary>) -> String {
        allCases.filter(libraries.contains).map(\.rawValue).joined(separator: ",")
    }

    /// A worker's answer to a request that asked for `libraries`, which it did not load.
    static func needsMessage(_ libraries: Set<DecoderLibrary>) -> String { "needs libraries=" + names(libraries) }

    /// The libraries of a `needsMessage`; nil for any other message.
    static func needed(inMessage text: String) -> Set<DecoderLibrary>? {
        let prefix = "needs libraries="
        return text.hasPrefix(prefix) ? named(String(text.dropFirst(prefix.count))) : nil
    }

    /// Why it did not load, in dlerror's words; nil while it is loaded or not yet tried.
    var loadError: String? { swivel_lazy_library_error(index).map { String(cString: $0) } }

    /// Returns when the library is there; else throws the failure that skips a `format` file.
    func require(for format: String) throws(Failure) {
        guard isAvailable else { throw Failure(reason: MissingLibrary.reason("\(format) needs \(package)", dlerror: loadError)) }
    }
}
