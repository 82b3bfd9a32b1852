import CGL
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

    /// Frees the texture (the next `update` draws the row again).
    func release() {
        key = nil
        GLTextureCount.delete(&texture)
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer) }
        framebuffer = 0
    }

    private func allocate(width: Int, height: Int) {
        texture = GLTextureCount.generate()
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
