import SwivelPhotoCore
import Testing

/// The order a large photo's tiles go up in, a budget of bytes a frame (expected values worked out
/// by hand). The photo: 3000 × 2000 in textures of at most 1024 px, so 3 × 2 tiles whose own parts
/// are x 0, 1000, 2000 and y 0, 1000, each texture a pixel wider towards a neighbour: tile 0 is
/// 1001 × 1001 (x 0..<1001, y 0..<1001), tile 1 1002 × 1001 (x 999..<2001), tile 4 1002 × 1001
/// (y 999..<2000). In bands of 256 rows: 256, 256, 256 and 233 rows a tile.
struct TileUploadsTests {
    static let tiles = ImageTiles.split(width: 3000, height: 2000, maxTextureSize: 1024)

    /// Uploads everything with `budget` a call, the view on `visible`; the bands of each call.
    static func calls(budget: Int, visible: PixelArea?) -> [[TileUploads.Band]] {
        var uploads = TileUploads(tiles: tiles, bandRows: 256)
        var calls: [[TileUploads.Band]] = []
        while !uploads.isComplete {
            calls.append(uploads.next(budgetBytes: budget, near: visible))
            if calls.count > 1000 { break }
        }
        return calls
    }

    @Test func eachCallKeepsToItsBudgetAndAllRowsGoUpOnce() {
        #expect(Self.tiles.count == 6)
        // 2 MiB: two bands of a 1001 or 1002 px tile (256 rows: 1,025,024 or 1,026,048 bytes; 233
        // rows: 932,932 or 933,864), never three.
        let calls = Self.calls(budget: 2 << 20, visible: nil)
        for bands in calls {
            let bytes = bands.map { $0.rows.count * Self.tiles[$0.tile].texture.width * 4 }.reduce(0, +)
            #expect(!bands.isEmpty && bytes <= 2 << 20, "\(bands)")
        }
        // 6 tiles × 4 bands, two a call, band by band across the top row of tiles first.
        #expect(calls.count == 12)
        #expect(calls[0] == [TileUploads.Band(tile: 0, rows: 0..<256), TileUploads.Band(tile: 1, rows: 0..<256)])
        #expect(calls[1] == [TileUploads.Band(tile: 2, rows: 0..<256), TileUploads.Band(tile: 0, rows: 256..<512)])
        // Every tile's texture rows exactly once, top to bottom.
        for (index, tile) in Self.tiles.enumerated() {
            let rows = calls.joined().filter { $0.tile == index }.map(\.rows)
            #expect(rows == [tile.texture.y..<(tile.texture.y + 256), (tile.texture.y + 256)..<(tile.texture.y + 512),
                             (tile.texture.y + 512)..<(tile.texture.y + 768), (tile.texture.y + 768)..<(tile.texture.y + 1001)])
        }
        // A budget smaller than a band still moves on, a band a call.
        #expect(Self.calls(budget: 1, visible: nil).count == 24)
    }

    /// The view on x 2500..<2700, y 1700..<1900: the bottom row of tiles first (it holds the view),
    /// its tiles by their gap to the view: 5 (under it), 4 (500 px left), 3 (1500 left); then the
    /// top row, 2 (700 above), 1 (500 left, 700 above), 0.
    @Test func theRowNearestTheViewGoesFirst() {
        let bands = Array(Self.calls(budget: 4 << 20, visible: PixelArea(x: 2500, y: 1700, width: 200, height: 200)).joined())
        #expect(bands.prefix(6).map(\.tile) == [5, 4, 3, 5, 4, 3])
        #expect(bands.dropFirst(12).prefix(3).map(\.tile) == [2, 1, 0])
    }

    /// A row of tiles under way is finished before a nearer one is started (the view moved meanwhile).
    @Test func aRowStartedIsFinishedFirst() {
        var uploads = TileUploads(tiles: Self.tiles, bandRows: 256)
        let topLeft = PixelArea(x: 0, y: 0, width: 10, height: 10), bottomRight = PixelArea(x: 2900, y: 1900, width: 10, height: 10)
        #expect(uploads.next(budgetBytes: 1, near: topLeft).map(\.tile) == [0])
        #expect(uploads.next(budgetBytes: 1, near: bottomRight).map(\.tile) == [2])
        while !(0...2).allSatisfy(uploads.isUp) {
            #expect(uploads.next(budgetBytes: 1, near: bottomRight).allSatisfy { (0...2).contains($0.tile) })
        }
        #expect(uploads.next(budgetBytes: 1, near: bottomRight).map(\.tile) == [5])
    }

    /// Rows are given back as they are up in every tile that holds them: the bottom row of tiles
    /// (textures y 999..<2000) band by band from y 1001 (rows 999 and 1000 are the top row's too),
    /// the top row's (0..<1001) then band by band; each row once, and never one a tile still needs.
    @Test func rowsAreReleasedOnceNoTileNeedsThem() {
        var uploads = TileUploads(tiles: Self.tiles, bandRows: 256)
        let bottom = PixelArea(x: 0, y: 1900, width: 3000, height: 100)
        var released: [Range<Int>] = []
        var given: [TileUploads.Band] = []
        while !uploads.isComplete {
            given += uploads.next(budgetBytes: 2 << 20, near: bottom)
            let now = uploads.takeReleasable()
            // Each row given back is up in every tile whose texture holds it.
            for rows in now {
                for (index, tile) in Self.tiles.enumerated() where tile.texture.y < rows.upperBound
                    && rows.lowerBound < tile.texture.y + tile.texture.height {
                    let up = given.filter { $0.tile == index }.map(\.rows)
                    #expect(rows.clamped(to: tile.texture.y..<(tile.texture.y + tile.texture.height))
                        .allSatisfy { y in up.contains { $0.contains(y) } }, "\(rows) released before tile \(index) has it")
                }
            }
            released += now
        }
        #expect(released == [1001..<1255, 1255..<1511, 1511..<1767, 1767..<2000, 0..<256, 256..<512, 512..<768, 768..<1001])
        #expect(uploads.takeReleasable().isEmpty)
    }
}
