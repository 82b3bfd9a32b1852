/// How the frame loop draws while the compositor is not showing the window (Wayland: on another
/// workspace or minimised; see `Window.lastSwapFoundWindowHidden`). Drawing on as usual would
/// render a frame per swap timeout (six a second) for nobody, with the CPU of a visible window.
/// Instead, while something still moves, it draws a frame only when an event comes (focus and
/// the clipboard offer that come back with the window), or as a probe after 2 s, then 4, then
/// 8 s between probes: a probe whose swap is quick says the window is shown again. When the
/// motion ends it draws the resting frame once, so that is what the compositor shows on return,
/// and then sleeps in the event queue like any idle window.
///
/// It takes two long swaps in a row to count as hidden: the first swap of a new window is always
/// long (there was no frame before it to call back), and one slow swap is not a pattern.
struct HiddenWindowPacing {
    /// Whether the last two frames' swaps found the window hidden.
    private(set) var isHidden = false
    private var longSwaps = 0
    private var nextProbe = 0.0
    private var interval = 0.0

    static let firstProbe = 2.0, longestInterval = 8.0

    /// Notes what the swap of the frame presented at `now` said.
    mutating func presented(foundHidden hidden: Bool, at now: Double) {
        longSwaps = hidden ? longSwaps + 1 : 0
        let nowHidden = longSwaps >= 2
        interval = !nowHidden ? 0 : isHidden ? min(Self.longestInterval, interval * 2) : Self.firstProbe
        isHidden = nowHidden
        nextProbe = now + interval
    }

    /// Whether to draw a frame at `now`: always while shown; while hidden, when asked to
    /// (`requested`: an event came or something needs a new frame), when a probe is due, or when
    /// nothing moves any more (`moving` false: the frame to be seen on return).
    func shouldDraw(at now: Double, requested: Bool, moving: Bool) -> Bool {
        !isHidden || requested || !moving || now >= nextProbe
    }

    /// How long to sleep in the event queue before the next probe.
    func secondsToProbe(at now: Double) -> Double { max(0.001, nextProbe - now) }
}
