/// One pointer pans a zoomed photo; its release glides and springs back at the edges.
extension ZoomPan {
    /// A pointer event in window points. A press while at fit is left to the caller (paging,
    /// dismissing) and not taken; a press on a moving photo catches it where it is shown.
    @discardableResult
    public mutating func handlePointer(_ event: PointerEvent) -> Bool {
        guard event.position.x.isFinite, event.position.y.isFinite, event.time.isFinite else { return false }
        if case .panning(var pan, let placement) = motion {
            guard pan.pointer == event.pointer else { return false }
            switch event.phase {
            case .down:
                return false
            case .move:
                pan.move(to: event.position, time: event.time)
                motion = .panning(pan, placement)
            case .up, .cancel:
                if event.phase == .up, event.position != pan.position { pan.move(to: event.position, time: event.time) }
                let raw = placement.with(origin: pan.rawOrigin)
                let shown = raw.rubberBanded()
                // The shown photo moves at the pointer's speed times the band's slope, as the row's does.
                let v = event.phase == .up ? pan.velocity(at: event.time) : Point(0, 0)
                let range = raw.originRange
                let slope = Point(RubberBand(dimension: raw.windowSize.width).slope(raw: raw.origin.x, in: range.x),
                                  RubberBand(dimension: raw.windowSize.height).slope(raw: raw.origin.y, in: range.y))
                motion = .gliding(Glide(start: event.time, from: shown, velocity: Point(v.x * slope.x, v.y * slope.y),
                                        pixelsPerPoint: pixelsPerPoint, decelerationRate: decelerationRate,
                                        reducesMotion: reducesMotion))
            }
            return true
        }
        guard event.phase == .down, !isHeld, !isFitted(at: event.time) else { return false }
        let shown = placement(at: event.time)
        // The raw origin that shows where the photo is now, so a press on a bounce makes no jump.
        let range = shown.originRange
        let raw = Point(RubberBand(dimension: shown.windowSize.width).raw(shown: shown.origin.x, in: range.x),
                        RubberBand(dimension: shown.windowSize.height).raw(shown: shown.origin.y, in: range.y))
        motion = .panning(PanGesture(pointer: event.pointer, press: event.position, time: event.time,
                                     startOrigin: raw, pixelsPerPoint: pixelsPerPoint), shown)
        return true
    }
}
