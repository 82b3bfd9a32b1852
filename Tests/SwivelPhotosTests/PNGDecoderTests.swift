import CPNGReader
import Dispatch
import Foundation
import SwivelCore
import SwivelTestSupport
import Synchronization
import Testing
@testable import SwivelPhotos

/// PNG through libpng: every colour type and bit depth, tRNS, Adam7, 16-bit scaling, colour chunks,
/// eXIf, and bad files. Pixels are checked against ImageMagick's own decoding of the same file
/// (`convert FILE -depth 8 rgba:-`), premultiplied as a card holds them, or against closed forms.
@Suite(.serialized) struct PNGDecoderTests {
    /// One PNG ImageMagick writes from `source` (its output file last, after `prefix`), and the
    /// IHDR and tRNS it must have: the test checks the file first, so that it tests what it says.
    struct Made: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        var prefix = ""
        /// Raw samples some sources read (as "RAW").
        var raw: [UInt8] = []
        let bitDepth: Int, colourType: Int
        var interlaced = false
        var tRNS = false
        var testDescription: String { name }
    }

    // Sources, 16 × 16. Grey: 16 columns from black to white. RGB: an orange-to-blue gradient over
    // two solid blocks (#20a060, #c03030). Stripes: `n` colours as columns (optionally with alpha
    // rising 0…1 across them). Alpha: a gradient, opaque on the left, clear on the right.
    static let grey = ["-size", "16x16", "gradient:black-white", "-rotate", "90"]
    static let rgb = ["-size", "16x8", "gradient:#ff8000-#0040c0",
                      "(", "-size", "8x8", "xc:#20a060", "-size", "8x8", "xc:#c03030", "+append", ")", "-append"]
    static func stripes(_ n: Int, alpha: Bool = false) -> [String] {
        ["-size", "1x1"] + (0..<n).map { i in
            let c = "\((i * 53 + 32) % 256),\((i * 97 + 200) % 256),\((i * 31 + 64) % 256)"
            return alpha ? "xc:rgba(\(c),\(String(format: "%.4f", Double(i) / Double(n - 1))))" : "xc:rgb(\(c))"
        } + ["+append", "-sample", "16x16!"]
    }
    static let alphaGradient = ["(", "-size", "16x16", "gradient:white-black", "-rotate", "90", ")",
                                "-alpha", "off", "-compose", "CopyOpacity", "-composite"]
    static func type(_ colourType: Int, _ bitDepth: Int) -> [String] {
        ["-define", "png:color-type=\(colourType)", "-define", "png:bit-depth=\(bitDepth)"]
    }
    static func be16(_ values: [Int]) -> [UInt8] { values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
    /// 16-bit grey whose key, 0x7777, sits beside 0x7776 and 0x7778: all three scale to 119, so
    /// only a key compared at 16 bits, before scaling, leaves the neighbours opaque.
    static let grey16Raw = be16((0..<256).map { [0x7777, 0x7778, 0x7776, 0x0000, 0xFFFF, 0x1234, 0x8000, 0x7FFF][$0 % 8] })
    /// 16-bit RGB: the key #2020a0a06060 beside #2021a0a06060 (one unit of red apart), and others.
    static let rgb16Raw = be16((0..<256).flatMap { i -> [Int] in
        [[0x2020, 0xA0A0, 0x6060], [0x2021, 0xA0A0, 0x6060], [0xFFFF, 0x0000, 0x8000], [0x20C0, 0x7FFF, 0xFF7F]][i % 4]
    })

    static let made: [Made] = [
        Made(name: "grey 1-bit", arguments: grey + ["-depth", "1"] + type(0, 1), bitDepth: 1, colourType: 0),
        Made(name: "grey 2-bit", arguments: grey + ["-depth", "2"] + type(0, 2), bitDepth: 2, colourType: 0),
        Made(name: "grey 4-bit", arguments: grey + ["-depth", "4"] + type(0, 4), bitDepth: 4, colourType: 0),
        Made(name: "grey 8-bit", arguments: grey + ["-depth", "8"] + type(0, 8), bitDepth: 8, colourType: 0),
        Made(name: "grey 16-bit", arguments: grey + ["-depth", "16"] + type(0, 16), bitDepth: 16, colourType: 0),
        // ImageMagick 6.9.11 writes a low-depth grey key unscaled (and then drops it) unless it is 0.
        Made(name: "grey 1-bit tRNS", arguments: grey + ["-depth", "1", "-transparent", "black"] + type(0, 1),
             bitDepth: 1, colourType: 0, tRNS: true),
        Made(name: "grey 2-bit tRNS", arguments: grey + ["-depth", "2", "-transparent", "black"] + type(0, 2),
             bitDepth: 2, colourType: 0, tRNS: true),
        Made(name: "grey 4-bit tRNS", arguments: grey + ["-depth", "4", "-transparent", "black"] + type(0, 4),
             bitDepth: 4, colourType: 0, tRNS: true),
        Made(name: "grey 4-bit tRNS Adam7", arguments: grey + ["-depth", "4", "-transparent", "black", "-interlace", "PNG"]
             + type(0, 4), bitDepth: 4, colourType: 0, interlaced: true, tRNS: true),
        Made(name: "grey 8-bit tRNS", arguments: grey + ["-depth", "8", "-transparent", "gray(136)"] + type(0, 8),
             bitDepth: 8, colourType: 0, tRNS: true),
        Made(name: "grey 16-bit tRNS", arguments: ["-endian", "MSB", "-size", "16x16", "-depth", "16", "gray:RAW", "-transparent", "#777777777777"]
             + type(0, 16), raw: grey16Raw, bitDepth: 16, colourType: 0, tRNS: true),
        Made(name: "RGB 8-bit", arguments: rgb + ["-depth", "8"] + type(2, 8), bitDepth: 8, colourType: 2),
        Made(name: "RGB 16-bit", arguments: rgb + ["-depth", "16"] + type(2, 16), bitDepth: 16, colourType: 2),
        Made(name: "RGB 8-bit tRNS", arguments: rgb + ["-depth", "8", "-transparent", "#20a060"] + type(2, 8),
             bitDepth: 8, colourType: 2, tRNS: true),
        Made(name: "RGB 16-bit tRNS Adam7", arguments: ["-endian", "MSB", "-size", "16x16", "-depth", "16", "rgb:RAW", "-transparent", "#2020a0a06060",
                                                        "-interlace", "PNG"] + type(2, 16),
             raw: rgb16Raw, bitDepth: 16, colourType: 2, interlaced: true, tRNS: true),
        Made(name: "palette 1-bit", arguments: stripes(2) + type(3, 1), bitDepth: 1, colourType: 3),
        Made(name: "palette 2-bit", arguments: stripes(4) + type(3, 2), bitDepth: 2, colourType: 3),
        Made(name: "palette 4-bit", arguments: stripes(16) + type(3, 4), bitDepth: 4, colourType: 3),
        Made(name: "palette 4-bit Adam7", arguments: stripes(16) + ["-interlace", "PNG"] + type(3, 4),
             bitDepth: 4, colourType: 3, interlaced: true),
        Made(name: "palette 8-bit", arguments: rgb + ["+dither", "-colors", "64"], prefix: "PNG8:", bitDepth: 8, colourType: 3),
        Made(name: "palette 1-bit tRNS", arguments: stripes(2) + ["-transparent", "rgb(32,200,64)", "-define", "png:bit-depth=1"],
             prefix: "PNG8:", bitDepth: 1, colourType: 3, tRNS: true),
        Made(name: "palette 2-bit tRNS", arguments: stripes(4) + ["-transparent", "rgb(32,200,64)", "-define", "png:bit-depth=2"],
             prefix: "PNG8:", bitDepth: 2, colourType: 3, tRNS: true),
        Made(name: "palette 4-bit tRNS", arguments: stripes(16) + ["-transparent", "rgb(32,200,64)", "-define", "png:bit-depth=4"],
             prefix: "PNG8:", bitDepth: 4, colourType: 3, tRNS: true),
        Made(name: "palette 8-bit tRNS", arguments: rgb + ["-transparent", "#20a060", "+dither", "-colors", "64"],
             prefix: "PNG8:", bitDepth: 8, colourType: 3, tRNS: true),
        Made(name: "palette 4-bit alpha", arguments: stripes(16, alpha: true), bitDepth: 4, colourType: 3, tRNS: true),
        Made(name: "palette 4-bit alpha Adam7", arguments: stripes(16, alpha: true) + ["-interlace", "PNG"],
             bitDepth: 4, colourType: 3, interlaced: true, tRNS: true),
        Made(name: "grey+alpha 8-bit", arguments: ["-size", "16x16", "gradient:black-white"] + alphaGradient + ["-depth", "8"]
             + type(4, 8), bitDepth: 8, colourType: 4),
        Made(name: "grey+alpha 16-bit Adam7", arguments: ["-size", "16x16", "gradient:black-white"] + alphaGradient
             + ["-depth", "16", "-interlace", "PNG"] + type(4, 16), bitDepth: 16, colourType: 4, interlaced: true),
        Made(name: "RGBA 8-bit Adam7", arguments: rgb + alphaGradient + ["-depth", "8", "-interlace", "PNG"] + type(6, 8),
             bitDepth: 8, colourType: 6, interlaced: true),
        Made(name: "RGBA 16-bit", arguments: rgb + alphaGradient + ["-depth", "16"] + type(6, 16), bitDepth: 16, colourType: 6),
    ]

    /// `rgba` (straight alpha, 4 bytes a pixel) premultiplied as the card holds it: round(c × a / 255).
    static func premultiplied(_ rgba: [UInt8]) -> [Int] {
        stride(from: 0, to: rgba.count, by: 4).flatMap { i -> [Int] in
            let a = Int(rgba[i + 3])
            return (0..<3).map { (Int(rgba[i + $0]) * a + 127) / 255 } + [a]
        }
    }

    /// ImageMagick's reading of `file` as 8-bit RGBA, premultiplied.
    static func reference(_ file: FilePath) throws -> [Int] {
        premultiplied(try ExternalTools.outputBytes("convert", [file.text, "-depth", "8", "rgba:-"]))
    }

    /// The largest difference between two pixel arrays, and where.
    static func largestDifference(_ a: [Int], _ b: [UInt8]) -> (difference: Int, at: Int) {
        zip(a, b).enumerated().map { (abs($1.0 - Int($1.1)), $0) }.max { $0.0 < $1.0 } ?? (0, 0)
    }

    /// Bit depth, colour type and interlace method from the IHDR, and whether there is a tRNS.
    static func describe(_ bytes: [UInt8]) -> (bitDepth: Int, colourType: Int, interlaced: Bool, tRNS: Bool) {
        let chunks = PNGChunks(bytes)
        let ihdr = chunks.first("IHDR")?.data ?? []
        guard ihdr.count == 13 else { return (0, 0, false, false) }
        return (Int(ihdr[8]), Int(ihdr[9]), ihdr[12] == 1, chunks.types.contains("tRNS"))
    }

    /// Each colour type and bit depth, with and without tRNS and Adam7, comes out as ImageMagick
    /// reads it, within 1 level (premultiplied): RGB and grey keys and palette alpha transparent,
    /// grey as grey (R = G = B), 16-bit scaled as ImageMagick scales it.
    @Test(arguments: made)
    func imageMagickPNGsDecodeAsImageMagickReadsThem(_ made: Made) throws {
        let folder = TemporaryDirectory()
        let file = folder.path("made.png")
        let raw = folder.path("raw")
        if !made.raw.isEmpty { ImageFiles.write(raw, made.raw) }
        try ExternalTools.convert(made.arguments.map { $0.replacingOccurrences(of: "RAW", with: raw.text) }
                                  + ["-define", "png:exclude-chunk=bKGD", made.prefix + file.text])
        let written = Self.describe(folder.contents(file))
        #expect(written.bitDepth == made.bitDepth && written.colourType == made.colourType
                && written.interlaced == made.interlaced && written.tRNS == made.tRNS, "ImageMagick wrote \(written)")

        let expected = try Self.reference(file)
        let card = try ImageDecoder.decode(file, width: 16, height: 16)
        #expect(expected.count == card.pixels.count)
        let worst = Self.largestDifference(expected, card.pixels)
        let pixel = worst.at / 4
        let imageMagicks = Array(expected[(pixel * 4)..<(pixel * 4 + 4)])
        #expect(worst.difference <= 1, "pixel \(pixel): \(card.rgba(pixel % 16, pixel / 16)) vs \(imageMagicks)")
        let alphas = stride(from: 3, to: card.pixels.count, by: 4).map { card.pixels[$0] }
        if made.tRNS {
            #expect(alphas.contains(0) && alphas.contains(255), "a key or palette alpha makes some pixels clear")
        }
        if made.colourType == 0 || made.colourType == 4 {
            let pixels = card.pixels
            let grey = stride(from: 0, to: pixels.count, by: 4).allSatisfy { (i: Int) -> Bool in
                pixels[i] == pixels[i + 1] && pixels[i] == pixels[i + 2]
            }
            #expect(grey, "grey comes out grey")
        }
    }

    /// 16-bit samples are scaled with rounding, round(v × 255 / 65535) (the PNG spec's linear
    /// scaling): 0x20C0 is 32.62 → 33, 0xFF00 is 254.01 → 254, 0x00FF is 0.99 → 1. Keeping the
    /// high byte would give 32, 255 and 0 (and ImageMagick's `-depth 8`, which rounds down, 32,
    /// 254 and 0: within the 1 level the comparisons above allow).
    @Test func sixteenBitSamplesAreScaledWithRounding() throws {
        let folder = TemporaryDirectory()
        let raw = folder.path("raw"), file = folder.path("deep.png")
        ImageFiles.write(raw, Self.be16([0x20C0, 0xFF00, 0x00FF]))
        try ExternalTools.convert(["-endian", "MSB", "-size", "1x1", "-depth", "16", "rgb:" + raw.text] + Self.type(2, 16)
                                  + [file.text])
        #expect(Self.describe(folder.contents(file)).bitDepth == 16)
        #expect(PNGChunks(folder.contents(file)).first("IDAT") != nil)
        #expect(try ImageDecoder.decode(file, width: 1, height: 1).rgba(0, 0) == [33, 254, 1, 255])
    }

    // MARK: Colour: iCCP, sRGB, gAMA, cHRM

    /// IEC 61966-2-1's encoding of a linear value (0…1).
    static func sRGBEncoded(_ linear: Double) -> Double {
        linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// What a sample `v` of a file with gAMA `gamma` shows as in sRGB: linear light (v / 255)^(1/gamma),
    /// encoded with sRGB's curve.
    static func shown(_ v: Int, gamma: Double) -> Int {
        Int((255 * sRGBEncoded(pow(Double(v) / 255, 1 / gamma))).rounded())
    }

    /// gAMA 1.0 (linear samples) is converted to sRGB: mid grey 128 is shown as 188, within 1 level
    /// (lcms's 8-bit transform); an sRGB chunk beside it wins (the spec's precedence) and leaves 128.
    @Test func aLinearGammaIsConvertedAndAnSRGBChunkWins() throws {
        let folder = TemporaryDirectory()
        let linear = folder.path("linear.png"), tagged = folder.path("tagged.png")
        try ExternalTools.convert(["-size", "8x8", "xc:rgb(128,128,128)", "-set", "gamma", "1.0", "-define",
                                   "png:exclude-chunk=cHRM,sRGB,iCCP", linear.text])
        let chunks = PNGChunks(folder.contents(linear))
        #expect(chunks.first("gAMA")?.data == ImageFiles.be32(100000) && !chunks.types.contains("sRGB"))
        #expect(Self.shown(128, gamma: 1) == 188)
        let card = try ImageDecoder.decode(linear, width: 4, height: 4)
        #expect(card.isAll([188, 188, 188, 255], tolerance: 1), "\(card.rgba(0, 0))")
        ImageFiles.write(tagged, chunks.inserting(.init("sRGB", [0])).bytes)
        #expect(try ImageDecoder.decode(tagged, width: 4, height: 4).isAll([128, 128, 128, 255]))
    }

    /// gAMA 1/2.2 with cHRM holding Display P3's primaries is Display P3 (the sRGB curve, P3's
    /// primaries): within 2 levels of lcms's own conversion from a Display P3 profile, and
    /// visibly apart from the raw values. sRGB's own gAMA and cHRM are shown as stored.
    @Test func chromaticitiesOtherThanSRGBsAreConverted() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("p3.png"), plain = folder.path("srgb.png")
        let colour = ColorProfileTests.colour
        try ExternalTools.convert(["-size", "8x8", "xc:rgb(\(colour.map(String.init).joined(separator: ",")))", plain.text])
        let chunks = PNGChunks(folder.contents(plain))
        #expect(!chunks.types.contains("sRGB") && !chunks.types.contains("iCCP"))
        #expect(chunks.first("gAMA")?.data == ImageFiles.be32(45455))
        #expect(chunks.first("cHRM")?.data == [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap(ImageFiles.be32))
        #expect(try ImageDecoder.decode(plain, width: 4, height: 4).isAll(colour.map(Int.init) + [255]))

        let p3 = [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000].flatMap(ImageFiles.be32)
        ImageFiles.write(file, chunks.removing(["cHRM"]).inserting(.init("cHRM", p3)).bytes)
        let expected = try ColorProfileTests.lcmsConversion(colour, profile: try ColorProfileTests.displayP3())
        let shown = Array(try ImageDecoder.decode(file, width: 4, height: 4).rgba(2, 2).prefix(3))
        #expect(zip(shown, expected).allSatisfy { abs($0 - $1) <= 2 }, "\(shown) vs lcms \(expected)")
        #expect(zip(shown, colour).contains { abs($0 - Int($1)) > 10 })
    }

    /// Which gAMA/cHRM pairs are taken as sRGB (no conversion) and which make a profile.
    @Test func gammaAndChromaticitiesThatAmountToSRGB() {
        let p3 = PNGDecoder.Chromaticities(white: (0.3127, 0.329), red: (0.68, 0.32), green: (0.265, 0.69), blue: (0.15, 0.06))
        #expect(PNGDecoder.profile(gamma: nil, chromaticities: nil) == nil)
        #expect(PNGDecoder.profile(gamma: 0.45455, chromaticities: .sRGB) == nil)
        #expect(PNGDecoder.profile(gamma: 0.45, chromaticities: nil) == nil)           // within 5 % of 1/2.2
        #expect(PNGDecoder.profile(gamma: 0.4, chromaticities: nil) != nil)            // 12 % off
        #expect(PNGDecoder.profile(gamma: 1.0, chromaticities: .sRGB) != nil)
        #expect(PNGDecoder.profile(gamma: 0.45455, chromaticities: p3) != nil)
        #expect(PNGDecoder.profile(gamma: nil, chromaticities: p3) != nil)
    }

    // MARK: Third-party files (libjxl-testdata; Tests/Fixtures/third-party.md)

    static let testData = "/usr/share/libjxl-testdata/external"
    static let hasTestData = FileManager.default.fileExists(atPath: testData + "/pngsuite")

    /// The PngSuite files libjxl-testdata carries, with their gAMA (nil: none): 4-bit grey with
    /// text chunks, a 4-bit palette, cHRM, eXIf, gamma 1.0 and 0.45.
    static let pngSuite: [(name: String, gamma: Double?)] = [
        ("ccwn2c08", 1.0), ("ccwn3p08", 1.0), ("ct1n0g04", 1.0), ("ctjn0g04", 1.0), ("ctzn0g04", 1.0),
        ("exif2c08", nil), ("g04n2c08", 0.45), ("g10n3p04", 1.0),
    ]

    /// Each comes out as ImageMagick reads it, within 1 level. ImageMagick 6 reads a gAMA 1.0
    /// file as linear RGB and writes `rgba:-` in sRGB, so for those its output is the converted
    /// picture; 0.45 (within 5 % of 1/2.2) and none are shown as stored. The grey files are also
    /// checked against the closed form: each of their 16 levels k (8-bit sample 17k, linear light
    /// 17k / 255) is shown as sRGB's encoding of that light (`shown`).
    @Test(.enabled(if: hasTestData, "libjxl-testdata is not installed: apt-get install libjxl-testdata"),
          arguments: pngSuite.map(\.name))
    func pngSuiteFilesShowAsTheirGammaSays(_ name: String) throws {
        let gamma = try #require(Self.pngSuite.first { $0.name == name }).gamma
        let file = FilePath(Self.testData + "/pngsuite/\(name).png")
        let expected = try Self.reference(file)
        let card = try ImageDecoder.decode(file, width: 32, height: 32)
        let worst = Self.largestDifference(expected, card.pixels)
        let pixel = worst.at / 4, wanted = Array(expected[(pixel * 4)..<(pixel * 4 + 4)])
        #expect(worst.difference <= 1, "pixel \(pixel): \(card.rgba(pixel % 32, pixel / 32)), not \(wanted)")
        if name.hasPrefix("ct") {
            #expect(gamma == 1.0)
            let levels = Set((0..<16).map { Self.shown(17 * $0, gamma: 1.0) })
            let pixels = card.pixels
            let onLevels = stride(from: 0, to: pixels.count, by: 4).allSatisfy { (i: Int) -> Bool in
                pixels[i] == pixels[i + 1] && pixels[i] == pixels[i + 2]
                    && levels.contains { abs($0 - Int(pixels[i])) <= 1 }
            }
            #expect(onLevels, "grey, on the 16 levels \(levels.sorted())")
            // …and the file is not shown as stored: its level 1 (17) would be 17, it is 73.
            #expect(Self.shown(17, gamma: 1.0) == 73)
        }
    }

    /// The same photo as 8-bit sRGB and as 16-bit linear BT.709 or BT.2020 (each with its iCCP
    /// profile, from raw files developed by the same tools): converted to sRGB, the two cards
    /// agree; read as sRGB, the linear one is far darker. The linear file is scaled to 8 bits
    /// before lcms converts it (Swivel's pipeline is 8-bit), which costs its deep shadows: 8-bit
    /// linear steps are up to 13 sRGB levels apart near black.
    @Test(.enabled(if: hasTestData, "libjxl-testdata is not installed: apt-get install libjxl-testdata"),
          arguments: [("wesaturate/64px/u76c0g_bliznaca_709_g1", "wesaturate/64px/u76c0g_bliznaca_srgb8"),
                      ("wesaturate/64px/cvo9xd_keong_macan_2020_g1", "wesaturate/64px/cvo9xd_keong_macan_srgb8"),
                      ("raw.pixls/HUAWEI-EVA-L09-16bit_709_g1_dt", "raw.pixls/HUAWEI-EVA-L09-16bit_srgb8_dt")])
    func linearWideGamutTwinsMatchTheirSRGBOnes(_ name: String, _ twin: String) throws {
        let folder = Self.testData + "/"
        let linear = try ImageDecoder.decode(FilePath(folder + name + ".png"), width: 64, height: 64)
        let sRGB = try ImageDecoder.decode(FilePath(folder + twin + ".png"), width: 64, height: 64)
        let differences = zip(linear.pixels, sRGB.pixels).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        // The same file without its iCCP (its cHRM is sRGB's and it has no gAMA): shown as stored.
        let scratch = TemporaryDirectory()
        let bare = scratch.write("bare.png", bytes: PNGChunks(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + name + ".png")))).removing(["iCCP"]).bytes)
        let stored = try ImageDecoder.decode(bare, width: 64, height: 64)
        let storedMean = Double(zip(stored.pixels, sRGB.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +))
            / Double(differences.count)
        print("\(name): mean difference \(mean), largest \(differences.max()!); as stored \(storedMean)")
        // Measured: means 0.31-1.34, largest 2-13; one 8-bit linear step near black is 13 sRGB levels.
        #expect(mean <= 1.5 && differences.max()! <= 13)
        #expect(storedMean >= 20)
    }

    // MARK: eXIf

    /// An eXIf chunk's orientation turns the card, before the image data or after it (libpng reads
    /// the latter in png_read_end); one over the 16 MiB chunk limit is dropped, and the picture is
    /// shown as stored.
    @Test func exifOrientationIsReadWhereverTheChunkIs() throws {
        let folder = TemporaryDirectory()
        let upright = folder.path("upright.png"), stored = folder.path("stored.png")
        try Quadrants.writeUpright(upright, width: 80, height: 120)
        try ExternalTools.convert([upright.text] + Quadrants.storing(6) + [stored.text])
        let chunks = PNGChunks(folder.contents(stored)).removing(["eXIf"])
        func card(_ name: String, _ png: PNGChunks) throws -> DecodedImage {
            try ImageDecoder.decode(folder.write(name, bytes: png.bytes), width: 40, height: 60)
        }
        #expect(!Quadrants.isUpright(try card("none.png", chunks)))
        let exif = PNGChunks.Chunk("eXIf", PNGChunks.exif(orientation: 6))
        #expect(Quadrants.isUpright(try card("before.png", chunks.inserting(exif))))
        #expect(Quadrants.isUpright(try card("after.png", chunks.inserting(exif, afterIHDR: false))))
        let huge = PNGChunks.Chunk("eXIf", PNGChunks.exif(orientation: 6, padding: (16 << 20) + 1))
        #expect(!Quadrants.isUpright(try card("huge.png", chunks.inserting(huge))))
    }

    // MARK: Bad files

    func reason(_ path: FilePath) -> String? { decodeRefusal(path, width: 16, height: 16) }

    /// Cut anywhere, a PNG (interlaced or not) is skipped as truncated, never shown part grey:
    /// before its last row, and after its pixels too (IEND or more missing; these were shown
    /// before, but a cut file is skipped whatever the format). A damaged critical chunk or an
    /// unknown critical chunk is refused in libpng's words.
    @Test func truncatedAndDamagedFiles() throws {
        let folder = TemporaryDirectory()
        for interlaced in [false, true] {
            let file = folder.path("noise\(interlaced).png")
            try ExternalTools.convert(["-size", "64x64", "xc:", "+noise", "Random", "-depth", "8"]
                                      + (interlaced ? ["-interlace", "PNG"] : []) + [file.text])
            let bytes = folder.contents(file)
            let whole = try ImageDecoder.decode(file, width: 16, height: 16)
            let chunks = PNGChunks(bytes)
            let lastIDATEnd = bytes.count - chunks.chunks.reversed().prefix { $0.type != "IDAT" }.reduce(0) { $0 + $1.bytes.count }
            // Cuts from the first IDAT's header to the last one's CRC (libpng checks the last CRC
            // and the zlib stream's end in png_read_image, with the last row).
            let firstIDAT = chunks.chunks.prefix { $0.type != "IDAT" }.reduce(8) { $0 + $1.bytes.count }
            let cuts = Array(stride(from: firstIDAT, to: lastIDATEnd, by: max(1, (lastIDATEnd - firstIDAT) / 40)))
                + [lastIDATEnd - 8, lastIDATEnd - 4, lastIDATEnd - 1]
            for cut in cuts {
                let reason = reason(folder.write("cut.png", bytes: Array(bytes.prefix(cut))))
                #expect(reason == "cannot decode: truncated PNG data (Error reading the PNG file.)", "cut at \(cut): \(reason ?? "shown")")
            }
            #expect(whole.width == 16)
            for cut in [lastIDATEnd, bytes.count - 12, bytes.count - 1] {
                let reason = reason(folder.write("end.png", bytes: Array(bytes.prefix(cut))))
                #expect(reason == "cannot decode: truncated PNG data (Error reading the PNG file.)", "cut at \(cut) of \(bytes.count)")
            }
        }
        let plain = folder.path("plain.png")
        try ExternalTools.convert(["-size", "8x8", "xc:#336699", plain.text])
        var chunks = PNGChunks(folder.contents(plain))
        #expect(reason(folder.write("critical.png", bytes: chunks.inserting(.init("CRIT", [1, 2, 3])).bytes))
                == "cannot decode: PNG CRIT: unhandled critical chunk")
        let index = try #require(chunks.chunks.firstIndex { $0.type == "IDAT" })
        chunks.chunks[index].storedCRC = 0
        #expect(reason(folder.write("crc.png", bytes: chunks.bytes)) == "cannot decode: PNG IDAT: CRC error")
        // An ancillary chunk's bad CRC is only a warning: the picture shows.
        let text = PNGChunks.Chunk("tEXt", Array("Comment\0hi".utf8), storedCRC: 0)
        #expect(try ImageDecoder.decode(folder.write("text.png", bytes: PNGChunks(folder.contents(plain)).inserting(text).bytes),
                                        width: 4, height: 4).isAll([0x33, 0x66, 0x99, 255]))
    }

    /// libpng's own limits, set by `swivel_png_read`: past `max_side` libpng refuses the IHDR itself;
    /// past `max_pixels` the reader stops before allocating any row.
    @Test func libpngIsHeldToTheLimits() throws {
        let folder = TemporaryDirectory()
        let file = folder.write("wide.png", .png, width: 40, height: 30) { x, _ in RGBA8(UInt8(x), 0, 0) }
        let fd = open(file.cString, O_RDONLY)
        defer { close(fd) }
        func read(_ limits: swivel_png_limits) -> (swivel_png_status, String) {
            var image = swivel_png_image()
            var limits = limits
            let status = swivel_png_read(fd, &limits, nil, &image)
            defer { swivel_png_free(&image) }
            #expect(status == SWIVEL_PNG_OK || image.pixels == nil)
            return (status, withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        var limits = PNGDecoder.limits
        #expect(read(limits).0 == SWIVEL_PNG_OK)
        limits.max_side = 39
        // libpng warns "Image width exceeds user limit in IHDR", then fails with:
        #expect(read(limits) == (SWIVEL_PNG_LIBPNG_ERROR, "Invalid IHDR data"))
        limits = PNGDecoder.limits
        limits.max_pixels = 40 * 30 - 1
        #expect(read(limits).0 == SWIVEL_PNG_TOO_MANY_PIXELS)
    }

    /// Good and bad PNGs decoded on eight threads at once (each its own png_struct; libpng's
    /// errors longjmp on several threads together) give what they give one at a time.
    @Test func concurrentGoodAndBadPNGsMatchSequentialOnes() throws {
        let folder = TemporaryDirectory()
        var paths: [FilePath] = []
        for i in 0..<16 {
            let file = folder.write("p\(i).png", .png, width: 50 + i * 7, height: 40 + i * 3) { x, y in
                RGBA8(UInt8((x * (i + 1)) & 255), UInt8((y * 5) & 255), UInt8((x ^ y) & 255), UInt8(255 - i * 9))
            }
            let bytes = folder.contents(file)
            switch i % 4 {
            case 1: ImageFiles.write(file, Array(bytes.prefix(bytes.count * 2 / 3)))          // truncated
            case 2: var damaged = bytes; damaged[bytes.count / 2] ^= 0x55; ImageFiles.write(file, damaged)
            default: break
            }
            paths.append(file)
        }
        @Sendable func outcome(_ path: FilePath) -> String {
            do throws(ImageLoadError) {
                return "\(try ImageDecoder.decode(path, width: 30, height: 20).pixels.hashValue)"
            } catch {
                return error.reason
            }
        }
        let sequential = paths.map(outcome)
        #expect(Set(sequential.filter { $0.hasPrefix("cannot decode") }).count >= 2)
        let results = Mutex<[Int: String]>([:])
        let shared = paths
        for _ in 0..<4 {
            DispatchQueue.concurrentPerform(iterations: shared.count) { i in
                let result = outcome(shared[i])
                results.withLock { $0[i] = result }
            }
            let concurrent = results.withLock { $0 }
            for i in 0..<shared.count { #expect(concurrent[i] == sequential[i], "file \(i)") }
        }
    }
}

