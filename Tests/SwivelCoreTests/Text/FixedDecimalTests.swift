import Foundation
import SwivelCore
import Testing

/// `Double.fixed(_:)`: numbers written as C's `%.Nf` writes them (the bench JSON, HUD and messages).
@Suite struct FixedDecimalTests {
    @Test func writesTheExactValueRoundedHalfToEven() {
        #expect(1.5.fixed(0) == "2")
        #expect(2.5.fixed(0) == "2")          // an exact tie: to even
        #expect(0.125.fixed(2) == "0.12")     // exact in binary, a tie
        #expect(0.375.fixed(2) == "0.38")
        #expect(1.0005.fixed(3) == "1.000")   // 1.000499999999999989…
        #expect(0.0005.fixed(3) == "0.001")   // 0.000500000000000000010…
        #expect(2.675.fixed(2) == "2.67")     // 2.67499999999999982236431605997495353221893310546875
        #expect(9.9995.fixed(3) == "9.999")
        #expect(9.99951.fixed(3) == "10.000")
        #expect(999.9996.fixed(3) == "1000.000")
        #expect(12.3456.fixed(1) == "12.3")
        #expect(0.0.fixed(3) == "0.000")
        #expect(3.0.fixed(2) == "3.00")
    }

    @Test func keepsTheSignOfNegativeNumbersAndNegativeZero() {
        #expect((-1.25).fixed(1) == "-1.2")
        #expect((-0.0001).fixed(3) == "-0.000")
        #expect((-0.0).fixed(2) == "-0.00")
        #expect((-2.5).fixed(0) == "-2")
    }

    @Test func writesEveryDigitOfLargeAndTinyNumbers() {
        #expect(1e22.fixed(0) == "10000000000000000000000")
        #expect(1e23.fixed(0) == "99999999999999991611392")
        #expect(Double.greatestFiniteMagnitude.fixed(0).count == 309)
        #expect(Double.greatestFiniteMagnitude.fixed(0).hasPrefix("17976931348623157081452742373170435679807"))
        #expect(Double.leastNonzeroMagnitude.fixed(3) == "0.000")
        #expect(9007199254740993.0.fixed(1) == "9007199254740992.0")
        #expect(0.1.fixed(20) == "0.10000000000000000555")
    }

    @Test func nonFiniteValuesAreWrittenAsPrintfDoes() {
        #expect(Double.nan.fixed(3) == "nan")
        #expect((-Double.nan).fixed(3) == "-nan")
        #expect(Double.infinity.fixed(3) == "inf")
        #expect((-Double.infinity).fixed(2) == "-inf")
    }

    /// Against the C library's formatter, through Foundation's `String(format:)` (what the app used
    /// before): random doubles of every magnitude, and random values on the 3-place ties.
    @Test func agreesWithPrintfOnRandomValues() {
        var random = SeededRandom(seed: 12)
        for index in 0..<20_000 {
            let value: Double
            switch index % 3 {
            case 0: value = Double(bitPattern: random.next())   // any double
            case 1: value = Double(Int64(random.next() % 2_000_001) - 1_000_000) / 1000 + 0.0005
            default: value = Double(random.next() % 1_000_000_000) / 1e6 * (random.next() % 2 == 0 ? 1 : -1)
            }
            for places in [0, 1, 2, 3, 6] where value.isNaN == false {
                let expected = String(format: "%.\(places)f", value)
                #expect(value.fixed(places) == expected, "\(value) to \(places) places")
            }
        }
    }
}
