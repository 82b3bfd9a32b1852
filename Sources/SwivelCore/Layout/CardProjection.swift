/// SwiftUI's `rotation3DEffect(angle, axis: (0, 1, 0), anchor: .center, anchorZ: 0, perspective: p)`
/// for one card: a rotation about the vertical line through the card's centre, seen from an eye
/// `d = max(w, h) / p` in front of the card plane.
///
/// A card point (u, v) measured from the card centre (cx, cy) lands at
/// `w = 1 + u·sinθ/d`, `X = cx + u·cosθ/w`, `Y = cy + v/w`.
/// The GLSL vertex shader (Shaders/card.vert) does the same sum but hands `w` to the GPU as the clip
/// coordinate's w, so that texturing is perspective-correct; this is the CPU twin used by the layout,
/// hit-testing and the tests.
public struct CardProjection: Equatable, Sendable {
    public var center: Point
    /// Rotation about the y axis, in degrees.
    public var degrees: Double
    /// Eye distance in points.
    public var eyeDistance: Double

    public init(center: Point, degrees: Double, eyeDistance: Double) {
        self.center = center
        self.degrees = degrees
        self.eyeDistance = eyeDistance
    }

    /// The homogeneous divisor for a point `u` points right of the card's centre line.
    public func w(u: Double) -> Double {
        1 + u * sin(radians(degrees)) / eyeDistance
    }

    /// Where the card-local point (u, v) (points from the card centre) appears in the window.
    public func project(u: Double, v: Double) -> Point {
        let theta = radians(degrees)
        let w = 1 + u * sin(theta) / eyeDistance
        return Point(center.x + u * cos(theta) / w, center.y + v / w)
    }

    /// Window corners of a `size` rectangle centred on the card: top-left, top-right, bottom-right, bottom-left.
    public func corners(of size: Size) -> [Point] {
        let hw = size.width / 2, hh = size.height / 2
        return [project(u: -hw, v: -hh), project(u: hw, v: -hh),
                project(u: hw, v: hh), project(u: -hw, v: hh)]
    }

    /// The largest horizontal distance from the centre that any point with |u| ≤ `halfWidth` can
    /// reach at any angle: `halfWidth / √(1 − (halfWidth/d)²)` (the maximum of `cosθ / (1 − a·sinθ)`
    /// is at sinθ = a). Infinite when the quad reaches the eye.
    public static func maximumReach(halfWidth: Double, eyeDistance: Double) -> Double {
        let a = halfWidth / eyeDistance
        guard a < 1 else { return .infinity }
        return halfWidth / (1 - a * a).squareRoot()
    }
}
