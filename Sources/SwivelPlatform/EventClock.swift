import CSDL2

/// Seconds on the clock of SDL's event timestamps (milliseconds since SDL started), read with the
/// performance counter's resolution, so that "now" and an event's time can be compared.
public struct EventClock: Sendable {
    private let startTicks: UInt64
    private let startCounter: UInt64
    private let frequency: Double

    public init() {
        startCounter = SDL_GetPerformanceCounter()
        startTicks = SDL_GetTicks64()
        frequency = Double(SDL_GetPerformanceFrequency())
    }

    public func now() -> Double {
        Double(startTicks) / 1000 + Double(SDL_GetPerformanceCounter() - startCounter) / frequency
    }
}
