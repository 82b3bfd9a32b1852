import Foundation
import SwivelTestSupport
import Testing

/// The photo information overlay (I) and `--info`, through the real binary: the overlay is in
/// the bottom-left corner after one `key info` in a replay and gone after a second, at 1× and 2×,
/// and it follows the open photo.
@Suite(.serialized) struct InfoOverlayTests {
    static let tools = ["/usr/bin/convert", "/usr/bin/exiftool"].allSatisfy(FileManager.default.isExecutableFile(atPath:))

    static func tool(_ program: String, _ arguments: [String]) throws {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: program), arguments)
        #expect(result.status == 0, "\(program) \(arguments): \(result.stderr)")
    }

    /// A folder with two JPEGs, the first tagged by exiftool.
    static func deck(in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = folder.appendingPathComponent("a.jpg").path, second = folder.appendingPathComponent("b.jpg").path
        try tool("/usr/bin/convert", ["-size", "150x200", "xc:#cc3333", first])
        try tool("/usr/bin/convert", ["-size", "120x160", "xc:#3366cc", second])
        try tool("/usr/bin/exiftool", ["-q", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS 5D",
                                       "-FNumber=2.8", "-ExposureTime=0.004", "-ISO=400", "-FocalLength=50",
                                       "-DateTimeOriginal=2024:05:01 14:03:22", first])
        return folder
    }

    /// The frame after a replay that presses I `presses` times.
    /// `before`: recording lines (at times under 0.2 s) played first.
    static func shot(_ directory: URL, _ name: String, presses: Int, scale: Int, _ extra: [String],
                     before: [String] = []) throws -> Image {
        let recording = directory.appendingPathComponent("\(name).rec")
        var lines = ["swivel-recording 1", "0 resize 640 480"] + before
        for press in 0..<presses { lines.append("\(0.2 + 0.1 * Double(press)) key info") }
        lines.append("0.6 end")
        try (lines.joined(separator: "\n") + "\n").write(to: recording, atomically: true, encoding: .utf8)
        let png = directory.appendingPathComponent("\(name).png").path
        let result = try SwivelProcess.run(["--size", "640x480", "--scale", "\(scale)", "--replay", recording.path,
                                            "--screenshot", png] + extra, environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        return try Image(contentsOf: png)
    }

    /// Pixels that differ between `a` and `b` in the rectangle (in pixels).
    static func differing(_ a: Image, _ b: Image, x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for row in y { for column in x where a.rgb(column, row) != b.rgb(column, row) { count += 1 } }
        return count
    }

    @Test(.enabled(if: tools, "needs ImageMagick and exiftool (make test installs them)"), arguments: [1, 2])
    func overlayAppearsInTheCornerAndGoes(scale: Int) throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try Self.deck(in: directory)
        let none = try Self.shot(directory, "none", presses: 0, scale: scale, [folder.path])
        let shown = try Self.shot(directory, "shown", presses: 1, scale: scale, [folder.path])
        let hidden = try Self.shot(directory, "hidden", presses: 2, scale: scale, [folder.path])
        let (width, height) = (640 * scale, 480 * scale)
        #expect(shown.width == width && shown.height == height)
        // The panel: the bottom-left corner, 16 pt from the edges; nothing changes elsewhere.
        let corner = Self.differing(none, shown, x: 0..<(width / 2), y: (height / 2)..<height)
        let elsewhere = Self.differing(none, shown, x: 0..<width, y: 0..<(height / 4))
            + Self.differing(none, shown, x: (width * 3 / 4)..<width, y: 0..<height)
        print("--scale \(scale): \(corner) corner pixels changed by I, \(elsewhere) elsewhere")
        // Eleven lines of 13 pt text and their panel: thousands of pixels (tens of thousands at 2×).
        #expect(corner > 5000 * scale * scale)
        #expect(elsewhere == 0)
        // The bottom-left 16 pt margin stays clear; the panel starts right after it.
        #expect(Self.differing(none, shown, x: 0..<(14 * scale), y: 0..<height) == 0)
        #expect(Self.differing(none, shown, x: (16 * scale)..<(20 * scale), y: (height - 20 * scale)..<(height - 16 * scale)) > 0)
        // (Counted, not compared as arrays: a failing comparison would print both frames.)
        #expect(Self.differing(none, hidden, x: 0..<width, y: 0..<height) == 0, "a second I hides it")
    }

    /// The smallest rectangle holding every pixel that differs: (minX, minY, maxX, maxY).
    static func changedBox(_ a: Image, _ b: Image) -> (Int, Int, Int, Int) {
        var box = (Int.max, Int.max, -1, -1)
        for y in 0..<a.height { for x in 0..<a.width where a.rgb(x, y) != b.rgb(x, y) {
            box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
        } }
        return box
    }

    /// At 2× the panel is twice as wide and tall in pixels: its text is rasterised at the pixel
    /// scale, not drawn at 1× and stretched or left small.
    @Test(.enabled(if: tools, "needs ImageMagick and exiftool (make test installs them)"))
    func panelIsTwiceAsLargeInPixelsAt2x() throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try Self.deck(in: directory)
        var sizes: [(Int, Int)] = []
        for scale in [1, 2] {
            let none = try Self.shot(directory, "none\(scale)", presses: 0, scale: scale, [folder.path])
            let shown = try Self.shot(directory, "shown\(scale)", presses: 1, scale: scale, [folder.path])
            let box = Self.changedBox(none, shown)
            sizes.append((box.2 - box.0 + 1, box.3 - box.1 + 1))
            print("--scale \(scale): panel \(box.2 - box.0 + 1) × \(box.3 - box.1 + 1) px at (\(box.0), \(box.1))")
            #expect(box.0 == 16 * scale && box.3 == 480 * scale - 16 * scale - 1, "16 pt from the bottom-left corner")
        }
        // The face's advances and line height round to whole pixels at each size (10 lines of
        // 16 px at 1×, 31 px at 2×): within 5 % of twice. Text drawn at 1× would be half that.
        let close = { (a: Int, b: Int) in abs(Double(a) / Double(2 * b) - 1) < 0.05 }
        #expect(close(sizes[1].0, sizes[0].0) && close(sizes[1].1, sizes[0].1), "\(sizes)")
    }

    @Test(.enabled(if: tools, "needs ImageMagick and exiftool (make test installs them)"))
    func overlayFollowsTheOpenPhotoAndNamesColourCards() throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try Self.deck(in: directory)
        let first = try Self.shot(directory, "first", presses: 1, scale: 1, ["--open", "0", folder.path])
        let second = try Self.shot(directory, "second", presses: 1, scale: 1, ["--open", "1", folder.path])
        let firstPlain = try Self.shot(directory, "firstPlain", presses: 0, scale: 1, ["--open", "0", folder.path])
        let secondPlain = try Self.shot(directory, "secondPlain", presses: 0, scale: 1, ["--open", "1", folder.path])
        let corner = (x: 0..<130, y: 300..<480)   // left of either photo (portrait, fitted to the height, centred)
        #expect(Self.differing(firstPlain, secondPlain, x: corner.x, y: corner.y) == 0)
        #expect(Self.differing(first, firstPlain, x: corner.x, y: corner.y) > 1000, "shown over the open photo")
        #expect(Self.differing(first, second, x: corner.x, y: corner.y) > 500, "another photo, other lines")
        // Paged from the first to the second in the full view (the row stays on the first): the
        // second's lines.
        let paged = try Self.shot(directory, "paged", presses: 1, scale: 1, ["--open", "0", folder.path],
                                  before: ["0.1 key right"])
        #expect(Self.differing(paged, second, x: corner.x, y: corner.y) == 0, "the page shown, not the row's card")
        // The colour deck has no files: one short line.
        let colours = try Self.shot(directory, "colours", presses: 1, scale: 1, ["--cards", "3"])
        let coloursPlain = try Self.shot(directory, "coloursPlain", presses: 0, scale: 1, ["--cards", "3"])
        let changed = Self.differing(colours, coloursPlain, x: 0..<640, y: 0..<480)
        print("colour deck: \(changed) pixels changed by I")
        #expect(changed > 300 && Self.differing(colours, coloursPlain, x: 0..<640, y: 0..<400) == 0)
    }

    @Test(.enabled(if: tools, "needs ImageMagick and exiftool (make test installs them)"))
    func infoPrintsTheOverlaysLines() throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try Self.deck(in: directory)
        let photo = folder.appendingPathComponent("a.jpg").path
        let size = try #require(try FileManager.default.attributesOfItem(atPath: photo)[.size] as? Int)
        let result = try SwivelProcess.run(["--info", photo, folder.appendingPathComponent("missing.jpg").path])
        #expect(result.status == 1)
        #expect(result.stdout == """
            File: a.jpg
            Pixels: 150 × 200
            File size: \(size) bytes
            Format: JPEG
            Taken: 2024-05-01 14:03:22
            Camera: Canon EOS 5D
            Focal length: 50 mm
            Aperture: f/2.8
            Exposure: 1/250 s
            Sensitivity: ISO 400

            File: missing.jpg

            """)
        let missing = folder.appendingPathComponent("missing.jpg").path
        #expect(result.stderr == "swivel: cannot read \(missing): cannot open: No such file or directory\n")
        // strerror's words and the file type come from the worker's side of the request as well.
        let folderInfo = try SwivelProcess.run(["--info", folder.path])
        #expect(folderInfo.status == 1)
        #expect(folderInfo.stderr == "swivel: cannot read \(folder.path): not a regular file (a directory)\n")
    }
}
