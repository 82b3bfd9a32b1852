/// Two fingers on a touch screen pinch the open photo about their midpoint (`ZoomPan`'s pinch:
/// the scale follows their spread, the midpoint's movement pans). The second finger down takes
/// over from whatever the first had begun (a page drag, a swipe down, a pan), which lets go where
/// it is; lifting either finger ends the pinch, and the other is ignored until it lifts too.
/// A third finger is ignored.
struct TouchFingers: Sendable {
    /// The fingers followed (at most two), in the order they went down, with where each is.
    var down: [(pointer: PointerID, position: Point)] = []
    /// Their distance apart when the pinch began; nil while there is no pinch.
    var startSpread: Double?
    /// Fingers whose events are ignored until they lift.
    var ignored: Set<PointerID> = []

    var midpoint: Point {
        Point((down[0].position.x + down[1].position.x) / 2, (down[0].position.y + down[1].position.y) / 2)
    }

    var spread: Double {
        let dx = down[0].position.x - down[1].position.x, dy = down[0].position.y - down[1].position.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension FullView {
    /// A touch event; returns whether the pinch took it (otherwise it goes on to the one-pointer gestures).
    mutating func handleTouch(_ event: PointerEvent) -> Bool {
        let index = fingers.down.firstIndex { $0.pointer == event.pointer }
        switch event.phase {
        case .down:
            guard fingers.down.count < 2, fingers.ignored.isEmpty, fingers.startSpread == nil else {
                fingers.ignored.insert(event.pointer)
                return true
            }
            fingers.down.append((event.pointer, event.position))
            guard fingers.down.count == 2 else { return false }
            let first = fingers.down[0]
            let letGo = PointerEvent(.cancel, first.pointer, at: first.position, time: event.time)
            strip.handle(.pointer(letGo))
            dismiss.handlePointer(letGo)
            zoom.handlePointer(letGo)
            fingers.startSpread = fingers.spread
            zoom.beginPinch(midpoint: fingers.midpoint, at: event.time)
            return true
        case .move:
            if fingers.ignored.contains(event.pointer) { return true }
            guard let index else { return false }
            fingers.down[index].position = event.position
            guard let start = fingers.startSpread else { return false }
            if start > 0 { zoom.changePinch(spread: fingers.spread / start, midpoint: fingers.midpoint, at: event.time) }
            return true
        case .up, .cancel:
            if fingers.ignored.remove(event.pointer) != nil { return true }
            guard let index else { return false }
            fingers.down.remove(at: index)
            guard fingers.startSpread != nil else { return false }
            zoom.endPinch(at: event.time)
            fingers.startSpread = nil
            fingers.ignored.formUnion(fingers.down.map(\.pointer))
            fingers.down = []
            return true
        }
    }
}
