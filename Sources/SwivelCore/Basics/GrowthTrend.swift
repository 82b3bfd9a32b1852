/// How much a series of readings grew over its span, judged by its trend: the least-squares
/// line's slope times the span. One reading high or low moves it little, memory that keeps
/// growing moves it fully (a leak of `r` MiB a frame over `n` frames gives `r·n`), and a step
/// that stays shows in proportion to how much of the span it covers; `halves` tells the two apart.
public struct GrowthTrend: Sendable {
    public private(set) var readings: [(x: Double, y: Double)] = []

    public init() {}

    public mutating func add(_ y: Double, at x: Double) { readings.append((x, y)) }

    public var count: Int { readings.count }

    /// The growth of each half of the readings by its own trend, the middle reading in both (with
    /// 31 readings, 0…15 and 15…30). Memory that keeps growing grows in both, about half as much
    /// in each; a step that stays (a cache filled once, late) shows in one half only, or is split
    /// at the middle into two small ones.
    public var halves: (first: Double, second: Double) {
        guard readings.count >= 3 else { return (growth, growth) }
        let middle = (readings.count - 1) / 2
        var first = GrowthTrend(), second = GrowthTrend()
        first.readings = Array(readings[...middle])
        second.readings = Array(readings[middle...])
        return (first.growth, second.growth)
    }

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
