import SwivelPhotoCore
import Testing

/// The open: 0.1 s from the window's first frame (else the first update) photos appear unfaded and
/// frames upload all that is ready for 8 ms; the first frame uploads none; later 2 a frame.
@Suite struct DeckOpeningTests {
    @Test func theOpenCountsFromTheFirstFrameShown() {
        var opening = DeckOpening()
        #expect(opening.end == nil)
        opening.updated(at: 5)
        opening.updated(at: 6)   // only the first counts
        #expect(opening.end == 5.1)
        opening.firstFrameShown(at: 5.5)
        opening.firstFrameShown(at: 9)
        #expect(opening.end == 5.6)
        #expect(opening.isOpening(at: 5.6) && !opening.isOpening(at: 5.61))
    }

    @Test func whatAFrameMayUpload() {
        var opening = DeckOpening()
        opening.updated(at: 0)
        #expect(opening.uploads(firstFrame: true, at: 0) == (0, .infinity))
        #expect(opening.uploads(firstFrame: false, at: 0.05) == (.max, 0.008))
        #expect(opening.uploads(firstFrame: false, at: 0.2) == (2, .infinity))
    }
}
