/// UIScrollView's resistance past the end of its content: an overshoot x is shown as
/// `x·c·D/(D + c·x)`, which starts at slope c and never reaches D.
/// (Formula and c = 0.55 as measured from UIScrollView by Grant Paul, @chpwn, 2014.)
public struct RubberBand: Equatable, Sendable {
    /// c = 0.55 (`GestureConstants.rubberBandCoefficient`).
    public static let coefficient = GestureConstants.rubberBandCoefficient

    /// D: the dimension of the view along the scroll axis (the window width).
    public var dimension: Double

    public init(dimension: Double) { self.dimension = dimension }

    /// The shown overshoot for a raw overshoot `x ≥ 0`.
    public func overshoot(_ x: Double) -> Double {
        let c = Self.coefficient, d = dimension
        guard d > 0, x > 0 else { return 0 }
        return x * c / (1 + c * x / d)
    }

    /// The raw overshoot that shows as `y`: `y·D / (c·(D − y))`, for 0 ≤ y < D.
    public func rawOvershoot(_ y: Double) -> Double {
        let c = Self.coefficient, d = dimension
        guard d > 0, y > 0 else { return 0 }
        return y / (c * max(1 - y / d, 1e-6))
    }

    /// The shown offset for a raw (unbounded) offset: unchanged inside `range`, banded outside.
    public func offset(raw: Double, in range: ClosedRange<Double>) -> Double {
        if raw < range.lowerBound { return range.lowerBound - overshoot(range.lowerBound - raw) }
        if raw > range.upperBound { return range.upperBound + overshoot(raw - range.upperBound) }
        return raw
    }

    /// The raw offset that shows as `shown`: the inverse of `offset(raw:in:)`.
    public func raw(shown: Double, in range: ClosedRange<Double>) -> Double {
        if shown < range.lowerBound { return range.lowerBound - rawOvershoot(range.lowerBound - shown) }
        if shown > range.upperBound { return range.upperBound + rawOvershoot(shown - range.upperBound) }
        return shown
    }

    /// d(shown)/d(raw): 1 inside the range, `c·D²/(D + c·x)²` at a raw overshoot x.
    public func slope(raw: Double, in range: ClosedRange<Double>) -> Double {
        let x = max(range.lowerBound - raw, raw - range.upperBound)
        guard x > 0 else { return 1 }
        let c = Self.coefficient, d = dimension
        guard d > 0 else { return 0 }
        let shrink = 1 / (1 + c * x / d)
        return c * shrink * shrink
    }
}
