import CGL
import SwivelCore
import SwivelPhotoCore

/// The photos on screen: one mipmapped RGBA8 texture array whose layers are the cache's slots, each
/// the card's size in pixels. One texture for every card keeps the cards one instanced draw call.
public final class CardTextures {
    public let width: Int
    public let height: Int
    public let layers: Int
    public let levels: Int
    private(set) var texture: GLuint = 0
    /// Changes with every upload or copy into the array, and differs between arrays: a `RowLayer`
    /// keyed on it draws the row again when a photo in it changed.
    private(set) var contentVersion = CardTextures.nextContentVersion()
    /// Main thread only, like every GL call here.
    nonisolated(unsafe) private static var contentVersions = 0
    /// The layers whose every texel, at every mip level, has alpha 255 (found at upload): a flying
    /// card showing one is opaque wherever its coverage is, so `FlightDrawList` need not draw the row's
    /// layer under it. Sampling and fading such a layer over an opaque colour keep alpha 1.
    private(set) var opaqueLayers = Set<Int>()
    fileprivate static func nextContentVersion() -> Int {
        contentVersions += 1
        return contentVersions
    }

    /// The most layers this context allows in an array texture.
    public static var maximumLayers: Int {
        var value: GLint = 0
        glGetIntegerv(GLc.maxArrayTextureLayers, &value)
        return Int(value)
    }

    /// GPU bytes one layer takes with all its mip levels.
    public static func bytesPerLayer(width: Int, height: Int) -> Int {
        var total = 0, w = width, h = height
        while true {
            total += w * h * 4
            if w == 1 && h == 1 { break }
            (w, h) = (max(1, w / 2), max(1, h / 2))
        }
        return total
    }

    /// Throws when the driver cannot allocate the array (out of memory).
    public init(width: Int, height: Int, layers: Int) throws(TextureError) {
        self.width = width
        self.height = height
        self.layers = layers
        levels = MipChain.levelCount(width: width, height: height)
        GLErrorFlags.drain(glGetError)      // so that the one read after the allocation is about it
        let texture = GLTextureCount.generate(for: .photoArray)
        self.texture = texture
        let error = TextureUploadState.preserving(GLc.texture2DArray) {
            glBindTexture(GLc.texture2DArray, texture)
            var (w, h) = (width, height)
            for level in 0..<levels {
                glTexImage3D(GLc.texture2DArray, GLint(level), GLc.rgba8, GLsizei(w), GLsizei(h), GLsizei(layers),
                             0, GLc.rgba, GLc.unsignedByte, nil)
                (w, h) = (max(1, w / 2), max(1, h / 2))
            }
            glTexParameteri(GLc.texture2DArray, GLc.textureMinFilter, GLc.linearMipmapLinear)
            glTexParameteri(GLc.texture2DArray, GLc.textureMagFilter, GLc.linear)
            glTexParameteri(GLc.texture2DArray, GLc.textureWrapS, GLc.clampToEdge)
            glTexParameteri(GLc.texture2DArray, GLc.textureWrapT, GLc.clampToEdge)
            glTexParameteri(GLc.texture2DArray, GLc.textureMaxLevel, GLint(levels - 1))
            return glGetError()
        }
        if error != GLc.noError {
            throw TextureError(description: "cannot allocate \(layers) image textures of \(width)x\(height) px: "
                + (error == GLc.outOfMemory ? "out of GPU memory" : "OpenGL error 0x" + String(error, radix: 16)))
        }
    }

    deinit { GLTextureCount.delete(&texture) }

    /// GPU bytes the whole array takes.
    public var byteCount: Int { layers * Self.bytesPerLayer(width: width, height: height) }

    /// Puts an image's levels into `layer`. Throws (and the layer keeps what it had) when the
    /// chain's size does not match or the driver runs out of memory. Leaves the texture binding
    /// and unpack alignment as it found them (as does `init`).
    public func upload(_ chain: MipChain, to layer: Int) throws(TextureError) {
        guard (0..<layers).contains(layer), chain.levels.count == levels,
              chain.levels[0].width == width, chain.levels[0].height == height else {
            throw TextureError(description: "image of the wrong size for the card textures")
        }
        GLErrorFlags.drain(glGetError)      // so that the one read after the upload is about it
        contentVersion = Self.nextContentVersion()
        let error = TextureUploadState.preserving(GLc.texture2DArray) {
            glBindTexture(GLc.texture2DArray, texture)
            glPixelStorei(GLc.unpackAlignment, 1)
            for (index, level) in chain.levels.enumerated() {
                level.pixels.withUnsafeBytes { bytes in
                    glTexSubImage3D(GLc.texture2DArray, GLint(index), 0, 0, GLint(layer), GLsizei(level.width),
                                    GLsizei(level.height), 1, GLc.rgba, GLc.unsignedByte, bytes.baseAddress)
                }
            }
            return glGetError()
        }
        if error != GLc.noError {
            opaqueLayers.remove(layer)
            throw TextureError(description: error == GLc.outOfMemory ? "out of GPU memory"
                               : "OpenGL error 0x" + String(error, radix: 16))
        }
        if chain.levels.allSatisfy({ RGBA8Alpha.isOpaque($0.pixels, width: $0.width, height: $0.height) }) {
            opaqueLayers.insert(layer)
        } else {
            opaqueLayers.remove(layer)
        }
    }
}

extension CardTextures {
    /// Copies layers `0..<count` of `other` (an array of the same size), every mip level, into
    /// the same layers here, on the GPU (a framebuffer blit per layer and level: OpenGL 3.3 has
    /// no image copy), so that a grown array keeps the photos already on screen. Leaves the
    /// framebuffer bindings and the scissor test as it found them.
    public func copyLayers(_ count: Int, from other: CardTextures) throws(TextureError) {
        guard other.width == width, other.height == height, other.levels == levels,
              count <= min(layers, other.layers) else {
            throw TextureError(description: "card textures of another size")
        }
        func integer(_ name: GLenum) -> GLint {
            var value: GLint = 0
            glGetIntegerv(name, &value)
            return value
        }
        GLErrorFlags.drain(glGetError)
        contentVersion = Self.nextContentVersion()
        let (draw, read) = (integer(GLc.drawFramebufferBinding), integer(GLc.readFramebufferBinding))
        let scissor = glIsEnabled(GLc.scissorTest) != 0
        var framebuffers: [GLuint] = [0, 0]
        glGenFramebuffers(2, &framebuffers)
        glDisable(GLc.scissorTest)
        glBindFramebuffer(GLc.readFramebuffer, framebuffers[0])
        glBindFramebuffer(GLc.drawFramebuffer, framebuffers[1])
        var (w, h) = (width, height)
        for level in 0..<levels {
            for layer in 0..<count {
                glFramebufferTextureLayer(GLc.readFramebuffer, GLc.colorAttachment0, other.texture, GLint(level), GLint(layer))
                glFramebufferTextureLayer(GLc.drawFramebuffer, GLc.colorAttachment0, texture, GLint(level), GLint(layer))
                glBlitFramebuffer(0, 0, GLint(w), GLint(h), 0, 0, GLint(w), GLint(h), GLc.colorBufferBit, GLenum(GLc.nearest))
            }
            (w, h) = (max(1, w / 2), max(1, h / 2))
        }
        opaqueLayers = opaqueLayers.filter { $0 >= count }.union(other.opaqueLayers.filter { $0 < count })
        glBindFramebuffer(GLc.readFramebuffer, GLuint(read))
        glBindFramebuffer(GLc.drawFramebuffer, GLuint(draw))
        glDeleteFramebuffers(2, &framebuffers)
        if scissor { glEnable(GLc.scissorTest) }
        let error = glGetError()
        if error != GLc.noError {
            throw TextureError(description: "cannot copy the card textures: OpenGL error 0x" + String(error, radix: 16))
        }
    }
}

public struct TextureError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
