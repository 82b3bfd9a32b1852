import CLibraryMessages
import CSDL2Image

/// SDL2_image, whose SVG rasteriser (nanosvg) draws SVGs, set up once.
enum SDLImageCodecs {
    /// SDL2_image's codec libraries, set up once on first use (Swift runs a static's initialiser
    /// exactly once, whichever thread gets there first), after C's stderr has been given the
    /// filter that keeps libpng's and libjxl's console messages off it. None when SDL2_image is
    /// not installed (SVGs are then refused).
    static let ready: Int32 = {
        _ = swivel_filter_library_messages()
        guard DecoderLibrary.sdlImage.isAvailable else { return 0 }
        return IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue))
    }()
}
