/// A rectangle with rounded corners, centred on the origin, in card-local points.
/// The same signed distance is computed per fragment by `roundedRectDistance` in
/// Shaders/rounded-rect.glsl, which the card, edge, body and silhouette shaders include.
public struct RoundedRect: Equatable, Sendable {
    public var size: Size
    public var cornerRadius: Double

    public init(size: Size, cornerRadius: Double) {
        self.size = size
        self.cornerRadius = max(0, min(cornerRadius, min(size.width, size.height) / 2))
    }

    /// Signed distance from (u, v) to the outline: negative inside, positive outside.
    public func signedDistance(u: Double, v: Double) -> Double {
        let qx = abs(u) - size.width / 2 + cornerRadius
        let qy = abs(v) - size.height / 2 + cornerRadius
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - cornerRadius
    }

    public func contains(u: Double, v: Double) -> Bool { signedDistance(u: u, v: v) <= 0 }
}
