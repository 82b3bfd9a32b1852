import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// A corpus of hostile input run through the real binary: folders of broken, huge, strange and
/// non-file entries beside good photos, command lines that give no deck, and garbage config files.
/// Every case ends with its own message and exit status (or one "skipped" line while the rest of
/// the deck loads) — never a crash, a hang (each run has a time limit) or a GL error.
@Suite(.serialized) struct HostileInputTests {
    /// What one folder entry must do.
    enum Outcome: Sendable {
        /// Becomes a card showing this solid colour (within `tolerance` per channel), or any
        /// picture at all when nil.
        case loads([UInt8]?, tolerance: Int = 1)
        /// Refused by the decoder: one line "skipped PATH: reason"; takes no card.
        case refused(String)
        /// Skipped by the folder scan with one line "skipped PATH: reason" ("{folder}" in the
        /// reason stands for the folder's path).
        case warned(String)
        /// Not a photo and not worth a word (other extensions, dot-files, directories).
        case ignored
    }

    struct Entry: Sendable {
        /// Path bytes under the folder (need not be UTF-8).
        let name: [UInt8]
        let outcome: Outcome
        /// How a message shows the name, written out by hand where that is not the name's own
        /// printable ASCII (U+FFFD for bytes that are not UTF-8, `\n` for a newline, …): the
        /// expected lines are literals, not made with the app's `FilePath.description`.
        var shown: String? = nil
        let make: @Sendable (FilePath) -> Void

        /// The name as a message must show it.
        var shownName: String {
            if let shown { return shown }
            precondition(name.allSatisfy { (0x20...0x7E).contains($0) }, "give \(name) how it is shown")
            return String(decoding: name, as: UTF8.self)
        }
    }

    /// One folder, shown in one run: at most four entries that reach the decoder, so every one
    /// of them is on screen at 1600 × 720 and `--screenshot` waits for it.
    struct Batch: Sendable, CustomTestStringConvertible {
        let title: String
        var recursive = false
        let entries: [Entry]
        var testDescription: String { title }
    }

    static let size = (width: 1600, height: 720)

    // MARK: The corpus

    static func name(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func bytes(_ name: String, _ bytes: [UInt8], _ outcome: Outcome) -> Entry {
        Entry(name: Self.name(name), outcome: outcome) { ImageFiles.write($0, bytes) }
    }

    static func solid(_ name: [UInt8], _ kind: ImageFiles.Kind, _ color: [UInt8], width: Int = 40,
                      height: Int = 60) -> Entry {
        Entry(name: name, outcome: .loads(color, tolerance: kind == .jpeg ? 4 : 1)) {
            ImageFiles.write($0, ImageFiles.solid(kind, width: width, height: height, color))
        }
    }

    static func solid(_ name: String, _ kind: ImageFiles.Kind, _ color: [UInt8], width: Int = 40,
                      height: Int = 60) -> Entry {
        solid(Self.name(name), kind, color, width: width, height: height)
    }

    /// A 64 × 64 PNG of noise-like colours (so that it does not compress to a few bytes).
    static let noisePNG = ImageFiles.image(.png, width: 64, height: 64) { x, y in
        [UInt8(x * 4), UInt8(y * 4), UInt8((x * y) & 255)]
    }

    /// A 256 × 256 grey gradient JPEG whose scan is most of the file.
    static let gradientJPEG = ImageFiles.image(.jpeg, width: 256, height: 256) { x, y in
        [UInt8(y), UInt8((x + y) & 255), UInt8(x)]
    }

    /// `noisePNG` with bytes in the middle of its IDAT data inverted (its CRC no longer matches).
    static var flippedPNG: [UInt8] {
        var bytes = noisePNG
        let idat = bytes.indices.first { Array(bytes[$0..<($0 + 4)]) == Array("IDAT".utf8) }!
        for i in (idat + 40)..<(idat + 48) { bytes[i] = ~bytes[i] }
        return bytes
    }

    static let isRoot = getuid() == 0

    static let batches: [Batch] = [
        Batch(title: "empty, text, 1×1, FIFO, /dev/zero, a directory named like an image", entries: [
            bytes("01 empty.png", [], .refused("empty file")),
            solid("02 red.png", .png, [255, 59, 48]),
            bytes("03 notes.png", name("shopping: eggs, milk\n"), .refused("not an image")),
            solid("04 one pixel.png", .png, [0, 122, 255], width: 1, height: 1),
            Entry(name: name("05 pipe.png"), outcome: .warned("not a regular file (a FIFO)")) { ImageFiles.fifo($0) },
            Entry(name: name("06 zero.png"), outcome: .warned("not a regular file (a character device)")) {
                ImageFiles.link($0, to: "/dev/zero")
            },
            Entry(name: name("07 folder.png"), outcome: .ignored) { ImageFiles.directory($0) },
            bytes("08 readme.txt", name("not a photo\n"), .ignored),
            bytes(".hidden.png", [0xDE, 0xAD], .ignored),
        ]),
        Batch(title: "truncated and corrupt PNGs, broken and looping links", entries: [
            bytes("01 cut header.png", Array(noisePNG.prefix(20)), .refused("truncated PNG header")),
            bytes("02 cut body.png", Array(noisePNG.prefix(noisePNG.count / 2)),
                  .refused("cannot decode: truncated PNG data (Error reading the PNG file.)")),
            bytes("03 flipped IDAT.png", flippedPNG, .refused("cannot decode: PNG IDAT: invalid bit length repeat")),
            solid("04 green.jpg", .jpeg, [52, 199, 89]),
            Entry(name: name("05 broken.png"), outcome: .warned("broken symbolic link")) {
                ImageFiles.link($0, to: "missing.png")
            },
            Entry(name: name("06 self.png"), outcome: .warned("Too many levels of symbolic links")) {
                ImageFiles.link($0, to: "06 self.png")
            },
        ]),
        // libpng (a bad ancillary CRC is a warning) and Swivel print nothing but the one line for
        // each refused file; a file without its IEND is cut, refused as truncated like any other.
        Batch(title: "PNGs: a bad text CRC, no IEND, linear gamma, an unknown critical chunk", entries: [
            bytes("01 bad text CRC.png", PNGChunks(ImageFiles.solid(.png, width: 40, height: 60, [255, 149, 0]))
                      .inserting(.init("tEXt", name("Comment\0hi"), storedCRC: 0)).bytes, .loads([255, 149, 0])),
            bytes("02 no IEND.png", Array(ImageFiles.solid(.png, width: 40, height: 60, [0, 122, 255]).dropLast(12)),
                  .refused("cannot decode: truncated PNG data (Error reading the PNG file.)")),
            // Samples of 128 in linear light (gAMA 1.0) are sRGB's 188.
            bytes("03 linear.png", PNGChunks(ImageFiles.solid(.png, width: 40, height: 60, [128, 128, 128]))
                      .inserting(.init("gAMA", ImageFiles.be32(100_000))).bytes, .loads([188, 188, 188])),
            bytes("04 private critical chunk.png", PNGChunks(ImageFiles.solid(.png, width: 40, height: 60, [1, 2, 3]))
                      .inserting(.init("CRIT", [1])).bytes, .refused("cannot decode: PNG CRIT: unhandled critical chunk")),
        ]),
        Batch(title: "truncated JPEGs and wrong extensions (the decoder goes by content)", entries: [
            bytes("01 cut body.jpg", Array(gradientJPEG.prefix(gradientJPEG.count / 2)),
                  .refused("cannot decode: truncated JPEG data")),
            bytes("02 cut header.jpg", Array(gradientJPEG.prefix(10)), .refused("truncated JPEG header")),
            Entry(name: name("03 really a png.jpg"), outcome: .loads([255, 149, 0])) {
                ImageFiles.write($0, ImageFiles.solid(.png, width: 40, height: 60, [255, 149, 0]))
            },
            Entry(name: name("04 really a jpeg.png"), outcome: .loads([175, 82, 222], tolerance: 4)) {
                ImageFiles.write($0, ImageFiles.solid(.jpeg, width: 40, height: 60, [175, 82, 222]))
            },
        ]),
        Batch(title: "over the size limits (refused from the header), bombs, and just at the limit", entries: [
            solid("01 wide 16385x1.png", .png, [1, 2, 3], width: 16385, height: 1)
                .with(.refused("16385×1 px is over the 16384 px limit on a side")),
            // A real PNG's data under a header that claims 100000 × 100000 (40 GB of pixels).
            bytes("02 bomb 100000x100000.png", ImageFiles.pngHeader(100_000, 100_000) + noisePNG.dropFirst(33),
                  .refused("100000×100000 px is over the 16384 px limit on a side")),
            bytes("03 bomb 16001x16001.png", ImageFiles.pngHeader(16001, 16001) + noisePNG.dropFirst(33),
                  .refused("16001×16001 px is 256.0 MP, over the 256 MP limit")),
            solid("04 wide 16384x1.png", .png, [90, 200, 250], width: 16384, height: 1),
        ]),
        Batch(title: "PNM bomb, zero-size header, random bytes, BMP", entries: [
            bytes("01 bomb.ppm", name("P6\n99999 99999\n255\n") + [1, 2, 3],
                  .refused("99999×99999 px is over the 16384 px limit on a side")),
            bytes("02 zero width.png", ImageFiles.pngHeader(0, 10) + noisePNG.dropFirst(33),
                  .refused("PNG header has a zero or negative size")),
            bytes("03 random.jpg", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) },
                  .refused("not an image")),
            solid("04 teal.bmp", .bmp, [48, 176, 199]),
        ]),
        Batch(title: "names: not UTF-8, a newline, 255 bytes; a JPEG with no frame", entries: [
            bytes("01 no frame.jpg", [0xFF, 0xD8, 0xFF, 0xD9, 0, 0], .refused("malformed JPEG header")),
            solid(name("02 caf") + [0xE9] + name(".png"), .png, [255, 204, 0]),     // Latin-1 é
            Entry(name: name("03 two\nlines.png"), outcome: .refused("not an image"), shown: "03 two\\nlines.png") {
                ImageFiles.write($0, Self.name("not a photo"))
            },
            solid("04 " + String(repeating: "x", count: 255 - 3 - 4) + ".png", .png, [88, 86, 214]),
        ]),
        Batch(title: "permissions, a link to a photo, a tab in the name, a corrupt JPEG scan, a link loop",
              recursive: true, entries: [
            Entry(name: name("01 locked.png"),
                  outcome: isRoot ? .loads([255, 45, 85]) : .refused("cannot open: Permission denied")) {
                ImageFiles.write($0, ImageFiles.solid(.png, width: 40, height: 60, [255, 45, 85]), mode: 0)
            },
            Entry(name: name("02 alias.png"), outcome: .loads([0, 199, 190])) {
                ImageFiles.write(FilePath(bytes: $0.bytes.dropLast(12) + name("target.data")),
                                 ImageFiles.solid(.png, width: 40, height: 60, [0, 199, 190]))
                ImageFiles.link($0, to: "target.data")
            },
            solid("03 tab\tname.png", .png, [199, 0, 57]),
            // Bytes inverted inside the entropy-coded scan: libjpeg warns and decodes something.
            Entry(name: name("04 corrupt scan.jpg"), outcome: .loads(nil)) {
                var bytes = gradientJPEG
                for i in (bytes.count / 2)..<(bytes.count / 2 + 64) { bytes[i] = ~bytes[i] }
                ImageFiles.write($0, bytes)
            },
            Entry(name: name("sub"), outcome: .ignored) { ImageFiles.directory($0) },
            Entry(name: name("sub/back"), outcome: .warned("symbolic link loop back to {folder}")) {
                ImageFiles.link($0, to: "..")
            },
        ]),
        Batch(title: "truncated GIF, WebP and TIFF headers; an upper-case extension", entries: [
            bytes("01 cut.gif", name("GIF89a") + [1, 0], .refused("truncated GIF header")),
            bytes("02 cut.webp", name("RIFF") + [0, 0, 0, 0] + name("WEBPVP8X"), .refused("truncated WEBP header")),
            bytes("03 far directory.tif", name("II*") + [0, 0xA0, 0x86, 0x01, 0],
                  .refused("cannot decode: truncated TIFF data (Can not read TIFF directory count)")),
            solid("04 upper.PNG", .png, [255, 214, 10]),
        ]),
        Batch(title: "TIFFs libtiff warns about, its RGBA reader cannot decode, or finds cut short", entries: [
            // Tags out of order: libtiff warns (on no console) and decodes it.
            bytes("01 unsorted tags.tif", tiff(bits: 8, pixels: [52, 199, 89], unsorted: true), .loads([52, 199, 89])),
            // Refused by libtiff's RGBA reader, read sample by sample: black.
            bytes("02 twelve bits.tif", tiff(bits: 12, pixels: [0, 0, 0, 0, 0]), .loads([0, 0, 0])),
            bytes("03 floating point.tif", tiff(bits: 32, sampleFormat: 3, pixels: [UInt8](repeating: 0, count: 12)),
                  .loads([0, 0, 0])),
            bytes("04 cut strip.tif", tiff(bits: 8, pixels: [52, 199, 89], stripBytes: 3 * 6 * 4),
                  .refused("cannot decode: truncated TIFF data (Read error; got 3 bytes, expected 72)")),
        ]),
        Batch(title: "a socket; names not UTF-8 and with a terminal escape, refused: their lines as bytes", entries: [
            Entry(name: name("01 socket.png"), outcome: .warned("not a regular file (a socket)")) { ImageFiles.socket($0) },
            // Latin-1 é (0xE9) is shown as U+FFFD (EF BF BD), never as the raw byte.
            Entry(name: name("02 caf") + [0xE9] + name(" notes.png"), outcome: .refused("not an image"),
                  shown: "02 caf\u{FFFD} notes.png") { ImageFiles.write($0, Self.name("shopping list\n")) },
            // ESC [2J would clear a terminal: escaped, as Swift writes it.
            Entry(name: name("03 esc\u{1B}[2J.png"), outcome: .refused("not an image"), shown: "03 esc\\u{1B}[2J.png") {
                ImageFiles.write($0, Self.name("not a photo"))
            },
            solid("04 purple.png", .png, [175, 82, 222]),
        ]),
        Batch(title: "SVGs nanosvg would draw for minutes; an SVG whose root comes after a long comment", entries: [
            bytes("01 curves.svg", svg(path(16000, command: "C", numbers: 6)),
                  .refused("cannot decode: SVG too complex (48001 path points, at most 4000)")),
            bytes("02 dashed.svg", svg(path(8000, dashes: "1 1")),
                  .refused("cannot decode: SVG too complex (8001 path points with dashed strokes, at most 400)")),
            bytes("03 late root.svg", svg("<rect width='1' height='100000' fill='red'/>", width: 1, height: 100_000,
                                          before: "<!-- " + String(repeating: "padding ", count: 2500) + "-->\n"),
                  .refused("SVG is 1×100000, over the 1:1000 limit on its shape")),
            bytes("04 dashed square.svg", svg("<rect width='1000' height='1000' fill='#34c759'/>"
                                              + "<path d='M 5 5 H 995 V 995 H 5 Z' fill='none' stroke='#34c759' stroke-dasharray='8 4'/>"),
                  .loads([52, 199, 89])),
        ]),
    ]

    /// An SVG `width` × `height` of `body` (after `before`).
    static func svg(_ body: String, width: Int = 1000, height: Int = 1000, before: String = "") -> [UInt8] {
        name("\(before)<svg xmlns='http://www.w3.org/2000/svg' width='\(width)' height='\(height)'>\(body)</svg>")
    }

    /// One path of `count` segments (`command` with `numbers` coordinates each) at pseudo-random
    /// places all over a 1000-unit drawing: the worst case for nanosvg's rasteriser.
    static func path(_ count: Int, command: String = "L", numbers: Int = 2, dashes: String? = nil) -> String {
        var state: UInt32 = 12345
        func next() -> Int { state = state &* 1_103_515_245 &+ 12345; return Int(state >> 8) % 1000 }
        let d = "M 10 10 " + (0..<count).map { _ in command + " " + (0..<numbers).map { _ in String(next()) }.joined(separator: " ") }
            .joined(separator: " ")
        return "<path d='\(d)' fill='none' stroke='black' stroke-width='2'" + (dashes.map { " stroke-dasharray='\($0)'" } ?? "") + "/>"
    }

    /// A little-endian RGB TIFF of one strip, 1 × 1 unless `stripBytes` claims more (6 × 4 at 3
    /// bytes a pixel), `pixels` after the directory; its tags in ascending order as TIFF 6.0
    /// requires, or with ImageWidth last when `unsorted`.
    static func tiff(bits: Int, sampleFormat: Int = 1, pixels: [UInt8], stripBytes: Int? = nil,
                     unsorted: Bool = false) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + [0, 0] : le32(value))
        }
        let (width, height) = stripBytes == nil ? (1, 1) : (6, 4)
        var entries: [[UInt8]] = [entry(256, 3, width), entry(257, 3, height), entry(258, 3, bits), entry(259, 3, 1),
                                  entry(262, 3, 2), entry(273, 4, 8 + 2 + 10 * 12 + 4), entry(277, 3, 3),
                                  entry(278, 3, height), entry(279, 4, stripBytes ?? pixels.count),
                                  entry(339, 3, sampleFormat)]
        if unsorted { entries.append(entries.removeFirst()) }
        return name("II") + le16(42) + le32(8) + le16(entries.count) + entries.flatMap { $0 } + le32(0) + pixels
    }

    // MARK: Folders of hostile files beside good ones

    @Test(arguments: batches)
    func badFilesAreSkippedWithOneLineEachAndTheRestLoad(_ batch: Batch) throws {
        let folder = FilePath(try SwivelProcess.temporaryDirectory().path)
        let output = try SwivelProcess.temporaryDirectory()
        defer {
            ImageFiles.remove(folder)
            try? FileManager.default.removeItem(at: output)
        }
        for entry in batch.entries { entry.make(folder.appending(entry.name)) }
        let png = output.appendingPathComponent("frame.png").path

        let arguments = [folder.text] + (batch.recursive ? ["--recursive"] : [])
            + ["--size", "\(Self.size.width)x\(Self.size.height)", "--screenshot", png]
        let result = try SwivelProcess.run(arguments, environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 30)
        #expect(!result.signaled, "ended by a signal: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(png) (\(Self.size.width)x\(Self.size.height) px"))

        // The folder's own path is plain ASCII (/tmp/swivel-tests-…), so its text is how it is shown.
        precondition(folder.bytes.allSatisfy { (0x20...0x7E).contains($0) })
        var expected: [String] = []
        for entry in batch.entries {
            switch entry.outcome {
            case .refused(let reason), .warned(let reason):
                expected.append("swivel: skipped \(folder.text)/\(entry.shownName): "
                                + reason.replacingOccurrences(of: "{folder}", with: folder.text))
            case .loads, .ignored:
                break
            }
        }
        // Compared as bytes: decoding stderr first would turn a raw invalid byte into U+FFFD too.
        #expect(result.stderrBytes.isEmpty || result.stderrBytes.last == UInt8(ascii: "\n"))
        let lines = result.stderrBytes.split(separator: UInt8(ascii: "\n")).map { Array($0) }
        #expect(lines.sorted { $0.lexicographicallyPrecedes($1) }
                == expected.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) },
                "stderr: \(result.stderr)")

        // The cards left are the good files in name order; card k's middle shows its colour.
        let image = try Image(contentsOf: png)
        #expect(image.width == Self.size.width && image.height == Self.size.height)
        let loads = batch.entries.compactMap { entry -> (color: [UInt8]?, tolerance: Int)? in
            if case .loads(let color, let tolerance) = entry.outcome { return (color, tolerance) }
            return nil
        }
        // Every entry that reaches the decoder is on screen from the start (so it is waited for).
        let layout = CarouselLayout(viewport: Size(Double(Self.size.width), Double(Self.size.height)), cardCount: 4)
        #expect(Set(layout.visibleIndices(scroll: 0)) == [0, 1, 2, 3])
        for (k, load) in loads.enumerated() {
            let x = Self.size.width / 2 + 240 * k
            let pixel = image.rgb(x, Self.size.height / 2)
            if let color = load.color {
                #expect(zip(pixel, color).allSatisfy { abs($0 - Int($1)) <= load.tolerance },
                        "card \(k) shows \(pixel), not \(color)")
            } else {
                let placeholder = PhotoDeckPlaceholder.rgb
                #expect(pixel != placeholder, "card \(k) still shows the placeholder")
            }
        }
        // Nothing beyond the good cards: the background shows where card `loads.count` would be.
        let beyond = Self.size.width / 2 + 240 * loads.count
        if beyond < Self.size.width { #expect(image.rgb(beyond, 200) == [255, 255, 255]) }
    }

    // MARK: Command lines that give no deck

    struct Deckless: Sendable, CustomTestStringConvertible {
        let title: String
        /// Makes what the run needs under the folder; returns the photo arguments.
        let setup: @Sendable (FilePath) -> [String]
        let status: Int32
        /// stderr's lines, "{folder}" standing for the folder's path (any order).
        let lines: [String]
        var testDescription: String { title }
    }

    static let decklessCases: [Deckless] = [
        Deckless(title: "a path that does not exist", setup: { ["\($0.text)/nope"] }, status: 64,
                 lines: ["swivel: no such file or directory: {folder}/nope"]),
        Deckless(title: "an empty folder", setup: { [$0.text] }, status: 64, lines: ["swivel: no images in {folder}"]),
        Deckless(title: "a folder of things that are not images", setup: { folder in
            ImageFiles.write(folder.appending(name("readme.txt")), name("hello\n"))
            ImageFiles.directory(folder.appending(name("folder.png")))
            ImageFiles.fifo(folder.appending(name("pipe.png")))
            ImageFiles.link(folder.appending(name("zero.png")), to: "/dev/zero")
            return [folder.text]
        }, status: 64, lines: ["swivel: skipped {folder}/pipe.png: not a regular file (a FIFO)",
                               "swivel: skipped {folder}/zero.png: not a regular file (a character device)",
                               "swivel: no images in {folder}"]),
        Deckless(title: "a folder of nothing but bad images", setup: { folder in
            ImageFiles.write(folder.appending(name("empty.png")), [])
            ImageFiles.write(folder.appending(name("notes.png")), name("hello\n"))
            return [folder.text]
        }, status: 1, lines: ["swivel: skipped {folder}/empty.png: empty file",
                              "swivel: skipped {folder}/notes.png: not an image",
                              "swivel: none of the images could be read"]),
        Deckless(title: "a FIFO named on the command line", setup: { folder in
            ImageFiles.fifo(folder.appending(name("pipe.png")))
            ImageFiles.write(folder.appending(name("good.png")), ImageFiles.solid(.png, width: 4, height: 6, [0, 0, 0]))
            return ["\(folder.text)/pipe.png", "\(folder.text)/good.png"]
        }, status: 0, lines: ["swivel: skipped {folder}/pipe.png: not a regular file (a FIFO)"]),
        Deckless(title: "/dev/zero named on the command line", setup: { folder in
            ImageFiles.write(folder.appending(name("good.png")), ImageFiles.solid(.png, width: 4, height: 6, [0, 0, 0]))
            return ["/dev/zero", "\(folder.text)/good.png"]
        }, status: 0, lines: ["swivel: skipped /dev/zero: not a regular file (a character device)"]),
        Deckless(title: "a folder given twice and a file in it", setup: { folder in
            ImageFiles.write(folder.appending(name("good.png")), ImageFiles.solid(.png, width: 4, height: 6, [0, 0, 0]))
            return [folder.text, folder.text, "\(folder.text)/good.png"]
        }, status: 0, lines: []),
    ]

    @Test(arguments: decklessCases)
    func commandLinesWithoutAGoodDeck(_ run: Deckless) throws {
        let folder = FilePath(try SwivelProcess.temporaryDirectory().path)
        let output = try SwivelProcess.temporaryDirectory()
        defer {
            ImageFiles.remove(folder)
            try? FileManager.default.removeItem(at: output)
        }
        let png = output.appendingPathComponent("frame.png").path
        let result = try SwivelProcess.run(run.setup(folder) + ["--screenshot", png],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 30)
        #expect(!result.signaled)
        #expect(result.status == run.status, "stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.sorted() == run.lines.map { $0.replacingOccurrences(of: "{folder}", with: folder.text) }.sorted())
        #expect(FileManager.default.fileExists(atPath: png) == (run.status == 0))
    }

    // MARK: Files and folders the user may not read

    /// Runs the binary as an ordinary user: as root (which reads every file whatever its mode, so
    /// a test run as root would see nothing refused) as `nobody`, through setpriv.
    static func runAsOrdinaryUser(_ arguments: [String]) throws -> ProcessResult {
        let environment = ["SDL_VIDEODRIVER": "offscreen"]
        guard getuid() == 0 else { return try SwivelProcess.run(arguments, environment: environment, timeout: 30) }
        let nobody = try #require(getpwnam("nobody")).pointee
        // Caches (thumbnails, Mesa's shaders) in a folder `nobody` may write: root's are not its.
        let caches = TemporaryDirectory()
        caches.shareWithOtherUsers()
        return try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                            ["--reuid=\(nobody.pw_uid)", "--regid=\(nobody.pw_gid)", "--clear-groups", "--",
                                             SwivelProcess.binary.path] + arguments,
                                            environment: environment.merging(["XDG_CACHE_HOME": caches.path.text,
                                                                              "MESA_SHADER_CACHE_DIR": caches.path("mesa").text]) { $1 },
                                            timeout: 30)
    }

    /// A photo with mode 000 is skipped with one line, "cannot open: Permission denied"; a
    /// subfolder with mode 000 under `--recursive` with "cannot read directory PATH: Permission
    /// denied"; the photo beside them loads. A folder named on the command line that cannot be read
    /// stops the run: exit 64 and one line. (As root the same files load: the folder batch above.)
    @Test func unreadableFilesAndFoldersAsAnOrdinaryUser() throws {
        let base = TemporaryDirectory()
        base.shareWithOtherUsers()
        base.makeDirectories("photos", "photos/sub", "locked")
        ImageFiles.write(base.path("photos/01 locked.png"), ImageFiles.solid(.png, width: 40, height: 60, [255, 0, 0]), mode: 0)
        ImageFiles.write(base.path("photos/02 green.png"), ImageFiles.solid(.png, width: 40, height: 60, [0, 200, 0]))
        ImageFiles.write(base.path("photos/sub/03 blue.png"), ImageFiles.solid(.png, width: 40, height: 60, [0, 0, 255]))
        ImageFiles.write(base.path("locked/04 yellow.png"), ImageFiles.solid(.png, width: 40, height: 60, [255, 204, 0]))
        for folder in ["photos/sub", "locked"] { #expect(chmod(base.path(folder).cString, 0) == 0) }
        let photos = base.path("photos").text, png = base.path("frame.png").text

        let result = try Self.runAsOrdinaryUser([photos, "--recursive", "--no-captions", "--screenshot", png])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stderrBytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.sorted() == ["swivel: cannot read directory \(photos)/sub: Permission denied",
                                   "swivel: skipped \(photos)/01 locked.png: cannot open: Permission denied"])
        let frame = try Image(contentsOf: png)
        #expect(frame.rgb(640, 360) == [0, 200, 0], "the middle card is \(frame.rgb(640, 360)), not 02 green")
        #expect(frame.rgb(880, 360) == [255, 255, 255], "a card stands beside 02 green: \(frame.rgb(880, 360))")

        let locked = base.path("locked").text
        let stopped = try Self.runAsOrdinaryUser([locked, "--screenshot", base.path("never.png").text])
        #expect(stopped.status == 64)
        #expect(stopped.stderr == "swivel: cannot read directory \(locked): Permission denied\n")
        #expect(!FileManager.default.fileExists(atPath: base.path("never.png").text))
    }

    // MARK: Garbage config files

    struct Config: Sendable, CustomTestStringConvertible {
        let title: String
        /// Makes `swivel/config` (the path given) somehow.
        let make: @Sendable (FilePath) -> Void
        /// stderr's one line, "{config}" standing for the config file's path.
        let line: String
        var testDescription: String { title }
    }

    static func config(_ title: String, _ bytes: [UInt8], _ line: String) -> Config {
        Config(title: title, make: { ImageFiles.write($0, bytes) }, line: line)
    }

    static let configCases: [Config] = [
        config("binary bytes", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0xFF, 0xFE, 0x00, 0x80],
               "swivel: cannot read config file {config}: it is not UTF-8 text"),
        config("2 MiB", [UInt8](repeating: UInt8(ascii: "#"), count: 2 << 20),
               "swivel: cannot read config file {config}: it is larger than 1 MiB"),
        config("a line without '='", name("spacing = 240\n\ngarbage line\n"),
               "swivel: {config} line 3: expected 'key = value', got 'garbage line'"),
        config("an unknown key", name("# mine\ncolour = red\n"), "swivel: {config} line 2: unknown key 'colour'"),
        config("NaN", name("spacing = nan\n"),
               "swivel: {config} line 1: spacing wants a number of points from 0 to 10000 (got 'nan')"),
        config("a negative count", name("cards = -5\n"),
               "swivel: {config} line 1: cards wants a whole number from 1 to 100000000 (got '-5')"),
        config("a huge size", name("size = 99999999999999999999x1\n"),
               "swivel: {config} line 1: size wants WIDTHxHEIGHT in points, each 1 to 16384 (got '99999999999999999999x1')"),
        config("NULs and a terminal escape", [0, 0, 0x1B] + name("[2J\n"),
               "swivel: {config} line 1: expected 'key = value', got '\\0\\0\\u{1B}[2J'"),
        config("one line of almost 1 MiB", [UInt8](repeating: UInt8(ascii: "z"), count: (1 << 20) - 1),
               "swivel: {config} line 1: expected 'key = value', got '\(String(repeating: "z", count: 80))…'"),
        Config(title: "a directory", make: { ImageFiles.directory($0) },
               line: "swivel: cannot read config file {config}: it is a directory"),
        Config(title: "a FIFO", make: { ImageFiles.fifo($0) },
               line: "swivel: cannot read config file {config}: it is not a regular file"),
        Config(title: "a link to /dev/zero", make: { ImageFiles.link($0, to: "/dev/zero") },
               line: "swivel: cannot read config file {config}: it is not a regular file"),
    ]

    @Test(arguments: configCases)
    func garbageConfigExits64WithOneLine(_ config: Config) throws {
        let home = FilePath(try SwivelProcess.temporaryDirectory().path)
        defer { ImageFiles.remove(home) }
        ImageFiles.directory(home.appending(Self.name("swivel")))
        let file = home.appending(Self.name("swivel/config"))
        config.make(file)
        let result = try SwivelProcess.run(["--cards", "3", "--screenshot", "\(home.text)/never.png"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen",
                                                         "XDG_CONFIG_HOME": home.text], timeout: 30)
        #expect(!result.signaled)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == config.line.replacingOccurrences(of: "{config}", with: file.text) + "\n")
    }

    // MARK: How many

    @Test func atLeastFiftyHostileCases() {
        let files = Self.batches.map(\.entries.count).reduce(0, +)
        let here = files + Self.decklessCases.count + Self.configCases.count
        print("hostile cases: \(files) folder entries, \(Self.decklessCases.count) deckless command lines, "
              + "\(Self.configCases.count) config files; \(BadOptionValueTests.cases.count) bad option values")
        #expect(here >= 50)
        #expect(here + BadOptionValueTests.cases.count >= 170)
    }
}

extension HostileInputTests.Entry {
    /// The same file with another expected outcome.
    func with(_ outcome: HostileInputTests.Outcome) -> Self { Self(name: name, outcome: outcome, shown: shown, make: make) }
}

/// The photo deck's placeholder grey (iOS systemGray5), as the frame shows it.
enum PhotoDeckPlaceholder {
    static let rgb = [229, 229, 234]
}
