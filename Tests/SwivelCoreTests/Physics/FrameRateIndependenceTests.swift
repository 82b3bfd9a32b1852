import Testing
import SwivelCore

/// The same input played with different frame timings: what is drawn at a timestamp depends only on
/// the events before it, never on when the frames came.
@Suite struct FrameRateIndependenceTests {
    /// Flings into the end (a bounce), wheel notches, keys, a drag past the start and its
    /// spring-back, a trackpad run, a click and a last fling.
    static func session() -> [InputEvent] {
        var events = ScrollFixture.drag(from: 800, by: -300, over: 0.1, hertz: 125, start: 0.5)
        events += [.wheel(WheelEvent(dy: 1, time: 3)), .wheel(WheelEvent(dy: 1, time: 3.05)),
                   .key(.left, time: 3.4), .key(.home, time: 3.6)]
        events += ScrollFixture.drag(from: 300, by: 200, over: 0.3, hertz: 90, start: 4)
        events += (0..<15).map { .wheel(WheelEvent(dy: -0.2, time: 5.5 + Double($0) * 0.012)) }
        events += ScrollFixture.click(at: Point(720, 300), time: 8)
        events += ScrollFixture.drag(from: 600, by: -150, over: 0.1, hertz: 60, start: 8.5)
        return events
    }

    static func frames(hertz: Double, until end: Double = 20) -> [Double] {
        (0...Int(end * hertz)).map { Double($0) / hertz }
    }

    /// Gaps of 8–40 ms with one 250 ms stall in the middle of the first fling.
    static func irregularFrames(seed: UInt64, until end: Double = 20) -> [Double] {
        var random = ScrollFixture.SeededRandom(seed: seed)
        var times = [0.0], stalled = false
        while times.last! < end {
            var gap = Double.random(in: 0.008...0.040, using: &random)
            if !stalled && times.last! > 0.7 { gap = 0.250; stalled = true }
            times.append(times.last! + gap)
        }
        return times
    }

    /// Plays `events` as the app does: before each frame, the events up to it; then the offset.
    static func play(_ events: [InputEvent], frames: [Double], snapping: Bool)
        -> (offsets: [Double], rest: Double) {
        var scroller = ScrollController(layout: ScrollFixture.layout, snapping: snapping, offset: 1500)
        var next = 0, offsets: [Double] = [], rest = Double.nan
        let lastEvent = events.map(\.time).max()!
        for frame in frames {
            while next < events.count && events[next].time <= frame {
                scroller.take(events[next]); next += 1
            }
            offsets.append(scroller.offset(at: frame))
            if rest.isNaN && frame > lastEvent && !scroller.isAnimating(at: frame) {
                rest = scroller.offset(at: frame)
            }
        }
        return (offsets, rest)
    }

    /// The controller after each prefix of `events` (sorted by time), built without any frames:
    /// `states[k]` has seen the first k events.
    static func states(_ events: [InputEvent], snapping: Bool) -> [ScrollController] {
        var scroller = ScrollController(layout: ScrollFixture.layout, snapping: snapping, offset: 1500)
        var states = [scroller]
        for event in events {
            scroller.take(event)
            states.append(scroller)
        }
        return states
    }

    /// The offset at `time` of a controller that has seen the events up to `time` and nothing else.
    static func reference(_ states: [ScrollController], _ events: [InputEvent], at time: Double) -> Double {
        states[events.filter { $0.time <= time }.count].offset(at: time)
    }

    @Test(arguments: [false, true])
    func sameTimestampsGiveTheSameOffsets(snapping: Bool) {
        let events = Self.session()
        var schedules = [30.0, 60, 120, 144, 240].map { Self.frames(hertz: $0) }
        schedules += [Self.irregularFrames(seed: 1), Self.irregularFrames(seed: 2)]
        let states = Self.states(events, snapping: snapping)
        var worst = 0.0, rests: [Double] = []
        for frames in schedules {
            let played = Self.play(events, frames: frames, snapping: snapping)
            // Every frame against a controller that never drew one.
            for (frame, offset) in zip(frames, played.offsets) {
                worst = max(worst, abs(offset - Self.reference(states, events, at: frame)))
            }
            rests.append(played.rest)
        }
        #expect(worst <= 1e-6)
        let allRested = rests.allSatisfy { $0.isFinite }
        #expect(allRested)
        #expect(rests.max()! - rests.min()! <= 0.5)
    }

    @Test func aStallSkipsAheadToWhereTheBounceHasGot() {
        // Released at 1796 and 3000 pt/s at t = 0.6, the fling reaches 2160 during the 250 ms stall.
        let events = ScrollFixture.drag(from: 800, by: -300, over: 0.1, hertz: 125, start: 0.5)
        let frames = Self.irregularFrames(seed: 3)
        let played = Self.play(events, frames: frames, snapping: false)
        let afterStall = frames.indices.dropFirst().first { frames[$0] - frames[$0 - 1] >= 0.25 }!
        var scroller = ScrollController(layout: ScrollFixture.layout, offset: 1500)
        scroller.handle(events)
        let bounce = BounceSimulation(position: 1796, velocity: scroller.velocity(at: 0.6), range: 0...2160)
        #expect(bounce.handoverTimes[0] + 0.6 < frames[afterStall])
        #expect(abs(played.offsets[afterStall] - bounce.x(frames[afterStall] - 0.6)) <= 1e-6)
    }
}
