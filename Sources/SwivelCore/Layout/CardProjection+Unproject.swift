extension CardProjection {
    /// The card-local point (u, v) that appears at window point `p`: the inverse of `project`.
    /// From `X − cx = u·cosθ/w` and `w = 1 + u·sinθ/d`: `u = a/(cosθ − a·sinθ/d)` with `a = X − cx`,
    /// `w = cosθ/(cosθ − a·sinθ/d)`, `v = (Y − cy)·w`. Nil where no point of the card's plane in
    /// front of the eye appears there (`w ≤ 0`) or the card is edge-on.
    public func unproject(_ p: Point) -> (u: Double, v: Double)? {
        let theta = radians(degrees)
        let a = p.x - center.x
        let denominator = cos(theta) - a * sin(theta) / eyeDistance
        guard abs(denominator) > 1e-12 else { return nil }
        let w = cos(theta) / denominator
        guard w > 0, w.isFinite else { return nil }
        return (a / denominator, (p.y - center.y) * w)
    }
}
