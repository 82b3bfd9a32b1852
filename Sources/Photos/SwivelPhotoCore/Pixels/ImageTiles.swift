/// A rectangle of whole pixels in an image, (0, 0) its top-left pixel.
public struct PixelArea: Equatable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// One texture of an image too large for a single one (wider or taller than `GL_MAX_TEXTURE_SIZE`).
public struct ImageTile: Equatable, Sendable {
    /// The image's pixels the texture holds: `shown` and, on each side that has a neighbouring
    /// tile, one more pixel of that neighbour.
    public let texture: PixelArea
    /// The part of the image the tile draws; the tiles' `shown` areas cover the image exactly once.
    public let shown: PixelArea
    /// `shown` in the texture's coordinates (0…1 across `texture`): the corners to draw it with.
    public let u0: Double, v0: Double, u1: Double, v1: Double
}

/// Splits an image into tiles of at most `maxTextureSize` pixels a side.
///
/// Each texture overlaps its neighbours by one pixel, and each tile draws only its own part
/// (`shown`). Why: a bilinear sample near a texture's edge blends the two nearest texels; at the
/// edge of a tile without the overlap the missing neighbour is replaced by the edge texel
/// (`GL_CLAMP_TO_EDGE`), so a seam of unblended pixels shows wherever the image is magnified (and
/// slightly when minified). With one pixel of the neighbour in the texture, a sample anywhere in
/// `shown` finds both texels it blends, the same two as in one large texture: no seam. One pixel
/// is enough for bilinear filtering without mipmaps (its footprint is 2 × 2 texels); mipmapped
/// tiles would need 2^level pixels, which is why the full view's tiles have none.
public enum ImageTiles {
    /// The tiles of a `width` × `height` image, row by row, top-left first: a single tile when the
    /// image fits. `maxTextureSize` must be at least 3 (a tile between two others holds two pixels
    /// of overlap and at least one of its own).
    public static func split(width: Int, height: Int, maxTextureSize: Int) -> [ImageTile] {
        precondition(width > 0 && height > 0, "an image has pixels")
        precondition(maxTextureSize >= 3, "a tile between two others needs room for its overlap")
        let columns = spans(width, maxTextureSize), rows = spans(height, maxTextureSize)
        var tiles: [ImageTile] = []
        tiles.reserveCapacity(columns.count * rows.count)
        for row in rows {
            for column in columns {
                let texture = PixelArea(x: column.texture.lowerBound, y: row.texture.lowerBound,
                                        width: column.texture.count, height: row.texture.count)
                let shown = PixelArea(x: column.shown.lowerBound, y: row.shown.lowerBound,
                                      width: column.shown.count, height: row.shown.count)
                func coordinate(_ pixel: Int, _ span: Range<Int>) -> Double {
                    Double(pixel - span.lowerBound) / Double(span.count)
                }
                tiles.append(ImageTile(texture: texture, shown: shown,
                                       u0: coordinate(column.shown.lowerBound, column.texture),
                                       v0: coordinate(row.shown.lowerBound, row.texture),
                                       u1: coordinate(column.shown.upperBound, column.texture),
                                       v1: coordinate(row.shown.upperBound, row.texture)))
            }
        }
        return tiles
    }

    /// One side split into as few even spans as keep every texture within `limit`: the spans'
    /// own pixels are at most `limit - 2` (room for an overlap on both sides), spread evenly.
    private static func spans(_ side: Int, _ limit: Int) -> [(shown: Range<Int>, texture: Range<Int>)] {
        if side <= limit { return [(0..<side, 0..<side)] }
        let count = (side + limit - 3) / (limit - 2)
        return (0..<count).map { index in
            let start = index * side / count, end = (index + 1) * side / count
            return (start..<end, max(0, start - 1)..<min(side, end + 1))
        }
    }
}
