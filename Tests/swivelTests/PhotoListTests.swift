import Foundation
import SwivelTestSupport
import Testing
import SwivelPhotoCore

/// `swivel -` (paths on standard input), `-0`, `--sort` and orientation through the real binary.
@Suite(.serialized) struct PhotoListTests {
    func solidPNG(_ folder: URL, _ name: String, _ colour: [UInt8]) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(ImageFiles.solid(.png, width: 40, height: 60, colour)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The first card (centred at scroll 0) is the first path of the list; a missing path is one
    /// "skipped" line, not the end of the run.
    @Test func pathsComeFromStandardInputAndMissingOnesAreSkipped() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = try solidPNG(folder, "red.png", [255, 0, 0]), blue = try solidPNG(folder, "blue.png", [0, 0, 255])
        let missing = folder.appendingPathComponent("gone.png").path
        let frame = folder.appendingPathComponent("frame.png").path
        for (input, null) in [("\(missing)\n\(blue)\n\(red)\n", false), ("\(missing)\u{0}\(blue)\u{0}\(red)\u{0}", true)] {
            let result = try SwivelProcess.run((null ? ["-0"] : []) + ["-", "--no-captions", "--screenshot", frame],
                                               environment: ["SDL_VIDEODRIVER": "offscreen"], input: Array(input.utf8))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "swivel: skipped \(missing): no such file or directory\n")
            #expect(try Image(contentsOf: frame).rgb(640, 360) == [0, 0, 255])
        }
        // --reverse: red first; --sort name keeps the list's order.
        let reversed = try SwivelProcess.run(["-", "--reverse", "--no-captions", "--screenshot", frame],
                                             environment: ["SDL_VIDEODRIVER": "offscreen"],
                                             input: Array("\(blue)\n\(red)\n".utf8))
        #expect(reversed.status == 0, "\(reversed.stderr)")
        #expect(try Image(contentsOf: frame).rgb(640, 360) == [255, 0, 0])
        // Nothing usable on standard input: exit 64 with one line.
        let none = try SwivelProcess.run(["-", "--screenshot", frame], environment: ["SDL_VIDEODRIVER": "offscreen"],
                                         input: Array("\(missing)\n".utf8))
        #expect(none.status == 64)
        #expect(none.stderr.hasSuffix("swivel: no images in the paths read from standard input\n"), "\(none.stderr)")
    }

    /// `--sort mtime`: the older file comes first whatever the names.
    @Test func sortByModificationTime() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let a = try solidPNG(photos, "a.png", [255, 0, 0]), b = try solidPNG(photos, "b.png", [0, 0, 255])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 2_000_000)], ofItemAtPath: a)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: b)
        let frame = folder.appendingPathComponent("frame.png").path
        for (arguments, centre) in [([String](), [255, 0, 0]), (["--sort", "mtime"], [0, 0, 255]),
                                    (["--sort", "mtime", "--reverse"], [255, 0, 0])] {
            let result = try SwivelProcess.run([photos.path, "--no-captions", "--screenshot", frame] + arguments,
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Image(contentsOf: frame).rgb(640, 360) == centre, "\(arguments)")
        }
    }

    /// `--sort random` without `--seed` shuffles differently every run (README: "--sort random
    /// without it shuffles differently every run"); with one, the same every run. Fifty photos,
    /// each its own colour; the five cards on screen at `--scroll 480` (cards 0-4, at x = 160, 400,
    /// 640, 880, 1120) tell each run's first five. Two runs that shuffle independently put the same
    /// five first with probability 1/(50·49·48·47·46) = 3.9e-9, and draw the same 32-bit seed with
    /// 2.3e-10: this fails falsely less than once in 200 million runs.
    @Test func sortRandomDiffersFromRunToRunUnlessSeeded() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        let colours = (0..<50).map { [UInt8($0 * 5), UInt8(255 - $0 * 5), 128] }
        for (index, colour) in colours.enumerated() {
            ImageFiles.write(folder.path("photos/\(index).png"), ImageFiles.solid(.png, width: 40, height: 60, colour))
        }
        func firstFive(_ extra: [String]) throws -> [Int] {
            let frame = folder.path("frame.png").text
            let result = try SwivelProcess.run([folder.path("photos").text, "--sort", "random", "--no-captions",
                                                "--scroll", "480", "--screenshot", frame] + extra,
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 0, "\(result.stderr)")
            let image = try Image(contentsOf: frame)
            return try [160, 400, 640, 880, 1120].map { x in
                let pixel = image.rgb(x, 360)
                return try #require(colours.firstIndex { $0.map(Int.init) == pixel }, "no photo's colour at x \(x): \(pixel)")
            }
        }
        let first = try firstFive([]), second = try firstFive([])
        print("--sort random: \(first) then \(second)")
        #expect(Set(first).count == 5 && Set(second).count == 5)
        #expect(first != second, "two runs without --seed put the same photos first: \(first)")
        let seeded = try firstFive(["--seed", "7"])
        #expect(try firstFive(["--seed", "7"]) == seeded)
    }

    /// Each of the 8 EXIF orientations, written by ImageMagick and exiftool, renders through the
    /// real binary as the upright photo does (the card region within a few levels); the same
    /// files untagged do not.
    @Test func everyOrientationRendersLikeTheUprightPhoto() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func tool(_ name: String, _ arguments: [String]) throws {
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        let upright = folder.appendingPathComponent("upright.png").path
        try tool("convert", ["-size", "100x150", "xc:#ff0000", "xc:#00c000", "+append", "(", "-size", "100x150",
                             "xc:#0000ff", "xc:#ffff00", "+append", ")", "-append",
                             "-fill", "white", "-draw", "rectangle 20,30 60,50", upright])
        let turns: [Int: [String]] = [2: ["-flop"], 3: ["-rotate", "180"], 4: ["-flip"], 5: ["-transpose"],
                                      6: ["-rotate", "270"], 7: ["-transverse"], 8: ["-rotate", "90"]]
        func card(_ file: String) throws -> Image {
            let frame = folder.appendingPathComponent("frame.png").path
            let result = try SwivelProcess.run([file, "--no-captions", "--screenshot", frame],
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 0, "\(result.stderr)")
            return try Image(contentsOf: frame).cropped(x: 550, y: 220, width: 180, height: 280)
        }
        let reference = try card(upright)
        for n in 1...8 {
            let file = folder.appendingPathComponent("o\(n).jpg").path
            try tool("convert", [upright] + (turns[n] ?? []) + ["-quality", "95", file])
            let untagged = try card(file)
            try tool("exiftool", ["-q", "-q", "-overwrite_original", "-Orientation#=\(n)", file])
            let shown = try card(file)
            // JPEG's error at the colour edges differs with the stored orientation: a mean of a
            // few levels; a wrong turn or mirror moves two or four quadrants (a mean of 30 or more).
            #expect(shown.meanDifference(reference) <= 3, "orientation \(n): \(shown.meanDifference(reference))")
            if n != 1 { #expect(untagged.meanDifference(reference) > 15, "orientation \(n) untagged") }
        }
    }

    /// A folder of the new formats through the binary: good HEIC, AVIF, JPEG XL and SVG files
    /// load, broken ones are one `skipped` line each and the run goes on.
    @Test func newFormatsLoadAndBrokenOnesAreSkippedWithOneLineEach() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        func tool(_ name: String, _ arguments: [String]) throws {
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        let png = folder.appendingPathComponent("green.png").path
        try tool("convert", ["-size", "240x360", "xc:#00c000", "PNG24:" + png])
        try tool("heif-enc", ["-q", "90", png, "-o", photos.appendingPathComponent("1 good.heic").path])
        try tool("avifenc", ["-s", "10", png, photos.appendingPathComponent("2 good.AVIF").path])
        try tool("cjxl", ["-d", "0", png, photos.appendingPathComponent("3 good.jxl").path])
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='2' height='3'><rect width='2' height='3' fill='#00c000'/></svg>".utf8)
            .write(to: photos.appendingPathComponent("4 good.svg"))
        try Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [UInt8](repeating: 9, count: 64))
            .write(to: photos.appendingPathComponent("5 bad.heic"))
        try Data([0xFF, 0x0A, 0xFA, 0x00]).write(to: photos.appendingPathComponent("6 bad.jxl"))
        let frame = folder.appendingPathComponent("frame.png").path
        // Scrolled to card 3 (the JPEG XL): the bad files sit to its right, on screen, so they are tried.
        let result = try SwivelProcess.run([photos.path, "--no-captions", "--scroll", "480", "--screenshot", frame],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("swivel: skipped \(photos.path)/") && $0.contains(": cannot decode: ") })
        // Cards 1-4 are all green: the centred one and its neighbours.
        let image = try Image(contentsOf: frame)
        // (The JPEG XL keeps ImageMagick's gamma 1/2.2 tag: a level off after conversion to sRGB.)
        #expect(zip(image.rgb(640, 360), [0, 192, 0]).allSatisfy { abs($0 - $1) <= 2 }, "\(image.rgb(640, 360))")
    }
}
