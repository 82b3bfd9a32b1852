import Testing
import SwivelCore
import SwivelPhotoCore

/// EXIF orientations 1-8: the pixel mapping itself (files of every format that carries one are
/// in SwivelPhotosTests' OrientationTests).
@Suite struct OrientationMappingTests {
    /// A 3 × 2 image of distinct pixels turned by each orientation: every output pixel is the
    /// stored one the mapping names, and the eight results all differ (a wrong case would show).
    @Test func theEightOrientationsAreTheEightTurnsAndMirrors() {
        let width = 3, height = 2
        let stored: [UInt8] = (0..<(width * height)).flatMap { i -> [UInt8] in [UInt8(i), 0, 0, 255] }
        var seen: Set<[UInt8]> = []
        for orientation in Orientation.allCases {
            let upright = orientation.upright(stored, width: width, height: height)
            let (w, h) = orientation.swapsSides ? (height, width) : (width, height)
            for y in 0..<h {
                for x in 0..<w {
                    let s = orientation.storedPixel(x: x, y: y, width: width, height: height)
                    #expect(upright[(y * w + x) * 4] == UInt8(s.y * width + s.x))
                }
            }
            seen.insert(stride(from: 0, to: upright.count, by: 4).map { upright[$0] } + [UInt8(w)])
        }
        #expect(seen.count == 8)
        #expect(Orientation(exif: 0) == .up && Orientation(exif: 9) == .up && Orientation(exif: 6) == .right)
    }

    /// Each orientation against the picture EXIF (JEITA CP-3451C, tag 274) says it stands for,
    /// written out by hand: the stored 3 × 2 image
    ///
    ///     0 1 2
    ///     3 4 5
    ///
    /// shown upright, row by row. 2 mirrors it left to right, 3 turns it half round, 4 mirrors it top
    /// to bottom; 5 is the mirror across the top-left to bottom-right diagonal (0th row becomes
    /// the 0th column), 6 the turn a quarter clockwise (the stored left column, read upwards,
    /// becomes the top row), 7 the mirror across the other diagonal, 8 the turn a quarter
    /// anticlockwise. No value here comes from `Orientation` itself.
    @Test(arguments: [
        (1, [[0, 1, 2], [3, 4, 5]]),
        (2, [[2, 1, 0], [5, 4, 3]]),
        (3, [[5, 4, 3], [2, 1, 0]]),
        (4, [[3, 4, 5], [0, 1, 2]]),
        (5, [[0, 3], [1, 4], [2, 5]]),
        (6, [[3, 0], [4, 1], [5, 2]]),
        (7, [[5, 2], [4, 1], [3, 0]]),
        (8, [[2, 5], [1, 4], [0, 3]]),
    ])
    func eachOrientationShowsTheStoredPixelsWhereEXIFPutsThem(exif: Int, rows: [[Int]]) {
        let stored: [UInt8] = (0..<6).flatMap { i -> [UInt8] in [UInt8(i), 10, 20, 255] }
        let orientation = Orientation(exif: exif)
        #expect(orientation.rawValue == exif)
        #expect(orientation.swapsSides == (rows.count == 3))
        let upright = orientation.upright(stored, width: 3, height: 2)
        let shown = (0..<rows.count).map { y in
            (0..<rows[0].count).map { x in Int(upright[(y * rows[0].count + x) * 4]) }
        }
        #expect(shown == rows, "orientation \(exif)")
        // The other channels travel with the pixel.
        #expect(stride(from: 0, to: upright.count, by: 4).allSatisfy { upright[$0 + 1] == 10 && upright[$0 + 3] == 255 })
    }

    /// The same for crops, by hand: the 2 × 3 rectangle at (0, 2) of the upright picture of a stored
    /// 8 × 5 image (upright 8 × 5 for 1-4, 5 × 8 for 5-8) is, in stored pixels, what the EXIF
    /// picture of each orientation puts there. Each answer differs from the other seven.
    @Test(arguments: [
        (1, PixelRect(x: 0, y: 2, width: 2, height: 3)),
        (2, PixelRect(x: 6, y: 2, width: 2, height: 3)),
        (3, PixelRect(x: 6, y: 0, width: 2, height: 3)),
        (4, PixelRect(x: 0, y: 0, width: 2, height: 3)),
        (5, PixelRect(x: 2, y: 0, width: 3, height: 2)),
        (6, PixelRect(x: 2, y: 3, width: 3, height: 2)),
        (7, PixelRect(x: 3, y: 3, width: 3, height: 2)),
        (8, PixelRect(x: 3, y: 0, width: 3, height: 2)),
    ])
    func eachOrientationMapsACropWhereEXIFPutsIt(exif: Int, expected: PixelRect) {
        let rect = PixelRect(x: 0, y: 2, width: 2, height: 3)
        #expect(Orientation(exif: exif).storedRect(rect, width: 8, height: 5) == expected, "orientation \(exif)")
    }

    /// A crop chosen on the upright image maps onto the stored pixels that show there.
    @Test func uprightCropsMapOntoStoredPixels() {
        let width = 8, height = 5
        let rect = PixelRect(x: 1, y: 2, width: 3, height: 2)   // upright coordinates
        for orientation in Orientation.allCases {
            let stored = orientation.storedRect(rect, width: Double(width), height: Double(height))
            for y in 2..<4 {
                for x in 1..<4 {
                    let s = orientation.storedPixel(x: x, y: y, width: width, height: height)
                    #expect(Double(s.x) >= stored.x && Double(s.x) < stored.x + stored.width, "\(orientation)")
                    #expect(Double(s.y) >= stored.y && Double(s.y) < stored.y + stored.height, "\(orientation)")
                }
            }
        }
    }
}
