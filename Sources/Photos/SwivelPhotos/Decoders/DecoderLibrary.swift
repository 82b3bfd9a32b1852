import LazyLibraries
import SwivelCore

/// A library the decoders call. None is linked: each is loaded on first use (Sources/LazyLibraries)
/// and may not be installed at all, so every way into one asks first. A photo whose decoding needs
/// one that did not load is skipped with "FORMAT needs PACKAGE, which did not load: DLERROR"
/// (`require`, `MissingLibrary`); the rest of the deck loads.
enum DecoderLibrary: CaseIterable {
    case heif, jpegXL, turboJPEG, lcms2, exif, sdlImage, gif, webp, webpDemux, netpbm, tiff, png, avif, jpeg

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
        }
        return Int32(library.rawValue)
    }

    /// Whether it is loaded; the first ask loads it (once: the answer is kept). Any thread.
    var isAvailable: Bool { swivel_lazy_library_load(index) != 0 }

    /// The Debian package that installs it (found by the generator with dpkg).
    var package: String { String(cString: swivel_lazy_library_package(index)) }

    /// Why it did not load, in dlerror's words; nil while it is loaded or not yet tried.
    var loadError: String? { swivel_lazy_library_error(index).map { String(cString: $0) } }

    /// Returns when the library is there; else throws the failure that skips a `format` file.
    func require(for format: String) throws(Failure) {
        guard isAvailable else { throw Failure(reason: MissingLibrary.reason("\(format) needs \(package)", dlerror: loadError)) }
    }
}
