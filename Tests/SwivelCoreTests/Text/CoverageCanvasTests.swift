import Testing
@testable import SwivelCore

@Suite struct CoverageCanvasTests {
    @Test func drawKeepsTheLargerCoverageAndClips() {
        var canvas = CoverageCanvas(width: 4, height: 3)
        canvas.fill(x: 0, y: 0, width: 2, height: 1, value: 100)
        canvas.draw([50, 200, 7, 9], width: 2, at: 1, 0)      // 2×2 at (1, 0)
        #expect(canvas.coverage == [100, 100, 200, 0,
                                    0, 7, 9, 0,
                                    0, 0, 0, 0])
        canvas.draw([1, 2, 3, 4], width: 2, at: 3, 2)         // only (3, 2) lands
        #expect(canvas.coverage[11] == 1)
        canvas.draw([255, 255], width: 1, at: -1, -1)          // entirely outside
        canvas.fill(x: -5, y: 2, width: 6, height: 9)          // clipped to (0…0, 2)
        #expect(canvas.coverage[8] == 255 && canvas.coverage[9] == 0)
    }
}
