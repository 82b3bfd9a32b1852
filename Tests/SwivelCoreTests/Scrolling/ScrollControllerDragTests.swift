import Testing
import SwivelCore

@Suite struct ScrollControllerDragTests {
    func free(at offset: Double = 1000) -> ScrollController {
        ScrollController(layout: ScrollFixture.layout, offset: offset)
    }

    @Test func constants() {
        #expect(ScrollController.flingThreshold == 50)
        #expect(PointerSource.touch.slop == 18 && PointerSource.mouse.slop == 4)
        #expect(VelocityTracker.maximumSpeed == 8000)
    }

    @Test func followsThePointerPastTheSlop() {
        var scroller = free()
        scroller.handle(ScrollFixture.drag(from: 500, by: -3, over: 0.05, release: false))
        #expect(scroller.offset(at: 0.05) == 1000)
        scroller.handle(.pointer(PointerEvent(.move, at: Point(400, 300), time: 0.1)))
        // 100 pt to the left, less the 4 pt slop.
        #expect(scroller.offset(at: 0.1) == 1096)
        #expect(scroller.isDragging && !scroller.isAnimating(at: 0.1))
    }

    @Test func touchSlopIs18Points() {
        let finger = PointerID(source: .touch, id: 7)
        var scroller = free()
        scroller.handle(ScrollFixture.drag(from: 500, by: 17, over: 0.05, pointer: finger, release: false))
        #expect(scroller.offset(at: 0.05) == 1000)
        scroller.handle(.pointer(PointerEvent(.move, finger, at: Point(520, 300), time: 0.06)))
        #expect(scroller.offset(at: 0.06) == 998)
    }

    @Test func aFlingKeepsGoingAfterTheRelease() {
        var scroller = free(at: 500)
        scroller.handle(ScrollFixture.drag(from: 600, by: -100, over: 0.1, hertz: 120, start: 1))
        #expect(abs(scroller.velocity(at: 1.1) - 1000) < 10)
        #expect(scroller.isAnimating(at: 1.1))
        // Rests 499.5 pt further on (±0.5 pt, and ±1 % for the velocity estimate).
        let released = scroller.offset(at: 1.1)
        #expect(abs(scroller.offset(at: 30) - released - 499.5) < 5.5)
        #expect(!scroller.isAnimating(at: 5))
    }

    /// A mouse reports its last move, then the button's release a few milliseconds later at the
    /// same place. The release is no sample of its own, so a steady flick keeps its speed; as a
    /// sample it read as the pointer standing still (2000 pt/s became 1559 at 125 Hz, 1235 at
    /// 60 Hz and 329 with a 1000 Hz mouse, for a release 8 ms after the last move).
    @Test(arguments: [60.0, 125.0, 1000.0])
    func aReleaseWhereThePointerStoppedReportingKeepsTheFlingsSpeed(hertz: Double) {
        let moves = Int(0.08 * hertz), last = 1 + Double(moves) / hertz
        /// The flick, released `gap` seconds after its last move, where that move left the pointer.
        func flick(releasedAfter gap: Double) -> ScrollController {
            var scroller = free(at: 500)
            scroller.handle(.pointer(PointerEvent(.down, at: Point(900, 300), time: 1)))
            for step in 1...moves {
                let t = 1 + Double(step) / hertz
                scroller.handle(.pointer(PointerEvent(.move, at: Point(900 - 2000 * (t - 1), 300), time: t)))
            }
            scroller.handle(.pointer(PointerEvent(.up, at: Point(900 - 2000 * (last - 1), 300), time: last + gap)))
            return scroller
        }
        let released = flick(releasedAfter: 0.008)
        #expect(abs(released.velocity(at: last + 0.008) - 2000) < 20, "\(released.velocity(at: last + 0.008))")
        // A release after the pointer stood still longer than 40 ms still ends the drag without a fling.
        #expect(!flick(releasedAfter: 0.041).isAnimating(at: last + 0.041))
    }

    @Test func noFlingBelow50PointsPerSecond() {
        var scroller = free()
        scroller.handle(ScrollFixture.drag(from: 600, by: -49 * 0.5, over: 0.5, hertz: 60))
        #expect(abs(scroller.offset(at: 0.5) - 1020.5) < 1e-9)
        #expect(!scroller.isAnimating(at: 0.5))
        #expect(scroller.offset(at: 5) == scroller.offset(at: 0.5))
    }

    @Test func noFlingAfterHoldingStill() {
        var scroller = free()
        scroller.handle(ScrollFixture.drag(from: 600, by: -100, over: 0.1, release: false))
        scroller.handle(.pointer(PointerEvent(.up, at: Point(500, 300), time: 0.141)))
        #expect(!scroller.isAnimating(at: 0.141))
        #expect(scroller.offset(at: 3) == 1096)
    }

    @Test func noFlingWithinTheSlop() {
        // Quick, but 3.5 pt: a click, and on no card (above the row).
        var scroller = free()
        scroller.handle(ScrollFixture.drag(from: 600, by: -3.5, over: 0.005, hertz: 1000, y: 50))
        #expect(!scroller.isAnimating(at: 0.005))
        #expect(scroller.offset(at: 3) == 1000)
    }

    @Test func aSecondFingerIsIgnored() {
        let first = PointerID(source: .touch, id: 1), second = PointerID(source: .touch, id: 2)
        var scroller = free()
        scroller.handle(ScrollFixture.drag(from: 500, by: -118, over: 0.2, pointer: first, release: false))
        #expect(scroller.offset(at: 0.2) == 1100)
        let others: [InputEvent] = [
            .pointer(PointerEvent(.down, second, at: Point(100, 300), time: 0.21)),
            .pointer(PointerEvent(.move, second, at: Point(900, 300), time: 0.22)),
            .pointer(PointerEvent(.down, .mouse, at: Point(100, 300), time: 0.23)),
            .pointer(PointerEvent(.up, second, at: Point(900, 300), time: 0.24)),
        ]
        for event in others {
            let used = scroller.handle(event)
            #expect(!used)
        }
        #expect(scroller.offset(at: 0.25) == 1100 && scroller.isDragging)
        scroller.handle(.pointer(PointerEvent(.move, first, at: Point(372, 300), time: 0.3)))
        #expect(scroller.offset(at: 0.3) == 1110)
    }

    @Test func releasedWhileRubberBandedItSpringsBack() {
        var scroller = free(at: 0)
        // 404 pt to the right: 400 pt past the start, shown as 178.98.
        scroller.handle(ScrollFixture.drag(from: 100, by: 404, over: 2, hertz: 60, release: false))
        #expect(abs(scroller.offset(at: 2) - -178.98) < 0.01)
        scroller.handle(.pointer(PointerEvent(.up, at: Point(504, 300), time: 2.1)))
        #expect(scroller.isAnimating(at: 2.1))
        for step in 0...2000 { #expect(scroller.offset(at: 2.1 + Double(step) * 0.001) <= 0) }
        #expect(abs(scroller.offset(at: 4)) < 0.01)
    }

    @Test func aFlingIntoTheEndBouncesWithoutAVelocityJump() {
        var scroller = free(at: 1700)
        scroller.handle(ScrollFixture.drag(from: 800, by: -300, over: 0.1, start: 1))
        // Released inside the range at 1996 and 3000 pt/s: friction would rest near 3494, so it
        // reaches 2160 and bounces.
        #expect(abs(scroller.offset(at: 1.1) - 1996) < 1e-9)
        #expect(abs(scroller.velocity(at: 1.1) - 3000) < 30)
        var previous = scroller.velocity(at: 1.1), biggestStep = 0.0, peak = 0.0
        for step in 1...4000 {
            let t = 1.1 + Double(step) * 0.0005
            let v = scroller.velocity(at: t)
            biggestStep = max(biggestStep, abs(v - previous))
            previous = v
            peak = max(peak, scroller.offset(at: t))
        }
        // Friction changes the speed by ≤ 3000·(1 − 0.998^0.5) ≈ 3 pt/s per half millisecond, the
        // spring by ≤ ω²·overshoot + 2ω·v … ≈ 30 pt/s; a jump at the crossing would show up larger.
        #expect(biggestStep < 40)
        #expect(peak > 2160 && peak < 2160 + 3000 / (10 * exp(1)))
        #expect(abs(scroller.offset(at: 4) - 2160) < 0.01)
    }

    @Test func aPressCatchesAFlingAndIsNotAClick() {
        var scroller = free(at: 500)
        scroller.handle(ScrollFixture.drag(from: 600, by: -200, over: 0.1, start: 1))
        let caught = scroller.offset(at: 1.3)
        // A quick tap on the moving row over card 3 (which is to the right of centre).
        scroller.handle(ScrollFixture.click(at: Point(480 + 3 * 240 - caught, 300), time: 1.3))
        #expect(scroller.offset(at: 1.38) == caught)
        #expect(scroller.offset(at: 3) == caught)
    }

    @Test func cancelStopsWithoutAFling() {
        var scroller = free()
        scroller.handle(ScrollFixture.drag(from: 600, by: -104, over: 0.05, release: false))
        scroller.handle(.pointer(PointerEvent(.cancel, at: Point(0, 0), time: 0.06)))
        #expect(!scroller.isDragging && !scroller.isAnimating(at: 0.06))
        #expect(scroller.offset(at: 1) == 1100)
    }

    @Test func fastRateStopsSooner() {
        var scroller = ScrollController(layout: ScrollFixture.layout, offset: 500,
                                        decelerationRate: FrictionSimulation.fast)
        scroller.handle(ScrollFixture.drag(from: 600, by: -100, over: 0.1, start: 1))
        let released = scroller.offset(at: 1.1)
        #expect(abs(scroller.offset(at: 30) - released - 99.5) < 1.5)
    }
}
