import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// `--loop` in the full view through the real binary (`--replay … --screenshot`, seven colour
/// cards): → on the last photo shows the first (card 0, blue), ← on the first the last; without
/// `--loop` → on the last photo leaves it where it is.
@Suite struct FullViewLoopTests {
    static let blue = [0, 122, 255]

    @Test func rightOnTheLastPhotoShowsTheFirst() throws {
        let wrapped = try MarkBadgeTests.frame(["1 key right"], options: ["--open", "6", "--loop"])
        let first = try MarkBadgeTests.frame([], options: ["--open", "0", "--loop"])
        #expect(wrapped.rgb(640, 360) == Self.blue)
        // Compared as a Bool: a failed comparison of two frames' bytes would make Testing diff them.
        let asOpened = wrapped.bytes == first.bytes
        #expect(asOpened, "the first photo, as opened directly")
        let back = try MarkBadgeTests.frame(["1 key left"], options: ["--open", "0", "--loop"])
        let last = try MarkBadgeTests.frame([], options: ["--open", "6", "--loop"])
        let backIsLast = back.bytes == last.bytes
        #expect(backIsLast && back.rgb(640, 360) != Self.blue)
        let stays = try MarkBadgeTests.frame(["1 key right"], options: ["--open", "6"])
        let plain = try MarkBadgeTests.frame([], options: ["--open", "6"])
        let staysPut = stays.bytes == plain.bytes && stays.bytes == last.bytes
        #expect(staysPut)
    }
}
