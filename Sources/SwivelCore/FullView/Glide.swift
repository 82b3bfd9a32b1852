/// A released pan: each axis a `BounceSimulation` over the origins the photo may rest at, friction
/// inside them and a spring at and beyond their ends, exactly as the row glides and bounces.
struct Glide: Sendable {
    let start: Double
    let placement: PhotoPlacement
    let x: any Simulation
    let y: any Simulation
    let rest: Point

    /// From the shown `placement` with `velocity` (device pixels per second). A speed along an axis
    /// below the row's fling threshold (`GestureConstants.minimumFlingSpeed`, in points per second)
    /// does not fling inside the range; along an axis the photo does not cover, there is nowhere to
    /// glide and it springs back to the centre.
    init(start: Double, from placement: PhotoPlacement, velocity: Point, pixelsPerPoint: Double,
         decelerationRate: Double, reducesMotion: Bool) {
        self.start = start
        self.placement = placement
        let range = placement.originRange
        func axis(_ position: Double, _ v: Double, _ range: ClosedRange<Double>) -> any Simulation {
            let threshold = GestureConstants.minimumFlingSpeed * pixelsPerPoint
            let fling = range.lowerBound == range.upperBound ? 0
                : range.contains(position) && abs(v) < threshold ? 0 : v
            let motion = BounceSimulation(position: position, velocity: fling, range: range,
                                          decelerationRate: decelerationRate)
            return reducesMotion ? RestingSimulation(endOf: motion) : motion
        }
        x = axis(placement.origin.x, velocity.x, range.x)
        y = axis(placement.origin.y, velocity.y, range.y)
        // The ends of the range exactly, not a spring's last hundredth of a pixel short of them.
        rest = placement.with(origin: Point(RestingSimulation.restingPoint(of: x),
                                            RestingSimulation.restingPoint(of: y))).clamped().origin
    }

    func isDone(at time: Double) -> Bool {
        let t = max(0, time - start)
        return x.isDone(t) && y.isDone(t)
    }

    func placement(at time: Double) -> PhotoPlacement {
        let t = max(0, time - start)
        return placement.with(origin: isDone(at: time) ? rest : Point(x.x(t), y.x(t)))
    }
}
