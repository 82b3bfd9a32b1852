/// When to draw where nothing waits for vblank (Xvfb, the offscreen driver): at most one frame per
/// slot of a fixed-rate grid (60 Hz: never more frames than the display shows), and within a slot
/// as soon as there is something new to show, so that input is not held back for a fixed tick.
///
/// - Input that arrives while the slot is still free is drawn at once.
/// - Input that arrives after the slot's frame waits for the next slot, and there for more input
///   until it would be one frame old at the present (`since + interval − renderTime`): the frame is
///   drawn as late as that deadline allows, so it also shows what came in meanwhile. Input that
///   comes in faster than the frame rate therefore locks the frames to its own phase rather than
///   waiting on average half a frame for a tick.
/// - An animation (or any other change without input) is drawn at the start of each slot.
/// After a pause longer than a slot the grid restarts at the next frame, so the first frame of a
/// gesture is never delayed. Times are seconds on one clock. Pure arithmetic, no clock of its own.
public struct FramePacing: Sendable, Equatable {
    /// Seconds per slot.
    public let interval: Double
    /// Where slot 0 starts; nil until the first frame.
    private var origin: Double?
    /// The slot of the last frame (or of a slot passed over because nothing had changed).
    private var usedSlot = Int.min

    public init(hertz: Double) {
        interval = Self.interval(hertz: hertz)
    }

    /// Seconds per refresh at `hertz`, taken as 1–1000 Hz (60 when it is not a number).
    public static func interval(hertz: Double) -> Double {
        1 / min(max(hertz.isFinite ? hertz : 60, 1), 1000)
    }

    /// The slot `time` falls in; a slot's own start (`start(ofSlot:)`, which can come out a
    /// rounding error below the division's whole number) is in it, or a loop woken at a slot's
    /// start would find it not yet begun and wait for it again.
    private func slot(at time: Double) -> Int {
        guard let origin else { return 0 }
        return Int(((time - origin) / interval + 1e-9).rounded(.down))
    }

    private func start(ofSlot slot: Int) -> Double { (origin ?? 0) + Double(slot) * interval }

    /// Whether a frame may be drawn at `time`: its slot has none yet.
    public func isSlotFree(at time: Double) -> Bool { origin == nil || slot(at: time) > usedSlot }

    /// When the next free slot starts (`time` itself if its slot is free).
    public func nextFreeSlot(after time: Double) -> Double {
        isSlotFree(at: time) ? time : start(ofSlot: usedSlot + 1)
    }

    /// When the next frame is due, or nil when nothing needs one.
    /// - `continuous`: something changes without input (an animation, a fade, a resize, a
    ///   toggle): due at the next free slot.
    /// - `input`: the times of the oldest and the newest input not yet on screen, if any.
    /// - `renderTime`: how long drawing and presenting a frame takes, as recently measured.
    public func due(at now: Double, continuous: Bool, input: (oldest: Double, newest: Double)?,
                    renderTime: Double) -> Double? {
        let free = nextFreeSlot(after: now)
        var due: Double? = continuous ? free : nil
        if let input {
            // The newest arrived while its slot was free: at once. Otherwise the latest start that
            // still presents the oldest within one frame, but not before the next free slot.
            let deadline = isSlotFree(at: input.newest) ? free
                : max(free, input.oldest + interval - min(max(renderTime, 0), interval / 2))
            due = min(due ?? deadline, deadline)
        }
        return due
    }

    /// Records that the slot of `time` is used: a frame was drawn, or nothing needed drawing at the
    /// slot's start. After more than a whole free slot the grid restarts at `time`.
    public mutating func use(at time: Double) {
        if origin == nil || slot(at: time) > usedSlot + 1 {
            origin = time
            usedSlot = 0
        } else {
            usedSlot = max(usedSlot, slot(at: time))
        }
    }
}
