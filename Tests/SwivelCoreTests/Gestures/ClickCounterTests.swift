import Testing
import SwivelCore

@Suite struct ClickCounterTests {
    /// A press at `at` and its release `hold` s later, `by` further on.
    static func click(at p: Point, time: Double, by d: Point = Point(0, 0), hold: Double = 0.05,
                      pointer: PointerID = .mouse) -> [PointerEvent] {
        [PointerEvent(.down, pointer, at: p, time: time),
         PointerEvent(.up, pointer, at: Point(p.x + d.x, p.y + d.y), time: time + hold)]
    }

    static func clicks(_ events: [PointerEvent]) -> [ClickCounter.Click] {
        var counter = ClickCounter()
        return events.compactMap { counter.handle($0) }
    }

    @Test func aPressReleasedWithinTheSlopIsAClick() {
        // The mouse's slop is 4 pt: released 3 pt right and 2 down (3.6 pt) it is a click at the press.
        #expect(Self.clicks(Self.click(at: Point(100, 100), time: 1, by: Point(3, 2)))
            == [ClickCounter.Click(position: Point(100, 100), time: 1, source: .mouse, isDouble: false)])
        #expect(Self.clicks(Self.click(at: Point(100, 100), time: 1, by: Point(3, 3))).isEmpty)    // 4.24 pt
        // Out past the slop and back is a drag, not a click.
        #expect(Self.clicks([PointerEvent(.down, at: Point(100, 100), time: 1), PointerEvent(.move, at: Point(105, 100), time: 1.1),
                             PointerEvent(.up, at: Point(100, 100), time: 1.2)]).isEmpty)
        // A finger's slop is 18 pt.
        let touch = PointerID(source: .touch, id: 3)
        #expect(Self.clicks(Self.click(at: Point(100, 100), time: 1, by: Point(17, 0), pointer: touch)).count == 1)
    }

    @Test func twoPressesWithinGTKsTimeAndDistanceAreADoubleClick() {
        // GTK's defaults: 400 ms between the presses, 5 px apart (here 3-4-5: exactly 5 pt).
        let double = Self.clicks(Self.click(at: Point(100, 100), time: 1) + Self.click(at: Point(103, 104), time: 1.4))
        #expect(double.map(\.isDouble) == [false, true])
        #expect(double[1].position == Point(103, 104) && double[1].time == 1.4)
        #expect(Self.clicks(Self.click(at: Point(100, 100), time: 1) + Self.click(at: Point(103, 104), time: 1.41))
            .map(\.isDouble) == [false, false])
        #expect(Self.clicks(Self.click(at: Point(100, 100), time: 1) + Self.click(at: Point(103, 104.1), time: 1.2))
            .map(\.isDouble) == [false, false])
        // A third click starts a new pair; a mouse click and a tap never pair.
        let triple = Self.click(at: Point(100, 100), time: 1) + Self.click(at: Point(100, 100), time: 1.2)
            + Self.click(at: Point(100, 100), time: 1.4)
        #expect(Self.clicks(triple).map(\.isDouble) == [false, true, false])
        let mixed = Self.click(at: Point(100, 100), time: 1)
            + Self.click(at: Point(100, 100), time: 1.2, pointer: PointerID(source: .touch, id: 1))
        #expect(Self.clicks(mixed).map(\.isDouble) == [false, false])
    }

    @Test func aSecondPointerDownMeansNoClick() {
        let a = PointerID(source: .touch, id: 1), b = PointerID(source: .touch, id: 2)
        let pinch = [PointerEvent(.down, a, at: Point(100, 100), time: 1), PointerEvent(.down, b, at: Point(200, 100), time: 1.01),
                     PointerEvent(.up, a, at: Point(100, 100), time: 1.1), PointerEvent(.up, b, at: Point(200, 100), time: 1.11)]
        #expect(Self.clicks(pinch).isEmpty)
        // A click that was cancelled is none either.
        #expect(Self.clicks([PointerEvent(.down, at: Point(1, 1), time: 1), PointerEvent(.cancel, at: Point(1, 1), time: 1.1),
                             PointerEvent(.up, at: Point(1, 1), time: 1.2)]).isEmpty)
    }
}
