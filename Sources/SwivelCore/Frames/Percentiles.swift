/// Order statistics of a sample, for benchmark reports: the nearest-rank percentile (the smallest
/// value with at least p % of the sample at or below it), so every reported value was measured.
public struct Percentiles: Sendable {
    public let sorted: [Double]

    public init(_ values: [Double]) { sorted = values.filter { !$0.isNaN }.sorted() }

    /// The `p`-th percentile, 0 < p ≤ 100; nil for an empty sample.
    public func value(_ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    public var maximum: Double? { sorted.last }
    public var mean: Double? { sorted.isEmpty ? nil : sorted.reduce(0, +) / Double(sorted.count) }
}
