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
        let texture = GLTextureCount.generate()
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
            throw TextureError(description: error == GLc.outOfMemory ? "out of GPU memory"
                               : "OpenGL error 0x" + String(error, radix: 16))
        }
    }
}

public struct TextureError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
