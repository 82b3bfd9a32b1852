import Synchronization

/// Tells a decode on a worker thread that its card is no longer wanted (scrolled out of the wish
/// list, the texture size changed, the deck closing). The loader sets it; the decoders look at it
/// between units of work each library lets them stop at (rows, strips, scans, input chunks) and
/// then throw `Failure.cancelled`, so a decode nobody waits for stops instead of holding a thread.
public final class DecodeCancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    /// A test's: the decode cancels itself when it looks for the `cancelsAtLook`-th time; the
    /// looks are counted (`looks`), so that where a decode stops is a count, not a time.
    private let cancelsAtLook: Int?
    private let lookCount = Atomic<Int>(0)

    public init() { cancelsAtLook = nil }

    /// A decode that is cancelled as it looks for the `look`-th time (1: at once), counting its
    /// looks (tests: a decoder stops at the next place it looks after a cancel, whatever the time).
    public init(cancelsAtLook look: Int) { cancelsAtLook = look }

    /// A decode that nobody cancels (the tests' and one-off decodes).
    public static let never = DecodeCancellation()

    /// Asks the decode to stop; it notices at its next check.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    public var isCancelled: Bool {
        if let cancelsAtLook, lookCount.add(1, ordering: .relaxed).newValue >= cancelsAtLook { cancel() }
        return flag.load(ordering: .relaxed)
    }

    /// How many times the decode looked (`isCancelled`), with `init(cancelsAtLook:)`.
    public var looks: Int { lookCount.load(ordering: .relaxed) }

    /// Throws `Failure.cancelled` once `cancel()` was called.
    func check() throws(Failure) {
        if isCancelled { throw Failure.cancelled }
    }
}

extension Failure {
    /// A decode stopped because its card is no longer wanted: no verdict on the file, no line.
    static let cancelled = Failure(reason: "cancelled", cancelled: true)
}
