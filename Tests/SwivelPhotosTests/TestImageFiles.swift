import CSDL2
import CSDL2Image
import Foundation
import SwivelCore
import SwivelPhotos

/// Image files for the decoder tests, made with SDL from known pixels in a fresh temporary folder.
final class TestImageFiles {
    let folder: String

    init() {
        folder = NSTemporaryDirectory() + "swivel-images-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> FilePath { FilePath(folder + "/" + name) }

    enum Kind { case png, jpeg(quality: Int32), bmp }

    /// Writes a `width` × `height` image whose pixel (x, y) is `color(x, y)` (straight alpha).
    @discardableResult
    func write(_ name: String, _ kind: Kind, width: Int, height: Int,
               color: (Int, Int) -> RGBA8) -> FilePath {
        let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                     SDL_PIXELFORMAT_ABGR8888.rawValue)!
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        let bytes = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y), p = bytes + y * pitch + x * 4   // ABGR8888: R, G, B, A in memory
                p[0] = c.r; p[1] = c.g; p[2] = c.b; p[3] = c.a
            }
        }
        let file = path(name)
        let result: Int32 = switch kind {
        case .png: IMG_SavePNG(surface, file.description)
        case .jpeg(let quality): IMG_SaveJPG(surface, file.description, quality)
        case .bmp: SDL_SaveBMP_RW(surface, SDL_RWFromFile(file.description, "wb"), 1)
        }
        precondition(result == 0, "cannot write \(file): \(String(cString: SDL_GetError()))")
        return file
    }

    /// Writes raw bytes (to a name that may not be UTF-8).
    @discardableResult
    func write(_ name: [UInt8], bytes: [UInt8], mode: mode_t = 0o644) -> FilePath {
        let file = FilePath(folder).appending(name)
        let fd = file.cString.withUnsafeBufferPointer { creat($0.baseAddress!, mode) }
        precondition(fd >= 0, "cannot create \(file)")
        bytes.withUnsafeBytes { precondition(Glibc.write(fd, $0.baseAddress, $0.count) == $0.count) }
        close(fd)
        return file
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) -> FilePath { write(Array(name.utf8), bytes: bytes) }

    func contents(_ file: FilePath) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: file.description)!)
    }
}

extension DecodedImage {
    /// (r, g, b, a) of pixel (x, y).
    func rgba(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return pixels[i..<(i + 4)].map(Int.init)
    }

    /// Whether every pixel is within `tolerance` of `expected` in every channel.
    func isAll(_ expected: [Int], tolerance: Int = 0) -> Bool {
        (0..<height).allSatisfy { y in
            (0..<width).allSatisfy { x in zip(rgba(x, y), expected).allSatisfy { abs($0 - $1) <= tolerance } }
        }
    }
}
