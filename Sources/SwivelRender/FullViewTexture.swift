import CGL
import SwivelCore
import SwivelPhotoCore

/// The full view's sharp photo on the GPU: RGBA8 (premultiplied, top row first, as the decode
/// gives it), linear filtered, no mip levels (it is drawn near 1:1 at fit). One texture when the
/// photo fits in one tile (`uploadTileSize`, `GL_MAX_TEXTURE_SIZE`), else `ImageTiles`' tiles,
/// each overlapping its neighbours by a pixel so that the bilinear samples at a seam are those of
/// one large texture. A large photo may go up a few bands a frame (`init(uploadingLater:)`,
/// `upload(budgetBytes:near:)`): its tiles are drawn as each is wholly up.
public final class FullViewTexture {
    public let width: Int
    public let height: Int
    /// The tiles (one when the photo fits a texture), each with its texture name (0 until its
    /// first band is up).
    private(set) var tiles: [(tile: ImageTile, texture: GLuint)] = []
    /// Which bands go up next, and which of the photo's rows no tile needs any more.
    private var uploads: TileUploads
    /// The photo's pixels until every tile is up.
    private var pixels: PixelBuffer?
    /// Told the photo's rows no texture needs any more (the caller may give their memory back).
    private let released: ((_ rows: Range<Int>) -> Void)?

    /// The largest width or height of one texture this context allows (`GL_MAX_TEXTURE_SIZE`).
    public static var maximumSize: Int {
        var value: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &value)
        return Int(value)
    }

    /// Uploads `pixels` (`width` × `height` × 4 bytes) at once, split into tiles of at most
    /// `tileLimit` pixels a side (`maximumSize` and `uploadTileSize` at most; the tests set it
    /// lower), in bands of rows: `released` is told the photo's rows no texture needs any more as
    /// the tiles go up (the caller may give their memory back, so that the photo is not held twice
    /// while it goes up). Throws when the driver cannot take it; leaves the texture binding and
    /// the unpack state as it found them.
    public convenience init(pixels: PixelBuffer, width: Int, height: Int, tileLimit: Int? = nil,
                            released: ((_ rows: Range<Int>) -> Void)? = nil) throws(TextureError) {
        try self.init(uploadingLater: pixels, width: width, height: height, tileLimit: tileLimit, released: released)
        _ = try upload(budgetBytes: Int.max, near: nil)
    }

    /// `init(pixels:…)` from an array.
    public convenience init(pixels: [UInt8], width: Int, height: Int, tileLimit: Int? = nil,
                            released: ((_ rows: Range<Int>) -> Void)? = nil) throws(TextureError) {
        try self.init(pixels: PixelBuffer(pixels), width: width, height: height, tileLimit: tileLimit, released: released)
    }

    /// The same photo with nothing uploaded yet: `upload(budgetBytes:near:)` sends it a few bands
    /// a frame, and `pixels` are held until all are up.
    public init(uploadingLater pixels: PixelBuffer, width: Int, height: Int, tileLimit: Int? = nil,
                released: ((_ rows: Range<Int>) -> Void)? = nil) throws(TextureError) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw TextureError(description: "image of the wrong size for its pixels")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.released = released
        let limit = max(3, min(tileLimit ?? Int.max, Self.maximumSize, Self.uploadTileSize))
        let split = ImageTiles.split(width: width, height: height, maxTextureSize: limit)
        tiles = split.map { ($0, 0) }
        uploads = TileUploads(tiles: split, bandRows: Self.bandRows)
    }

    /// Whether every tile is up.
    public var isComplete: Bool { uploads.isComplete }

    /// Whether a band uploaded so far had a pixel with alpha below 255 (each is looked at as it
    /// goes up: a few hundredths of its upload's time).
    private var hasTranslucentPixels = false
    /// Whether every tile is up and every pixel has alpha 255: drawn at opacity 1, the photo then
    /// hides what is beneath it (`FlightDrawList.opaquePixels`).
    var isOpaque: Bool { uploads.isComplete && !hasTranslucentPixels }

    /// Whether tile `index` is wholly up (it may be drawn).
    func isUp(_ index: Int) -> Bool { uploads.isUp(index) }

    /// The tiles as a flight frame's draw list takes them (`FlightDrawList`): names, parts, which
    /// are up, and whether the photo is opaque.
    var tileLayout: SharpPhotoTiles {
        SharpPhotoTiles(width: width, height: height,
                        tiles: tiles.indices.map { index in
                            SharpPhotoTiles.Tile(shown: tiles[index].tile.shown, area: tiles[index].tile.texture,
                                                 texture: tiles[index].texture, isUp: isUp(index))
                        },
                        isOpaque: isOpaque)
    }

    /// Whether every tile whose part of the photo lies in `part` (0…1 across the photo, as a
    /// flying card's crop) is up: `part` can be drawn from this texture alone.
    public func covers(_ part: Rect) -> Bool {
        let area = pixelArea(part)
        return tiles.indices.allSatisfy { !touches($0, area) || uploads.isUp($0) }
    }

    /// How many tiles whose part of the photo lies in `part` (0…1 across it) are up.
    public func tilesUp(in part: Rect) -> Int {
        let area = pixelArea(part)
        return tiles.indices.filter { touches($0, area) && uploads.isUp($0) }.count
    }

    /// Whether tile `index`'s own part of the photo overlaps `area` (its pixels).
    private func touches(_ index: Int, _ area: PixelArea) -> Bool {
        let shown = tiles[index].tile.shown
        return shown.x < area.x + area.width && area.x < shown.x + shown.width
            && shown.y < area.y + area.height && area.y < shown.y + shown.height
    }

    /// Uploads the next bands within `budgetBytes` (at least one band; `TileUploads` says which:
    /// the tile under way, then those nearest `visible`, 0…1 across the photo). Returns the bytes
    /// uploaded (0 once complete). Throws when the driver cannot take them, the textures then
    /// freed; leaves the texture binding and the unpack state as it found them.
    @discardableResult
    public func upload(budgetBytes: Int, near visible: Rect?) throws(TextureError) -> Int {
        guard let pixels, !uploads.isComplete else { return 0 }
        let bands = uploads.next(budgetBytes: budgetBytes, near: visible.map(pixelArea))
        var bytes = 0
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
            for band in bands {
                let area = tiles[band.tile].tile.texture
                if tiles[band.tile].texture == 0 {
                    let texture = GLTextureCount.generate(for: .sharpPhoto)
                    tiles[band.tile].texture = texture
                    glBindTexture(GLc.texture2D, texture)
                    glTexImage2D(GLc.texture2D, 0, GLc.rgba8, GLsizei(area.width), GLsizei(area.height), 0,
                                 GLc.rgba, GLc.unsignedByte, nil)
                    glTexParameteri(GLc.texture2D, GLc.textureMinFilter, GLc.linear)
                    glTexParameteri(GLc.texture2D, GLc.textureMagFilter, GLc.linear)
                    glTexParameteri(GLc.texture2D, GLc.textureWrapS, GLc.clampToEdge)
                    glTexParameteri(GLc.texture2D, GLc.textureWrapT, GLc.clampToEdge)
                    glTexParameteri(GLc.texture2D, GLc.textureMaxLevel, 0)
                }
                glBindTexture(GLc.texture2D, tiles[band.tile].texture)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), GLint(area.x))
                glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), GLint(band.rows.lowerBound))
                pixels.withUnsafeBytes { bytes in
                    // Before the upload, which then reads the band from the cache.
                    if !hasTranslucentPixels {
                        hasTranslucentPixels = !RGBA8Alpha.isOpaque(bytes, width: width, rows: band.rows,
                                                                  columns: area.x..<area.x + area.width)
                    }
                    glTexSubImage2D(GLc.texture2D, 0, 0, GLint(band.rows.lowerBound - area.y), GLsizei(area.width),
                                    GLsizei(band.rows.count), GLc.rgba, GLc.unsignedByte, bytes.baseAddress)
                }
                bytes += band.rows.count * area.width * 4
            }
            return glGetError()
        }
        if error != GLc.noError {
            for index in tiles.indices where tiles[index].texture != 0 { GLTextureCount.delete(&tiles[index].texture) }
            self.pixels = nil
            throw TextureError(description: "cannot upload a \(width)x\(height) px photo: "
                + (error == GLc.outOfMemory ? "out of GPU memory" : "OpenGL error 0x" + String(error, radix: 16)))
        }
        for rows in uploads.takeReleasable() { released?(rows) }
        if uploads.isComplete { self.pixels = nil }
        return bytes
    }

    /// `part` (0…1 across the photo) in the photo's pixels, rounded outwards.
    private func pixelArea(_ part: Rect) -> PixelArea {
        let x0 = Int((part.x * Double(width)).rounded(.down)), y0 = Int((part.y * Double(height)).rounded(.down))
        let x1 = Int((part.maxX * Double(width)).rounded(.up)), y1 = Int((part.maxY * Double(height)).rounded(.up))
        return PixelArea(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
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

    deinit { for index in tiles.indices where tiles[index].texture != 0 { GLTextureCount.delete(&tiles[index].texture) } }
}
