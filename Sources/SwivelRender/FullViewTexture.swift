import CGL
import SwivelPhotoCore

/// The full view's sharp photo on the GPU: RGBA8 (premultiplied, top row first, as the decode
/// gives it), linear filtered, no mip levels (it is drawn near 1:1 at fit). One texture when the
/// photo fits `GL_MAX_TEXTURE_SIZE`, else `ImageTiles`' tiles, each overlapping its neighbours by
/// a pixel so that the bilinear samples at a seam are those of one large texture.
public final class FullViewTexture {
    public let width: Int
    public let height: Int
    /// The tiles (one when the photo fits a texture), each with its texture name.
    private(set) var tiles: [(tile: ImageTile, texture: GLuint)] = []

    /// The largest width or height of one texture this context allows (`GL_MAX_TEXTURE_SIZE`).
    public static var maximumSize: Int {
        var value: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &value)
        return Int(value)
    }

    /// Uploads `pixels` (`width` × `height` × 4 bytes), split into tiles of at most `tileLimit`
    /// pixels a side (`maximumSize` at most; the tests set it lower). Throws when the driver cannot
    /// take it; leaves the texture binding and the unpack state as it found them.
    public init(pixels: [UInt8], width: Int, height: Int, tileLimit: Int? = nil) throws(TextureError) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw TextureError(description: "image of the wrong size for its pixels")
        }
        self.width = width
        self.height = height
        let limit = max(3, min(tileLimit ?? Int.max, Self.maximumSize))
        GLErrorFlags.drain(glGetError)      // so that the one read after the uploads is about them
        let error = TextureUploadState.preserving(GLc.texture2D) {
            glPixelStorei(GLc.unpackAlignment, 1)
            // Each tile straight from the photo's rows: no copy of its pixels.
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(width))
            defer {
                glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
            }
            for tile in ImageTiles.split(width: width, height: height, maxTextureSize: limit) {
                let texture = GLTextureCount.generate()
                tiles.append((tile, texture))
                let area = tile.texture
                glBindTexture(GLc.texture2D, texture)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), GLint(area.x))
                glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), GLint(area.y))
                pixels.withUnsafeBytes { bytes in
                    glTexImage2D(GLc.texture2D, 0, GLc.rgba8, GLsizei(area.width), GLsizei(area.height), 0, GLc.rgba,
                                 GLc.unsignedByte, bytes.baseAddress)
                }
                glTexParameteri(GLc.texture2D, GLc.textureMinFilter, GLc.linear)
                glTexParameteri(GLc.texture2D, GLc.textureMagFilter, GLc.linear)
                glTexParameteri(GLc.texture2D, GLc.textureWrapS, GLc.clampToEdge)
                glTexParameteri(GLc.texture2D, GLc.textureWrapT, GLc.clampToEdge)
                glTexParameteri(GLc.texture2D, GLc.textureMaxLevel, 0)
            }
            return glGetError()
        }
        if error != GLc.noError {
            for index in tiles.indices { GLTextureCount.delete(&tiles[index].texture) }
            throw TextureError(description: "cannot upload a \(width)x\(height) px photo: "
                + (error == GLc.outOfMemory ? "out of GPU memory" : "OpenGL error 0x" + String(error, radix: 16)))
        }
    }

    /// GPU bytes the tiles hold (their overlaps included).
    public var byteCount: Int { tiles.reduce(0) { $0 + $1.tile.texture.width * $1.tile.texture.height * 4 } }

    deinit { for index in tiles.indices { GLTextureCount.delete(&tiles[index].texture) } }
}
