import CSDL2
import CSDL2Image

/// An RGBA8 image read from a file with SDL2_image, for checking rendered frames pixel by pixel.
public struct Image {
    public let width: Int
    public let height: Int
    /// R, G, B, A bytes, top row first.
    public let bytes: [UInt8]

    public struct LoadError: Error, CustomStringConvertible { public let description: String }

    public init(width: Int, height: Int, bytes: [UInt8]) {
        (self.width, self.height, self.bytes) = (width, height, bytes)
    }

    public init(contentsOf path: String) throws {
        guard let loaded = IMG_Load(path) else {
            throw LoadError(description: "cannot load \(path): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw LoadError(description: "cannot convert \(path)")
        }
        defer { SDL_FreeSurface(rgba) }
        let surface = rgba.pointee
        width = Int(surface.w)
        height = Int(surface.h)
        let pitch = Int(surface.pitch)
        let base = surface.pixels.assumingMemoryBound(to: UInt8.self)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<(width * 4) { bytes[y * width * 4 + x] = base[y * pitch + x] }
        }
        self.bytes = bytes
    }

    /// (r, g, b) of the pixel whose top-left corner is (x, y).
    public func rgb(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return [Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2])]
    }
}

extension Image {
    /// The largest difference of any channel of any pixel (255 when the sizes differ).
    public func maxDifference(_ other: Image) -> Int {
        guard width == other.width, height == other.height else { return 255 }
        var worst: UInt8 = 0
        for i in bytes.indices {
            let a = bytes[i], b = other.bytes[i]
            worst = max(worst, a > b ? a - b : b - a)
        }
        return Int(worst)
    }
}

extension Image {
    /// The `width` × `height` region whose top-left pixel is (x, y).
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> Image {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 4
            bytes += self.bytes[start..<(start + width * 4)]
        }
        return Image(width: width, height: height, bytes: bytes)
    }

    /// The mean absolute difference over every channel of every pixel (255 when the sizes differ).
    public func meanDifference(_ other: Image) -> Double {
        guard width == other.width, height == other.height else { return 255 }
        var total = 0
        for i in bytes.indices { total += abs(Int(bytes[i]) - Int(other.bytes[i])) }
        return Double(total) / Double(bytes.count)
    }

    /// The smallest box (in pixels, both ends included) holding every pixel of the region
    /// `x` × `y` that `isInk` accepts; nil when there is none.
    public func inkBox(x: Range<Int>, y: Range<Int>, isInk: ([Int]) -> Bool) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for row in y.clamped(to: 0..<height) {
            for column in x.clamped(to: 0..<width) where isInk(rgb(column, row)) {
                (minX, maxX, minY, maxY) = (min(minX, column), max(maxX, column), min(minY, row), max(maxY, row))
            }
        }
        return minX == .max ? nil : (minX...maxX, minY...maxY)
    }

    /// The largest channel difference over the pixels of rows `rows` (255 when the sizes differ).
    public func maxDifference(_ other: Image, rows: Range<Int>) -> Int {
        guard width == other.width, height == other.height else { return 255 }
        var worst = 0
        for y in rows.clamped(to: 0..<height) {
            for x in 0..<width {
                let a = rgb(x, y), b = other.rgb(x, y)
                worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
            }
        }
        return worst
    }

    /// The ink box of the HUD's first line (white text on its dark panel at the top left), in a
    /// frame at `scale` pixels per point.
    public func hudFirstLine(scale: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        inkBox(x: 12 * scale..<250 * scale, y: 12 * scale..<31 * scale) { $0.allSatisfy { $0 > 200 } }
    }

    /// The ink box of the caption (dark text on the background) under the middle card of a
    /// `viewport`-point window whose cards are `cardHeight` tall, in a frame at `scale` pixels per point.
    public func caption(viewport: (width: Int, height: Int), cardHeight: Int = 300,
                 scale: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let top = viewport.height / 2 + cardHeight / 2 + 4
        return inkBox(x: (viewport.width / 2 - 100) * scale..<(viewport.width / 2 + 100) * scale,
                      y: top * scale..<(top + 40) * scale) { $0.reduce(0, +) < 3 * 128 }
    }
}
