/// When photos whose decode failed transiently may be tried again.
///
/// After a transient failure (the process out of descriptors or memory when it opened the file)
/// a photo is tried again no sooner than `delay` seconds later, doubled at each failure in a row
/// up to `delayLimit`: a process out of descriptors does not spin on opens that cannot succeed,
/// and gets its photos within a second once it has them again.
public struct RetryBackoff: Sendable {
    public static var delay: Double { 1 }
    public static var delayLimit: Double { 16 }

    /// By photo id: when it may be tried again, and how many times in a row it failed.
    private var retries: [Int: (after: Double, failures: Int)] = [:]

    public init() {}

    /// Photo `id` failed transiently at `now`.
    public mutating func failed(_ id: Int, at now: Double) {
        let failures = (retries[id]?.failures ?? 0) + 1
        let delay = min(Self.delayLimit, Self.delay * Double(1 << min(failures - 1, 16)))
        retries[id] = (now + delay, failures)
    }

    /// Photo `id` was decoded, failed for good, or left the deck: no retry waits for it.
    public mutating func forget(_ id: Int) { retries[id] = nil }

    /// Keeps the retries still waiting at `now` and the due ones whose photo is still `wanted`;
    /// a due one no longer wanted is forgotten.
    public mutating func keep(wanted: Set<Int>, at now: Double) {
        retries = retries.filter { id, retry in retry.after > now || wanted.contains(id) }
    }

    /// Whether photo `id` may be decoded at `now` (it waits for no retry, or its retry is due).
    public func mayTry(_ id: Int, at now: Double) -> Bool { retries[id].map { now >= $0.after } ?? true }

    /// The earliest retry after `time` (the last update's: the ones due by then are on the wish list already).
    public func next(after time: Double) -> Double? { retries.values.map(\.after).filter { $0 > time }.min() }
}
