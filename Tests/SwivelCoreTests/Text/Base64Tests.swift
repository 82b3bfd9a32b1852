import Foundation
import SwivelCore
import Testing

/// `Base64.decode`: the demo deck's embedded images.
@Suite struct Base64Tests {
    @Test func decodesPaddedText() {
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("TWFu") == Array("Man".utf8))
        #expect(Base64.decode("TWE=") == Array("Ma".utf8))
        #expect(Base64.decode("TQ==") == Array("M".utf8))
        #expect(Base64.decode("+/8A") == [0xFB, 0xFF, 0x00])
    }

    @Test func refusesWhatIsNotPaddedBase64() {
        #expect(Base64.decode("TWF") == nil)       // not a multiple of 4
        #expect(Base64.decode("TW=u") == nil)      // padding in the middle
        #expect(Base64.decode("T===") == nil)      // three padding characters
        #expect(Base64.decode("TQ==TWFu") == nil)  // padding before the end
        #expect(Base64.decode("TW u") == nil)      // whitespace
        #expect(Base64.decode("TW-_") == nil)      // the URL alphabet
    }

    @Test func agreesWithFoundationOnRandomBytes() {
        var random = SeededRandom(seed: 64)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            #expect(Base64.decode(Data(bytes).base64EncodedString()) == bytes)
        }
    }
}
