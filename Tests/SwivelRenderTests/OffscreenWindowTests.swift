import SwivelPlatform
import Testing

/// `Window` under SDL's offscreen driver. Here rather than in SwivelPlatformTests because it needs
/// `GLTestContext`'s lock: no two suites may drive SDL's video at once.
@Suite(.serialized) struct OffscreenWindowTests {
    /// The offscreen driver accepts a swap interval, but its swap returns at once: a window that
    /// claimed vsync would let the frame loop spin (600 frames a second through a replayed fling).
    @Test func claimsNoVSync() throws {
        try GLTestContext.withContext { window in
            #expect(window.videoDriver == "offscreen")
            #expect(!window.hasVSync)
        }
    }
}
