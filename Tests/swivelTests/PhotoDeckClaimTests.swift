import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// What the README promises about photo decks under pressure, through the real binary: a photo the
/// GPU has no memory for is skipped and the rest stay; `--texture-budget` is never exceeded when
/// there are more photos than it holds; a bad photo's removal does not move the card in the middle.
@Suite struct PhotoDeckClaimTests {
    static let colours: [(name: String, rgb: [UInt8])] = [
        ("01 red", [255, 0, 0]), ("02 green", [0, 200, 0]), ("03 blue", [0, 0, 255]), ("04 yellow", [255, 204, 0]),
    ]

    /// The upload of "02 green" fails as a driver out of memory does (`SWIVEL_TEST_GPU_FULL`, read
    /// by debug builds only): one line names it, its card keeps the placeholder, the others show.
    @Test func aPhotoTheGPUHasNoMemoryForIsSkippedAndTheRestStay() throws {
        let folder = TemporaryDirectory()
        for (name, rgb) in Self.colours {
            ImageFiles.write(folder.path(name + ".png"), ImageFiles.solid(.png, width: 40, height: 60, rgb))
        }
        let png = folder.path("frame.png").text
        let photos = folder.path.text
        let result = try SwivelProcess.run([photos, "--no-captions", "--size", "1600x720", "--screenshot", png],
                                           environment: ["SDL_VIDEODRIVER": "offscreen", "SWIVEL_TEST_GPU_FULL": "02 green"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "swivel: skipped \(photos)/02 green.png: out of GPU memory\n")
        let frame = try Image(contentsOf: png)
        // Card k's middle is at x = 800 + 240 k.
        #expect(frame.rgb(800, 360) == [255, 0, 0])
        #expect(frame.rgb(1040, 360) == PhotoDeckPlaceholder.rgb, "the skipped photo's card")
        #expect(frame.rgb(1280, 360) == [0, 0, 255])
        #expect(frame.rgb(1520, 360) == [255, 204, 0])
    }

    /// More photos than 16 MiB of textures hold: at 2 pixels a point a card is 400 × 600 pixels,
    /// 1,279,840 bytes with its mip levels, so the array has 13 layers (15.87 MiB) where a
    /// 640-point window wants 31, and the photos the bench's flings bring in replace the least
    /// recently used ones.
    @Test func theTextureBudgetHoldsWhenThereAreMorePhotosThanItFits() throws {
        let folder = TemporaryDirectory()
        let bytes = ImageFiles.image(.png, width: 60, height: 90) { x, y in [UInt8(x * 4), UInt8(y * 2), 128] }
        for i in 0..<60 { ImageFiles.write(folder.path("photo \(i).png"), bytes) }
        let result = try SwivelProcess.run(["--bench", "--images", folder.path.text, "--size", "640x360", "--scale", "2",
                                            "--texture-budget", "16", "--frames", "150"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let layerBytes = [(400, 600), (200, 300), (100, 150), (50, 75), (25, 37), (12, 18), (6, 9), (3, 4), (1, 2), (1, 1)]
            .map { $0.0 * $0.1 * 4 }.reduce(0, +)
        #expect(layerBytes == 1_279_840)
        let textureMiB = try #require(json["texture_mib"] as? Double)     // printed to 0.001 MiB
        let decoded = try #require(json["decoded"] as? Int), onGPU = try #require(json["photos_on_gpu_at_end"] as? Int)
        print("--texture-budget 16: \(textureMiB) MiB of textures, \(onGPU) photos on the GPU at the end, "
              + "\(decoded) decoded")
        #expect(abs(textureMiB - Double(13 * layerBytes) / 1_048_576) <= 0.0005, "\(textureMiB) MiB of textures")
        #expect(textureMiB <= 16)
        // Every layer in use, and more photos than layers went through them.
        #expect(onGPU == 13)
        #expect(decoded > 13)
    }
}

/// The real app in an Xvfb window (no input: these need no `RealWindowSuites` slot and run beside
/// the other suites).
@Suite struct LiveAppClaimTests {
    /// A bad file before the centred card (`--scroll 720` centres card 3, "04 blue") is found when
    /// the decoders reach it and leaves the deck; the row closes the gap without moving the middle
    /// card: blue stays centred (without that, the offset would stay and yellow, the next card,
    /// would slide into the middle).
    @Test func aBadPhotosRemovalDoesNotMoveTheCentredCard() throws {
        let folder = TemporaryDirectory()
        let files: [(String, [UInt8]?)] = [("01 red", [255, 0, 0]), ("02 bad", nil), ("03 green", [0, 200, 0]),
                                            ("04 blue", [0, 0, 255]), ("05 yellow", [255, 204, 0]), ("06 pink", [255, 45, 85])]
        for (name, rgb) in files {
            ImageFiles.write(folder.path(name + ".png"),
                             rgb.map { ImageFiles.solid(.png, width: 40, height: 60, $0) } ?? Array("not a photo".utf8))
        }
        let app = try LiveApp(arguments: [folder.path.text, "--no-captions", "--size", "1280x720", "--scroll", "720"])
        let rest = try app.frameAtRest()
        #expect(rest.rgb(640, 360) == [0, 0, 255], "the middle card is \(rest.rgb(640, 360)), not 04 blue")
        #expect(rest.rgb(400, 360) == [0, 200, 0], "its left neighbour is \(rest.rgb(400, 360)), not 03 green")
        #expect(app.stderr == "swivel: skipped \(folder.path.text)/02 bad.png: not an image\n")
        #expect(try app.quit() == 0)
    }

    /// The README's idle claim: 0 CPU ticks over 10 s with the window open and nothing moving, for
    /// the colour deck, `--demo` and `--demo --hud` (two decoder threads waiting for work in the
    /// photo decks). The three run side by side, each on its own X server, over the same 10 s.
    @Test func theAppIdlesForTenSeconds() throws {
        let runs = [["--size", "1280x720"], ["--demo", "--size", "1280x720"], ["--demo", "--hud", "--size", "1280x720"]]
        let apps = try runs.map { try LiveApp(arguments: $0) }
        // Photos decoded and faded in; the HUD's corner is left out (its graph moves with every frame).
        for app in apps { _ = try app.frameAtRest(rows: 200..<720) }
        for app in apps { try app.waitUntilQuiet() }
        let before = try apps.map { try CPUTicks.of($0.processIdentifier) }
        usleep(10_000_000)
        let after = try apps.map { try CPUTicks.of($0.processIdentifier) }
        for (index, run) in runs.enumerated() {
            print("idle 10 s, \(run.joined(separator: " ")): \(after[index] - before[index]) CPU ticks")
            #expect(after[index] - before[index] == 0, "\(run.joined(separator: " ")): \(after[index] - before[index]) ticks in 10 s")
            #expect(apps[index].isRunning)
        }
        for app in apps { #expect(try app.quit() == 0) }
    }
}
