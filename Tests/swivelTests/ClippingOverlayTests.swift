import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import swivel

/// J in the full view, drawn by the app's renderer offscreen: the open photo's pixels at 255 in a
/// channel turn red, those at 0 in all three blue, the rest stay; J again takes the marks away; in
/// the row there are no marks. With I, the panel says the clipped shares of the same pixels.
@Suite(.serialized) struct ClippingOverlayTests {
    /// Five vertical bands, 256 px each: white, black, mid grey, yellow (255, 220, 0: clipped in
    /// red), and a near black (12, 0, 0: not all zero).
    static let bands: [RGBA8] = [RGBA8(255, 255, 255), RGBA8(0, 0, 0), RGBA8(128, 128, 128), RGBA8(255, 220, 0), RGBA8(12, 0, 0)]

    @Test func jMarksClippedPixels() throws {
        let folder = TemporaryDirectory()
        folder.write("bands.png", .png, width: 1280, height: 720) { x, _ in Self.bands[x / 256] }
        let app = try LiveHarness(["--open", "0", folder.path.text], drawing: .offscreenGL)
        app.run(until: 2)
        let clip = try #require(app.frame.flying.first?.frame.clip)
        // Each band's middle, in the window's pixels (scale 1), at the photo's vertical middle.
        func colours() throws -> [[Int]] {
            let image = try #require(app.image())
            return (0..<5).map { band in
                image.rgb(Int(clip.x + clip.width * (Double(band) + 0.5) / 5), Int(clip.y + clip.height / 2))
            }
        }
        #expect(try colours() == [[255, 255, 255], [0, 0, 0], [128, 128, 128], [255, 220, 0], [12, 0, 0]])
        app.key("j", at: 2.1)
        app.key("i", at: 2.2)
        app.run(until: 3)
        // Red; blue (0, 0.4, 1: 102 of 255); the others as they were.
        let marked = try colours()
        #expect(marked == [[255, 0, 0], [0, 102, 255], [128, 128, 128], [255, 0, 0], [12, 0, 0]])
        // The panel: two of five bands at 255 somewhere, one at 0 in all.
        #expect(app.frame.info?.histogram?.clippingText == "clipped: 40.0 % highlights, 20.0 % shadows")
        // Closed: no marks in the row; opened again: the marks still on; J: gone.
        app.key("escape", at: 3.2)
        app.run(until: 5)
        #expect(app.state.fullView.openPage(at: app.now) == nil && !app.frame.clipping)
        app.key("enter", at: 5.1)
        app.run(until: 7)
        #expect(try colours() == [[255, 0, 0], [0, 102, 255], [128, 128, 128], [255, 0, 0], [12, 0, 0]])
        app.key("j", at: 7.1)
        app.run(until: 8)
        #expect(try colours() == [[255, 255, 255], [0, 0, 0], [128, 128, 128], [255, 220, 0], [12, 0, 0]])
    }
}

/// The histogram's curves in the information panel (`HistogramCurves`), in closed form.
struct HistogramCurvesTests {
    /// Bins 10 (100 pixels) and 200 (50) of 256, drawn 256 × 10: column 10 filled to the top,
    /// column 200 its lower 5 rows; as a line, column 200's two rows from its top only.
    @Test func columnsAreTheBinsScaledToTheTallest() {
        var bins = [Int](repeating: 0, count: 256)
        bins[10] = 100
        bins[200] = 50
        let filled = HistogramCurves.coverage(bins, tallest: 100, width: 256, height: 10, line: false)
        func column(_ image: [UInt8], _ x: Int, width: Int) -> [Int] { (0..<10).map { Int(image[$0 * width + x]) } }
        let full: [Int] = Array(repeating: 255, count: 10)
        let lower: [Int] = [0, 0, 0, 0, 0, 255, 255, 255, 255, 255]
        let top: [Int] = [0, 0, 0, 0, 0, 255, 255, 0, 0, 0]
        #expect(column(filled, 10, width: 256) == full)
        #expect(column(filled, 200, width: 256) == lower)
        let inked = filled.filter { $0 != 0 }.count
        #expect(inked == 15)
        let line = HistogramCurves.coverage(bins, tallest: 100, width: 256, height: 10, line: true)
        #expect(column(line, 200, width: 256) == top)
        // Half as wide: column 100 shows the larger of bins 200 and 201.
        let half = HistogramCurves.coverage(bins, tallest: 100, width: 128, height: 10, line: false)
        #expect(column(half, 100, width: 128) == lower)
    }
}
