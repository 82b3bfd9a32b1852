/// The order in which a large photo's tiles (`ImageTiles`) go up to the GPU over several frames,
/// a few bands of rows a frame step within a budget of bytes: uploading a 12 MP photo at once took
/// one frame step 46 ms on llvmpipe (47 MiB copied), a 24 MP one twice that.
///
/// A row of tiles at a time, band by band across it (band 1 of each of its tiles, then band 2 …),
/// the row nearest the part of the photo on screen first and, in it, the tile nearest first. So
/// the photo's rows are given back band by band as they go up (`takeReleasable`: the caller frees
/// their memory) and the photo is held about once while it goes up, as when it went up at once in
/// this order; tile by tile, a row's rows would wait for its last tile (a 24 MP photo at 1:1 peaked
/// at +142 MiB, 1.55× its RGBA, against +98–102).
public struct TileUploads: Sendable {
    /// Rows `rows` (in the photo) of tile `tile`'s texture.
    public struct Band: Equatable, Sendable, CustomStringConvertible {
        public let tile: Int
        public let rows: Range<Int>

        public init(tile: Int, rows: Range<Int>) {
            self.tile = tile
            self.rows = rows
        }

        public var description: String { "tile \(tile) rows \(rows.lowerBound)..<\(rows.upperBound)" }
    }

    public let tiles: [ImageTile]
    /// Rows one band holds at most.
    public let bandRows: Int
    /// Rows of each tile's texture given out, from its top.
    private var given: [Int]
    /// The tile rows (their texture's rows in the photo), top to bottom, and the tiles of each.
    private let tileRows: [(rows: Range<Int>, tiles: [Int])]
    /// Which of the photo's rows have been handed out by `takeReleasable`.
    private var released: [Bool]

    public init(tiles: [ImageTile], bandRows: Int) {
        precondition(bandRows > 0, "a band holds rows")
        self.tiles = tiles
        self.bandRows = bandRows
        given = Array(repeating: 0, count: tiles.count)
        var rows: [(rows: Range<Int>, tiles: [Int])] = []
        for (index, tile) in tiles.enumerated() {
            let span = tile.texture.y..<(tile.texture.y + tile.texture.height)
            if let last = rows.indices.last, rows[last].rows == span {
                rows[last].tiles.append(index)
            } else {
                rows.append((span, [index]))
            }
        }
        tileRows = rows
        released = Array(repeating: false, count: rows.last?.rows.upperBound ?? 0)
    }

    /// Whether every tile is up.
    public var isComplete: Bool { tiles.indices.allSatisfy(isUp) }

    /// Whether tile `index` is wholly up.
    public func isUp(_ index: Int) -> Bool { given[index] >= tiles[index].texture.height }

    /// Whether tile `index` has any band up (its texture exists).
    public func isStarted(_ index: Int) -> Bool { given[index] > 0 }

    /// The bands to upload now, in order, within `budgetBytes` (RGBA, 4 bytes a pixel; at least one
    /// band whatever the budget, so that it always moves on): the row of tiles under way, else the
    /// row nearest `visible` (the part of the photo on screen, in its pixels; nil: top to bottom).
    /// They count as up once given.
    public mutating func next(budgetBytes: Int, near visible: PixelArea?) -> [Band] {
        var bands: [Band] = [], spent = 0
        while let tile = nextTile(near: visible) {
            let texture = tiles[tile].texture
            let top = texture.y + given[tile]
            let rows = top..<min(texture.y + texture.height, top + bandRows)
            let bytes = rows.count * texture.width * 4
            guard bands.isEmpty || spent + bytes <= budgetBytes else { break }
            bands.append(Band(tile: tile, rows: rows))
            given[tile] += rows.count
            spent += bytes
        }
        return bands
    }

    /// The photo's rows that no tile still to go up needs and that were not given before, as
    /// ranges top to bottom: a row is needed by each row of tiles whose textures hold it (two where
    /// rows of tiles overlap at their seam) until it is up in all of that row's tiles.
    public mutating func takeReleasable() -> [Range<Int>] {
        // Each row of tiles' rows up in all its tiles: from its top, the least any tile has.
        let up = tileRows.map { row in row.rows.lowerBound..<(row.rows.lowerBound + row.tiles.map { given[$0] }.min()!) }
        var rows: [Int] = []
        for index in tileRows.indices {
            for y in up[index] where !released[y] {
                // Its neighbours' textures may hold it too.
                let needed = [index - 1, index + 1].contains { other in
                    tileRows.indices.contains(other) && tileRows[other].rows.contains(y) && !up[other].contains(y)
                }
                if !needed { released[y] = true; rows.append(y) }
            }
        }
        var ranges: [Range<Int>] = []
        for y in rows.sorted() {
            if let last = ranges.last, last.upperBound == y {
                ranges[ranges.count - 1] = last.lowerBound..<(y + 1)
            } else {
                ranges.append(y..<(y + 1))
            }
        }
        return ranges
    }

    /// The tile to take the next band from: in the row of tiles under way (started, not all up),
    /// else in the row nearest `visible`, the tile with the fewest rows up, the nearest to
    /// `visible` among those; nil when all are up.
    private func nextTile(near visible: PixelArea?) -> Int? {
        let open = tileRows.filter { !$0.tiles.allSatisfy(isUp) }
        let row = open.first { $0.tiles.contains(where: isStarted) }
            ?? open.min { a, b in
                guard let visible else { return false }
                return Self.distance(area(of: a), visible) < Self.distance(area(of: b), visible)
            }
        guard let row else { return nil }
        let least = row.tiles.map { given[$0] }.min()!
        let waiting = row.tiles.filter { given[$0] == least }
        guard let visible else { return waiting.first }
        return waiting.min { Self.distance(tiles[$0].shown, visible) < Self.distance(tiles[$1].shown, visible) }
    }

    /// A row of tiles' own part of the photo.
    private func area(of row: (rows: Range<Int>, tiles: [Int])) -> PixelArea {
        let first = tiles[row.tiles[0]].shown, last = tiles[row.tiles[row.tiles.count - 1]].shown
        return PixelArea(x: first.x, y: first.y, width: last.x + last.width - first.x, height: first.height)
    }

    /// How far `area` is from `visible`: the gap between them (0 where they touch or overlap),
    /// then the distance between their centres; squared pixels.
    private static func distance(_ area: PixelArea, _ visible: PixelArea) -> (gap: Int, centre: Int) {
        func gap(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int) -> Int { max(0, max(b0 - a1, a0 - b1)) }
        let gx = gap(area.x, area.x + area.width, visible.x, visible.x + visible.width)
        let gy = gap(area.y, area.y + area.height, visible.y, visible.y + visible.height)
        let cx = (2 * area.x + area.width) - (2 * visible.x + visible.width)
        let cy = (2 * area.y + area.height) - (2 * visible.y + visible.height)
        return (gx * gx + gy * gy, cx * cx + cy * cy)
    }
}
