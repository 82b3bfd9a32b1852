import SwivelCore
import Testing
@testable import SwivelRender

@Suite(.serialized) struct RendererTests {
    @Test func contextIsThreeThreeCoreOrBetter() throws {
        try GLTestContext.withContext { _ in
            let version = GLVersion.current()
            #expect(version.meetsRequirement, "\(version)")
            #expect(version.isCore)
        }
    }

    @Test func shadowIsBlurredOnceAndAgainOnlyWhenThePixelScaleChanges() throws {
        try GLTestContext.withContext(width: 640, height: 360) { window in
            let renderer = try Renderer()
            let scene = CardScene(layout: CarouselLayout(viewport: Size(640, 360), cardCount: 7), scroll: 0)
            for _ in 0..<3 { renderer.render(scene, pixelWidth: 640, pixelHeight: 360) }
            #expect(renderer.shadowBuilds == 1)
            // Twice the pixels for the same points: a HiDPI frame needs a sharper shadow texture.
            renderer.render(scene, pixelWidth: 1280, pixelHeight: 720)
            #expect(renderer.shadowBuilds == 2)
            renderer.render(scene, pixelWidth: 1280, pixelHeight: 720)
            #expect(renderer.shadowBuilds == 2)
            #expect(renderer.takeError() == nil)
        }
    }

    @Test func onlyVisibleCardsAreSubmitted() throws {
        try GLTestContext.withContext(width: 1280, height: 720) { _ in
            let renderer = try Renderer()
            // The cards whose centre is within a card-and-shadow's reach (829 pt) of the window, plus
            // one on each side: the same number however long the deck. Near the start there is no
            // card to the left to add.
            for (count, scroll, expected) in [(1_000, 720.0, 8), (1_000_000, 720, 8), (1_000_000, 240 * 500_000, 9)] {
                let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: count)
                renderer.render(CardScene(layout: layout, scroll: scroll), pixelWidth: 1280, pixelHeight: 720)
                #expect(renderer.cardsSubmitted == expected, "\(count) cards at \(scroll)")
            }
        }
    }

    @Test func edgeOnAndBackFacingCardsDrawWithoutErrors() throws {
        try GLTestContext.withContext(width: 400, height: 400) { _ in
            let renderer = try Renderer()
            // A very steep angle per point turns neighbours through ±90° and beyond.
            var parameters = EffectParameters()
            parameters.degreesPerPoint = -90.0 / 240
            let layout = CarouselLayout(viewport: Size(400, 400), cardCount: 5, parameters: parameters)
            for scroll in [0.0, 120, 240, 480] {
                renderer.render(CardScene(layout: layout, scroll: scroll), pixelWidth: 400, pixelHeight: 400)
            }
            #expect(renderer.takeError() == nil)
            // At scroll 480 card 0 is turned +180°: its back faces the viewer and is still drawn.
            var flipped = EffectParameters()
            flipped.degreesPerPoint = -180.0 / 240
            let back = CarouselLayout(viewport: Size(400, 400), cardCount: 2, parameters: flipped)
            renderer.render(CardScene(layout: back, scroll: 240), pixelWidth: 400, pixelHeight: 400)
            let pixels = renderer.readPixels(width: 400, height: 400)
            // Card 0 (blue) sits 240 pt left of centre, off this 400 pt window; card 1 (green) is
            // flat in the middle.
            let center = (200 * 400 + 200) * 4
            #expect(Array(pixels[center..<center + 3]) == [52, 199, 89])
            renderer.render(CardScene(layout: back, scroll: 0), pixelWidth: 400, pixelHeight: 400)
            let turned = renderer.readPixels(width: 400, height: 400)
            // Card 1 is now turned −180° (back to front) and centred at x = 440: off screen; card 0 is flat.
            #expect(Array(turned[center..<center + 3]) == [0, 122, 255])
        }
    }
}
