@testable import swivel
import Testing

/// The sharp photo's fade over its card's texture (`SharpPhotoPlan.fadeOpacity`): the frame
/// that takes the photo in already shows it, a 60 Hz frame's step in, and the fade ends 0.15 s
/// after a start one frame before that frame.
struct FullViewFadeTests {
    @Test func theFrameThatTakesThePhotoInShowsIt() {
        // (1/60) / 0.15 = 1/9: not 0, which would spend a whole frame showing nothing new.
        #expect(abs(SharpPhotoPlan.fadeOpacity(shownAt: 12.5, now: 12.5) - 1.0 / 9) < 1e-9)
        // The next 60 Hz frame: 2/9.
        #expect(abs(SharpPhotoPlan.fadeOpacity(shownAt: 12.5, now: 12.5 + 1.0 / 60) - 2.0 / 9) < 1e-9)
    }

    @Test func theFadeEndsAfterItsDuration() {
        // 0.15 s after the start, a frame before the one that took it in: 0.1333 s after that frame.
        #expect(SharpPhotoPlan.fadeOpacity(shownAt: 12.5, now: 12.5 + 0.15 - 1.0 / 60 + 1e-9) == 1)
        #expect(SharpPhotoPlan.fadeOpacity(shownAt: 12.5, now: 12.5 + 0.13) < 1)
        #expect(SharpPhotoPlan.fadeOpacity(shownAt: 12.5, now: 20) == 1)
        // Before its start (a replayed frame earlier than the photo): nothing of it.
        #expect(SharpPhotoPlan.fadeOpacity(shownAt: 12.5, now: 12.4) == 0)
    }
}
