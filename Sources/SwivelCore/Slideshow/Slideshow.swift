/// `--slideshow SECONDS` and S: when to move on to the next photo.
///
/// The count for a photo starts when it is on screen — the row at rest with the centred card's
/// photo shown (the app says when; a colour card is shown at once) — so a photo still decoding
/// gets its full time. Input pauses it: the next step is at least `interval` after the last input.
/// At the last card it stops, unless it `loops`. A pure function of the times it is given, so a
/// replay steps it the same way every time.
public struct Slideshow: Equatable, Sendable {
    /// The shortest and longest interval `--slideshow` takes, in seconds.
    public static let intervals: ClosedRange<Double> = 0.5...3600
    /// What S starts without `--slideshow`, in seconds (macOS Preview's and Eye of GNOME's
    /// slideshows default to 3 and 5 s; 4 is between).
    public static let standardInterval = 4.0

    /// Seconds each photo stays.
    public var interval: Double
    /// Whether it goes on from the last card to the first (`--loop`) rather than stopping.
    public var loops: Bool
    public private(set) var isRunning = false
    /// Since when the centred photo has been on screen, counting; nil: waiting for it.
    private var shownSince: Double?
    /// The last input's time.
    private var lastInput = -Double.infinity

    public enum Step: Equatable, Sendable {
        /// Nothing to do yet.
        case wait
        /// Move on one card (from the last card of a looping show: to the first).
        case advance
        /// The last card's time is up and the show does not loop: it has stopped.
        case finished
    }

    public init(interval: Double, loops: Bool = false, running: Bool = false) {
        self.interval = interval
        self.loops = loops
        isRunning = running
    }

    /// S: starts (counting from the photo on screen once it is) or stops.
    public mutating func toggle() {
        isRunning.toggle()
        shownSince = nil
    }

    /// Input (a pointer, key or wheel) arrived at `time`: the next step waits `interval` from it.
    public mutating func noteInput(at time: Double) {
        lastInput = max(lastInput, time)
    }

    /// When the next step is due, if the photo is on screen and counting; nil while waiting for it
    /// (the app wakes for the photo, or for the row coming to rest) or when stopped.
    public var due: Double? {
        guard isRunning, let shownSince else { return nil }
        return max(shownSince, lastInput) + interval
    }

    /// The step at `time`: `photoShown` says whether the row is at rest with the centred photo on
    /// screen, `atEnd` whether that is the last card.
    public mutating func step(at time: Double, photoShown: Bool, atEnd: Bool) -> Step {
        guard isRunning else { return .wait }
        guard photoShown else {
            shownSince = nil
            return .wait
        }
        if shownSince == nil { shownSince = time }
        guard let due, time >= due else { return .wait }
        shownSince = nil
        if atEnd && !loops {
            isRunning = false
            return .finished
        }
        return .advance
    }
}
