import SwivelCore
import SwivelPhotoCore
import Testing

/// The deck's texture array, sized without a GPU: the numbers `PhotoDeckTests` pins through a deck.
@Suite struct DeckTextureSizeTests {
    /// RGBA with every mip level down to 1 × 1.
    static func bytesPerLayer(_ width: Int, _ height: Int) -> Int {
        var total = 0, w = width, h = height
        while true {
            total += w * h * 4
            if w == 1 && h == 1 { return total }
            (w, h) = (max(1, w / 2), max(1, h / 2))
        }
    }

    /// Six cards in 1 MiB: every card on screen gets a layer, softer photos rather than fewer
    /// (147 × 221, 172,524 bytes a layer, 1,035,144 in all), at 1× and at 1.5× alike.
    @Test func sixCardsInOneMebibyte() {
        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 6)
        for scale in [1.0, 1.5] {
            let size = DeckTextureSize(layout: layout, pixelScale: scale, cardCount: 6, prefetch: 8, budgetBytes: 1 << 20,
                                       maximumLayers: 2048, bytesPerLayer: Self.bytesPerLayer)
            #expect(size == DeckTextureSize(width: 147, height: 221, layers: 6))
            #expect(size.layers * Self.bytesPerLayer(size.width, size.height) == 1_035_144)
        }
    }

    /// Sixty cards in a 1280-point window: 1280 / 240 + 4 ≈ 9.33 cards, twice that, 8 either side
    /// and 2: 36 layers; the context's limit caps them.
    @Test func sixtyCardsWantThirtySixLayers() {
        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 60)
        let size = DeckTextureSize(layout: layout, pixelScale: 1, cardCount: 60, prefetch: 8, budgetBytes: 256 << 20,
                                   maximumLayers: 2048, bytesPerLayer: Self.bytesPerLayer)
        #expect(size.layers == 36)
        let capped = DeckTextureSize(layout: layout, pixelScale: 1, cardCount: 60, prefetch: 8, budgetBytes: 256 << 20,
                                     maximumLayers: 20, bytesPerLayer: Self.bytesPerLayer)
        #expect(capped.layers == 20)
    }
}
