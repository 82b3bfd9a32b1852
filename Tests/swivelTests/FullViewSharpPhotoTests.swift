import Foundation
import SwivelTestSupport
import Testing

/// The full view's sharp photo through the real binary: `--open 0 --screenshot` waits for the
/// open card's photo decoded at the window's size and draws it at its own aspect, not the card's
/// 2:3 texture.
@Suite struct FullViewSharpPhotoTests {
    static let red: [UInt8] = [255, 0, 0], blue: [UInt8] = [0, 0, 255]

    /// The frame of a deck of one PNG, `width` × `height`, left half red, right half blue, opened.
    static func openFrame(width: Int, height: Int) throws -> Image {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        let halves = ImageFiles.image(.png, width: width, height: height) { x, _ in x < width / 2 ? red : blue }
        ImageFiles.write(folder.path("photos/a.png"), halves)
        let png = folder.path("frame.png").text
        let result = try SwivelProcess.run([folder.path("photos").text, "--size", "1280x720", "--open", "0",
                                            "--screenshot", png], environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        return try Image(contentsOf: png)
    }

    /// A 1600 × 1200 photo is decoded within 1280 × 720 to 960 × 720 (4:3, the height binds) and
    /// shown 1:1 centred: x 160 …< 1120, the whole height, red left of x = 640 and blue right of
    /// it. The card's stand-in would fill 480 × 720 (x 400 …< 880) with the 2:3 middle of the photo.
    @Test func aLargePhotoFitsTheWindowAtItsOwnAspect() throws {
        let frame = try Self.openFrame(width: 1600, height: 1200)
        for y in [0, 360, 719] {
            for x in [160, 161, 399, 400, 639] { #expect(frame.rgb(x, y) == [255, 0, 0], "(\(x), \(y))") }
            for x in [640, 641, 880, 1118, 1119] { #expect(frame.rgb(x, y) == [0, 0, 255], "(\(x), \(y))") }
            for x in [0, 158, 159, 1120, 1121, 1279] { #expect(frame.rgb(x, y) == [255, 255, 255], "(\(x), \(y))") }
        }
    }

    /// A 400 × 300 photo is smaller than the window: at fit it shows 1:1, never enlarged
    /// (`PhotoPlacement.fitScale`), centred: x 440 …< 840, y 210 …< 510.
    @Test func aSmallPhotoShowsAtItsOwnSizeAndAspect() throws {
        let frame = try Self.openFrame(width: 400, height: 300)
        for y in [210, 360, 509] {
            for x in [440, 441, 639] { #expect(frame.rgb(x, y) == [255, 0, 0], "(\(x), \(y))") }
            for x in [640, 838, 839] { #expect(frame.rgb(x, y) == [0, 0, 255], "(\(x), \(y))") }
            for x in [0, 438, 439, 840, 841, 1279] { #expect(frame.rgb(x, y) == [255, 255, 255], "(\(x), \(y))") }
        }
        for x in [440, 640, 839] {
            for y in [0, 208, 209, 510, 511, 719] { #expect(frame.rgb(x, y) == [255, 255, 255], "(\(x), \(y))") }
        }
    }
}
