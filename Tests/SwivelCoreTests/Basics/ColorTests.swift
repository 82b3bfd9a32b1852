import Testing
@testable import SwivelCore

@Suite struct ColorTests {
    @Test func seedDeckIsTheIOSSystemColoursInOrder() {
        #expect(SystemColor.seedDeck == [
            RGBA8(0, 122, 255), RGBA8(52, 199, 89), RGBA8(255, 149, 0), RGBA8(255, 59, 48),
            RGBA8(142, 142, 147), RGBA8(255, 45, 85), RGBA8(255, 204, 0),
        ])
    }

    @Test func deckRepeats() {
        #expect(SystemColor.seedDeckColor(7) == SystemColor.blue)
        #expect(SystemColor.seedDeckColor(13) == SystemColor.yellow)
        #expect(SystemColor.seedDeckColor(-1) == SystemColor.yellow)
    }

    @Test func premultiplied() {
        let half = RGBA8(255, 0, 102, 128).premultiplied
        #expect(abs(half.r - 128.0 / 255) < 1e-6)
        #expect(half.g == 0)
        #expect(abs(half.b - 0.4 * 128 / 255) < 1e-6)
        #expect(abs(half.a - 128.0 / 255) < 1e-6)
        #expect(RGBA8.white.premultiplied == (1, 1, 1, 1))
    }
}
