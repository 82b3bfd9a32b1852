/// Mouse and touch: one pointer drags; a press released within the slop is a click.
extension ScrollController {
    mutating func handlePointer(_ original: PointerEvent) -> Bool {
        guard original.position.x.isFinite, original.position.y.isFinite else { return false }
        // Beyond `farthest` only the direction matters; nearer in, the difference of two positions
        // (up to 2e308 apart otherwise) cannot overflow to infinity and the offset to NaN.
        var event = original
        event.position = Point(Self.limited(event.position.x), Self.limited(event.position.y))
        if case .dragging(var drag) = motion {
            // A second finger, or the mouse while a finger is down, is ignored.
            guard drag.pointer == event.pointer else { return false }
            switch event.phase {
            case .down:
                return false
            case .move:
                drag.move(to: event.position, time: event.time)
                motion = .dragging(drag)
            case .up:
                drag.release(at: event.position, time: event.time)
                finish(drag, at: event.time)
            case .cancel:
                release(at: offset(at: event.time), velocity: 0, time: event.time)
            }
            return true
        }
        guard event.phase == .down else { return false }
        let shown = offset(at: event.time)
        let caught = isAnimating(at: event.time) && abs(velocity(at: event.time)) > Self.flingThreshold
        motion = .dragging(DragGesture(pointer: event.pointer, press: event.position, time: event.time,
                                       startOffset: band.raw(shown: shown, in: layout.scrollRange),
                                       caughtMotion: caught))
        trackpad = nil
        return true
    }

    /// The pointer went up: fling from a drag, bring a clicked side card to the centre, or settle.
    private mutating func finish(_ drag: DragGesture, at time: Double) {
        let range = layout.scrollRange
        let shown = band.offset(raw: drag.rawOffset, in: range)
        if drag.isDragging {
            let velocity = drag.velocity(at: time) * band.slope(raw: drag.rawOffset, in: range)
            release(at: shown, velocity: velocity, time: time)
        } else if drag.isClick, let card = layout.cardIndex(at: drag.press, scroll: shown),
                  abs(layout.offset(centering: card) - shown) > GestureConstants.centredWithin {
            ease(to: layout.offset(centering: card), at: time, from: shown, velocity: 0)
        } else {
            release(at: shown, velocity: 0, time: time)
        }
    }
}

extension ScrollController {
    /// The card that `event`, a release, would click by the rule above (a press released within
    /// the slop that caught no fast motion), and whether it is centred (within
    /// `GestureConstants.centredWithin`): nil when the release is no click on a card.
    public func click(endedBy event: PointerEvent) -> (card: Int, isCentred: Bool)? {
        guard event.phase == .up, event.position.x.isFinite, event.position.y.isFinite,
              case .dragging(var drag) = motion, drag.pointer == event.pointer else { return nil }
        drag.release(at: Point(Self.limited(event.position.x), Self.limited(event.position.y)), time: event.time)
        let shown = band.offset(raw: drag.rawOffset, in: layout.scrollRange)
        guard drag.isClick, !drag.isDragging, let card = layout.cardIndex(at: drag.press, scroll: shown) else { return nil }
        return (card, abs(layout.offset(centering: card) - shown) <= GestureConstants.centredWithin)
    }
}
