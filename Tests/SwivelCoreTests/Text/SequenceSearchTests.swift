import Testing
import SwivelCore

@Suite struct SequenceSearchTests {
    @Test func findsTheFirstOccurrence() {
        let text = "a <svg width='2'><svg>"
        let range = text.unicodeScalars.firstRange(ofSequence: "<svg".unicodeScalars)
        #expect(range.map { text.distance(from: text.startIndex, to: $0.lowerBound) } == 2)
        #expect(range.map { String(text[$0]) } == "<svg")
        #expect([1, 2, 1, 2, 3].firstRange(ofSequence: [1, 2, 3]) == 2..<5)
    }

    @Test func aPartialMatchAtTheEndIsNoMatch() {
        #expect([1, 2, 1, 2].firstRange(ofSequence: [1, 2, 3]) == nil)
        #expect(!"Premature e".utf8.containsSequence("Premature end".utf8))
        #expect("JPEG: Premature end of data".utf8.containsSequence("Premature end".utf8))
    }

    @Test func emptyCases() {
        #expect([1, 2].firstRange(ofSequence: [Int]()) == 0..<0)
        #expect([Int]().firstRange(ofSequence: [Int]()) == 0..<0)
        #expect([Int]().firstRange(ofSequence: [1]) == nil)
        #expect(!"".utf8.containsSequence("a".utf8))
    }
}

@Suite struct ReplacingEveryTests {
    @Test func replacesEachOccurrenceLeftToRight() {
        #expect("a | b | c".replacingEvery("|", with: "\\|") == "a \\| b \\| c")
        #expect("x or y or z".replacingEvery(" or ", with: " and ") == "x and y and z")
        #expect("aaa".replacingEvery("aa", with: "b") == "ba")
        #expect("{range} ({default})".replacingEvery("{default}", with: "7") == "{range} (7)")
    }

    @Test func nothingToReplace() {
        #expect("abc".replacingEvery("x", with: "y") == "abc")
        #expect("abc".replacingEvery("", with: "y") == "abc")
        #expect("".replacingEvery("a", with: "b") == "")
    }
}
