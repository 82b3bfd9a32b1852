import Testing
import SwivelCore

/// Interrupted transitions never jump: a 60 Hz frame loop over `FullViewState` (events before the
/// frame that follows them), the largest step any shown page's clip rectangle takes from one
/// frame to the next. 1280 × 720, seven 200 × 300 cards: the flight's fastest edge moves 210 pt
/// (y 210 → 0 and 510 → 720) over 0.3 s of smoothstep, whose top speed is 1.5/0.3 s, so 17.5 pt a
/// frame; closing from a photo pulled down 98 pt moves an edge at most 308 pt, 25.7 pt a frame;
/// one wheel notch about (300, 200) moves the bottom edge 98 pt in 0.15 s, 16.3 pt a frame. A jump
/// (a flight restarting from the wrong end, or from the fit frame instead of the frame shown) is
/// 40 pt or more in every case below.
@Suite struct FullViewInterruptionTests {
    static func worstStep(_ events: [InputEvent], until end: Double = 2) -> Double {
        var row = ScrollController(layout: CarouselLayout(viewport: Size(1280, 720), cardCount: 7))
        var state = FullViewState()
        var pending = events
        var last: [Int: Rect] = [:]
        var worst = 0.0
        for frame in 0...Int(end * 60) {
            let time = Double(frame) / 60
            while let next = pending.first, next.time <= time {
                if !state.take(next, row: &row) { row.take(next) }
                pending.removeFirst()
            }
            var now: [Int: Rect] = [:]
            for page in state.shown(at: time)?.pages(at: time) ?? [] { now[page.index] = page.frame.clip }
            for (index, clip) in now { if let before = last[index] { worst = max(worst, clip.largestEdgeDistance(to: before)) } }
            last = now
        }
        return worst
    }

    static func mouse(_ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double) -> InputEvent {
        .pointer(PointerEvent(phase, at: Point(x, y), time: time))
    }

    @Test func reversalsOfTheFlight() {
        let worst = Self.worstStep([.key(.enter, time: 0), .key(.escape, time: 0.15), .key(.enter, time: 0.22),
                                    .key(.escape, time: 0.3), .key(.enter, time: 0.45)])
        print("flight reversed four times: largest step \(worst) pt")
        #expect(worst <= 17.5 + 1e-9)
    }

    @Test func closedWhilePulledDownThenReopened() {
        // Pulled down 200 pt in 20 pt steps a frame (196 after the slop, shown at half: 98; 10 pt a
        // frame), closed by Esc while held, and opened again by Enter 0.1 s into the flight back.
        var events: [InputEvent] = [.key(.enter, time: 0), Self.mouse(.down, 640, 200, 0.5)]
        for step in 1...10 { events.append(Self.mouse(.move, 640, 200 + 20 * Double(step), 0.5 + Double(step) / 60)) }
        events += [.key(.escape, time: 0.7), .key(.enter, time: 0.8), Self.mouse(.up, 640, 400, 0.9)]
        let worst = Self.worstStep(events)
        print("closed while pulled down, reopened: largest step \(worst) pt")
        #expect(worst <= 25.7)
    }

    @Test func closedMidZoomAndMidPage() {
        let zoom: [InputEvent] = [.key(.enter, time: 0), .wheel(WheelEvent(dy: 1, at: Point(300, 200), time: 0.5)),
                                  .key(.escape, time: 0.55), .key(.enter, time: 0.65)]
        let worstZoom = Self.worstStep(zoom)
        // Closed 50 ms into a page drag (the strip's own motion: at most the drag's 60 pt a frame),
        // and into the ease of →.
        let drag: [InputEvent] = [.key(.enter, time: 0), Self.mouse(.down, 900, 360, 0.5), Self.mouse(.move, 840, 360, 0.52),
                                  .key(.escape, time: 0.53), .key(.enter, time: 0.6)]
        let worstDrag = Self.worstStep(drag)
        print("closed mid-zoom, reopened: \(worstZoom) pt; closed mid page drag, reopened: \(worstDrag) pt")
        #expect(worstZoom <= 25.7 && worstDrag <= 60)
    }
}
