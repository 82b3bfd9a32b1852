import Testing
@testable import swivel

/// When the frame loop takes the window for hidden, and when it draws then.
@Suite struct HiddenWindowPacingTests {
    @Test func twoLongSwapsInARowMeanHidden() {
        var pacing = HiddenWindowPacing()
        pacing.presented(foundHidden: true, at: 0)        // a new window's first swap
        #expect(!pacing.isHidden)
        pacing.presented(foundHidden: false, at: 0.2)
        pacing.presented(foundHidden: true, at: 0.4)
        #expect(!pacing.isHidden)
        pacing.presented(foundHidden: true, at: 0.6)
        #expect(pacing.isHidden)
        pacing.presented(foundHidden: false, at: 5)       // a quick probe: shown again
        #expect(!pacing.isHidden)
    }

    @Test func whileHiddenItDrawsOnEventsProbesAndTheRestingFrame() {
        var pacing = HiddenWindowPacing()
        #expect(pacing.shouldDraw(at: 0, requested: false, moving: true))     // shown: every frame
        pacing.presented(foundHidden: true, at: 0)
        pacing.presented(foundHidden: true, at: 1)
        // Probes 2 s, then 4, then 8 (at most) after the last hidden swap.
        #expect(!pacing.shouldDraw(at: 2.9, requested: false, moving: true))
        #expect(pacing.secondsToProbe(at: 2.5) == 0.5)
        #expect(pacing.shouldDraw(at: 3, requested: false, moving: true))
        #expect(pacing.shouldDraw(at: 1.5, requested: true, moving: true))    // an event came
        #expect(pacing.shouldDraw(at: 1.5, requested: false, moving: false))  // the resting frame
        pacing.presented(foundHidden: true, at: 3)
        #expect(!pacing.shouldDraw(at: 6.9, requested: false, moving: true))
        #expect(pacing.shouldDraw(at: 7, requested: false, moving: true))
        pacing.presented(foundHidden: true, at: 7)
        pacing.presented(foundHidden: true, at: 15)
        #expect(pacing.secondsToProbe(at: 15) == 8)
    }
}
