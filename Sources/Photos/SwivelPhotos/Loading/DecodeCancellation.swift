import Synchronization

/// Tells a decode on a worker thread that its card is no longer wanted (scrolled out of the wish
/// list, the texture size changed, the deck closing). The loader sets it; the decoders look at it
/// between units of work each library lets them stop at (rows, strips, scans, input chunks) and
/// then throw `Failure.cancelled`, so a decode nobody waits for stops instead of holding a thread.
public final class DecodeCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// A decode that nobody cancels (the tests' and one-off decodes).
    public static let never = DecodeCancellation()

    /// Asks the decode to stop; it notices at its next check.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }

    /// Throws `Failure.cancelled` once `cancel()` was called.
    func check() throws(Failure) {
        if isCancelled { throw Failure.cancelled }
    }
}

extension Failure {
    /// A decode stopped because its card is no longer wanted: no verdict on the file, no line.
    static let cancelled = Failure(reason: "cancelled", cancelled: true)
}
