import SwivelCore

/// Shared inputs for the scroll physics tests.
enum ScrollFixture {
    /// A 960 × 600 window with ten seed cards: scroll range 0…2160, pitch 240.
    static let layout = CarouselLayout(viewport: Size(960, 600), cardCount: 10)
    static let pitch = layout.parameters.pitch

    /// The pointer events of a drag from `x` by `distance` points at constant speed over `duration`
    /// seconds, sampled at `hertz`, starting at `start`; released at the last sample unless
    /// `release` is false.
    static func drag(from x: Double, by distance: Double, over duration: Double, hertz: Double = 120,
                     start: Double = 0, pointer: PointerID = .mouse, y: Double = 300,
                     release: Bool = true) -> [InputEvent] {
        let steps = max(1, Int((duration * hertz).rounded()))
        var events: [InputEvent] = [.pointer(PointerEvent(.down, pointer, at: Point(x, y), time: start))]
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            events.append(.pointer(PointerEvent(.move, pointer, at: Point(x + distance * fraction, y),
                                                time: start + duration * fraction)))
        }
        if release {
            events.append(.pointer(PointerEvent(.up, pointer, at: Point(x + distance, y), time: start + duration)))
        }
        return events
    }

    /// A press at `p` and a release 80 ms later, `distance` points to the right.
    static func click(at p: Point, time: Double, pointer: PointerID = .mouse, moving distance: Double = 0) -> [InputEvent] {
        [.pointer(PointerEvent(.down, pointer, at: p, time: time)),
         .pointer(PointerEvent(.up, pointer, at: Point(p.x + distance, p.y), time: time + 0.08))]
    }

    /// The seeded generator random tests use (SplitMix64, in SwivelCore).
    typealias SeededRandom = SwivelCore.SeededRandom
}

extension InputEvent {
    /// Key `key` pressed at `time`, no modifiers held.
    static func key(_ key: KeyCode, time: Double) -> InputEvent { .keyDown(KeyChord(key), time: time) }
}

extension ScrollController {
    /// `event` as the app routes it in the row: a key as the command the key table gives it
    /// (`KeyTable.standard`), the pointer and the wheel as they are. Whether it was used.
    @discardableResult
    mutating func take(_ event: InputEvent) -> Bool {
        guard case .keyDown(let chord, let time) = event,
              let command = KeyTable.standard.command(for: chord, in: KeyTable.Modes()) else { return handle(event) }
        return perform(command, at: time)
    }

    mutating func handle(_ events: [InputEvent]) {
        for event in events { take(event) }
    }

    /// The first time after `time`, in 1 ms steps (up to 20 s), at which nothing animates.
    func settleTime(after time: Double) -> Double {
        var t = time
        while isAnimating(at: t) && t < time + 20 { t += 0.001 }
        return t
    }
}
