import CSDL2

/// Paces frames where the swap cannot wait for vblank (Xvfb, the offscreen driver): after each
/// frame it sleeps until the next tick of a fixed rate. It sleeps, it never spins.
public struct FrameLimiter {
    private let interval: UInt64          // performance-counter ticks per frame
    private var nextDeadline: UInt64 = 0
    private let frequency = SDL_GetPerformanceFrequency()

    public init(hertz: Double) {
        interval = UInt64(Double(SDL_GetPerformanceFrequency()) / max(1, hertz))
    }

    /// Sleeps until the next frame is due. A frame that ran late starts a fresh schedule rather
    /// than rushing to catch up.
    public mutating func waitForNextFrame() {
        let now = SDL_GetPerformanceCounter()
        if nextDeadline == 0 || now >= nextDeadline + interval {
            nextDeadline = now + interval
            return
        }
        if now < nextDeadline {
            let milliseconds = (nextDeadline - now) * 1000 / frequency
            if milliseconds > 0 { SDL_Delay(UInt32(milliseconds)) }
        }
        nextDeadline += interval
    }
}
