/// Whether a swap that was promised to wait for vblank really does, judged from when frames are
/// presented. A driver can accept a swap interval of 1 and then return from every swap at once
/// (SDL's offscreen driver does; so can a software GL on a display without vblank): trusted, a
/// frame loop that draws at once whenever something moves then spins, as fast as the CPU goes.
///
/// A swap that waits never presents two frames less than a refresh apart, except while a driver
/// fills its queue of back buffers (two or three frames). So once `quickFramesToDecide` frames in a
/// row come less than half a refresh after the one before, the swap does not wait, and the frame
/// loop paces itself (`FramePacing`) from then on. Pure arithmetic on one clock's seconds.
public struct VSyncWatch: Sendable, Equatable {
    /// Seconds per refresh of the display.
    public let interval: Double
    /// Whether the swaps have been found not to wait. Once found, it stays.
    public private(set) var swapDoesNotWait = false
    private var lastPresent: Double?
    private var quickInARow = 0

    /// Quick frames in a row that decide it: half a second at 60 Hz, ten times the deepest buffer
    /// queue a driver keeps.
    public static let quickFramesToDecide = 30

    public init(hertz: Double) {
        interval = FramePacing.interval(hertz: hertz)
    }

    /// Notes that a frame was presented (its swap returned) at `time`.
    public mutating func presented(at time: Double) {
        if let lastPresent, time - lastPresent < interval / 2 {
            quickInARow += 1
        } else {
            quickInARow = 0
        }
        lastPresent = time
        if quickInARow >= Self.quickFramesToDecide { swapDoesNotWait = true }
    }
}
