import SwivelCore

/// The random session `swivel --soak` plays: gestures one after another with pauses between them,
/// in simulated seconds. Drags (mouse and touch, slow and flicked, some cancelled, some with a
/// second finger or a resize in the middle), wheel notches and trackpad runs, clicks on cards
/// (which open the centred one), every key of the key table (opening and closing the full view,
/// paging, zooming, marks, copy, the slideshow, the panels; a drag in the full view pans or pages
/// or swipes it closed, the wheel zooms), Delete and Ctrl+Z (of one photo, or of all the marked
/// ones after the question), `--pick`'s pick, changes to the deck's folder (files added, removed,
/// rewritten), resizes of the layout between 1×1 and 1920×1080 points (single ones and
/// live-resize runs), and changes of the pixel scale.
struct SoakInput {
    /// What happens at one moment.
    enum Action: Equatable {
        case input(InputEvent)
        /// The layout's viewport in points becomes this.
        case resize(Size)
        /// Pixels per point become `base scale × this` (like moving to another monitor).
        case scale(Double)
        /// A change to the deck's folder, which the soak picks with this number (`SoakFolder.change`).
        case folderChange(UInt64)
        /// `--pick`'s Enter: the pick is made, and the session goes on.
        case pick
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
        pending = Self.tour
        nextGesture = (Self.tour.last?.time ?? 0) + 1
    }

    /// What the session does first, before its random gestures: every kind of frame once — the full
    /// view opened (its flight, its programs), zoomed, paged and closed; the key list, the HUD and the
    /// information panel shown and hidden; the clipping marks on and off; a photo rated in the full
    /// view and one in the row; a
    /// Delete and its undo; the slideshow started and stopped —
    /// so that their one-off costs (programs compiled at their first draw, fonts, glyphs) fall in the
    /// warm-up, wherever the random session first meets them.
    static let tour: [(time: Double, action: Action)] = [
        (0.5, KeyChord(.enter)), (0.8, KeyChord(.j)), (0.9, KeyChord(.j)), (1.0, KeyChord(.plus)), (1.3, KeyChord(.right)), (1.6, KeyChord(.digit3)),
        (1.8, KeyChord(.digit0, .control)), (2.0, KeyChord(.escape)), (2.4, KeyChord(.digit6)), (2.6, KeyChord(.question)), (3.0, KeyChord(.question)), (3.2, KeyChord(.h)),
        (3.6, KeyChord(.h)), (3.8, KeyChord(.i)), (4.2, KeyChord(.i)), (4.5, KeyChord(.delete)),
        (5.0, KeyChord(.z, .control)), (5.5, KeyChord(.s)), (6.0, KeyChord(.s)),
    ].map { ($0.0, .input(.keyDown($0.1, time: $0.0))) }

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
        case 0..<24: drag(at: start)
        case 24..<32: flick(at: start)
        case 32..<42: wheel(at: start)
        case 42..<50: keys(at: start)
        case 50..<62: commandKeys(at: start)
        case 62..<70: click(at: start)
        case 70..<76: [(start, .resize(randomViewport()))]
        case 76..<81: liveResize(at: start)
        case 81..<83: [(start, .scale(Self.scales.randomElement(using: &random)!))]
        case 83..<86: [(start, .input(.keyDown(KeyChord(.h), time: start)))]
        case 86..<89: [(start, .input(.keyDown(KeyChord(.question), time: start)))]
        case 89..<93: trash(at: start)
        case 93..<95: [(start, .pick)]
        default: [(start, .folderChange(random.next()))]
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

    /// The keys that act on the cards and the full view, one to three of them: Enter and Space
    /// (open, close), Esc and Backspace (close, back), + − Ctrl+0 Ctrl+1 (zoom), M, Ctrl+A, U (marks),
    /// 0–9, P, X (ratings), Ctrl+C, S (the slideshow), I, F.
    private mutating func commandKeys(at start: Double) -> [(time: Double, action: Action)] {
        let keys = [KeyChord(.enter), KeyChord(.space), KeyChord(.escape), KeyChord(.backspace), KeyChord(.plus),
                    KeyChord(.minus), KeyChord(.digit0, .control), KeyChord(.digit1, .control), KeyChord(.m),
                    KeyChord(.a, .control), KeyChord(.u), KeyChord(.c, .control), KeyChord(.s), KeyChord(.i), KeyChord(.f),
                    KeyChord(.digit0), KeyChord(.digit3), KeyChord(.digit5), KeyChord(.digit7), KeyChord(.p), KeyChord(.x)]
        var time = start
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in
            defer { time += Double.random(in: 0.05...0.6, using: &random) }
            return (time, .input(.keyDown(keys.randomElement(using: &random)!, time: time)))
        }
    }

    /// Delete, then Ctrl+Z a moment later (one photo to the trash and back); or all marked,
    /// Delete, the question answered with Enter (then Ctrl+Z) or Esc, and the marks cleared.
    private mutating func trash(at start: Double) -> [(time: Double, action: Action)] {
        func key(_ chord: KeyChord, _ time: Double) -> (time: Double, action: Action) { (time, .input(.keyDown(chord, time: time))) }
        let back = start + Double.random(in: 0.3...3, using: &random)
        guard Int.random(in: 0..<4, using: &random) == 0 else {
            return [key(KeyChord(.delete), start), key(KeyChord(.z, .control), back)]
        }
        let confirmed = Bool.random(using: &random)
        return [key(KeyChord(.a, .control), start), key(KeyChord(.delete), start + 0.1),
                key(KeyChord(confirmed ? .enter : .escape), start + 0.5)]
            + (confirmed ? [key(KeyChord(.z, .control), back + 0.5)] : []) + [key(KeyChord(.u), back + 0.6)]
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
