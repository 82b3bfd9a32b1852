import SwivelCore
import Testing

/// `Quoting`: outside text inside a one-line message.
@Suite struct QuotingTests {
    @Test func controlFormatAndSeparatorCharactersAreEscaped() {
        #expect(Quoting.quoted("plain café") == "'plain café'")
        #expect(Quoting.quoted("a\nb\tc") == "'a\\nb\\tc'")
        #expect(Quoting.quoted("\u{1B}[2J\u{0}") == "'\\u{1B}[2J\\0'")
        #expect(Quoting.quoted("\u{202E}evil\u{2028}x\u{2029}") == "'\\u{202E}evil\\u{2028}x\\u{2029}'")
        #expect(Quoting.quoted("") == "''")
    }

    @Test func longTextIsCutAfterEightyScalars() {
        #expect(Quoting.quoted(String(repeating: "x", count: 80)) == "'" + String(repeating: "x", count: 80) + "'")
        #expect(Quoting.quoted(String(repeating: "x", count: 81)) == "'" + String(repeating: "x", count: 80) + "…'")
        // Counted in scalars: an escaped control character counts as one.
        #expect(Quoting.quoted(String(repeating: "\n", count: 81)) == "'" + String(repeating: "\\n", count: 80) + "…'")
    }
}
