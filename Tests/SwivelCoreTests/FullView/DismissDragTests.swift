import Testing
import SwivelCore

@Suite struct DismissDragTests {
    /// An 800 pt high window: closes past 200 pt shown; the photo moves half the pointer's distance.
    func drag(to y: Double, holding: Bool = true, over duration: Double = 0.1) -> DismissDrag {
        var dismiss = DismissDrag(windowHeight: 800)
        dismiss.handlePointer(PointerEvent(.down, at: Point(500, 300), time: 1))
        // Moves at 100 Hz, closer together than the tracker's 40 ms stop gap.
        for step in 1...10 {
            let f = Double(step) / 10
            dismiss.handlePointer(PointerEvent(.move, at: Point(500, 300 + y * f), time: 1 + duration * f))
        }
        dismiss.handlePointer(PointerEvent(.up, at: Point(500, 300 + y), time: 1 + duration + (holding ? 0.1 : 0)))
        return dismiss
    }

    @Test func itFollowsDownAtHalfSpeedAfterTheSlop() {
        var dismiss = DismissDrag(windowHeight: 800)
        #expect(dismiss.threshold == 200)
        dismiss.handlePointer(PointerEvent(.down, at: Point(500, 300), time: 1))
        let used1 = dismiss.handlePointer(PointerEvent(.move, at: Point(500, 324), time: 1.1))
        #expect(used1)
        // 24 pt down, 4 of them the mouse's slop: (24 − 4)·0.5 = 10.
        #expect(dismiss.offset(at: 1.1) == 10 && dismiss.pull(at: 1.1) == 0.05)
        // Pulled above the press: −100 pt raw shows as −100·0.55/(1 + 0.55·100/800) = −51.46.
        dismiss.handlePointer(PointerEvent(.move, at: Point(500, 204), time: 1.2))
        #expect(abs(dismiss.offset(at: 1.2) - -51.46) < 0.01)
    }

    @Test func releasePastTheThresholdCloses() {
        // 404 pt (400 past the slop) shows 200: closes; 400 shows 198: springs back to 0.
        #expect(drag(to: 404).isDismissed)
        let short = drag(to: 400)
        #expect(!short.isDismissed && short.isAnimating(at: 1.3))
        #expect(abs(short.offset(at: 1.2) - 198) < 1e-9)
        #expect(short.offset(at: 4) == 0 && !short.isAnimating(at: 4))
    }

    @Test func aFastFlickDownClosesShortOfIt() {
        // 64 pt in 0.1 s is 640 pt/s, above 300 pt/s; the same distance held still does not close.
        #expect(drag(to: 64, holding: false).isDismissed)
        #expect(!drag(to: 64).isDismissed)
    }

    @Test func sidewaysOrUpwardsIsNotADismiss() {
        var dismiss = DismissDrag(windowHeight: 800)
        dismiss.handlePointer(PointerEvent(.down, at: Point(500, 300), time: 1))
        let used2 = dismiss.handlePointer(PointerEvent(.move, at: Point(560, 330), time: 1.1))
        #expect(!used2)
        #expect(!dismiss.isDragging && dismiss.offset(at: 1.1) == 0)
        #expect(!drag(to: -300).isDismissed)
    }

    @Test func aPressCatchesTheSpringBackWithoutAJump() {
        var dismiss = drag(to: 300)
        let shown = dismiss.offset(at: 1.3)
        dismiss.handlePointer(PointerEvent(.down, at: Point(500, 500), time: 1.3))
        #expect(dismiss.offset(at: 1.3) == shown)
        let springing = dismiss.offset(at: 1.31)
        #expect(springing < shown)
        dismiss.handlePointer(PointerEvent(.move, at: Point(500, 505), time: 1.31))
        // 5 pt down, 4 of them slop: 1 pt raw more, 0.5 pt shown more than where the spring was.
        #expect(abs(dismiss.offset(at: 1.31) - (springing + 0.5)) < 1e-9)
    }
}
