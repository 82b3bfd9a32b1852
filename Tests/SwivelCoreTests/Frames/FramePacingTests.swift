import Testing
import SwivelCore

@Suite struct FramePacingTests {
    let frame = 1.0 / 60

    @Test func inputWhileTheSlotIsFreeIsDrawnAtOnce() {
        var pacing = FramePacing(hertz: 60)
        // The very first input, and input after a pause, go up at once.
        #expect(pacing.due(at: 5, continuous: false, input: (5, 5), renderTime: 0.002) == 5)
        pacing.use(at: 5)
        #expect(pacing.due(at: 6, continuous: false, input: (6, 6), renderTime: 0.002) == 6)
        // Nothing to show: nothing due.
        #expect(pacing.due(at: 5.001, continuous: false, input: nil, renderTime: 0.002) == nil)
    }

    @Test func inputAfterTheSlotsFrameWaitsAsLateAsItsDeadlineAllows() {
        var pacing = FramePacing(hertz: 60)
        pacing.use(at: 10)
        // 10 ms later: the slot is used; the next opens at 10 + 1/60, but the frame waits for more
        // input until the event would be one frame old at the present (render time 3 ms).
        let due = pacing.due(at: 10.010, continuous: false, input: (10.010, 10.010), renderTime: 0.003)
        #expect(abs(due! - (10.010 + frame - 0.003)) < 1e-12)
        #expect(pacing.due(at: 10.0175, continuous: false, input: (10.010, 10.010), renderTime: 0.003)! == due!)
        // Input arriving in the new slot before that deadline goes up at once.
        #expect(pacing.due(at: 10.0175, continuous: false, input: (10.010, 10.0175), renderTime: 0.003)! == 10.0175)
        // Input just after a frame, with a long render time: at the start of the next slot.
        #expect(abs(pacing.due(at: 10.002, continuous: false, input: (10.002, 10.002), renderTime: 0.003)! - (10 + frame)) < 1e-12)
        // An animation is due at the start of the next slot.
        #expect(abs(pacing.due(at: 10.002, continuous: true, input: nil, renderTime: 0.003)! - (10 + frame)) < 1e-12)
        // A long render time never pulls the frame before the next slot.
        #expect(abs(pacing.due(at: 10.001, continuous: false, input: (10.001, 10.001), renderTime: 1)! - (10 + frame)) < 1e-12)
    }

    @Test func inputFasterThanTheFrameRateGetsAtMostOneFrameASlotAndUnderAFrameOfDelay() {
        // 120 Hz input at a phase that drifts through the slot; a frame takes 2 ms to present.
        var pacing = FramePacing(hertz: 60)
        var pending: (oldest: Double, newest: Double)?
        var delays: [Double] = []
        var presented: [Double] = []
        var waiting: [Double] = []
        var now = 100.0
        let events = (0..<600).map { 100 + Double($0) * (1.0 / 119.3) }
        var next = 0
        while next < events.count || pending != nil {
            // Wake at the next event or when the frame is due, whichever comes first.
            let due = pacing.due(at: now, continuous: false, input: pending, renderTime: 0.002)
            let wake = min(next < events.count ? events[next] : .infinity, due ?? .infinity)
            now = max(now, wake)
            while next < events.count, events[next] <= now {
                waiting.append(events[next])
                pending = (pending?.oldest ?? events[next], events[next])
                next += 1
            }
            if let due = pacing.due(at: now, continuous: false, input: pending, renderTime: 0.002), due <= now {
                pacing.use(at: now)
                let shown = now + 0.002
                presented.append(now)
                delays += waiting.map { shown - $0 }
                waiting = []
                pending = nil
            }
        }
        // Never two frames in one 60 Hz slot, and none missed while input keeps coming.
        let slots = Int(((events.last! - events.first!) / frame).rounded(.up)) + 1
        #expect(presented.count <= slots && presented.count >= slots - 2, "\(presented.count) frames in \(slots) slots")
        #expect(zip(presented, presented.dropFirst(2)).allSatisfy { $1 - $0 >= frame })
        let sorted = delays.sorted()
        let p95 = sorted[sorted.count * 95 / 100]
        #expect(p95 < 0.0125, "p95 \(p95)")
        #expect(sorted.last! <= frame + 0.002 + 1e-9)
    }
}

/// A slot's start, as `nextFreeSlot` gives it, is in that slot.
@Suite struct FramePacingSlotStartTests {
    @Test func aSlotsStartIsInItsSlot() {
        var pacing = FramePacing(hertz: 60)
        pacing.use(at: 0)
        for slot in 1...600 {
            let start = pacing.nextFreeSlot(after: Double(slot - 1) / 60 + 1e-6)
            #expect(pacing.isSlotFree(at: start), "slot \(slot) at \(start)")
            #expect(pacing.nextFreeSlot(after: start) == start, "slot \(slot): its start is not free")
            pacing.use(at: start)
        }
    }
}
