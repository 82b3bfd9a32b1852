import Testing
@testable import SwivelCore

/// The soak's judge of memory growth: the least-squares slope times the span.
@Suite struct GrowthTrendTests {
    static func trend(_ ys: [Double]) -> GrowthTrend {
        var trend = GrowthTrend()
        for (x, y) in ys.enumerated() { trend.add(y, at: Double(x)) }
        return trend
    }

    /// A straight line grows by exactly its rise: 0.25 a step over 30 steps is 7.5.
    @Test func aSteadyLeakIsItsWholeRise() {
        #expect(abs(Self.trend((0...30).map { 100 + 0.25 * Double($0) }).growth - 7.5) < 1e-9)
    }

    /// Flat readings with noise that is symmetric about the middle give 0; one reading 5 high in
    /// the middle of 31 gives 0 too (it pulls neither end).
    @Test func noiseAndAMiddleSpikeAreNoGrowth() {
        #expect(abs(Self.trend((0...30).map { $0 % 2 == 0 ? 100.5 : 99.5 }).growth) < 1e-9)
        #expect(abs(Self.trend((0...30).map { $0 == 15 ? 105 : 100 }).growth) < 1e-9)
    }

    /// A step of 32 after the first of 31 readings: slope Σ(x−15)·y / Σ(x−15)² = 32·15 / 2480 a
    /// step, times 30 steps: 5.806…
    @Test func aStepRightAfterTheStartCountsInProportion() {
        #expect(abs(Self.trend((0...30).map { $0 == 0 ? 0 : 32 }).growth - 32 * 15 * 30 / 2480.0) < 1e-9)
    }

    /// A steady leak grows each half by half its rise (3.75 of 7.5, the middle reading shared);
    /// a step of 4 between readings 24 and 25 of 31 shows in the second half only (its trend over
    /// readings 15…30: Σ(x−7.5)·y / Σ(x−7.5)² = 4·(Σ_{10..15} (x−7.5)) / 340 = 4·30/340 a step, times 15).
    @Test func theHalvesTellALeakFromAStep() {
        let leak = Self.trend((0...30).map { 100 + 0.25 * Double($0) }).halves
        #expect(abs(leak.first - 3.75) < 1e-9 && abs(leak.second - 3.75) < 1e-9)
        let step = Self.trend((0...30).map { $0 < 25 ? 100 : 104 }).halves
        #expect(abs(step.first) < 1e-9 && abs(step.second - 4 * 30 / 340.0 * 15) < 1e-9)
    }

    @Test func fewerThanTwoReadingsAreNoGrowth() {
        #expect(Self.trend([]).growth == 0)
        #expect(Self.trend([7]).growth == 0)
        var sameX = GrowthTrend()
        sameX.add(1, at: 3)
        sameX.add(9, at: 3)
        #expect(sameX.growth == 0)
    }
}
