import Testing
@testable import SwivelCore

@Suite struct PercentilesTests {
    @Test func nearestRank() {
        let sample = Percentiles((1...100).reversed().map(Double.init))
        #expect(sample.value(50) == 50)
        #expect(sample.value(95) == 95)
        #expect(sample.value(99) == 99)
        #expect(sample.value(100) == 100)
        #expect(sample.maximum == 100)
        #expect(sample.mean == 50.5)
        let small = Percentiles([3, 1, 2, .nan])
        #expect(small.value(50) == 2)
        #expect(small.value(95) == 3)
        #expect(small.value(1) == 1)
        #expect(Percentiles([]).value(50) == nil)
    }
}
