import LazyLibraries
import SwivelCore

/// SDL2_image (PNG files) and SDL2_ttf (fonts): loaded on first use (Sources/LazyLibraries) and
/// possibly not installed, so what calls them asks first.
enum PlatformLibrary {
    case sdlImage, sdlTTF

    private var index: Int32 {
        Int32((self == .sdlImage ? SWIVEL_LAZY_SDL2_IMAGE : SWIVEL_LAZY_SDL2_TTF).rawValue)
    }

    /// Whether it is loaded; the first ask loads it (once: the answer is kept).
    var isAvailable: Bool { swivel_lazy_library_load(index) != 0 }

    /// The Debian package that installs it (found by the generator with dpkg).
    var package: String { String(cString: swivel_lazy_library_package(index)) }

    /// "fonts need PACKAGE, which did not load: DLERROR" for `need` "fonts need" (`MissingLibrary`).
    func missing(_ need: String) -> String {
        MissingLibrary.reason("\(need) \(package)", dlerror: swivel_lazy_library_error(index).map { String(cString: $0) })
    }
}
