import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// Photo decks end to end: the real binary, real files, real decoding and GL (offscreen).
@Suite(.serialized) struct PhotoDeckEndToEndTests {
    static let red: [UInt8] = [255, 0, 0], green: [UInt8] = [0, 200, 0], blue: [UInt8] = [0, 0, 255]

    /// A 200×400 image (taller than a card's 2:3) is cropped to its middle 300 rows: a 10-row blue
    /// band just inside the crop shows at the card's top, the red rows above it never show.
    @Test func aPhotoFillsItsCardCroppedToTheMiddle() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tall = ImageFiles.image(.png, width: 200, height: 400) { _, y in
            y < 50 || y >= 350 ? Self.red : (y < 60 ? Self.blue : Self.green)
        }
        try Data(tall).write(to: folder.appendingPathComponent("tall.png"))
        let frame = folder.appendingPathComponent("frame.png").path
        let result = try SwivelProcess.run([folder.path, "--no-captions", "--screenshot", frame],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try Image(contentsOf: frame)
        // The flat card spans x 540…740, y 210…510; the band is its top 10 pt (y 210…220).
        #expect(image.rgb(640, 215) == [0, 0, 255])
        #expect(image.rgb(640, 360) == [0, 200, 0])
        #expect(image.rgb(640, 505) == [0, 200, 0])             // the bottom red rows are cropped too
        // Nowhere in the card (its rounded corners show the grey shadow and background) is red.
        var redPixels = 0
        for y in 210..<510 {
            for x in 540..<740 where image.rgb(x, y)[0] > image.rgb(x, y)[1] + 60 { redPixels += 1 }
        }
        #expect(redPixels == 0, "red from outside the crop shows in \(redPixels) pixels of the card")
    }

    /// A turned photo is textured in perspective (docs/design.md: the real w goes to the GPU), not
    /// stretched affinely between its projected corners. Each photo is 200 × 300 px (the card's
    /// size at 1×, so shown texel for texel when flat) in four vertical stripes, red, blue, red,
    /// blue, whose boundaries are the card's lines u = −50, 0 and +50 pt. Card k at scroll 0 is
    /// turned θ = −12k° about its centre cx = 640 + 240k, and a card line u lands, by the closed
    /// form of the projection (eye at d = 300 pt), at X = cx + u·cosθ / (1 + u·sinθ/d), whatever
    /// the row. Affine texturing between the projected edges would put the middle line of card 2
    /// 12.6 px right of that, card 1's 6.8 px, and the others 4.9 to 10.2 px.
    @Test func aTurnedPhotoIsTexturedInPerspective() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        let red: [UInt8] = [255, 0, 0], blue: [UInt8] = [0, 0, 255]
        let stripes = ImageFiles.image(.png, width: 200, height: 300) { x, _ in (x / 50) % 2 == 0 ? red : blue }
        for name in ["a", "b", "c"] { ImageFiles.write(folder.path("photos/\(name).png"), stripes) }
        let png = folder.path("frame.png").text
        let result = try SwivelProcess.run([folder.path("photos").text, "--no-captions", "--size", "1280x720",
                                            "--screenshot", png], environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try Image(contentsOf: png)
        let d = 300.0
        var worst = 0.0
        for card in 0...2 {
            let theta = -12.0 * Double(card) * .pi / 180, cx = 640 + 240 * Double(card)
            func screenX(_ u: Double) -> Double { cx + u * cos(theta) / (1 + u * sin(theta) / d) }
            for (u, into) in [(-50.0, blue), (0, red), (50, blue)] {
                let expected = screenX(u)
                // Affine: linear in X between the projected left and right edges (u = ∓100).
                let affine = screenX(-100) + (u + 100) / 200 * (screenX(100) - screenX(-100))
                for row in [300, 360, 420] {
                    let measured = EdgeProbe(image: frame, cardColor: into.map(Int.init))
                        .verticalEdge(row: row, near: expected, insideIsRight: true)
                    worst = max(worst, abs(measured - expected))
                    #expect(abs(measured - expected) <= 0.2,
                            "card \(card), u \(u), row \(row): line at \(measured), projection \(expected), affine \(affine)")
                }
                if card > 0 { #expect(abs(affine - expected) > 4.5) }
            }
        }
        print("stripes on turned photos: largest distance from the projection \(worst) px")
    }

    /// `--demo`: the built-in sample deck, with the centred card's name under it.
    @Test func theDemoDeckShowsItsPhotosAndCaption() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ extra: [String]) throws -> Image {
            let path = folder.appendingPathComponent("demo\(extra.count).png").path
            let result = try SwivelProcess.run(["--demo", "--screenshot", path] + extra,
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
            return try Image(contentsOf: path)
        }
        let captioned = try render([]), plain = try render(["--no-captions"])
        // Card 0 is the sunset: purple sky at the top, dark hills at the bottom, not placeholder grey.
        let sky = captioned.rgb(640, 220), hills = captioned.rgb(640, 500)
        #expect(sky[2] > sky[1] + 30, "sky \(sky)")
        #expect(hills.allSatisfy { $0 < 80 }, "hills \(hills)")
        // The caption "Sunset" sits under the card (y ≈ 532…550): dark text pixels there, none without captions.
        func darkPixels(_ image: Image) -> Int {
            var count = 0
            for y in 525..<560 { for x in 560..<720 where image.rgb(x, y).allSatisfy({ $0 < 120 }) { count += 1 } }
            return count
        }
        #expect(darkPixels(captioned) > 40)
        #expect(darkPixels(plain) == 0)
    }

    /// A file that turns out unreadable leaves the row itself, not only the deck: of a.png (red),
    /// b.png (not an image) and c.png (blue), the frame shows red centred, blue beside it, and
    /// nothing where a third card would stand (x 1100: a 460 pt offset, two pitches of 230).
    @Test func anUnreadableFileLeavesTheRow() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, colour) in [("a", Self.red), ("c", Self.blue)] {
            try Data(ImageFiles.image(.png, width: 20, height: 30) { _, _ in colour })
                .write(to: folder.appendingPathComponent("\(name).png"))
        }
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("b.png"))
        let frame = folder.appendingPathComponent("frame.png").path
        let result = try SwivelProcess.run([folder.path, "--no-captions", "--screenshot", frame],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "swivel: skipped \(folder.path)/b.png: not an image\n")
        let image = try Image(contentsOf: frame)
        #expect(image.rgb(640, 360) == [255, 0, 0])
        #expect(image.rgb(870, 360) == [0, 0, 255])
        #expect(image.rgb(1100, 360).allSatisfy { $0 >= 250 }, "a card stands at x 1100: \(image.rgb(1100, 360))")
    }

    /// 10,000 files: the deck has them all, the first frame goes up before any photo (nothing waits
    /// for decoding), and photos arrive while the bench scrolls; only a window of them is on the GPU.
    @Test func tenThousandPhotosStartAtOnce() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Data(ImageFiles.image(.png, width: 60, height: 90) { x, y in [UInt8(x * 4), UInt8(y * 2), 128] })
        for i in 0..<10_000 {
            try bytes.write(to: folder.appendingPathComponent("photo \(i).png"))
        }
        let result = try SwivelProcess.run(["--bench", "--images", folder.path, "--frames", "120"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["photos"] as? Int == 10_000)
        #expect(json["cards"] as? Int == 10_000)
        #expect(json["photos_on_first_frame"] as? Int == 0)
        let onGPU = try #require(json["photos_on_gpu_at_end"] as? Int)
        #expect(onGPU >= 1 && onGPU <= 64, "photos on the GPU at the end: \(onGPU)")
    }
}

/// Failures told plainly: a missing font turns the captions off with one warning; the deck still shows.
@Suite struct MissingFontTests {
    @Test func captionsGoOffWithOneWarning() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nofont.png").path
        let result = try SwivelProcess.run(["--demo", "--screenshot", path],
                                           environment: ["SDL_VIDEODRIVER": "offscreen", "SWIVEL_FONT": "/nonexistent/font.ttf"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("swivel: captions off: cannot open font /nonexistent/font.ttf") == true,
                "\(result.stderr)")
        let image = try Image(contentsOf: path)
        #expect(image.rgb(640, 220)[2] > image.rgb(640, 220)[1] + 30)      // the sunset's sky is there
    }
}

/// `--preset seed`: the tutorial's own phone, 430×932 points, padding 210, the flat card at 115…315.
@Suite struct SeedPresetFrameTests {
    @Test func theFlatCardSpans115To315() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("seed.png").path
        let result = try SwivelProcess.run(["--preset", "seed", "--screenshot", path],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try Image(contentsOf: path)
        #expect(image.width == 430 && image.height == 932)
        let blue = [0, 122, 255]
        #expect(image.rgb(115, 466) == blue && image.rgb(314, 466) == blue)
        #expect(image.rgb(114, 466) != blue && image.rgb(315, 466) != blue)
        #expect(image.rgb(215, 316) == blue && image.rgb(215, 615) == blue)    // y = 466 ∓ 150
        #expect(image.rgb(215, 315) != blue && image.rgb(215, 616) != blue)
    }
}
