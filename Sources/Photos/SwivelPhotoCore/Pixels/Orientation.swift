/// How stored pixels are turned to stand upright: the EXIF/TIFF Orientation tag (274), values 1-8
/// (JEITA CP-3451C), which HEIF's irot/imir and JPEG XL's orientation field also express. The
/// name says where the stored image's top row ends up.
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1, mirrored = 2, down = 3, flipped = 4
    /// 5: mirrored across the top-left to bottom-right diagonal.
    case transposed = 5
    /// 6: turned 90° clockwise to be upright.
    case right = 6
    /// 7: mirrored across the other diagonal.
    case transverse = 7
    /// 8: turned 90° anticlockwise (270° clockwise) to be upright.
    case left = 8

    /// The tag's value, or `.up` for a missing or out-of-range one (0, 9, …): shown as stored.
    public init(exif value: Int) { self = Orientation(rawValue: value) ?? .up }

    /// Whether the upright image is the stored one's height wide (5-8).
    public var swapsSides: Bool { rawValue >= 5 }

    /// The stored pixel shown at upright (x, y), for a stored image `width` × `height`.
    @inline(__always)
    public func storedPixel(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .mirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .flipped: (x, height - 1 - y)
        case .transposed: (y, x)
        case .right: (y, height - 1 - x)
        case .transverse: (width - 1 - y, height - 1 - x)
        case .left: (width - 1 - y, x)
        }
    }

    /// The area of the stored image (`width` × `height`) that shows as `rect` of the upright one.
    public func storedRect(_ rect: PixelRect, width: Double, height: Double) -> PixelRect {
        let (x, y, w, h) = (rect.x, rect.y, rect.width, rect.height)
        return switch self {
        case .up: rect
        case .mirrored: PixelRect(x: width - x - w, y: y, width: w, height: h)
        case .down: PixelRect(x: width - x - w, y: height - y - h, width: w, height: h)
        case .flipped: PixelRect(x: x, y: height - y - h, width: w, height: h)
        case .transposed: PixelRect(x: y, y: x, width: h, height: w)
        case .right: PixelRect(x: y, y: height - x - w, width: h, height: w)
        case .transverse: PixelRect(x: width - y - h, y: height - x - w, width: h, height: w)
        case .left: PixelRect(x: width - y - h, y: x, width: h, height: w)
        }
    }

    /// RGBA pixels stored `width` × `height` (4 bytes each, top row first), turned upright.
    public func upright(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard self != .up else { return pixels }
        let (outWidth, outHeight) = swapsSides ? (height, width) : (width, height)
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                let from = source.bindMemory(to: UInt32.self), to = target.bindMemory(to: UInt32.self)
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let stored = storedPixel(x: x, y: y, width: width, height: height)
                        to[y * outWidth + x] = from[stored.y * width + stored.x]
                    }
                }
            }
        }
        return out
    }
}
