/// How a photo turned on screen (R, Shift+R, the flips) is sampled from pixels that are not: a
/// 2×2 matrix `(a b; c d)` from a point of the drawn rectangle (0…1 across it, less ½: its centre
/// at 0) to the same point of the texture (less ½). The identity for a photo as decoded; in a
/// turn's animation any rotation and scale; where it reaches outside the texture the photo is not
/// drawn (the card's colour, or nothing, shows). Column-major for the shaders' `mat2`.
public struct ContentTurn: Equatable, Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

    public static let identity = ContentTurn(1, 0, 0, 1)

    public var isIdentity: Bool { self == .identity }

    /// The texture point (less ½) for drawn point `p` (less ½).
    public func apply(_ p: Point) -> Point { Point(a * p.x + b * p.y, c * p.x + d * p.y) }

    /// `(a, c, b, d)`: the shader's `mat2` columns.
    public var columns: (Float, Float, Float, Float) { (Float(a), Float(c), Float(b), Float(d)) }
}
