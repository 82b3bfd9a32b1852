/// One pointer panning a zoomed photo: the photo stays put until the pointer has moved further
/// than its slop (in any direction), then follows it 1:1, trailing it by the slop so that crossing
/// it makes no jump: `DragGesture`'s rule in two dimensions. Positions in window points; the raw
/// origin in device pixels.
struct PanGesture: Sendable {
    let pointer: PointerID
    let press: Point
    /// The raw origin when the pointer went down.
    let startOrigin: Point
    let pixelsPerPoint: Double
    private(set) var position: Point
    /// The pointer position the photo follows from, once past the slop; nil before.
    private(set) var anchor: Point?
    private(set) var xTracker = VelocityTracker()
    private(set) var yTracker = VelocityTracker()

    init(pointer: PointerID, press: Point, time: Double, startOrigin: Point, pixelsPerPoint: Double) {
        self.pointer = pointer
        self.press = press
        self.startOrigin = startOrigin
        self.pixelsPerPoint = pixelsPerPoint
        position = press
        xTracker.add(time: time, position: press.x)
        yTracker.add(time: time, position: press.y)
    }

    var isPanning: Bool { anchor != nil }

    mutating func move(to p: Point, time: Double) {
        position = p
        xTracker.add(time: time, position: p.x)
        yTracker.add(time: time, position: p.y)
        let dx = p.x - press.x, dy = p.y - press.y, distance = (dx * dx + dy * dy).squareRoot()
        let slop = pointer.source.slop
        if anchor == nil, distance > slop {
            anchor = Point(press.x + dx * slop / distance, press.y + dy * slop / distance)
        }
    }

    /// The origin the pointer asks for, before any rubber band, in device pixels.
    var rawOrigin: Point {
        guard let anchor else { return startOrigin }
        return Point(startOrigin.x + (position.x - anchor.x) * pixelsPerPoint,
                     startOrigin.y + (position.y - anchor.y) * pixelsPerPoint)
    }

    /// The pointer's velocity at `time` in device pixels per second (x, y); zero before the slop.
    /// Measured in points, so the tracker's limits (8000 pt/s) are the row's.
    func velocity(at time: Double) -> Point {
        guard isPanning else { return Point(0, 0) }
        return Point(xTracker.velocity(at: time) * pixelsPerPoint, yTracker.velocity(at: time) * pixelsPerPoint)
    }
}
