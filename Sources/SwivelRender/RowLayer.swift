import CGL
import Glibc
import SwivelCore

/// The row (its cards, shadows and badges over the background) drawn into a texture of the
/// window's size, while a card flies over it: the row stands still during a flight, and each
/// flight frame then draws this one texture at the row's opacity (`FlightPass`, with `photo.frag`)
/// instead of every card and shadow again and a veil of `flight.frag` over the whole window. On
/// llvmpipe those were about half of a 1280×720 open frame's time (p50 19–22 ms → 11 ms), on the
/// cores the open photo's decode needs (docs/performance.md, "The full view"). Drawn again whenever what it
/// shows changes (`Key`), so a frame is a function of its scene alone; released when no card
/// flies.
final class RowLayer {
    /// Everything the row's pixels depend on.
    struct Key: Equatable {
        var cards: [CardInstance]
        var parameters: EffectParameters
        var background: RGBA8
        var viewport: Size
        var pixelWidth: Int, pixelHeight: Int
        var shadowTexture: GLuint, shadowBuilds: Int
        /// The photos' `CardTextures.contentVersion`.
        var images: Int?
    }

    private var key: Key?
    private(set) var texture: GLuint = 0
    private var framebuffer: GLuint = 0

    deinit { release() }

    /// Makes sure the texture holds the row for `newKey`, drawing it with `drawRow` (into the
    /// layer's framebuffer, bound, cleared to `newKey.background`) if not; returns the draw calls
    /// that made. Leaves framebuffer 0 bound, with the window's viewport.
    func update(_ newKey: Key, drawRow: () -> Int) -> Int {
        guard newKey != key else { return 0 }
        if key.map({ $0.pixelWidth != newKey.pixelWidth || $0.pixelHeight != newKey.pixelHeight }) ?? true {
            release()
            allocate(width: newKey.pixelWidth, height: newKey.pixelHeight)
        }
        key = newKey
        glBindFramebuffer(GLc.framebuffer, framebuffer)
        glClear(GLc.colorBufferBit)
        let calls = drawRow()
        glBindFramebuffer(GLc.framebuffer, 0)
        return calls
    }

    /// The window pixels the row's cards, shadows and badges may touch (`CardPass`, card.vert):
    /// each card's rectangle grown by as far as its shadow ring or antialiased edge reaches, about
    /// its centre by its scale, projected as card.vert does; its bounding box grown by two pixels
    /// (rasterization and float rounding), within the window. Everywhere else the layer is its
    /// clear colour. The whole window when a card's projection is near or behind the eye.
    static func drawnPixels(of cards: [CardInstance], parameters: EffectParameters, pixelScale: Double,
                            width: Int, height: Int) -> LayerPixels {
        let window = LayerPixels.window(width: width, height: height)
        // card.vert: the ring reaches `shadowVisibleReach` past the card, the card's quad its
        // margin, which is at most max(ring reach, 1).
        let reach = max(parameters.shadowVisibleReach, 1)
        let half = (parameters.cardSize.width / 2 + reach, parameters.cardSize.height / 2 + reach)
        let eye = parameters.eyeDistance
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for card in cards {
            let scale = Double(card.scale), angle = Double(card.angle)
            let (s, c) = (sin(angle), cos(angle))
            for (u, v) in [(-half.0, -half.1), (half.0, -half.1), (half.0, half.1), (-half.0, half.1)] {
                let (lu, lv) = (u * scale, v * scale)
                let w = 1 + lu * s / eye
                guard w > 0.05 else { return window }
                let x = Double(card.centerX) + lu * c / w, y = Double(card.centerY) + lv / w
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
            }
        }
        guard x0 <= x1, y0 <= y1 else { return LayerPixels(x0: 0, y0: 0, x1: 0, y1: 0) }
        let margin = 2.0
        func pixel(_ value: Double, _ rounding: FloatingPointRoundingRule) -> Int {
            Int(max(-1, min(Double(max(width, height)) + 1, (value * pixelScale + (rounding == .down ? -margin : margin)).rounded(rounding))))
        }
        return window.intersection(LayerPixels(x0: pixel(x0, .down), y0: pixel(y0, .down), x1: pixel(x1, .up), y1: pixel(y1, .up)))
    }

    /// Frees the texture (the next `update` draws the row again).
    func release() {
        key = nil
        GLTextureCount.delete(&texture)
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer) }
        framebuffer = 0
    }

    private func allocate(width: Int, height: Int) {
        texture = GLTextureCount.generate(for: .rowLayer)
        glActiveTexture(GLc.texture0)
        var bound: GLint = 0
        glGetIntegerv(GLc.textureBinding2D, &bound)
        glBindTexture(GLc.texture2D, texture)
        glTexImage2D(GLc.texture2D, 0, GLc.rgba8, GLsizei(width), GLsizei(height), 0, GLc.rgba, GLc.unsignedByte, nil)
        // Drawn texel for pixel: nothing to filter.
        glTexParameteri(GLc.texture2D, GLc.textureMinFilter, GLc.nearest)
        glTexParameteri(GLc.texture2D, GLc.textureMagFilter, GLc.nearest)
        glTexParameteri(GLc.texture2D, GLc.textureWrapS, GLc.clampToEdge)
        glTexParameteri(GLc.texture2D, GLc.textureWrapT, GLc.clampToEdge)
        glBindTexture(GLc.texture2D, GLuint(bound))
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLc.framebuffer, framebuffer)
        glFramebufferTexture2D(GLc.framebuffer, GLc.colorAttachment0, GLc.texture2D, texture, 0)
        glBindFramebuffer(GLc.framebuffer, 0)
    }
}
