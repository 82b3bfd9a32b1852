import CSDL2Image

/// SDL2_image, whose SVG rasteriser (nanosvg) draws SVGs, set up once.
enum SDLImageCodecs {
    /// SDL2_image's codec libraries, set up once on first use (Swift runs a static's initialiser
    /// exactly once, whichever thread gets there first). None when SDL2_image is not installed
    /// (SVGs are then refused). Only for SVGs: SDL2_image brings the AV1, HEVC and JPEG XL
    /// libraries with it.
    static let ready: Int32 = {
        LibraryMessages.filtered()
        guard DecoderLibrary.sdlImage.isAvailable, DecoderLibrary.sdl.isAvailable else { return 0 }
        return IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue))
    }()
}
