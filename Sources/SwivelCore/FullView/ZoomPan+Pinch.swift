/// Two fingers: the scale follows their spread, about their midpoint, and the midpoint's movement
/// pans; the image point that was under the midpoint stays under it.
struct Pinch: Sendable {
    let startPlacement: PhotoPlacement
    let startMidpoint: Point
    var placement: PhotoPlacement
}

extension ZoomPan {
    /// Two fingers went down with their midpoint at `midpoint` (window points).
    public mutating func beginPinch(midpoint: Point, at time: Double) {
        let shown = placement(at: time)
        motion = .pinching(Pinch(startPlacement: shown, startMidpoint: pixels(midpoint), placement: shown))
    }

    /// The fingers are `spread` times as far apart as when they went down, their midpoint at `midpoint`.
    /// The scale stops at fit and at 16; the origin is rubber-banded past the edges.
    public mutating func changePinch(spread: Double, midpoint: Point, at time: Double) {
        guard case .pinching(var pinch) = motion, spread.isFinite, spread > 0 else { return }
        let mid = pixels(midpoint)
        var zoomed = pinch.startPlacement.zoomed(to: pinch.startPlacement.scale * spread, about: pinch.startMidpoint)
        zoomed.origin = Point(zoomed.origin.x + mid.x - pinch.startMidpoint.x, zoomed.origin.y + mid.y - pinch.startMidpoint.y)
        pinch.placement = zoomed.rubberBanded()
        motion = .pinching(pinch)
    }

    /// The fingers lifted: the photo springs back inside its edges.
    public mutating func endPinch(at time: Double) {
        guard case .pinching(let pinch) = motion else { return }
        motion = .gliding(Glide(start: time, from: pinch.placement, velocity: Point(0, 0), pixelsPerPoint: pixelsPerPoint,
                                decelerationRate: decelerationRate, reducesMotion: reducesMotion))
    }
}
