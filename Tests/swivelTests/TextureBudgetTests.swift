import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// A `--texture-budget` too small for the cards on screen at full size: the photos get softer
/// textures, never grey cards and a screenshot that waits its full minute.
@Suite struct TextureBudgetTests {
    static let colours: [[UInt8]] = [
        [255, 0, 0], [0, 200, 0], [0, 0, 255], [255, 204, 0], [255, 0, 255], [0, 200, 200],
        [128, 0, 0], [0, 100, 0], [0, 0, 128], [128, 128, 0], [128, 0, 128], [0, 128, 128],
    ]

    /// At --scale 4 a 200x300 card is 800x1200 pixels, 5,119,840 bytes with its mip levels: 16 MiB
    /// pays for 3 such layers, where the cards around the 6th (centred by --scroll 1200) need 9.
    @Test func aBudgetTooSmallForTheCardsOnScreenGivesSofterPhotosNotGreyCards() throws {
        #expect(CarouselLayout(viewport: Size(1280, 720), cardCount: 12).maximumVisibleCount == 9)
        let folder = TemporaryDirectory()
        for (i, rgb) in Self.colours.enumerated() {
            ImageFiles.write(folder.path(String(format: "%02d.png", i)), ImageFiles.solid(.png, width: 40, height: 60, rgb))
        }
        let png = folder.path("frame.png").text
        let result = try SwivelProcess.run([folder.path.text, "--no-captions", "--texture-budget", "16", "--scale", "4",
                                            "--scroll", "1200", "--screenshot", png],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 30)
        // A screenshot that waits its full minute for photos that never fit is stopped by the 30 s
        // timeout (it took 2.6 s idle, 10.9 and 13.1 s on a loaded machine); the frame shows the rest.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let frame = try Image(contentsOf: png)
        #expect((frame.width, frame.height) == (5120, 2880))
        // Card k's middle is at x = 640 + 240 (k − 5) points: cards 3 to 7 have theirs on screen.
        for k in 3...7 {
            let pixel = frame.rgb((640 + 240 * (k - 5)) * 4, 360 * 4)
            #expect(pixel != PhotoDeckPlaceholder.rgb, "card \(k) is still grey")
            #expect(zip(pixel, Self.colours[k]).allSatisfy { abs($0 - Int($1)) <= 2 }, "card \(k) shows \(pixel)")
        }
    }
}
