/// An axis-aligned rectangle: origin at its top-left corner, x to the right, y down. The full view
/// uses it for the card's frame (window points), the photo's frame (device pixels) and the crop
/// (texture coordinates, 0…1).
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// A `size` rectangle centred on `center`.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The whole texture, (0, 0)…(1, 1).
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    public var center: Point { Point(x + width / 2, y + height / 2) }
    public var size: Size { Size(width, height) }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The largest distance any of the four edges lies from `other`'s.
    public func largestEdgeDistance(to other: Rect) -> Double {
        max(abs(x - other.x), abs(y - other.y), abs(maxX - other.maxX), abs(maxY - other.maxY))
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
