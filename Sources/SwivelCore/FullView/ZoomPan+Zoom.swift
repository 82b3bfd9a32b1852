/// Zooming: wheel notches and ± keys by a factor, 0 to fit, 1 to 1:1, a double-click toggling the
/// two; all eased about an anchor in window points.
extension ZoomPan {
    /// Wheel or trackpad: `notches` (SDL's precise amount, positive away from the user, zooming in)
    /// about the pointer at `anchor`. Counted from the target of a zoom in progress, so quick
    /// notches add up as the row's do.
    public mutating func zoom(notches: Double, about anchor: Point, at time: Double) {
        guard notches.isFinite, notches != 0 else { return }
        zoom(to: targetScale(at: time) * pow(FullViewConstants.wheelZoomFactor, notches), about: anchor, at: time,
             duration: FullViewConstants.zoomStepDuration)
    }

    /// The + (`steps` 1) and − (`steps` −1) keys: about the window's centre.
    public mutating func zoom(keySteps steps: Double, at time: Double) {
        zoom(to: targetScale(at: time) * pow(FullViewConstants.keyZoomFactor, steps), about: windowCentre(at: time),
             at: time, duration: FullViewConstants.zoomStepDuration)
    }

    /// Key 0: back to fit, centred.
    public mutating func fit(at time: Double) {
        let now = placement(at: time)
        zoom(to: now.fitScale, about: windowCentre(at: time), at: time, duration: FullViewConstants.transitionDuration)
    }

    /// Key 1 (about the window's centre) or a double-click (about the clicked point): one image
    /// pixel to one device pixel, or for a photo smaller than the window (already 1:1 at fit) no change.
    public mutating func oneToOne(about anchor: Point? = nil, at time: Double) {
        zoom(to: 1, about: anchor ?? windowCentre(at: time), at: time, duration: FullViewConstants.transitionDuration)
    }

    /// A double-click at `point`: 1:1 about it from fit, otherwise back to fit.
    public mutating func toggleZoom(about point: Point, at time: Double) {
        if isFitted(at: time) { oneToOne(about: point, at: time) } else { fit(at: time) }
    }

    /// An eased zoom to `scale` (limited to fit…16) about `anchor` (window points), leaving at the
    /// current rate of zoom. Ignored while the photo is held.
    public mutating func zoom(to scale: Double, about anchor: Point, at time: Double,
                              duration: Double = FullViewConstants.zoomStepDuration) {
        guard !isHeld, scale.isFinite, scale > 0, anchor.x.isFinite, anchor.y.isFinite else { return }
        var velocity = 0.0
        if case .zooming(let zoom) = motion, !zoom.isDone(at: time) { velocity = zoom.logScaleVelocity(at: time) }
        let animation = ZoomAnimation(start: time, from: placement(at: time), anchor: pixels(anchor),
                                      toScale: scale, logVelocity: velocity, duration: duration)
        motion = reducesMotion ? .resting(animation.placement(at: .infinity)) : .zooming(animation)
    }

    /// Where the scale is going: the target of a zoom in progress, else the scale now.
    public func targetScale(at time: Double) -> Double {
        if case .zooming(let zoom) = motion, !zoom.isDone(at: time) { return zoom.targetScale }
        return placement(at: time).scale
    }

    /// The window's centre in window points.
    func windowCentre(at time: Double) -> Point {
        let window = placement(at: time).windowSize
        return Point(window.width / 2 / pixelsPerPoint, window.height / 2 / pixelsPerPoint)
    }
}
