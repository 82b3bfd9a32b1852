/// Where a photo sits in the full view's window, in device pixels: `scale` device pixels per image
/// pixel, the image's top-left corner at `origin`. A value; `ZoomPan` animates it.
///
/// The photo fits the window (aspect-fit) at most 1:1: a photo smaller than the window is never
/// enlarged at fit. It zooms from there to `FullViewConstants.maximumScale`.
public struct PhotoPlacement: Equatable, Sendable {
    /// The photo's size in image pixels.
    public var imageSize: Size
    /// The window's size in device pixels.
    public var windowSize: Size
    /// Device pixels per image pixel.
    public var scale: Double
    /// The image's top-left corner in the window, in device pixels.
    public var origin: Point

    /// Fitted and centred.
    public init(imageSize: Size, windowSize: Size) {
        self.imageSize = imageSize
        self.windowSize = windowSize
        scale = 1
        origin = Point(0, 0)
        self = zoomed(to: fitScale, about: Point(0, 0)).clamped()
    }

    public init(imageSize: Size, windowSize: Size, scale: Double, origin: Point) {
        self.imageSize = imageSize
        self.windowSize = windowSize
        self.scale = scale
        self.origin = origin
    }

    /// Aspect-fit, `min(W/w, H/h)`, but never above 1 (a small photo shows 1:1 at fit). 1 for a
    /// photo or window with no area.
    public var fitScale: Double {
        guard imageSize.width > 0, imageSize.height > 0, windowSize.width > 0, windowSize.height > 0 else { return 1 }
        return min(1, windowSize.width / imageSize.width, windowSize.height / imageSize.height)
    }

    /// The scales a zoom may reach: fit … 16.
    public var scaleRange: ClosedRange<Double> { fitScale...FullViewConstants.maximumScale }

    /// Within a hundredth of a device pixel across the image of fit: zooming out ends here, and
    /// here a horizontal drag pages instead of panning.
    public var isFitted: Bool {
        abs(scale - fitScale) * max(imageSize.width, imageSize.height) < 0.01
    }

    /// The photo's rectangle in the window, in device pixels.
    public var frame: Rect {
        Rect(x: origin.x, y: origin.y, width: imageSize.width * scale, height: imageSize.height * scale)
    }

    /// The image pixel coordinate under window point `p` (device pixels).
    public func imagePoint(at p: Point) -> Point {
        Point((p.x - origin.x) / scale, (p.y - origin.y) / scale)
    }

    /// Where image pixel coordinate `q` is in the window.
    public func windowPoint(of q: Point) -> Point {
        Point(origin.x + q.x * scale, origin.y + q.y * scale)
    }

    /// At `newScale` (limited to `scaleRange`) with the image point under `anchor` still under it:
    /// `origin' = anchor − (anchor − origin)·s'/s`. The origin is not limited (see `clamped`).
    public func zoomed(to newScale: Double, about anchor: Point) -> PhotoPlacement {
        var result = self
        result.scale = min(max(newScale, scaleRange.lowerBound), scaleRange.upperBound)
        let k = result.scale / scale
        result.origin = Point(anchor.x - (anchor.x - origin.x) * k, anchor.y - (anchor.y - origin.y) * k)
        return result
    }

    /// At `factor` times the scale, about `anchor` (see `zoomed(to:about:)`).
    public func zoomed(by factor: Double, about anchor: Point) -> PhotoPlacement {
        zoomed(to: scale * factor, about: anchor)
    }

    /// The origins along one axis at which the photo covers the window along it, or, where it is
    /// narrower than the window, the one origin that centres it.
    static func originRange(content: Double, window: Double) -> ClosedRange<Double> {
        content <= window ? ((window - content) / 2)...((window - content) / 2) : (window - content)...0
    }

    /// The origins the photo may rest at (x and y), at this scale.
    public var originRange: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        (Self.originRange(content: imageSize.width * scale, window: windowSize.width),
         Self.originRange(content: imageSize.height * scale, window: windowSize.height))
    }

    /// With the origin limited to `originRange`: no gap between the photo and a window edge it
    /// could cover, centred along an axis where it is narrower than the window.
    public func clamped() -> PhotoPlacement {
        var result = self
        let range = originRange
        result.origin = Point(min(max(origin.x, range.x.lowerBound), range.x.upperBound),
                              min(max(origin.y, range.y.lowerBound), range.y.upperBound))
        return result
    }

    /// The placement shown for a raw (pointer-following) origin: past the resting range, each axis
    /// is held back by the row's `RubberBand`, whose dimension is the window's size along it.
    public func rubberBanded() -> PhotoPlacement {
        var result = self
        let range = originRange
        result.origin = Point(RubberBand(dimension: windowSize.width).offset(raw: origin.x, in: range.x),
                              RubberBand(dimension: windowSize.height).offset(raw: origin.y, in: range.y))
        return result
    }
}
