import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// `--loop` in the full view, in this process with the app's renderer (seven colour cards, drawn
/// offscreen): → on the last photo shows the first (card 0, blue), ← on the first the last;
/// without `--loop` → on the last photo leaves it where it is.
@Suite(.serialized) struct FullViewLoopTests {
    static let blue = [0, 122, 255]

    /// The frame 1 s after `key` (none: as opened) pressed at 1 s, with `options`.
    static func frame(_ key: String?, options: [String]) throws -> Image {
        let app = try LiveHarness(["--cards", "7"] + options, drawing: .offscreenGL)
        if let key { app.key(key, at: 1) }
        app.run(until: 2)
        return try #require(app.image())
    }

    @Test func rightOnTheLastPhotoShowsTheFirst() throws {
        let wrapped = try Self.frame("right", options: ["--open", "6", "--loop"])
        let first = try Self.frame(nil, options: ["--open", "0", "--loop"])
        #expect(wrapped.rgb(640, 360) == Self.blue)
        // Compared as a Bool: a failed comparison of two frames' bytes would make Testing diff them.
        let asOpened = wrapped.bytes == first.bytes
        #expect(asOpened, "the first photo, as opened directly")
        let back = try Self.frame("left", options: ["--open", "0", "--loop"])
        let last = try Self.frame(nil, options: ["--open", "6", "--loop"])
        let backIsLast = back.bytes == last.bytes
        #expect(backIsLast && back.rgb(640, 360) != Self.blue)
        let stays = try Self.frame("right", options: ["--open", "6"])
        let plain = try Self.frame(nil, options: ["--open", "6"])
        let staysPut = stays.bytes == plain.bytes && stays.bytes == last.bytes
        #expect(staysPut)
    }
}
