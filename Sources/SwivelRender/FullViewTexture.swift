import CGL

/// The full view's sharp photo on the GPU: one RGBA8 texture (premultiplied, top row first, as the
/// decode gives it), linear filtered, no mip levels (it is drawn near 1:1 at fit).
public final class FullViewTexture {
    public let width: Int
    public let height: Int
    private(set) var texture: GLuint = 0

    /// The largest width or height of one texture this context allows (`GL_MAX_TEXTURE_SIZE`).
    public static var maximumSize: Int {
        var value: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &value)
        return Int(value)
    }

    /// Uploads `pixels` (`width` × `height` × 4 bytes). Throws when a side is over `maximumSize`
    /// (tiles are not drawn yet) or the driver cannot take it; leaves the texture binding and the
    /// unpack alignment as it found them.
    public init(pixels: [UInt8], width: Int, height: Int) throws(TextureError) {
        let maximum = Self.maximumSize
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw TextureError(description: "image of the wrong size for its pixels")
        }
        guard width <= maximum, height <= maximum else {
            throw TextureError(description: "\(width)x\(height) px is over the \(maximum) px one texture can take")
        }
        self.width = width
        self.height = height
        GLErrorFlags.drain(glGetError)      // so that the one read after the upload is about it
        let texture = GLTextureCount.generate()
        self.texture = texture
        let error = TextureUploadState.preserving(GLc.texture2D) {
            glBindTexture(GLc.texture2D, texture)
            glPixelStorei(GLc.unpackAlignment, 1)
            pixels.withUnsafeBytes { bytes in
                glTexImage2D(GLc.texture2D, 0, GLc.rgba8, GLsizei(width), GLsizei(height), 0, GLc.rgba,
                             GLc.unsignedByte, bytes.baseAddress)
            }
            glTexParameteri(GLc.texture2D, GLc.textureMinFilter, GLc.linear)
            glTexParameteri(GLc.texture2D, GLc.textureMagFilter, GLc.linear)
            glTexParameteri(GLc.texture2D, GLc.textureWrapS, GLc.clampToEdge)
            glTexParameteri(GLc.texture2D, GLc.textureWrapT, GLc.clampToEdge)
            glTexParameteri(GLc.texture2D, GLc.textureMaxLevel, 0)
            return glGetError()
        }
        if error != GLc.noError {
            throw TextureError(description: "cannot upload a \(width)x\(height) px photo: "
                + (error == GLc.outOfMemory ? "out of GPU memory" : "OpenGL error 0x" + String(error, radix: 16)))
        }
    }

    deinit { GLTextureCount.delete(&texture) }
}
