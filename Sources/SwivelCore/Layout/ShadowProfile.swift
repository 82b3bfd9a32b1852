/// The seed's `.shadow(color: .black.opacity(0.2), radius: 20)` as numbers: a Gaussian blur with
/// standard deviation σ = `EffectParameters.shadowRadius` of the card's silhouette, times the opacity.
///
/// The renderer makes the shadow by really blurring the silhouette on the GPU; this is the closed
/// form of the same thing far from corners, used to check it.
public struct ShadowProfile: Equatable, Sendable {
    public var sigma: Double
    public var opacity: Double

    public init(sigma: Double, opacity: Double) {
        self.sigma = sigma
        self.opacity = opacity
    }

    public init(_ parameters: EffectParameters) {
        self.init(sigma: parameters.shadowRadius, opacity: parameters.shadowOpacity)
    }

    /// Shadow alpha `distance` points outside a long straight edge (negative: inside):
    /// `opacity · Φ(−x/σ) = opacity · ½·erfc(x / (σ√2))`.
    public func alphaOutsideEdge(_ distance: Double) -> Double {
        opacity * 0.5 * erfc(distance / (sigma * 2.0.squareRoot()))
    }

    /// How far outside the edge the alpha falls below one 8-bit step (1/255), in points.
    public var visibleReach: Double {
        var lo = 0.0, hi = 10 * sigma
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if alphaOutsideEdge(mid) >= 1.0 / 255 { lo = mid } else { hi = mid }
        }
        return hi
    }
}
