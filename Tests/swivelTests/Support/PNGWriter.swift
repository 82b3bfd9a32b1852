import CSDL2
import CSDL2Image
import Foundation

/// Writes test images with SDL2_image: a width × height RGBA image whose pixel colour is given per
/// pixel, saved as PNG.
enum PNGWriter {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func write(_ path: String, width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                           SDL_PIXELFORMAT_ABGR8888.rawValue) else {
            throw Failure(description: "cannot make a surface: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let rgba = pixel(x, y)
                for c in 0..<4 { base[y * pitch + x * 4 + c] = c < rgba.count ? rgba[c] : 255 }
            }
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw Failure(description: "cannot write \(path): \(String(cString: SDL_GetError()))")
        }
    }
}
