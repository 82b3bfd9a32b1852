import SwivelPhotoCore
import Testing

/// The full view's sizes and tiles, pure (expected values worked out by hand).
struct FullViewPixelsTests {
    @Test func fitSizes() {
        // 4000×3000 in 1280×720: the height binds, 4000 × 720 / 3000 = 960.
        #expect(DecodeTarget.fitted((4000, 3000), within: (1280, 720)) == (960, 720))
        // Smaller than the bound: never enlarged.
        #expect(DecodeTarget.fitted((800, 600), within: (1280, 720)) == (800, 600))
        // Wide: the width binds, 3000 × 1280 / 6000 = 640.
        #expect(DecodeTarget.fitted((6000, 3000), within: (1280, 720)) == (1280, 640))
        // Portrait 3000×4000 in 1280×720: 3000 × 720 / 4000 = 540.
        #expect(DecodeTarget.fitted((3000, 4000), within: (1280, 720)) == (540, 720))
        // 300×200 in 128×128: 200 × 128 / 300 = 85.33, rounded to 85.
        #expect(DecodeTarget.fitted((300, 200), within: (128, 128)) == (128, 85))
        #expect(DecodeTarget.fit(width: 1280, height: 720).outputSize(upright: (4000, 3000)) == (960, 720))
        #expect(DecodeTarget.fill(width: 200, height: 300).outputSize(upright: (4000, 3000)) == (200, 300))
    }

    @Test func aSmallImageIsOneTile() {
        let tiles = ImageTiles.split(width: 10, height: 7, maxTextureSize: 10)
        #expect(tiles.count == 1)
        #expect(tiles.first?.texture == PixelArea(x: 0, y: 0, width: 10, height: 7))
        #expect(tiles.first?.shown == PixelArea(x: 0, y: 0, width: 10, height: 7))
        #expect(tiles.first.map { [$0.u0, $0.v0, $0.u1, $0.v1] } == [0, 0, 1, 1])
    }

    /// 10 px wide with textures of at most 5: own spans of at most 3 → 4 columns at 0, 2, 5, 7
    /// (10 × i / 4), each texture one pixel wider on each side that has a neighbour.
    @Test func tilesOverlapByOnePixelAtTheirSeams() {
        let tiles = ImageTiles.split(width: 10, height: 4, maxTextureSize: 5)
        #expect(tiles.count == 4)
        #expect(tiles.map(\.shown.x) == [0, 2, 5, 7])
        #expect(tiles.map(\.shown.width) == [2, 3, 2, 3])
        #expect(tiles.map(\.texture.x) == [0, 1, 4, 6])
        #expect(tiles.map(\.texture.width) == [3, 5, 4, 4])
        for tile in tiles {
            #expect(tile.texture.width <= 5 && tile.texture.height <= 5)
            // The shown part's corners in texture coordinates land on its pixels' edges.
            #expect(tile.u0 == Double(tile.shown.x - tile.texture.x) / Double(tile.texture.width))
            #expect(tile.u1 == Double(tile.shown.x + tile.shown.width - tile.texture.x) / Double(tile.texture.width))
            #expect(tile.v0 == 0 && tile.v1 == 1)
        }
        // Second tile: texture 1..<6, shown 2..<5 → u from 1/5 to 4/5.
        #expect(tiles[1].u0 == 0.2 && tiles[1].u1 == 0.8)
    }

    /// Every pixel is shown by exactly one tile, and every texture holds, beside its own pixels,
    /// the one neighbouring pixel each bilinear sample at its seam blends.
    @Test func tilesCoverTheImageOnceWithTheirNeighboursAtTheSeams() {
        for (width, height, limit) in [(37, 23, 8), (100, 3, 3), (16, 16, 16), (17, 16, 16), (4096, 8192, 1024)] {
            let tiles = ImageTiles.split(width: width, height: height, maxTextureSize: limit)
            var shown = [Int](repeating: 0, count: width * height)
            for tile in tiles {
                #expect(tile.texture.width <= limit && tile.texture.height <= limit)
                for y in tile.shown.y..<(tile.shown.y + tile.shown.height) {
                    for x in tile.shown.x..<(tile.shown.x + tile.shown.width) { shown[y * width + x] += 1 }
                }
                #expect(tile.texture.x == max(0, tile.shown.x - 1))
                #expect(tile.texture.x + tile.texture.width == min(width, tile.shown.x + tile.shown.width + 1))
                #expect(tile.texture.y == max(0, tile.shown.y - 1))
                #expect(tile.texture.y + tile.texture.height == min(height, tile.shown.y + tile.shown.height + 1))
            }
            #expect(shown.allSatisfy { $0 == 1 }, "\(width)x\(height) in \(limit)")
        }
    }
}
