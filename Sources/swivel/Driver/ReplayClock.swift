/// The clock of a `--screenshot` replay: a step every 1/120 s (a 120 Hz display's frames) while
/// anything moves; when nothing does, straight on to the step of the next entry or timer. The steps
/// jumped over would have changed nothing (no motion, no input, no timer due before), so the frame
/// at the end is the one every step would give, and a recording that ends far off (1e9 s, or
/// 1.8e308) ends as soon as its last motion does.
struct ReplayClock {
    static let hertz = 120.0
    /// 2⁵³: up to here every whole number of steps is a `Double`, and step k is at exactly k/120
    /// as the stepping loop worked it out.
    private static let exactSteps = 9_007_199_254_740_992.0

    /// The step the clock is at, counted from 0: a whole number, or infinity once past the grid.
    private(set) var step = 0.0

    var time: Double { step / Self.hertz }

    /// On to the next step. Past 2⁵³ steps (2.4 million years) adding one is lost in rounding:
    /// then on to the next step whose time is later, so that motion always moves on.
    mutating func advance() {
        guard step.isFinite else { return }
        let now = time
        var next = step + 1
        while next / Self.hertz <= now { next = next.nextUp }
        step = next
    }

    /// On to the first step at or after `target` if that is later than the one it is at. A target
    /// beyond the grid (over 1.5e306 s, where `target` × 120 overflows) goes to infinity.
    mutating func skip(to target: Double) {
        var wanted = (target * Self.hertz).rounded(.up)
        guard wanted.isFinite else {
            if target > time { step = .infinity }
            return
        }
        if wanted < Self.exactSteps {
            // The product may round either way: the first step whose time (step / 120) reaches it.
            while wanted > 0, (wanted - 1) / Self.hertz >= target { wanted -= 1 }
            while wanted / Self.hertz < target { wanted += 1 }
        } else {
            while wanted / Self.hertz < target { wanted = wanted.nextUp }
        }
        step = max(step, wanted)
    }
}
