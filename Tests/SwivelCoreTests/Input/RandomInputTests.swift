import Testing
import SwivelCore

/// Property: whatever arrives, in whatever order, the offset stays a finite number.
@Suite struct RandomInputTests {
    @Test func randomEventSequencesNeverGiveANonFiniteOffset() {
        var random = ScrollFixture.SeededRandom(seed: 0x5717E1)
        let pointers = [PointerID.mouse, PointerID(source: .touch, id: 1), PointerID(source: .touch, id: 2)]
        let phases: [PointerPhase] = [.down, .move, .move, .move, .up, .cancel]
        let keys: [KeyCode] = [.left, .right, .pageUp, .pageDown, .home, .end, .escape, .other]
        let extremes = [0.0, -0.0, 1e-300, -1e300, 1e300, .infinity, -.infinity, .nan]

        func value(_ range: ClosedRange<Double>) -> Double {
            Int.random(in: 0..<20, using: &random) == 0
                ? extremes.randomElement(using: &random)!
                : Double.random(in: range, using: &random)
        }

        for _ in 0..<3000 {
            let layout = CarouselLayout(viewport: Size(Double.random(in: 0...2000, using: &random), 600),
                                        cardCount: Int.random(in: 0...30, using: &random))
            var scroller = ScrollController(layout: layout, snapping: Bool.random(using: &random),
                                            offset: value(-5000...10000))
            var time = Double.random(in: 0...100, using: &random)
            for _ in 0..<24 {
                // Mostly forward in time; sometimes the same instant or a step back.
                switch Int.random(in: 0..<10, using: &random) {
                case 0: break
                case 1: time -= 0.01
                default: time += Double.random(in: 0...0.05, using: &random)
                }
                let t = Int.random(in: 0..<50, using: &random) == 0 ? value(0...1) : time
                let event: InputEvent
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    event = .pointer(PointerEvent(phases.randomElement(using: &random)!,
                                                  pointers.randomElement(using: &random)!,
                                                  at: Point(value(-500...2500), value(-100...700)), time: t))
                case 6..<8:
                    let whole = Bool.random(using: &random)
                    let amount = whole ? Double(Int.random(in: -3...3, using: &random)) : value(-2...2)
                    event = .wheel(Bool.random(using: &random) ? WheelEvent(dy: amount, time: t)
                                                               : WheelEvent(dx: amount, dy: value(-1...1), time: t))
                case 8:
                    event = .key(keys.randomElement(using: &random)!, time: t)
                default:
                    // Window sizes come from the platform: finite, but possibly 0 or absurdly large.
                    let width = Int.random(in: 0..<20, using: &random) == 0 ? [0, 1e-300, 1e300].randomElement(using: &random)!
                                                                            : Double.random(in: 0...2000, using: &random)
                    let resized = CarouselLayout(viewport: Size(width, 600),
                                                 cardCount: Int.random(in: 0...30, using: &random))
                    scroller.updateLayout(resized, at: t.isFinite ? t : time)
                    event = .key(.tab, time: t)
                }
                scroller.take(event)
                for probe in [time, time + 0.016, time + 0.5, time + 1e6] {
                    let offset = scroller.offset(at: probe), velocity = scroller.velocity(at: probe)
                    #expect(offset.isFinite && velocity.isFinite, "\(event) at \(probe)")
                    if !offset.isFinite || !velocity.isFinite { return }
                }
            }
        }
    }
}
