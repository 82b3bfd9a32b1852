/// An eased zoom about a fixed anchor: the scale moves along an `EaseSimulation` of its logarithm
/// (each doubling takes the same time, and a zoom started during another carries on at its rate of
/// change), and at every moment the origin is where `zoomed(to:about:)` puts it, limited to the
/// resting range at that scale. So the image point under the anchor stays there except where the
/// photo would leave a window edge uncovered, and the zoom ends at rest inside the range.
///
/// Started from a placement past its range (a pan still springing back), that excess fades out
/// along the same ease instead of jumping.
struct ZoomAnimation: Sendable {
    let start: Double
    let from: PhotoPlacement
    let anchor: Point
    let logScale: EaseSimulation
    /// Exactly the scale asked for (exp(log s) can be an ulp off it).
    let targetScale: Double

    init(start: Double, from: PhotoPlacement, anchor: Point, toScale: Double, logVelocity: Double,
         duration: Double) {
        self.start = start
        self.from = from
        self.anchor = anchor
        let target = min(max(toScale, from.scaleRange.lowerBound), from.scaleRange.upperBound)
        targetScale = target
        logScale = EaseSimulation(from: log(from.scale), velocity: logVelocity, to: log(target), duration: duration)
    }

    func isDone(at time: Double) -> Bool { logScale.isDone(time - start) }

    func placement(at time: Double) -> PhotoPlacement {
        let t = max(0, time - start)
        let scale = logScale.isDone(t) ? targetScale : exp(logScale.x(t))
        var result = from.zoomed(to: scale, about: anchor).clamped()
        let excess = Point(from.origin.x - from.clamped().origin.x, from.origin.y - from.clamped().origin.y)
        if excess != Point(0, 0), !logScale.isDone(t) {
            let left = 1 - EaseSimulation(from: 0, to: 1, duration: logScale.duration).x(t)
            result.origin = Point(result.origin.x + excess.x * left, result.origin.y + excess.y * left)
        }
        return result
    }

    /// d(ln scale)/dt, per second.
    func logScaleVelocity(at time: Double) -> Double { logScale.dx(max(0, time - start)) }
}
