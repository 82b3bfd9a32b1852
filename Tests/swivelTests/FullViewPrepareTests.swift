import Foundation
import SwivelTestSupport
import Testing
@testable import swivel

/// The photo of the card the row rests on, decoded at the window's size ahead, in this process on
/// the test's clock (`LiveHarness`: the real decoders, waited for by condition, so a loaded machine
/// changes nothing): Enter after a rest shows the sharp photo in the open's first frame.
@Suite struct FullViewPrepareTests {
    /// Five 2000×1500 JPEGs; the row rests on the first from the start (its photos in well before
    /// 2.5 s), Enter at 2.5 s; or → at 1.5 s moves it to the second (which is prepared once it
    /// stops), Enter at 3 s. Decoded after Enter, the photo could not be in the open's first
    /// frame: that frame is drawn in the step that handles the key.
    @Test(arguments: [([2.5: "enter"], 0), ([1.5: "right", 3: "enter"], 1)])
    func enterAfterARestShowsTheSharpPhotoInTheOpensFirstFrame(keys: [Double: String], card: Int) throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        for i in 0..<5 {
            let photo = ImageFiles.image(.jpeg(quality: 90), width: 2000, height: 1500) { x, y in
                [UInt8((x / 8 + 40 * i) % 256), UInt8((y / 8) % 256), UInt8((x ^ y) % 256)]
            }
            ImageFiles.write(folder.path("photos/p\(i).jpg"), photo)
        }
        let app = try LiveHarness([folder.path("photos").text, "--no-watch"])
        for (time, key) in keys { app.key(key, at: time) }
        app.run(until: 4)
        let frames = app.drawn
        let first = try #require(frames.firstIndex { $0.open != nil })
        print("before the open: photos \(frames[first - 1].photos)/\(frames[first - 1].showing.count); "
              + "open frames' sharp opacity: \(frames[first...].prefix(6).map { $0.sharp.map { String($0) } ?? "-" }) at \(frames[first...].prefix(6).map { $0.time })")
        // The row's photos were in before Enter (so the photo was decoded ahead, not late).
        #expect(first > 0 && frames[first - 1].photos == frames[first - 1].showing.count)
        #expect(frames[first].open == card)
        #expect((frames[first].sharp ?? 0) > 0, "the open's first frame shows the card's texture alone")
    }

    /// `--open 0`: the photo is decoded after the start and fades in over its card's texture with
    /// the full view at rest (no flight keeps frames coming). The fade's last step ends between two
    /// 60 Hz frames, so the frame on screen then was drawn mid-fade: one more frame is due, at full
    /// opacity, or the blend of the card's texture and the photo stays on screen.
    @Test func theSharpPhotosFadeEndsAtFullOpacityOnScreen() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        let photo = ImageFiles.image(.jpeg(quality: 90), width: 2000, height: 1500) { x, y in
            [UInt8((x / 8) % 256), UInt8((y / 8) % 256), UInt8((x ^ y) % 256)]
        }
        ImageFiles.write(folder.path("photos/p.jpg"), photo)
        let app = try LiveHarness([folder.path("photos").text, "--no-watch", "--open", "0"])
        app.run(until: 3)
        let shown = app.drawn.filter { $0.sharp != nil }
        print("sharp opacity in the frames showing it: \(shown.map { String($0.sharp!) })")
        #expect(shown.last?.sharp == 1, "the last frame drawn shows the photo part faded in")
    }
}
