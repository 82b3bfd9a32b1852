import CSDL2
import CSDL2Image
import Foundation
import SwivelCore

/// Writes test files by raw path bytes (names need not be UTF-8): images of known pixels made with
/// SDL2_image (PNG, JPEG at a given quality, BMP), plain bytes, FIFOs and links. The one image
/// writer of the tests; `TemporaryDirectory.write` puts its images into a test's directory.
public enum ImageFiles {
    public enum Kind: Equatable, Sendable {
        case png, bmp, jpeg(quality: Int32)
        /// JPEG at quality 95.
        public static var jpeg: Kind { .jpeg(quality: 95) }
    }

    /// A `width` × `height` image of one opaque colour, as PNG, JPEG (quality 95) or BMP bytes.
    public static func solid(_ kind: Kind, width: Int, height: Int, _ color: [UInt8]) -> [UInt8] {
        image(kind, width: width, height: height) { _, _ in color }
    }

    /// An opaque image whose pixel (x, y) is `color(x, y)` (R, G, B).
    public static func image(_ kind: Kind, width: Int, height: Int, _ color: (Int, Int) -> [UInt8]) -> [UInt8] {
        image(kind, width: width, height: height) { x, y in
            let c = color(x, y)
            return RGBA8(c[0], c[1], c[2])
        }
    }

    /// An image whose pixel (x, y) is `color(x, y)` (straight alpha; JPEG and BMP drop it).
    public static func image(_ kind: Kind, width: Int, height: Int, color: (Int, Int) -> RGBA8) -> [UInt8] {
        let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                     SDL_PIXELFORMAT_ABGR8888.rawValue)!
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y), p = pixels + y * pitch + x * 4     // ABGR8888: R, G, B, A in memory
                p[0] = c.r; p[1] = c.g; p[2] = c.b; p[3] = c.a
            }
        }
        let scratch = TemporaryDirectory()
        let temporary = scratch.path("image").text
        let result: Int32 = switch kind {
        case .png: IMG_SavePNG(surface, temporary)
        case .jpeg(let quality): IMG_SaveJPG(surface, temporary, quality)
        case .bmp: SDL_SaveBMP_RW(surface, SDL_RWFromFile(temporary, "wb"), 1)
        }
        precondition(result == 0, "cannot write an image: \(String(cString: SDL_GetError()))")
        return [UInt8](FileManager.default.contents(atPath: temporary)!)
    }

    public static func write(_ path: FilePath, _ bytes: [UInt8], mode: mode_t = 0o644) {
        let fd = open(path.cString, O_WRONLY | O_CREAT | O_TRUNC, mode)
        precondition(fd >= 0, "cannot create \(path)")
        var done = 0
        bytes.withUnsafeBytes { buffer in
            while done < buffer.count {
                let wrote = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                precondition(wrote > 0, "cannot write \(path)")
                done += wrote
            }
        }
        fchmod(fd, mode)    // whatever the umask says
        close(fd)
    }

    public static func fifo(_ path: FilePath) { precondition(mkfifo(path.cString, 0o644) == 0, "mkfifo \(path)") }
    /// A Unix-domain socket bound at `path` (the socket file stays when the descriptor is closed).
    public static func socket(_ path: FilePath) {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        precondition(fd >= 0, "socket")
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = path.bytes
        precondition(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { field in
            for (index, byte) in bytes.enumerated() { field[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(bound == 0, "bind \(path): \(String(cString: strerror(errno)))")
    }
    public static func link(_ path: FilePath, to target: String) {
        precondition(symlink(target, path.cString) == 0, "symlink \(path)")
    }
    public static func directory(_ path: FilePath) { precondition(mkdir(path.cString, 0o755) == 0, "mkdir \(path)") }

    /// Deletes `path`, a directory's contents first, never following links.
    public static func remove(_ path: FilePath) { TemporaryDirectory.remove(path) }

    /// Big-endian 32-bit, for hand-made PNG headers.
    public static func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(v >> $0 & 0xFF) } }

    /// A PNG signature and IHDR claiming `width` × `height` (8-bit RGBA), with a correct CRC.
    public static func pngHeader(_ width: Int, _ height: Int) -> [UInt8] {
        let body = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + body + be32(Int(crc32(body)))
    }

    /// PNG's CRC-32 (ISO 3309, reflected 0xEDB88320).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
