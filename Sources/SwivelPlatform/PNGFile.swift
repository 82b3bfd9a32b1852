import CSDL2
import CSDL2Image

/// Writes RGBA8 pixels (top row first) to a PNG file with SDL2_image.
public enum PNGFile {
    public static func write(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
        precondition(pixels.count == width * height * 4)
        guard PlatformLibrary.sdlImage.isAvailable else {
            throw PlatformError("cannot write \(path): \(PlatformLibrary.sdlImage.missing("PNG needs"))")
        }
        var copy = pixels
        let saved: Int32 = copy.withUnsafeMutableBytes { bytes in
            // ABGR8888 is the packed format whose bytes in memory are R, G, B, A on little-endian machines.
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                bytes.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                SDL_PIXELFORMAT_ABGR8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        guard saved == 0 else {
            throw PlatformError("cannot write \(path): \(SDLVideo.lastError())")
        }
    }
}
