import CGL
import SwivelPhotoCore

/// The full view's sharp photo on the GPU: RGBA8 (premultiplied, top row first, as the decode
/// gives it), linear filtered, no mip levels (it is drawn near 1:1 at fit). One texture when the
/// photo fits in one tile (`uploadTileSize`, `GL_MAX_TEXTURE_SIZE`), else `ImageTiles`' tiles,
/// each overlapping its neighbours by a pixel so that the bilinear samples at a seam are those of
/// one large texture.
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
    /// pixels a side (`maximumSize` and `uploadTileSize` at most; the tests set it lower), in bands
    /// of rows top to bottom: after each band `uploaded` is told how many of the photo's first rows
    /// no texture needs any more (the caller may give their memory back, so that the photo is not
    /// held twice while it goes up). Throws when the driver cannot take it; leaves the texture
    /// binding and the unpack state as it found them.
    public init(pixels: [UInt8], width: Int, height: Int, tileLimit: Int? = nil,
                uploaded: ((_ rows: Int) -> Void)? = nil) throws(TextureError) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw TextureError(description: "image of the wrong size for its pixels")
        }
        self.width = width
        self.height = height
        let limit = max(3, min(tileLimit ?? Int.max, Self.maximumSize, Self.uploadTileSize))
        let split = ImageTiles.split(width: width, height: height, maxTextureSize: limit)
        // The tiles row by row (`split` gives them so), each row's top in the photo.
        let rowTops = split.map(\.texture.y).reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        GLErrorFlags.drain(glGetError)      // so that the one read after the uploads is about them
        let error = TextureUploadState.preserving(GLc.texture2D) {
            glPixelStorei(GLc.unpackAlignment, 1)
            // Each band straight from the photo's rows: no copy of its pixels.
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(width))
            defer {
                glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
            }
            for (index, top) in rowTops.enumerated() {
                let row = split.filter { $0.texture.y == top }
                for tile in row {
                    let texture = GLTextureCount.generate()
                    tiles.append((tile, texture))
                    glBindTexture(GLc.texture2D, texture)
                    glTexImage2D(GLc.texture2D, 0, GLc.rgba8, GLsizei(tile.texture.width), GLsizei(tile.texture.height), 0,
                                 GLc.rgba, GLc.unsignedByte, nil)
                    glTexParameteri(GLc.texture2D, GLc.textureMinFilter, GLc.linear)
                    glTexParameteri(GLc.texture2D, GLc.textureMagFilter, GLc.linear)
                    glTexParameteri(GLc.texture2D, GLc.textureWrapS, GLc.clampToEdge)
                    glTexParameteri(GLc.texture2D, GLc.textureWrapT, GLc.clampToEdge)
                    glTexParameteri(GLc.texture2D, GLc.textureMaxLevel, 0)
                }
                let bottom = row[0].texture.y + row[0].texture.height
                // The rows the next row of tiles needs too (its overlap) are kept for it.
                let kept = index + 1 < rowTops.count ? rowTops[index + 1] : height
                for bandTop in stride(from: top, to: bottom, by: Self.bandRows) {
                    let bandBottom = min(bottom, bandTop + Self.bandRows)
                    for (tile, texture) in tiles.suffix(row.count) {
                        let area = tile.texture
                        glBindTexture(GLc.texture2D, texture)
                        glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), GLint(area.x))
                        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), GLint(bandTop))
                        pixels.withUnsafeBytes { bytes in
                            glTexSubImage2D(GLc.texture2D, 0, 0, GLint(bandTop - area.y), GLsizei(area.width),
                                            GLsizei(bandBottom - bandTop), GLc.rgba, GLc.unsignedByte, bytes.baseAddress)
                        }
                    }
                    uploaded?(min(bandBottom, kept))
                }
            }
            return glGetError()
        }
        if error != GLc.noError {
            for index in tiles.indices { GLTextureCount.delete(&tiles[index].texture) }
            throw TextureError(description: "cannot upload a \(width)x\(height) px photo: "
                + (error == GLc.outOfMemory ? "out of GPU memory" : "OpenGL error 0x" + String(error, radix: 16)))
        }
    }

    /// The largest tile side even where the GPU takes more. A texture is allocated whole, and
    /// llvmpipe fills it at once: a 24 MP photo in one texture was held twice while it went up
    /// (+162 MiB peak for its 92 MiB at 1:1). In tiles, each row of them is allocated only once
    /// the rows above are up and given back, so the photo is held about once (+96 MiB).
    static let uploadTileSize = 1024

    /// Rows uploaded at a time: 256 rows of a 6000 px photo are 6 MiB.
    static let bandRows = 256

    /// GPU bytes the tiles hold (their overlaps included).
    public var byteCount: Int { tiles.reduce(0) { $0 + $1.tile.texture.width * $1.tile.texture.height * 4 } }

    deinit { for index in tiles.indices { GLTextureCount.delete(&tiles[index].texture) } }
}
