/// How much a series of readings grew over its span, judged by its trend: the least-squares
/// line's slope times the span. One reading high or low moves it little, memory that keeps
/// growing moves it fully (a leak of `r` MiB a frame over `n` frames gives `r·n`), and a step
/// that stays shows in proportion to how much of the span it covers.
public struct GrowthTrend: Sendable {
    public private(set) var readings: [(x: Double, y: Double)] = []

    public init() {}

    public mutating func add(_ y: Double, at x: Double) { readings.append((x, y)) }

    public var count: Int { readings.count }

    /// The growth from the first reading's x to the last's along the fitted line; 0 with fewer
    /// than two readings or no spread in x.
    public var growth: Double {
        guard let first = readings.first, let last = readings.last, readings.count >= 2 else { return 0 }
        let n = Double(readings.count)
        let meanX = readings.reduce(0) { $0 + $1.x } / n
        let meanY = readings.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, sxy = 0.0
        for reading in readings {
            sxx += (reading.x - meanX) * (reading.x - meanX)
            sxy += (reading.x - meanX) * (reading.y - meanY)
        }
        guard sxx > 0 else { return 0 }
        return sxy / sxx * (last.x - first.x)
    }
}
