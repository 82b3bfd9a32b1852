/// When the app next has something to do without input, as one table (as nsxiv's `timeouts[]`
/// gives its poll's timeout): each source sets its entry, nil when it waits for nothing, and the
/// wait ends at the earliest.
struct Timers: Equatable, Sendable {
    enum Source: CaseIterable, Sendable {
        /// The next frame: something moves, or input waits to be drawn (the frame pacing's due time).
        case frame
        /// The notice line's message goes.
        case notice
        /// The slideshow moves on.
        case slideshow
        /// A photo whose open failed for want of descriptors or memory is asked for again.
        case photoRetry
        /// The programs the renderer left for later are built.
        case deferredPrograms
        /// A replay's next entry is due.
        case replay
        /// A hidden window's next probe frame.
        case hiddenProbe
    }

    private var due: [Source: Double] = [:]

    init() {}

    mutating func set(_ source: Source, _ time: Double?) { due[source] = time }

    func time(of source: Source) -> Double? { due[source] }

    /// The earliest time set, nil when nothing is.
    var next: Double? { due.values.min() }
}
