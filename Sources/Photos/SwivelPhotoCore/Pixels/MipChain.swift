/// The mipmap levels of an RGBA8 image (premultiplied alpha), made on the CPU so a decoding thread
/// can do the work and the main thread only uploads: each level halves the one above (sizes
/// rounded down, at least 1, as OpenGL expects), every texel the mean of the 2×2 texels above it
/// (the last row or column repeated where a size is odd).
public struct MipChain: Sendable {
    public struct Level: Sendable {
        public let width: Int
        public let height: Int
        /// width × height × 4 bytes, top row first.
        public let pixels: [UInt8]
    }

    public let levels: [Level]

    /// How many levels a `width`×`height` image has, down to 1×1.
    public static func levelCount(width: Int, height: Int) -> Int {
        var size = max(width, height), count = 1
        while size > 1 { size /= 2; count += 1 }
        return count
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixels must be width × height × 4 bytes")
        var levels = [Level(width: width, height: height, pixels: pixels)]
        while let above = levels.last, above.width > 1 || above.height > 1 {
            levels.append(Self.halve(above))
        }
        self.levels = levels
    }

    /// Bytes of all levels together (about 4/3 of the first).
    public var byteCount: Int { levels.reduce(0) { $0 + $1.pixels.count } }

    private static func halve(_ above: Level) -> Level {
        let width = max(1, above.width / 2), height = max(1, above.height / 2)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let aboveWidth = above.width, lastX = above.width - 1, lastY = above.height - 1
        above.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let y0 = min(2 * y, lastY) * aboveWidth, y1 = min(2 * y + 1, lastY) * aboveWidth
                    for x in 0..<width {
                        let x0 = min(2 * x, lastX), x1 = min(2 * x + 1, lastX)
                        let out = (y * width + x) * 4
                        for c in 0..<4 {
                            let sum = Int(source[(y0 + x0) * 4 + c]) + Int(source[(y0 + x1) * 4 + c])
                                + Int(source[(y1 + x0) * 4 + c]) + Int(source[(y1 + x1) * 4 + c])
                            target[out + c] = UInt8((sum + 2) / 4)
                        }
                    }
                }
            }
        }
        return Level(width: width, height: height, pixels: pixels)
    }
}
