import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// A marked photo open in the full view shows the row's badge (`--open 1 --replay … --screenshot`,
/// seven colour cards, card 1 green): flat, radius 12 pt whatever the photo's size, its centre 22 pt
/// in from the top-right corner of the photo's rectangle, which is measured here from the unmarked
/// frame's green pixels.
@Suite struct FullViewBadgeTests {
    @Test(arguments: [1.0, 2.0])
    func theOpenPhotosBadge(scale: Double) throws {
        let options = ["--open", "1"] + (scale == 1 ? [] : ["--scale", "2"])
        let plain = try MarkBadgeTests.frame([], options: options)
        let marked = try MarkBadgeTests.frame(["1 key mark"], options: options)
        let green = MarkBadgeTests.green
        // The photo's rectangle, in pixels: green along the middle row and column.
        let middle = plain.height / 2
        let row = (0..<plain.width).filter { plain.rgb($0, middle) == green }
        let (left, right) = (try #require(row.first), try #require(row.last) + 1)
        let column = (0..<plain.height).filter { plain.rgb((left + right) / 2, $0) == green }
        let top = try #require(column.first)
        print("FullViewBadge at \(scale)x: photo x \(left)..<\(right) px, top \(top) px")
        let centre = (Double(right) / scale - 22, Double(top) / scale + 22)
        func at(_ image: Image, _ dx: Double, _ dy: Double) -> [Int] {
            let (x, y) = MarkBadgeTests.pixel((centre.0 + dx, centre.1 + dy), scale: scale)
            return image.rgb(x, y)
        }
        for (dx, dy) in [(0.0, -7.0), (0, 7), (-6, -4), (4, 4), (-7, 2)] {
            #expect(at(marked, dx, dy) == MarkBadgeTests.blue, "(\(dx), \(dy))")
        }
        for (dx, dy) in [(7.9, -7.9), (7.9, 7.9), (-7.9, 7.9), (-7.9, -7.9)] {
            #expect(at(marked, dx, dy) == MarkBadgeTests.white, "(\(dx), \(dy))")
        }
        #expect(at(marked, -1.44, 3.6) == MarkBadgeTests.white, "the check's corner")
        for (dx, dy) in [(0.0, -14.0), (14, 0), (0, 14), (-14, 0)] { #expect(at(marked, dx, dy) == green, "(\(dx), \(dy))") }
        // Nothing else changes: only pixels within 14 pt of the badge's centre differ.
        var outside = 0, inside = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain.rgb(x, y) != marked.rgb(x, y) {
                if abs((Double(x) + 0.5) / scale - centre.0) <= 14, abs((Double(y) + 0.5) / scale - centre.1) <= 14 {
                    inside += 1
                } else {
                    outside += 1
                }
            }
        }
        #expect(outside == 0 && Double(inside) > 300 * scale * scale, "changed: \(inside) inside, \(outside) outside")
    }
}
