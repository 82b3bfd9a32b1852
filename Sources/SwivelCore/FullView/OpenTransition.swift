/// The flight of the centred card into the full view and back, as a pure function of time.
///
/// Its progress runs from 0 (the card in the row) to 1 (the full view) along the project's
/// `EaseSimulation` over `FullViewConstants.transitionDuration`; the frame is `FlightFrame.mix` of
/// the two ends at that progress. Reversed mid-flight (Escape during the opening, Enter during the
/// closing, a click), the new ease leaves from the progress shown at that moment with the rate it
/// had, so neither position nor speed jumps. With reduced motion it jumps to its end.
public struct OpenTransition: Sendable {
    public let card: FlightFrame
    public let full: FlightFrame
    public let reducesMotion: Bool
    /// When the current leg began, on the clock of the events.
    public private(set) var start: Double
    private var progress: EaseSimulation

    /// Opening from the row at `time`.
    public init(card: FlightFrame, full: FlightFrame, openingAt time: Double, reducesMotion: Bool = false) {
        self.init(card: card, full: full, at: time, progress: 0, reducesMotion: reducesMotion)
        open(at: time)
    }

    /// At rest at `progress` (1: open, as when the page changes under an open view).
    public init(card: FlightFrame, full: FlightFrame, at time: Double, progress: Double, reducesMotion: Bool = false) {
        self.card = card
        self.full = full
        self.reducesMotion = reducesMotion
        start = time
        self.progress = EaseSimulation(from: progress, to: progress, duration: 0)
    }

    /// 0 in the row … 1 in the full view.
    public func progress(at time: Double) -> Double { progress.x(max(0, time - start)) }

    /// How fast the progress changes, per second.
    public func progressVelocity(at time: Double) -> Double { progress.dx(max(0, time - start)) }

    public func frame(at time: Double) -> FlightFrame { FlightFrame.mix(card, full, progress(at: time)) }

    /// Whether the current leg heads for the full view.
    public var isOpening: Bool { progress.target == 1 }

    public func isDone(at time: Double) -> Bool { progress.isDone(max(0, time - start)) }

    /// Closed: back in its slot, the row shown alone again.
    public func isClosed(at time: Double) -> Bool { !isOpening && isDone(at: time) && progress(at: time) == 0 }

    public mutating func open(at time: Double) { fly(to: 1, at: time) }
    public mutating func close(at time: Double) { fly(to: 0, at: time) }

    /// Open if closing or closed, close if opening or open.
    public mutating func reverse(at time: Double) { fly(to: isOpening ? 0 : 1, at: time) }

    private mutating func fly(to target: Double, at time: Double) {
        guard target != progress.target else { return }
        let p = progress(at: time), v = progressVelocity(at: time)
        start = time
        progress = reducesMotion ? EaseSimulation(from: target, to: target, duration: 0)
            : EaseSimulation(from: p, velocity: v, to: target, duration: FullViewConstants.transitionDuration)
    }
}
