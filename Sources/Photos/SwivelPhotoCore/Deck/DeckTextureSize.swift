import SwivelCore

/// The size of a deck's texture array: each layer's pixels and how many layers, for a row at a
/// pixel scale within a budget of bytes.
public struct DeckTextureSize: Equatable, Sendable {
    public var width: Int, height: Int, layers: Int

    public init(width: Int, height: Int, layers: Int) { (self.width, self.height, self.layers) = (width, height, layers) }

    /// A layer is the card's size in pixels at `pixelScale` (`AspectFill.textureSize`). Every card on
    /// screen needs a layer (else it stays grey and a screenshot waits for it): when `budgetBytes`
    /// cannot pay for that many at full size, the photos get softer instead. The layers are the cards
    /// on screen and `prefetch` either side, plus those where a fling will stop, as far as the budget
    /// and `maximumLayers` (the context's limit) allow, and no more than the deck's `cardCount`.
    public init(layout: CarouselLayout, pixelScale: Double, cardCount: Int, prefetch: Int, budgetBytes: Int,
                maximumLayers: Int, bytesPerLayer: (Int, Int) -> Int) {
        let full = AspectFill.textureSize(cardSize: layout.parameters.cardSize, pixelScale: pixelScale)
        let onScreen = min(cardCount, layout.maximumVisibleCount, maximumLayers)
        let size = AspectFill.textureSize(full, layers: onScreen, budgetBytes: budgetBytes, bytesPerLayer: bytesPerLayer)
        let pitch = max(layout.parameters.pitch, 1)
        let visible = layout.viewport.width / pitch + 4
        let needed = min(cardCount, max(onScreen, Int(2 * visible) + 2 * prefetch + 2))
        let layers = SlotCache<Int>.slotCount(budgetBytes: budgetBytes, bytesPerSlot: bytesPerLayer(size.width, size.height),
                                              needed: needed, maximum: maximumLayers)
        self.init(width: size.width, height: size.height, layers: layers)
    }
}
