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
        // 6 (turn clockwise): the stored bottom-left pixel (3) ends top-left; 8: the stored top-right (2).
        #expect(Orientation.right.upright(stored, width: 3, height: 2)[0] == 3)
        #expect(Orientation.left.upright(stored, width: 3, height: 2)[0] == 2)
        #expect(Orientation(exif: 0) == .up && Orientation(exif: 9) == .up && Orientation(exif: 6) == .right)
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
