import SwivelCore
import Testing

/// The one pixel-scale formula: the frame's pixel width over the layout's point width.
@Suite struct FramePixelsTests {
    @Test func theScaleIsPixelsPerLayoutPoint() {
        #expect(FramePixels(width: 2560, height: 1440).scale(for: Size(1280, 720)) == 2)
        #expect(FramePixels(width: 1280, height: 720).scale(for: Size(1280, 720)) == 1)
        // `--soak` draws a 333-point-wide layout 500 pixels wide.
        #expect(FramePixels(width: 500, height: 300).scale(for: Size(333, 200)) == 500.0 / 333)
        #expect(FramePixels(width: 640, height: 360).scale(for: Size(0, 720)) == 1)     // an empty layout
    }

    @Test func aMinimisedWindowsDrawableIsEmpty() {
        #expect(FramePixels(width: 0, height: 0).isEmpty)
        #expect(FramePixels(width: 640, height: 0).isEmpty)
        #expect(!FramePixels(width: 1, height: 1).isEmpty)
    }
}
