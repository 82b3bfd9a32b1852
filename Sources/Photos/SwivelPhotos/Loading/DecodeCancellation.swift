import Synchronization

/// Tells a decode on a worker thread that its card is no longer wanted (scrolled out of the wish
/// list, the texture size changed, the deck closing). The loader sets it; the decoders look at it
/// between units of work each library lets them stop at (rows, strips, scans, input chunks) and
/// then throw `Failure.cancelled`, so a decode nobody waits for stops instead of holding a thread.
public final class DecodeCancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    /// The looks at `isCancelled` so far; counted only where `cancelsAfter` is set.
    private let looked = Atomic<Int>(0)
    /// The look after which this cancels itself; nil where only `cancel()` does.
    private let cancelsAfter: Int?

    public init() { cancelsAfter = nil }

    /// A cancellation that cancels itself as the decode makes its `looks`th look at it (that look
    /// still answers no; the next says yes), and counts every look (`looks`): for the tests, which
    /// place a cancel by a decode's progress (looks, input chunks, library calls) and see at which
    /// look it stopped, whatever the machine's speed. `.max` only counts.
    init(cancellingAfterLooks looks: Int) {
        cancelsAfter = looks
        if looks <= 0 { flag.store(true, ordering: .relaxed) }
    }

    /// A decode that nobody cancels (the tests' and one-off decodes).
    public static let never = DecodeCancellation()

    /// Asks the decode to stop; it notices at its next check.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// One look: whether the decode is to stop.
    public var isCancelled: Bool {
        let cancelled = flag.load(ordering: .relaxed)
        if let cancelsAfter, looked.wrappingAdd(1, ordering: .relaxed).newValue >= cancelsAfter { cancel() }
        return cancelled
    }

    /// The looks taken so far (counted for `init(cancellingAfterLooks:)` only).
    var looks: Int { looked.load(ordering: .relaxed) }

    /// Throws `Failure.cancelled` once `cancel()` was called.
    func check() throws(Failure) {
        if isCancelled { throw Failure.cancelled }
    }
}

extension Failure {
    /// A decode stopped because its card is no longer wanted: no verdict on the file, no line.
    static let cancelled = Failure(reason: "cancelled", cancelled: true)
}
