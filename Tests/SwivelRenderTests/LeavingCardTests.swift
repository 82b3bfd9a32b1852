import SwivelCore
import SwivelRender
import Testing

/// A card leaving the row (`RowClosing`) is drawn at its `scale` about its centre and its `fade`
/// over what is behind it (premultiplied: the card's colour times the fade plus the background
/// times one minus it), shadow and all.
struct LeavingCardTests {
    @Test func aHalfSizedHalfFadedCard() throws {
        try GLTestContext.withContext(width: 400, height: 400) { _ in
            let renderer = try Renderer()
            let blue = RGBA8(0, 122, 255), black = RGBA8(0, 0, 0)
            func frame(scale: Double, fade: Double) -> [UInt8] {
                let card = CardInstance(center: Point(200, 200), degrees: 0, color: blue, scale: scale, fade: fade)
                renderer.render(CardScene(viewport: Size(400, 400), cards: [card], background: black, overlays: []),
                                pixelWidth: 400, pixelHeight: 400)
                return renderer.readPixels(width: 400, height: 400)
            }
            func at(_ pixels: [UInt8], _ x: Int, _ y: Int) -> [Int] {
                let i = (y * 400 + x) * 4
                return pixels[i..<i + 3].map(Int.init)
            }
            // The seed's card is 200 × 300 pt: at half size it spans x 150…250, y 125…275.
            let whole = frame(scale: 1, fade: 1), leaving = frame(scale: 0.5, fade: 0.5)
            #expect(at(whole, 200, 200) == [0, 122, 255] && at(whole, 280, 200) == [0, 122, 255])
            #expect(zip(at(leaving, 200, 200), [0, 61, 128]).allSatisfy { abs($0 - $1) <= 1 }, "\(at(leaving, 200, 200))")
            #expect(zip(at(leaving, 245, 130), [0, 61, 128]).allSatisfy { abs($0 - $1) <= 1 }, "\(at(leaving, 245, 130))")
            // Outside the half-sized card: the background with at most its faded shadow (black on black).
            #expect(at(leaving, 280, 200) == [0, 0, 0] && at(leaving, 200, 290) == [0, 0, 0])
            #expect(renderer.takeError() == nil)
        }
    }
}
