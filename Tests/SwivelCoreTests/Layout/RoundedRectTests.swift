import Testing
@testable import SwivelCore

@Suite struct RoundedRectTests {
    let card = RoundedRect(size: Size(200, 300), cornerRadius: 16)

    @Test func signedDistance() {
        #expect(card.signedDistance(u: 0, v: 0) == -100)
        #expect(card.signedDistance(u: 110, v: 0) == 10)
        #expect(card.signedDistance(u: 0, v: -160) == 10)
        // The corner is a quarter circle of radius 16 about (84, 134).
        let corner = card.signedDistance(u: 100, v: 150)
        #expect(abs(corner - (2.0.squareRoot() * 16 - 16)) < 1e-12)
        #expect(!card.contains(u: 99.5, v: 149.5))
        #expect(card.contains(u: 95, v: 140))
    }

    @Test func radiusIsClampedToHalfTheShortSide() {
        #expect(RoundedRect(size: Size(20, 300), cornerRadius: 16).cornerRadius == 10)
        #expect(RoundedRect(size: Size(200, 300), cornerRadius: -3).cornerRadius == 0)
    }
}
