import SwivelCore

/// The random session `swivel --soak` plays: gestures one after another with pauses between them,
/// in simulated seconds. Drags (mouse and touch, slow and flicked, some cancelled, some with a
/// second finger or a resize in the middle), wheel notches and trackpad runs, keys, clicks on
/// cards, resizes of the layout between 1×1 and 1920×1080 points (single ones and live-resize
/// runs), changes of the pixel scale, and the HUD and key list shown and hidden.
struct SoakInput {
    /// What happens at one moment.
    enum Action: Equatable {
        case input(InputEvent)
        /// The layout's viewport in points becomes this.
        case resize(Size)
        /// Pixels per point become `base scale × this` (like moving to another monitor).
        case scale(Double)
    }

    /// The largest layout the soak makes, in points.
    static let largest = Size(1920, 1080)
    /// The pixel scales the soak moves between, as fractions of the base scale.
    static let scales = [1.0, 0.5, 0.75]

    private var random: SeededRandom
    private var pending: [(time: Double, action: Action)] = []
    private var nextGesture = 0.0
    /// The viewport as of the last resize generated (pointer positions fall inside it).
    private(set) var viewport: Size
    private var nextTouch: Int64 = 1

    init(seed: UInt64, viewport: Size) {
        random = SeededRandom(seed: seed)
        self.viewport = viewport
    }

    /// Everything due by `time`, in order.
    mutating func due(by time: Double) -> [Action] {
        var actions: [Action] = []
        while true {
            if pending.isEmpty {
                guard nextGesture <= time else { break }
                pending = makeGesture(at: nextGesture)
                nextGesture = (pending.last?.time ?? nextGesture) + pause()
            }
            while let first = pending.first, first.time <= time {
                actions.append(first.action)
                pending.removeFirst()
            }
            if !pending.isEmpty { break }
        }
        return actions
    }

    // MARK: Gestures

    private mutating func pause() -> Double {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<70: Double.random(in: 0...0.5, using: &random)
        case 70..<95: Double.random(in: 0.5...3, using: &random)
        default: Double.random(in: 3...20, using: &random)     // long enough for everything to settle
        }
    }

    private mutating func makeGesture(at start: Double) -> [(time: Double, action: Action)] {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<30: drag(at: start)
        case 30..<40: flick(at: start)
        case 40..<52: wheel(at: start)
        case 52..<64: keys(at: start)
        case 64..<74: click(at: start)
        case 74..<82: [(start, .resize(randomViewport()))]
        case 82..<88: liveResize(at: start)
        case 88..<90: [(start, .scale(Self.scales.randomElement(using: &random)!))]
        case 90..<95: [(start, .input(.keyDown(KeyChord(.h), time: start)))]
        default: [(start, .input(.keyDown(KeyChord(.question), time: start)))]
        }
    }

    private mutating func randomPoint() -> Point {
        Point(Double.random(in: 0...viewport.width, using: &random), Double.random(in: 0...viewport.height, using: &random))
    }

    private mutating func pointer() -> PointerID {
        guard Bool.random(using: &random) else { return .mouse }
        nextTouch += 1
        return PointerID(source: .touch, id: nextTouch)
    }

    /// A drag in one to three straight runs at random speeds, events every 4–17 ms; then a still
    /// hold (sometimes), and a release or a cancel. Some have a second finger or a resize on the way.
    private mutating func drag(at start: Double) -> [(time: Double, action: Action)] {
        let id = pointer()
        var position = randomPoint()
        var time = start
        var events: [(time: Double, action: Action)] = [(time, .input(.pointer(PointerEvent(.down, id, at: position, time: time))))]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let velocity = Point(Double.random(in: -3000...3000, using: &random), Double.random(in: -300...300, using: &random))
            let end = time + Double.random(in: 0.02...1.5, using: &random)
            while time < end {
                let step = Double.random(in: 0.004...0.017, using: &random)
                time += step
                position = Point(position.x + velocity.x * step, position.y + velocity.y * step)
                events.append((time, .input(.pointer(PointerEvent(.move, id, at: position, time: time)))))
            }
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            // A second finger comes and goes mid-drag; the controller follows only the first.
            let second = PointerID(source: .touch, id: nextTouch + 1000)
            let at = start + (time - start) / 2, point = randomPoint()
            events.append((at, .input(.pointer(PointerEvent(.down, second, at: point, time: at)))))
            events.append((at + 0.05, .input(.pointer(PointerEvent(.up, second, at: point, time: at + 0.05)))))
        }
        if Int.random(in: 0..<8, using: &random) == 0 {
            events.append((start + (time - start) / 3, .resize(randomViewport())))
        }
        if Bool.random(using: &random) { time += Double.random(in: 0...0.3, using: &random) }    // held still
        let last: PointerPhase = Int.random(in: 0..<10, using: &random) == 0 ? .cancel : .up
        events.append((time, .input(.pointer(PointerEvent(last, id, at: position, time: time)))))
        return events.sorted { $0.time < $1.time }
    }

    /// A fast short drag released while moving.
    private mutating func flick(at start: Double) -> [(time: Double, action: Action)] {
        let id = pointer()
        var position = randomPoint()
        let speed = Double.random(in: 500...8000, using: &random) * (Bool.random(using: &random) ? 1 : -1)
        var events: [(time: Double, action: Action)] = [(start, .input(.pointer(PointerEvent(.down, id, at: position, time: start))))]
        for step in 1...Int.random(in: 3...12, using: &random) {
            let time = start + Double(step) * 0.008
            position.x += speed * 0.008
            let phase: PointerPhase = .move
            events.append((time, .input(.pointer(PointerEvent(phase, id, at: position, time: time)))))
        }
        let end = events.last!.time
        events.append((end, .input(.pointer(PointerEvent(.up, id, at: position, time: end)))))
        return events
    }

    /// Whole notches (a clicking wheel, either axis) or a run of fractional trackpad deltas.
    private mutating func wheel(at start: Double) -> [(time: Double, action: Action)] {
        var time = start
        var events: [(time: Double, action: Action)] = []
        if Bool.random(using: &random) {
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let notches = Double(Int.random(in: 1...3, using: &random) * (Bool.random(using: &random) ? 1 : -1))
                let event = Bool.random(using: &random) ? WheelEvent(dy: notches, time: time) : WheelEvent(dx: notches, time: time)
                events.append((time, .input(.wheel(event))))
                time += Double.random(in: 0.03...0.25, using: &random)
            }
        } else {
            let direction = Bool.random(using: &random) ? 1.0 : -1.0
            for index in 0..<Int.random(in: 2...60, using: &random) {
                let delta = direction * Double.random(in: 0.05...1.5, using: &random) / Double(1 + index / 20)
                events.append((time, .input(.wheel(WheelEvent(dx: delta + 0.001, time: time)))))
                time += 0.016
            }
        }
        return events
    }

    private mutating func keys(at start: Double) -> [(time: Double, action: Action)] {
        let keys: [KeyChord] = [KeyCode.left, .right, .pageUp, .pageDown, .home, .end].map { KeyChord($0) }
        var time = start
        return (0..<Int.random(in: 1...4, using: &random)).map { _ in
            defer { time += Double.random(in: 0.05...0.4, using: &random) }
            return (time, .input(.keyDown(keys.randomElement(using: &random)!, time: time)))
        }
    }

    /// A press and release in place: on a side card it brings that card to the centre.
    private mutating func click(at start: Double) -> [(time: Double, action: Action)] {
        let id = pointer(), point = randomPoint()
        let end = start + Double.random(in: 0.03...0.15, using: &random)
        return [(start, .input(.pointer(PointerEvent(.down, id, at: point, time: start)))),
                (end, .input(.pointer(PointerEvent(.up, id, at: point, time: end))))]
    }

    /// A window edge dragged: a run of resizes a frame apart, growing or shrinking steadily.
    private mutating func liveResize(at start: Double) -> [(time: Double, action: Action)] {
        let from = viewport, to = randomViewport()
        let steps = Int.random(in: 2...30, using: &random)
        return (1...steps).map { step in
            let t = Double(step) / Double(steps)
            let size = Size((from.width + (to.width - from.width) * t).rounded(),
                            (from.height + (to.height - from.height) * t).rounded())
            return (start + Double(step) / 60, .resize(size))
        }
    }

    /// A viewport from 1×1 to `largest`: often an extreme (a sliver, a dot, the largest), else any.
    private mutating func randomViewport() -> Size {
        let size: Size
        switch Int.random(in: 0..<10, using: &random) {
        case 0: size = Size(1, 1)
        case 1: size = Self.largest
        case 2: size = Size(1, Double(Int.random(in: 1...1080, using: &random)))
        case 3: size = Size(Double(Int.random(in: 1...1920, using: &random)), 1)
        default: size = Size(Double(Int.random(in: 1...1920, using: &random)), Double(Int.random(in: 1...1080, using: &random)))
        }
        viewport = size
        return size
    }
}
