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

/// The shadow texture is blurred at σ/5 points a texel rather than one texel a pixel: its profile
/// stays within ±0.0005 alpha (after the shadow opacity) of the full-resolution blur's, the figure
/// docs/design.md gives (measured: 0.00041 at worst, over the whole texture).
@Suite(.serialized) struct ShadowResolutionTests {
    /// Alpha, after the shadow opacity.
    static let tolerance = 0.0005

    /// Bilinear sample of a texture read back bottom row first, at texture coordinates (u, v),
    /// with clamp-to-edge, as the card shader samples it.
    static func sample(_ values: [Float], _ size: (width: Int, height: Int), u: Double, v: Double) -> Double {
        let x = u * Double(size.width) - 0.5, y = v * Double(size.height) - 0.5
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func at(_ i: Int, _ j: Int) -> Double {
            Double(values[min(max(j, 0), size.height - 1) * size.width + min(max(i, 0), size.width - 1)])
        }
        return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy)
            + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
    }

    @Test func reducedResolutionKeepsTheProfileAt0_20And40Points() throws {
        try GLTestContext.withContext { _ in
            let parameters = EffectParameters()
            let key = ShadowTexture.Key(cardSize: parameters.cardSize, cornerRadius: parameters.cardOutline.cornerRadius,
                                        sigma: parameters.shadowRadius, reach: parameters.shadowReach, pixelScale: 1)
            #expect(ShadowTexture.texelsPerPoint(sigma: 20, pixelScale: 1) == 0.25)
            #expect(ShadowTexture.texelsPerPoint(sigma: 20, pixelScale: 2) == 0.25)
            #expect(ShadowTexture.texelsPerPoint(sigma: 2, pixelScale: 1) == 1)
            let reduced = try ShadowTexture(), full = try ShadowTexture()
            reduced.update(key)
            full.update(key, texelsPerPoint: 1)
            #expect(reduced.size.width == 80 && reduced.size.height == 105)
            #expect(full.size.width == 320 && full.size.height == 420)
            let a = reduced.readBack(), b = full.readBack()
            let half = (x: parameters.cardSize.width / 2, y: parameters.cardSize.height / 2)
            let extent = (x: half.x + parameters.shadowReach, y: half.y + parameters.shadowReach)
            var worst = 0.0
            // Outside the middle of the right edge, of the top edge, and diagonally off a corner.
            for distance in [0.0, 20, 40] {
                let corner = distance / 2.0.squareRoot()
                for (x, y) in [(half.x + distance, 0.0), (0, half.y + distance),
                               (half.x + corner, half.y + corner)] {
                    let u = x / (2 * extent.x) + 0.5, v = y / (2 * extent.y) + 0.5
                    let difference = abs(Self.sample(a, reduced.size, u: u, v: v) - Self.sample(b, full.size, u: u, v: v))
                        * parameters.shadowOpacity
                    worst = max(worst, difference)
                    #expect(difference <= Self.tolerance, "\(distance) pt at (\(x), \(y)): \(difference)")
                }
            }
            // And everywhere on the texture, not only at those points.
            for j in 0..<200 {
                for i in 0..<150 {
                    let u = (Double(i) + 0.5) / 150, v = (Double(j) + 0.5) / 200
                    worst = max(worst, abs(Self.sample(a, reduced.size, u: u, v: v) - Self.sample(b, full.size, u: u, v: v))
                                       * parameters.shadowOpacity)
                }
            }
            print("shadow: largest difference from the full-resolution blur \(worst) alpha")
            #expect(worst <= Self.tolerance)
        }
    }
}

/// The shadow texture drops its two programs once drawn and builds them again for a rebuild.
@Suite(.serialized) struct ShadowRebuildTests {
    @Test func aRebuildAfterTheProgramsWereDroppedMatchesAFreshTexture() throws {
        try GLTestContext.withContext { _ in
            let parameters = EffectParameters()
            func key(sigma: Double) -> ShadowTexture.Key {
                .init(cardSize: parameters.cardSize, cornerRadius: parameters.cardOutline.cornerRadius,
                      sigma: sigma, reach: 3 * sigma, pixelScale: 1)
            }
            let rebuilt = try ShadowTexture(), fresh = try ShadowTexture()
            #expect(rebuilt.update(key(sigma: 20)))
            #expect(!rebuilt.hasPrograms)
            #expect(!rebuilt.update(key(sigma: 20)))     // the same key: nothing to do
            #expect(rebuilt.update(key(sigma: 10)))
            #expect(!rebuilt.hasPrograms)
            fresh.update(key(sigma: 10))
            #expect(rebuilt.buildCount == 2 && fresh.buildCount == 1)
            #expect(rebuilt.size.width == 130 && rebuilt.size.height == 180)    // (200 + 60) × (300 + 60) pt at σ/5 = 2 pt a texel
            let values = rebuilt.readBack()
            #expect(values == fresh.readBack())
            // The middle is fully shadowed, the corners of the reach not at all.
            #expect(values[(rebuilt.size.height / 2) * rebuilt.size.width + rebuilt.size.width / 2] > 0.99)
            #expect(values[0] < 0.01)
        }
    }
}

/// A frame does not depend on the frames drawn before it: after 1,500 others it is the same bytes
/// as a fresh renderer's.
@Suite(.serialized) struct FrameIndependenceTests {
    @Test func framesAfterOneThousandOthersMatchAFreshRenderersFrame() throws {
        try GLTestContext.withContext(width: 320, height: 240) { _ in
            let layout = CarouselLayout(viewport: Size(320, 240), cardCount: 12)
            let scene = { (scroll: Double) in CardScene(layout: layout, scroll: scroll) }
            let fresh = try Renderer()
            var expected: [Double: [UInt8]] = [:]
            for scroll in [0.0, 137, 1000] {
                fresh.render(scene(scroll), pixelWidth: 320, pixelHeight: 240)
                expected[scroll] = fresh.readPixels(width: 320, height: 240)
            }
            let reused = try Renderer()
            var checked = 0
            for frame in 0..<1_500 {
                let scroll = frame % 250 == 249 ? [0.0, 137, 1000][(frame / 250) % 3] : Double(frame * 37 % 2640)
                reused.render(scene(scroll), pixelWidth: 320, pixelHeight: 240)
                if let want = expected[scroll], frame % 250 == 249 {
                    let got = reused.readPixels(width: 320, height: 240)
                    let differing = zip(got, want).filter { $0 != $1 }.count
                    #expect(differing == 0, "frame \(frame), scroll \(scroll): \(differing) bytes differ")
                    checked += 1
                } else {
                    reused.flush()
                }
            }
            #expect(checked == 6)
            #expect(reused.takeError() == nil)
        }
    }
}
