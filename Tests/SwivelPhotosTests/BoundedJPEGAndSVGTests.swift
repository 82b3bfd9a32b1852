import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// Files that are valid but would keep a decode thread busy for a minute or more are refused
/// before the work, quickly, with one line saying why; ordinary files of the same kinds still decode.
@Suite(.serialized) struct BoundedJPEGAndSVGTests {
    func reason(_ path: FilePath, width: Int = 40, height: Int = 60) -> String? {
        decodeRefusal(path, width: width, height: height)
    }

    /// How long `work` takes, in seconds.
    func seconds(_ work: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(work)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static let hasJPEGTools = ["/usr/bin/jpegtran", "/usr/bin/djpeg"].allSatisfy(FileManager.default.isExecutableFile(atPath:))

    // MARK: JPEG

    /// The JPEG's marker segments after SOI, each with its bytes (an SOS with its entropy-coded data).
    static func segments(_ bytes: [UInt8]) -> [(marker: UInt8, bytes: ArraySlice<UInt8>)] {
        var out: [(UInt8, ArraySlice<UInt8>)] = []
        var i = 2
        while i + 1 < bytes.count {
            let marker = bytes[i + 1]
            if marker == 0xD9 { out.append((marker, bytes[i..<(i + 2)])); break }
            var end = i + 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
            if marker == 0xDA {
                // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor RSTn.
                while !(bytes[end] == 0xFF && bytes[end + 1] != 0 && !(0xD0...0xD7).contains(bytes[end + 1])) { end += 1 }
            }
            out.append((marker, bytes[i..<end]))
            i = end
        }
        return out
    }

    /// A valid progressive JPEG of `source`'s coefficients with 1 + 3 × 63 × 11 = 2,080 scans:
    /// the DC, then for each component and each AC coefficient a band of its own, sent first with
    /// Al = 10 (the most libjpeg allows for 8-bit samples) and refined one bit at a time down to
    /// 0 (10 refinement scans). jpegtran takes scripts of at most 100 scans, so it writes 21 files
    /// of 9 such band chains each (after the DC scan), whose scans (each with the Huffman tables
    /// written before it) are put after one header. Every scan's bits depend only on the
    /// coefficients and its own Ss/Se/Ah/Al, so the result is the progression a single script
    /// would give.
    static func scanBomb(from source: FilePath, in folder: TemporaryDirectory) throws -> FilePath {
        let chains = (0..<3).flatMap { component in (1...63).map { (component, $0) } }
        var header: [UInt8] = [0xFF, 0xD8], scans: [UInt8] = []
        for (index, start) in stride(from: 0, to: chains.count, by: 9).enumerated() {
            var script = ["0,1,2: 0 0 0 0;"]
            for (component, band) in chains[start..<min(start + 9, chains.count)] {
                script.append("\(component): \(band) \(band) 0 10;")
                for ah in stride(from: 10, to: 0, by: -1) { script.append("\(component): \(band) \(band) \(ah) \(ah - 1);") }
            }
            let scriptFile = folder.path("scans\(index).txt")
            try Data(script.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: scriptFile.text))
            let part = try ExternalTools.outputBytes("jpegtran", ["-scans", scriptFile.text, source.text])
            var pending: [UInt8] = [], scan = 0
            for (marker, bytes) in segments(part) {
                switch marker {
                case 0xC4: pending += bytes                    // DHT: belongs to the next scan
                case 0xDA:
                    if scan > 0 || index == 0 { scans += pending + bytes }   // the DC scan once
                    pending = []
                    scan += 1
                case 0xD9: break
                default: if index == 0 && scan == 0 { header += bytes }
                }
            }
        }
        let bomb = folder.path("bomb.jpg")
        try Data(header + scans + [0xFF, 0xD9]).write(to: URL(fileURLWithPath: bomb.text))
        return bomb
    }

    /// A JPEG with 2,080 valid progressive scans is refused at its 501st scan (the time it took is
    /// printed), with one line; djpeg (no scan limit unless asked) decodes it to the very pixels of
    /// the file it was made from, so it is a valid JPEG. A 10-scan progressive JPEG (cjpeg's
    /// default script) still decodes.
    @Test(.enabled(if: hasJPEGTools, "needs jpegtran and djpeg (libjpeg-turbo-progs; make test installs it)"))
    func progressiveJPEGsWithThousandsOfScansAreRefused() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("upright.png"), source = folder.path("source.jpg")
        try Quadrants.writeUpright(png, width: 640, height: 480)
        try ExternalTools.convert([png.text, "-sampling-factor", "1x1", "-quality", "95", source.text])
        let bomb = try Self.scanBomb(from: source, in: folder)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: bomb.text)))
        #expect(Self.segments(bytes).filter { $0.marker == 0xDA }.count == 2080)
        #expect(try ExternalTools.outputBytes("djpeg", ["-pnm", bomb.text]) == ExternalTools.outputBytes("djpeg", ["-pnm", source.text]))

        var refused: String?
        let time = seconds { refused = reason(bomb) }
        #expect(refused == "cannot decode: progressive JPEG with more than 500 scans")
        print("2,080-scan JPEG refused in \(Int(time * 1000)) ms")

        let progressive = folder.path("progressive.jpg")
        try ExternalTools.convert([png.text, "-interlace", "JPEG", progressive.text])
        let scanCount = Self.segments([UInt8](try Data(contentsOf: URL(fileURLWithPath: progressive.text)))).filter { $0.marker == 0xDA }.count
        #expect(scanCount == 10, "scans: \(scanCount)")
        #expect(Quadrants.isUpright(try ImageDecoder.decode(progressive, width: 40, height: 60)))
    }

    /// The scans of `path` as `JPEGDecoder` counts them before decoding, and the bytes it read.
    func countedScans(_ path: FilePath) throws -> (scans: Int, bytesRead: Int) {
        let file = try OpenFile(path)
        defer { file.close() }
        return try JPEGDecoder.countScans(file, cancellation: .never)
    }

    /// The scans are counted from the bytes before libjpeg decodes any: the hand-made 16000²
    /// JPEG with 3,000 identical AC scans (djpeg decodes its 64² sibling to mid-grey, so it is a
    /// valid JPEG) is refused after reading its first 501 scans, never the 512 MB coefficient
    /// buffer libjpeg makes for it nor 500 passes over its 4 million blocks (12 s of CPU before).
    /// The counts of files others made: cjpeg's default progressive script has 10 scans, a
    /// sequential jpegtran script of one scan a component has 3 (not progressive, but its first
    /// scan does not hold every component, so the count goes on), and a baseline JPEG is one
    /// scan, known from its first read.
    @Test(.enabled(if: hasJPEGTools, "needs jpegtran and djpeg (libjpeg-turbo-progs; make test installs it)"))
    func scansAreCountedFromTheBytesBeforeDecoding() throws {
        let folder = TemporaryDirectory()
        let small = folder.write(Array("small.jpg".utf8), bytes: ProgressiveJPEG.grey(side: 64, acScans: 30))
        #expect(try ExternalTools.outputBytes("djpeg", ["-pnm", small.text])
                == Array("P5\n64 64\n255\n".utf8) + [UInt8](repeating: 128, count: 64 * 64))
        #expect(try countedScans(small).scans == 31)

        let bombBytes = ProgressiveJPEG.grey(side: 16000, acScans: 3000)
        let bomb = folder.write(Array("bomb.jpg".utf8), bytes: bombBytes)
        #expect(Self.segments(bombBytes).filter { $0.marker == 0xDA }.count == 3001)
        let counted = try countedScans(bomb)
        #expect(counted.scans == 501)
        #expect(counted.bytesRead < bombBytes.count, "read \(counted.bytesRead) of \(bombBytes.count) bytes")
        #expect(reason(bomb) == "cannot decode: progressive JPEG with more than 500 scans")

        let png = folder.path("upright.png")
        try Quadrants.writeUpright(png, width: 640, height: 480)
        let progressive = folder.path("progressive.jpg")
        try ExternalTools.convert([png.text, "-interlace", "JPEG", progressive.text])
        #expect(try countedScans(progressive).scans == 10)
        let script = folder.path("three.txt")
        try Data("0: 0 63 0 0;\n1: 0 63 0 0;\n2: 0 63 0 0;\n".utf8).write(to: URL(fileURLWithPath: script.text))
        let three = folder.path("three.jpg")
        try Data(try ExternalTools.outputBytes("jpegtran", ["-scans", script.text, progressive.text]))
            .write(to: URL(fileURLWithPath: three.text))
        #expect(try countedScans(three).scans == 3)
        #expect(Quadrants.isUpright(try ImageDecoder.decode(three, width: 40, height: 60)))

        // A baseline JPEG of noise, over 1 MB: its one scan is known from the first 256 KiB.
        let noise = folder.path("noise.jpg")
        ImageFiles.write(noise, ImageFiles.image(.jpeg(quality: 100), width: 1000, height: 1000) { x, y in
            [UInt8(truncatingIfNeeded: x &* 7919 &+ y &* 104_729), UInt8(truncatingIfNeeded: x ^ y), UInt8(truncatingIfNeeded: x &* y)]
        })
        let noiseBytes = try Data(contentsOf: URL(fileURLWithPath: noise.text)).count
        #expect(noiseBytes > 1 << 20)
        let baseline = try countedScans(noise)
        #expect(baseline.scans == 1 && baseline.bytesRead == 256 << 10, "\(baseline) of \(noiseBytes) bytes")
    }

    /// Other libjpeg errors keep their own lines: a JPEG cut in its scan says so.
    @Test func otherJPEGErrorsKeepTheirLines() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("upright.png"), jpeg = folder.path("whole.jpg"), cut = folder.path("cut.jpg")
        try Quadrants.writeUpright(png, width: 640, height: 960)
        try ExternalTools.convert([png.text, jpeg.text])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: jpeg.text))
        try bytes.prefix(bytes.count - 200).write(to: URL(fileURLWithPath: cut.text))
        #expect(reason(cut) == "cannot decode: truncated JPEG data")
    }

    // MARK: SVG

    static func svg(_ body: String, width: Int = 1000, height: Int = 1000, before: String = "") -> String {
        "\(before)<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\">\(body)</svg>"
    }

    /// A path of `count` segments (`command` each, with `numbers` coordinates) spread over the
    /// whole 1000-unit drawing, from a fixed sequence.
    static func path(_ count: Int, command: String = "L", numbers: Int = 2, dashes: String? = nil) -> String {
        var state: UInt32 = 12345
        func next() -> Int { state = state &* 1_103_515_245 &+ 12345; return Int(state >> 8) % 1000 }
        let d = "M 10 10 " + (0..<count).map { _ in command + " " + (0..<numbers).map { _ in String(next()) }.joined(separator: " ") }
            .joined(separator: " ")
        let dash = dashes.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"\(dash)/>"
    }

    func write(_ folder: TemporaryDirectory, _ name: String, _ text: String) throws -> FilePath {
        let file = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.text))
        return file
    }

    /// The shapes that take nanosvg minutes (16,000 cubic curves; an 8,000-segment dashed path)
    /// are refused with one line before anything is drawn (the time each took is printed), as are
    /// 2,000 curves and 500 dashed segments that take it about a second; shapes and circles count too.
    @Test func svgsTooComplexToDrawAreRefusedQuickly() throws {
        let folder = TemporaryDirectory()
        let cases: [(String, String, String)] = [
            ("curves.svg", Self.svg(Self.path(16000, command: "C", numbers: 6)),
             "cannot decode: SVG too complex (48001 path points, at most 4000)"),
            ("dashed.svg", Self.svg(Self.path(8000, dashes: "1 1")),
             "cannot decode: SVG too complex (8001 path points with dashed strokes, at most 400)"),
            ("some-curves.svg", Self.svg(Self.path(2000, command: "C", numbers: 6)),
             "cannot decode: SVG too complex (6001 path points, at most 4000)"),
            // Dashed in a style rule, not on the path.
            ("styled.svg", Self.svg("<style>path { stroke-dasharray: 4 2 }</style>" + Self.path(500)),
             "cannot decode: SVG too complex (501 path points with dashed strokes, at most 400)"),
            ("polyline.svg", Self.svg("<polyline points=\"" + (0..<8200).map { "\($0 % 1000),\($0 * 7 % 1000)" }.joined(separator: " ")
                                      + "\" fill=\"none\" stroke=\"red\"/>"),
             "cannot decode: SVG too complex (8200 path points, at most 4000)"),
            ("circles.svg", Self.svg(String(repeating: "<circle cx=\"500\" cy=\"500\" r=\"490\" fill=\"none\" stroke=\"red\"/>", count: 400)),
             "cannot decode: SVG too complex (5200 path points, at most 4000)"),
        ]
        for (name, text, expected) in cases {
            let file = try write(folder, name, text)
            var refused: String?
            let time = seconds { refused = reason(file, width: 400, height: 400) }
            #expect(refused == expected, "\(name)")
            print("\(name): refused in \(Int(time * 1000)) ms")
        }
    }

    /// Under the limits: a few shapes, 1,000 curves, 300 dashed segments, and a line with
    /// `stroke-dasharray="none"` all draw; the measure counts numbers as SVG writes them.
    @Test func ordinarySVGsStillDraw() throws {
        let folder = TemporaryDirectory()
        let files = [
            ("shapes.svg", Self.svg("<rect width=\"1000\" height=\"1000\" fill=\"#00ff00\"/><circle cx=\"500\" cy=\"500\" r=\"100\" fill=\"red\"/>")),
            ("curves.svg", Self.svg("<rect width=\"1000\" height=\"1000\" fill=\"#00ff00\"/>" + Self.path(1000, command: "C", numbers: 6))),
            ("dashed.svg", Self.svg("<rect width=\"1000\" height=\"1000\" fill=\"#00ff00\"/>" + Self.path(300, dashes: "5 3"))),
            ("undashed.svg", Self.svg("<rect width=\"1000\" height=\"1000\" fill=\"#00ff00\"/>" + Self.path(3000, dashes: "none"))),
        ]
        for (name, text) in files {
            let file = try write(folder, name, text)
            let card = try ImageDecoder.decode(file, width: 40, height: 60)
            #expect(card.width == 40 && card.height == 60, "\(name)")
            // The green background shows somewhere (the strokes do not cover everything).
            #expect((0..<(40 * 60)).contains { card.rgba($0 % 40, $0 / 40) == [0, 255, 0, 255] }, "\(name)")
        }
        func points(_ d: String) -> Int { SVGDecoder.complexity(Array("<path d='\(d)'/>".utf8)).points }
        #expect(points("M1.5.5L-2-3e-2 4E+1,5") == 3)        // 1.5 .5 -2 -3e-2 4E+1 5
        #expect(points("M 0 0 A 5 5 0 1 0 10 10") == 4)      // 9 numbers
        #expect(SVGDecoder.complexity(Array("<line x1='0' y1='0' x2='1' y2='1'/><linearGradient id='g'/>".utf8)).points == 2)
    }

    /// The root element's declared shape is found wherever it is: after a 20 KB comment, a
    /// 1 × 100,000 SVG is still refused from its declared shape.
    @Test func theSVGRootElementIsFoundAfterALongComment() throws {
        let folder = TemporaryDirectory()
        let comment = "<!-- " + String(repeating: "padding ", count: 2500) + "-->\n"
        let file = try write(folder, "late.svg", Self.svg("<rect width=\"1\" height=\"100000\" fill=\"red\"/>", width: 1, height: 100_000,
                                                          before: comment))
        #expect(reason(file) == "SVG is 1×100000, over the 1:1000 limit on its shape")
        #expect(SVGDecoder.declaredSize(Array(("<?xml version='1.0'?>" + comment + "<svg width='30' height='40'>").utf8))! == (30, 40))
    }

    /// An SVG is read whole, so its file size is memory: one over 16 MiB (here a valid drawing
    /// padded with a comment to 16 MiB and a byte, in a sparse file) is refused from its size,
    /// before a byte is read; one of exactly 16 MiB is drawn.
    @Test func svgFilesOver16MiBAreRefusedUnread() throws {
        let folder = TemporaryDirectory()
        let drawing = Self.svg("<rect width=\"1000\" height=\"1000\" fill=\"red\"/>")
        func padded(_ name: String, to size: Int) throws -> FilePath {
            let text = Array(drawing.utf8)
            let comment = Array("<!--".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: size - text.count - 7) + Array("-->".utf8)
            return folder.write(Array(name.utf8), bytes: text + comment)
        }
        let over = try padded("over.svg", to: (16 << 20) + 1)
        let start = Date()
        #expect(reason(over) == "SVG file of 16777217 bytes is over the 16 MiB limit")
        print("16 MiB + 1 byte SVG refused in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        let exactly = try padded("exactly.svg", to: 16 << 20)
        #expect(reason(exactly) == nil)
    }
}
