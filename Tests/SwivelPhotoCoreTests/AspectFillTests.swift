import Testing
import SwivelCore
import SwivelPhotoCore

@Suite struct AspectFillTests {
    @Test func aWideImageLosesItsSides() {
        let crop = AspectFill.crop(source: Size(4000, 3000), target: Size(200, 300))
        #expect(crop == PixelRect(x: 1000, y: 0, width: 2000, height: 3000))
    }

    @Test func aTallImageLosesTopAndBottom() {
        let crop = AspectFill.crop(source: Size(1000, 3000), target: Size(200, 300))
        #expect(crop == PixelRect(x: 0, y: 750, width: 1000, height: 1500))
    }

    @Test func theSameAspectKeepsTheWholeImage() {
        #expect(AspectFill.crop(source: Size(400, 600), target: Size(200, 300))
                == PixelRect(x: 0, y: 0, width: 400, height: 600))
        // 1/3 is not exact in binary; cross-multiplying still sees the ratios as equal.
        #expect(AspectFill.crop(source: Size(300, 900), target: Size(0.1, 0.3))
                == PixelRect(x: 0, y: 0, width: 300, height: 900))
    }

    @Test func onePixel() {
        let crop = AspectFill.crop(source: Size(1, 1), target: Size(200, 300))
        #expect(abs(crop.x - 1.0 / 6) < 1e-15 && crop.y == 0 && abs(crop.width - 2.0 / 3) < 1e-15 && crop.height == 1)
        #expect(AspectFill.crop(source: Size(1, 1), target: Size(1, 1))
                == PixelRect(x: 0, y: 0, width: 1, height: 1))
        #expect(AspectFill.crop(source: Size(5, 7), target: Size(0, 10))
                == PixelRect(x: 0, y: 0, width: 5, height: 7))
    }

    @Test func textureSizesRoundUp() {
        #expect(AspectFill.textureSize(cardSize: Size(200, 300), pixelScale: 2) == (400, 600))
        #expect(AspectFill.textureSize(cardSize: Size(200, 300), pixelScale: 1.25) == (250, 375))
        #expect(AspectFill.textureSize(cardSize: Size(201, 301), pixelScale: 1.5) == (302, 452))
        #expect(AspectFill.textureSize(cardSize: Size(200, 300), pixelScale: 1.1) == (220, 330))
        #expect(AspectFill.textureSize(cardSize: Size(0, 0.2), pixelScale: 2) == (1, 1))
    }

    /// 4 bytes a pixel, no mipmaps: the sizes below are worked out by hand from it.
    private static func rgba(_ width: Int, _ height: Int) -> Int { width * height * 4 }

    @Test func texturesShrinkUntilTheCardsOnScreenFitTheBudget() {
        // 9 × 800x1200 × 4 = 34,560,000 > 16 MiB. At k/1200: 9 × 557x836 × 4 = 16,763,472 ≤ 16,777,216;
        // 9 × 558x837 × 4 = 16,813,656 is over.
        #expect(AspectFill.textureSize((800, 1200), layers: 9, budgetBytes: 16 << 20, bytesPerLayer: Self.rgba)
                == (557, 836))
        // Wide: 2 × 4096x2048 × 4 = 64 MiB fits 64 MiB exactly; one byte less and the longer side is 4095.
        #expect(AspectFill.textureSize((4096, 2048), layers: 2, budgetBytes: 64 << 20, bytesPerLayer: Self.rgba)
                == (4096, 2048))
        #expect(AspectFill.textureSize((4096, 2048), layers: 2, budgetBytes: (64 << 20) - 1, bytesPerLayer: Self.rgba)
                == (4095, 2047))
        // Nothing fits: the smallest there is, 1 pixel on the longer side.
        #expect(AspectFill.textureSize((300, 200), layers: 10, budgetBytes: 39, bytesPerLayer: Self.rgba) == (1, 1))
        // No layers wanted, or a budget that pays for them: the full size.
        #expect(AspectFill.textureSize((800, 1200), layers: 0, budgetBytes: 0, bytesPerLayer: Self.rgba) == (800, 1200))
        #expect(AspectFill.textureSize((800, 1200), layers: 4, budgetBytes: 15_360_000, bytesPerLayer: Self.rgba)
                == (800, 1200))
    }
}
