/// When photos whose decode failed transiently may be tried again, and when they are given up.
///
/// After a transient failure (the process out of descriptors or memory when it opened the file,
/// or started or heard from its decoder) a photo is tried again no sooner than `delay` seconds
/// later, doubled at each failure in a row: a process out of descriptors does not spin on opens
/// that cannot succeed, and gets its photos within a second once it has them again. The
/// `maxFailures`th failure in a row gives the photo up, to be skipped with its line like any
/// other failure: tried at 0, 1, 3 and 7 s, a photo is not waited for in silence (a screenshot
/// in a process left 6 descriptors waited its whole minute for one, and said nothing).
public struct RetryBackoff: Sendable {
    public static var delay: Double { 1 }
    public static var maxFailures: Int { 4 }

    /// By photo id: when it may be tried again, and how many times in a row it failed.
    private var retries: [Int: (after: Double, failures: Int)] = [:]

    public init() {}

    /// Photo `id` failed transiently at `now`: true when it is to be tried again, false when
    /// that was its `maxFailures`th failure in a row and it is given up (and forgotten here).
    @discardableResult
    public mutating func failed(_ id: Int, at now: Double) -> Bool {
        let failures = (retries[id]?.failures ?? 0) + 1
        guard failures < Self.maxFailures else {
            retries[id] = nil
            return false
        }
        retries[id] = (now + Self.delay * Double(1 << (failures - 1)), failures)
        return true
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
