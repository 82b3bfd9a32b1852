/// The photo's zoom and pan in the full view as a pure function of time, driven by time-stamped
/// input like `ScrollController`. Inputs are in window points (as all core input is); the
/// placement it gives is in device pixels, `pixelsPerPoint` of them a point.
///
/// Zooms (wheel, keys, fit, 1:1, pinch) keep the image point under their anchor fixed and are eased
/// (`ZoomAnimation`). A drag of a zoomed photo pans 1:1 after the slop, rubber-banded past the
/// edges by the row's `RubberBand`; its release glides with the row's friction and springs back at
/// the edges, each axis a `BounceSimulation` as the row's free scrolling is. At fit a horizontal
/// drag is for paging, so the caller routes it to `PageStrip` instead (see `isFitted(at:)`).
public struct ZoomPan: Sendable {
    public let pixelsPerPoint: Double
    /// Releases, zooms and spring-backs jump to where they would come to rest (`--reduced-motion`);
    /// drags and pinches still follow the fingers.
    public var reducesMotion: Bool
    /// The friction of a glide, the row's `decelerationRate`.
    public var decelerationRate: Double

    var motion: Motion

    enum Motion: Sendable {
        case resting(PhotoPlacement)
        case zooming(ZoomAnimation)
        case panning(PanGesture, PhotoPlacement)
        case gliding(Glide)
        case pinching(Pinch)
    }

    /// Fitted and centred.
    public init(imageSize: Size, windowSize: Size, pixelsPerPoint: Double = 1, reducesMotion: Bool = false,
                decelerationRate: Double = FrictionSimulation.normal) {
        self.pixelsPerPoint = pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? pixelsPerPoint : 1
        self.reducesMotion = reducesMotion
        self.decelerationRate = decelerationRate
        motion = .resting(PhotoPlacement(imageSize: imageSize, windowSize: windowSize))
    }

    /// Where the photo is at `time`, in device pixels.
    public func placement(at time: Double) -> PhotoPlacement {
        switch motion {
        case .resting(let placement): placement
        case .zooming(let zoom): zoom.placement(at: time)
        case .panning(let pan, let placement): placement.with(origin: pan.rawOrigin).rubberBanded()
        case .gliding(let glide): glide.placement(at: time)
        case .pinching(let pinch): pinch.placement
        }
    }

    /// Whether frames are needed at `time` without further input.
    public func isAnimating(at time: Double) -> Bool {
        switch motion {
        case .resting, .panning, .pinching: false
        case .zooming(let zoom): !zoom.isDone(at: time)
        case .gliding(let glide): !glide.isDone(at: time)
        }
    }

    /// At fit (or on its way there): a horizontal drag pages rather than pans.
    public func isFitted(at time: Double) -> Bool {
        if case .zooming(let zoom) = motion, !zoom.isDone(at: time) {
            return zoom.from.with(scale: zoom.targetScale).isFitted
        }
        return placement(at: time).isFitted
    }

    /// Whether a pointer or two fingers hold the photo.
    public var isHeld: Bool {
        switch motion {
        case .panning, .pinching: true
        default: false
        }
    }

    /// `p` in window points as device pixels.
    func pixels(_ p: Point) -> Point { Point(p.x * pixelsPerPoint, p.y * pixelsPerPoint) }
}

extension PhotoPlacement {
    func with(origin: Point) -> PhotoPlacement { var copy = self; copy.origin = origin; return copy }
    func with(scale: Double) -> PhotoPlacement { var copy = self; copy.scale = scale; return copy }
}
