import SwivelCore

/// A rectangle of whole window pixels, top-left origin, `x0..<x1` × `y0..<y1`: which of the row's
/// layer (`RowLayer`) a flight frame draws. The layer is drawn texel for pixel (nearest
/// filtering), so any such rectangles of it give the very pixels the whole layer gives there.
struct LayerPixels: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    static func window(width: Int, height: Int) -> LayerPixels { LayerPixels(x0: 0, y0: 0, x1: width, y1: height) }

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var count: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

    /// The pixels in both; empty (`isEmpty`) when they do not overlap.
    func intersection(_ other: LayerPixels) -> LayerPixels {
        LayerPixels(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// These pixels but those of `hole`, as up to four rectangles: above and below the hole this
    /// rectangle's whole width, beside it the hole's height.
    func removing(_ hole: LayerPixels?) -> [LayerPixels] {
        guard !isEmpty else { return [] }
        guard let hole, !intersection(hole).isEmpty else { return [self] }
        let h = intersection(hole)
        return [LayerPixels(x0: x0, y0: y0, x1: x1, y1: h.y0), LayerPixels(x0: x0, y0: h.y1, x1: x1, y1: y1),
                LayerPixels(x0: x0, y0: h.y0, x1: h.x0, y1: h.y1), LayerPixels(x0: h.x1, y0: h.y0, x1: x1, y1: h.y1)]
            .filter { !$0.isEmpty }
    }

    /// The pixels inside `clip` (points) with rounded corners of `radius` whose every fragment
    /// `flight.frag` covers wholly (coverage 1): the clip inset by the radius and a pixel and a
    /// half more, so that each pixel's centre is that far inside the outline (coverage is 1 from
    /// half a pixel in); within the window. Empty when nothing is that far inside.
    static func inside(_ clip: Rect, radius: Double, pixelScale s: Double, width: Int, height: Int) -> LayerPixels {
        let inset = max(radius, 0) * s + 1.5
        // Pixel i's centre is i + 0.5: it is `inset` inside when i + 0.5 ≥ edge + inset.
        func first(_ edge: Double) -> Int { Int((edge + inset - 0.5).rounded(.up)) }
        func end(_ edge: Double) -> Int { Int((edge - inset - 0.5).rounded(.down)) + 1 }
        let r = LayerPixels(x0: max(0, first(clip.x * s)), y0: max(0, first(clip.y * s)),
                            x1: min(width, end(clip.maxX * s)), y1: min(height, end(clip.maxY * s)))
        return r.isEmpty ? LayerPixels(x0: 0, y0: 0, x1: 0, y1: 0) : r
    }
}
