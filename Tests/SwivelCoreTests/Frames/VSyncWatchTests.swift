import Testing
import SwivelCore

@Suite struct VSyncWatchTests {
    /// Presents `count` frames `gap` seconds apart from `start`; the time of the last.
    @discardableResult
    private func present(_ watch: inout VSyncWatch, count: Int, gap: Double, from start: Double) -> Double {
        var time = start
        for _ in 0..<count {
            time += gap
            watch.presented(at: time)
        }
        return time
    }

    @Test func swapsAtTheRefreshRateWait() {
        var watch = VSyncWatch(hertz: 60)
        // A driver filling three back buffers at once, then a minute at 60 Hz (a little jitter).
        var time = present(&watch, count: 3, gap: 0.0005, from: 0)
        for frame in 0..<3600 {
            time += 1.0 / 60 + (frame % 2 == 0 ? 0.002 : -0.002)
            watch.presented(at: time)
        }
        #expect(!watch.swapDoesNotWait)
    }

    @Test func thirtyQuickFramesInARowDecide() {
        var watch = VSyncWatch(hertz: 60)
        // The first frame has nothing before it; then 29 quick ones (0.6 ms apart, as measured
        // offscreen): not yet.
        let time = present(&watch, count: 30, gap: 0.0006, from: 0)
        #expect(!watch.swapDoesNotWait)
        watch.presented(at: time + 0.0006)
        #expect(watch.swapDoesNotWait)
        // Found once, it stays, even when frames then come a refresh apart.
        present(&watch, count: 100, gap: 1.0 / 60, from: time + 0.0006)
        #expect(watch.swapDoesNotWait)
    }

    @Test func aSlowFrameBetweenQuickOnesStartsTheCountAgain() {
        var watch = VSyncWatch(hertz: 60)
        var time = present(&watch, count: 30, gap: 0.001, from: 0)    // 29 quick in a row
        time += 0.0084                                                 // half a refresh: not quick
        watch.presented(at: time)
        time = present(&watch, count: 29, gap: 0.001, from: time)
        #expect(!watch.swapDoesNotWait)
        watch.presented(at: time + 0.001)
        #expect(watch.swapDoesNotWait)
    }

    @Test func quickMeansUnderHalfTheDisplaysRefresh() {
        // At 144 Hz a refresh is 6.9 ms: frames 4 ms apart are a waiting swap's, 3 ms are not.
        var waiting = VSyncWatch(hertz: 144)
        present(&waiting, count: 200, gap: 0.004, from: 0)
        #expect(!waiting.swapDoesNotWait)
        var notWaiting = VSyncWatch(hertz: 144)
        present(&notWaiting, count: 200, gap: 0.003, from: 0)
        #expect(notWaiting.swapDoesNotWait)
        // A refresh rate SDL does not know counts as 60 Hz.
        #expect(VSyncWatch(hertz: .nan).interval == 1.0 / 60)
        #expect(VSyncWatch(hertz: 0).interval == 1)
    }
}
