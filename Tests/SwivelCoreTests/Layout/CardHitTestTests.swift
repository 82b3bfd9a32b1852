import Testing
import SwivelCore

@Suite struct CardHitTestTests {
    // 960 × 600 at offset 0: card 0 flat at (480, 300); card 1 centred at x = 720, turned −12°.
    let layout = ScrollFixture.layout

    @Test func unprojectInvertsProject() throws {
        for degrees in [-80.0, -24, -12, 0, 5, 30, 60] {
            let projection = CardProjection(center: Point(300, 200), degrees: degrees, eyeDistance: 300)
            for (u, v) in [(-100.0, -150.0), (100, 150), (37, -12), (0, 0), (-64, 99)] {
                let local = try #require(projection.unproject(projection.project(u: u, v: v)))
                #expect(abs(local.u - u) < 1e-9 && abs(local.v - v) < 1e-9, "\(degrees)°, (\(u), \(v))")
            }
        }
    }

    @Test func theNearEdgeOfATurnedCardReachesPastItsFlatFrame() {
        // Right edge of card 1: 720 + 100·cos12°/(1 − 100·sin12°/300) = 825.10; the flat frame ends at 820.
        let edge = layout.projection(1, scroll: 0).project(u: 100, v: 0).x
        #expect(abs(edge - 825.10) < 0.01)
        #expect(layout.cardIndex(at: Point(823, 300), scroll: 0) == 1)
        #expect(layout.cardIndex(at: Point(826, 300), scroll: 0) == nil)
    }

    @Test func theFarEdgeFallsShortOfItsFlatFrame() {
        // Left edge of card 1: 720 − 100·cos12°/(1 + 100·sin12°/300) = 628.53; the flat frame starts at 620.
        let edge = layout.projection(1, scroll: 0).project(u: -100, v: 0).x
        #expect(abs(edge - 628.53) < 0.01)
        #expect(layout.cardIndex(at: Point(625, 300), scroll: 0) == nil)
        #expect(layout.cardIndex(at: Point(632, 300), scroll: 0) == 1)
    }

    @Test func roundedCornersAreNotHit() {
        // Card 0's frame is 380…580 × 150…450; the corner circle (radius 16) is centred at (396, 166).
        #expect(layout.cardIndex(at: Point(381, 151), scroll: 0) == nil)
        #expect(layout.cardIndex(at: Point(390, 160), scroll: 0) == 0)
        #expect(layout.cardIndex(at: Point(480, 300), scroll: 0) == 0)
    }

    @Test func theTopMostCardWins() {
        // 110 pt apart, the cards overlap: card 1 is painted over card 0.
        var parameters = EffectParameters()
        parameters.spacing = 100
        let crowded = CarouselLayout(viewport: Size(960, 600), cardCount: 3, parameters: parameters)
        #expect(crowded.cardIndex(at: Point(560, 300), scroll: 0) == 1)
        #expect(crowded.cardIndex(at: Point(470, 300), scroll: 0) == 0)
    }
}
