import Testing
import SwivelCore

/// Property: whatever input arrives (random times, huge deltas, out-of-order and duplicate
/// timestamps, resizes, positions and deltas up to ±1e308), the offset is always finite and within the rubber band's reach of the
/// scroll range, and once input stops it comes to rest inside the range (on a card when snapping).
@Suite struct ScrollControllerPropertyTests {
    /// 100,000 sequences, split into parts that Swift Testing runs in parallel.
    static let sequences = 100_000
    static let parts = 8

    /// One step of a sequence: an event, or a new layout at a time.
    enum Step: CustomStringConvertible {
        case event(InputEvent)
        case layout(CarouselLayout, at: Double)

        var description: String {
            switch self {
            case .event(let event): "\(event)"
            case .layout(let layout, let time):
                "layout \(layout.viewport) \(layout.cardCount) cards at \(time)"
            }
        }
    }

    /// A random sequence and the controller it starts from, made from `seed` alone.
    struct Case {
        var controller: ScrollController
        var steps: [Step] = []

        init(seed: UInt64) {
            var random = Draw(seed: seed)
            func layout() -> CarouselLayout {
                let width = random.chance(8) ? random.pick([0, 1e-9, 1, 50, 1e6]) : random.double(100...3000)
                let cards = random.chance(4) ? random.pick([0, 1, 2, 1000]) : 3 + random.int(38)
                return CarouselLayout(viewport: Size(width, random.double(0...2000)), cardCount: cards)
            }
            /// A coordinate: mostly inside a window, sometimes far outside, huge or not a number.
            func coordinate() -> Double {
                random.chance(10) ? random.pick([-1e6, 1e6, -1e300, 1e300, -1e308, 1e308, -.greatestFiniteMagnitude,
                                                           .greatestFiniteMagnitude, -3.4e38, 3.4e38, .nan, .infinity, -0.0])
                                  : random.double(-200...2200)
            }
            let first = layout()
            controller = ScrollController(layout: first, snapping: random.chance(2),
                                          offset: random.chance(5) ? coordinate() : random.double(-500...10_000),
                                          decelerationRate: random.chance(4) ? FrictionSimulation.fast : FrictionSimulation.normal,
                                          reducesMotion: random.chance(4))
            let pointers = [PointerID.mouse, PointerID(source: .touch, id: 1), PointerID(source: .touch, id: 2)]
            var time = random.chance(10) ? 1e9 : random.double(0...10_000)
            for _ in 0..<(1 + random.int(30)) {
                // Mostly 0–40 ms on; sometimes the same instant, a step back, or a long pause.
                switch random.int(20) {
                case 0, 1: break
                case 2: time -= random.double(0...1)
                case 3: time += random.double(0...10)
                default: time += random.double(0...0.04)
                }
                let t = random.chance(50) ? random.pick([.nan, .infinity, -.infinity]) : time
                switch random.int(20) {
                case 0..<12:
                    let phase: PointerPhase = random.pick([.down, .down, .move, .move, .move, .move, .up, .cancel])
                    steps.append(.event(.pointer(PointerEvent(phase, random.pick(pointers),
                                                              at: Point(coordinate(), coordinate()), time: t))))
                case 12..<16:
                    let amount = random.chance(5) ? random.pick([1e9, -1e12, 1e300, -1e300, 1e308, -1e308,
                                                                  .greatestFiniteMagnitude, .nan, .infinity, 1e15 + 0.5])
                        : random.chance(2) ? Double(random.int(7) - 3) : random.double(-2...2)
                    let other = random.chance(3) ? random.double(-1...1) : 0
                    steps.append(.event(.wheel(random.chance(2) ? WheelEvent(dx: other, dy: amount, time: t)
                                                                : WheelEvent(dx: amount, dy: other, time: t))))
                case 16..<19:
                    steps.append(.event(.key(random.pick([KeyCode.left, .right, .pageUp, .pageDown, .home, .end, .other]),
                                                 time: t)))
                default:
                    steps.append(.layout(layout(), at: time))
                }
            }
            // Input stops: whichever pointer is down goes up (the others' ups are ignored).
            for pointer in pointers {
                steps.append(.event(.pointer(PointerEvent(.up, pointer, at: Point(500, 300), time: time))))
            }
        }
    }

    /// SplitMix64 draws without the generic `random(in:using:)` machinery, which is slow in debug builds.
    struct Draw {
        var generator: ScrollFixture.SeededRandom
        init(seed: UInt64) { generator = ScrollFixture.SeededRandom(seed: seed) }
        /// 0..<n.
        mutating func int(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        mutating func double(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(generator.next() >> 11) * 0x1p-53 * (range.upperBound - range.lowerBound)
        }
        mutating func chance(_ oneIn: Int) -> Bool { int(oneIn) == 0 }
        mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }
    }

    /// What a case showed: the first broken property, or how much it exercised.
    enum Outcome {
        case failed(String)
        /// Whether the controller was animating when input stopped, and whether the offset was
        /// ever seen past an end.
        case passed(movingAtTheEnd: Bool, pastAnEnd: Bool)
    }

    /// Runs the case of `seed`.
    static func check(seed: UInt64) -> Outcome {
        var run = Case(seed: seed)
        var latest = -Double.infinity, pastAnEnd = false
        for (index, step) in run.steps.enumerated() {
            let time: Double
            switch step {
            case .event(let event): run.controller.take(event); time = event.time
            case .layout(let layout, let at): run.controller.updateLayout(layout, at: at); time = at
            }
            guard time.isFinite else { continue }
            latest = max(latest, time)
            let range = run.controller.layout.scrollRange, reach = run.controller.layout.viewport.width
            let velocity = run.controller.velocity(at: time)
            guard velocity.isFinite else { return .failed("step \(index): velocity \(velocity) at \(time)") }
            for probe in [time, time + 0.008, time + 0.1, time + 1] {
                let offset = run.controller.offset(at: probe)
                guard offset.isFinite else { return .failed("step \(index): offset \(offset) at \(probe)") }
                guard offset >= range.lowerBound - reach, offset <= range.upperBound + reach else {
                    return .failed("step \(index): offset \(offset) at \(probe) is more than \(reach) outside \(range)")
                }
                if !range.contains(offset) { pastAnEnd = true }
            }
        }
        let layout = run.controller.layout, range = layout.scrollRange
        let rest = run.controller.offset(at: latest + 60), later = run.controller.offset(at: latest + 120)
        if run.controller.isAnimating(at: latest + 60) || run.controller.isDragging {
            return .failed("still moving 60 s after the last event")
        }
        if rest != later || !range.contains(rest) {
            return .failed("rests at \(rest), then \(later), range \(range)")
        }
        if run.controller.snapping, abs(layout.offset(centering: layout.nearestCard(to: rest)) - rest) > 0.01 {
            return .failed("snapping, rests at \(rest) between cards")
        }
        return .passed(movingAtTheEnd: run.controller.isAnimating(at: latest), pastAnEnd: pastAnEnd)
    }

    static func seed(_ sequence: Int) -> UInt64 { 0x5EED_0000 &+ UInt64(sequence) &* 0x9E37_79B9 }

    @Test(arguments: 0..<parts)
    func randomSequencesStayFiniteBoundedAndComeToRest(part: Int) {
        let count = Self.sequences / Self.parts
        var moving = 0, pastAnEnd = 0
        for sequence in (part * count)..<((part + 1) * count) {
            let seed = Self.seed(sequence)
            switch Self.check(seed: seed) {
            case .failed(let failure):
                let steps = Case(seed: seed).steps.map { "  \($0)" }.joined(separator: "\n")
                Issue.record("sequence \(sequence), seed \(seed): \(failure)\n\(steps)")
                return
            case .passed(let movingAtTheEnd, let past):
                if movingAtTheEnd { moving += 1 }
                if past { pastAnEnd += 1 }
            }
        }
        print("part \(part): \(moving) of \(count) still moving when input stopped, \(pastAnEnd) past an end")
        // The sequences reach what is checked: many end in motion, and many pull past an end.
        #expect(moving > count * 2 / 5)
        #expect(pastAnEnd > count * 2 / 5)
    }
}
