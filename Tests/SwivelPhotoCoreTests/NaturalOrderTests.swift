import Testing
import SwivelCore
@testable import SwivelPhotoCore

@Suite struct NaturalOrderTests {
    private func less(_ a: String, _ b: String) -> Bool {
        NaturalOrder.areInIncreasingOrder(Array(a.utf8), Array(b.utf8))
    }

    @Test func numbersCompareByValue() {
        #expect(less("img2", "img10"))
        #expect(!less("img10", "img2"))
        #expect(less("x-1", "x-10"))
        #expect(!less("x-10", "x-1"))
        #expect(less("page9.png", "page10.png"))
        #expect(less("a", "a1"))
    }

    @Test func caseIsIgnoredThenBreaksTies() {
        #expect(less("IMG1", "img2"))
        #expect(!less("img2", "IMG1"))
        #expect(less("apple", "Banana"))
        // Equal but for case: raw bytes decide ("I" 0x49 < "i" 0x69), so the order is still total.
        #expect(less("IMG1", "img1"))
        #expect(!less("img1", "IMG1"))
    }

    @Test func fewerLeadingZerosFirstOnEqualValue() {
        #expect(less("a1", "a01"))
        #expect(!less("a01", "a1"))
        #expect(less("a01", "a2"))
        #expect(less("a01b", "a001"))   // value 1 = 1: the zeros decide before the "b" is seen
    }

    @Test func hugeNumbersDoNotOverflow() {
        #expect(less("99999999999999999999999", "100000000000000000000000"))
        #expect(!less("100000000000000000000000", "99999999999999999999999"))
        #expect(less("n18446744073709551616", "n18446744073709551617"))
    }

    @Test func equalNamesAreNotLess() {
        #expect(!less("same.png", "same.png"))
        #expect(!less("", ""))
        #expect(less("", "a"))
        #expect(!less("a", ""))
    }

    @Test func nonUTF8BytesCompareByRawValue() {
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9]          // invalid UTF-8
        let utf8: [UInt8] = Array("caf".utf8) + [0xC3, 0xA9]      // "café"
        let invalid: [UInt8] = [0xFF, 0xFE]
        #expect(NaturalOrder.areInIncreasingOrder(utf8, latin1))   // 0xC3 < 0xE9
        #expect(!NaturalOrder.areInIncreasingOrder(latin1, utf8))
        #expect(NaturalOrder.areInIncreasingOrder(Array("zebra".utf8), invalid))
        #expect(NaturalOrder.areInIncreasingOrder(Array("cafe".utf8), utf8))  // "e" 0x65 < 0xC3
    }

    @Test func sortsAFolderTheWayPeopleExpect() {
        let names = ["img10.png", "IMG2.jpg", "img1.png", "img01.png", "Img2.png", "a.png", "img1b.png", "_x.png"]
        let sorted = names.map { Array($0.utf8) }.sorted(by: NaturalOrder.areInIncreasingOrder)
            .map { String(decoding: $0, as: UTF8.self) }
        #expect(sorted == ["_x.png", "a.png", "img1.png", "img1b.png", "img01.png", "IMG2.jpg", "Img2.png",
                           "img10.png"])
    }

    /// Random names from a small alphabet (so ties, shared prefixes and leading zeros are common):
    /// the relation is irreflexive, asymmetric, total and transitive.
    @Test func isAStrictTotalOrder() {
        var random = SeededRandom(seed: 0x5EED)
        let alphabet: [UInt8] = Array("0001239aAbB-._".utf8) + [0xC3, 0xA9, 0xFF]
        let names: [[UInt8]] = (0..<2000).map { _ in
            (0..<Int.random(in: 0...10, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        }
        let lt = NaturalOrder.areInIncreasingOrder
        var checkedTriples = 0
        for a in names {
            #expect(!lt(a, a))
        }
        for _ in 0..<20_000 {
            let a = names.randomElement(using: &random)!, b = names.randomElement(using: &random)!
            let c = names.randomElement(using: &random)!
            // Exactly one of a < b, b < a, a == b.
            #expect([lt(a, b), lt(b, a), a == b].filter { $0 }.count == 1)
            if lt(a, b) && lt(b, c) {
                checkedTriples += 1
                #expect(lt(a, c))
            }
        }
        #expect(checkedTriples > 2000)
        // A sorted array is ordered between every pair, not only neighbours.
        let sorted = names.sorted(by: lt)
        for _ in 0..<20_000 {
            let i = Int.random(in: 0..<sorted.count, using: &random)
            let j = Int.random(in: i..<sorted.count, using: &random)
            #expect(!lt(sorted[j], sorted[i]))
        }
    }
}
