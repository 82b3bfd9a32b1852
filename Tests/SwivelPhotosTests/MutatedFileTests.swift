import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// Damaged files of every new format — bytes flipped, overwritten or cut anywhere — are decoded
/// or refused with a reason; none crashes the process or hangs it. AVIF, through libavif, gets
/// 1,200: a still, a still with alpha, a sequence with alpha and no still beside it, and a 10-bit
/// PQ still (the tone-mapping path); PQ HEIC and PQ JPEG XL 200 each.
@Suite(.serialized) struct MutatedFileTests {
    @Test func mutatedFilesAreDecodedOrRefused() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("upright.png")
        try Quadrants.writeUpright(png, width: 160, height: 240)
        let jpeg = folder.path("a.jpg"), heic = folder.path("a.heic"), avif = folder.path("a.avif")
        let jxl = folder.path("a.jxl"), svg = folder.path("a.svg")
        try ExternalTools.convert([png.text, "-quality", "90", jpeg.text])
        try ExternalTools.exiftool(jpeg, ["-Orientation#=6", "-DateTimeOriginal=2020:01:01 00:00:00"])
        try ExternalTools.run("heif-enc", ["-q", "60", png.text, "-o", heic.text])
        try ExternalTools.run("avifenc", ["-s", "10", png.text, avif.text])
        try ExternalTools.run("cjxl", ["-d", "2", png.text, jxl.text])
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="30" viewBox="0 0 20 30">
            <rect width="10" height="15" fill="red"/><circle cx="14" cy="20" r="5" fill="blue"/>
            <path d="M0 30 L5 20 L10 30 Z" fill="green"/></svg>
            """.utf8).write(to: URL(fileURLWithPath: svg.text))
        // AVIF through libavif: alpha, a sequence, HDR.
        let alphaPNG = folder.path("alpha.png"), alphaAVIF = folder.path("alpha.avif")
        try ExternalTools.convert(["-size", "60x90", "gradient:rgba(255,0,0,1)-rgba(0,0,255,0.2)", "PNG32:" + alphaPNG.text])
        try ExternalTools.run("avifenc", ["-s", "10", alphaPNG.text, alphaAVIF.text])
        let (sequence, _) = try AVIFTests.writeSequence(in: folder)
        let sequenceAVIF = folder.path("sequence-only.avif")
        try Data(AVIFTests.withoutPrimaryItem([UInt8](try Data(contentsOf: URL(fileURLWithPath: sequence.text)))))
            .write(to: URL(fileURLWithPath: sequenceAVIF.text))
        let pqPNG = folder.path("pq.png"), pqAVIF = folder.path("pq.avif"), pqJXL = folder.path("pq.jxl")
        let pqPlainHEIC = folder.path("pq-plain.heic"), pqHEIC = folder.path("pq.heic")
        try HDRTests.writePQStripes(pqPNG)
        try ExternalTools.run("avifenc", ["-s", "10", "-d", "10", "--cicp", "9/16/9", pqPNG.text, pqAVIF.text])
        try ExternalTools.run("cjxl", ["-d", "1", "-x", "color_space=RGB_D65_202_Rel_PeQ", pqPNG.text, pqJXL.text])
        try ExternalTools.run("heif-enc", ["-q", "80", "-b", "10", pqPNG.text, "-o", pqPlainHEIC.text])
        try Data(try HEIFBoxes.adding([HEIFBoxes.nclx(primaries: 9, transfer: 16, matrix: 6),
                                       HEIFBoxes.contentLightLevel(maximum: 2000, average: 100)],
                                      toPrimaryItemOf: [UInt8](try Data(contentsOf: URL(fileURLWithPath: pqPlainHEIC.text)))))
            .write(to: URL(fileURLWithPath: pqHEIC.text))
        let originals: [(file: FilePath, mutations: Int)] = [
            (jpeg, 200), (heic, 200), (avif, 200), (jxl, 200), (svg, 200),
            (alphaAVIF, 300), (sequenceAVIF, 400), (pqAVIF, 300), (pqHEIC, 200), (pqJXL, 200),
        ]
        var random = SeededRandom(seed: 3)
        var outcomes: [String: (decoded: Int, refused: Int)] = [:]
        for (original, mutations) in originals {
            #expect((try? ImageDecoder.decode(original, width: 20, height: 30)) != nil, "\(original.lastComponentText) itself decodes")
            outcomes.merge(try Self.decodeMutations(of: [original], each: mutations, in: folder, random: &random)) { $1 }
        }
        #expect(originals.allSatisfy { outcomes[$0.file.lastComponentText].map { $0.decoded + $0.refused } == $0.mutations },
                "\(outcomes)")
        let avifMutations = originals.filter { $0.file.pathExtension == "avif" }.reduce(0) { $0 + $1.mutations }
        #expect(avifMutations >= 1000)
        print("mutated files, decoded / refused: \(outcomes)")
    }

    /// GIF (giflib): two interlaced frames with a transparent colour, 1,000 damaged copies. WebP
    /// (libwebp): a lossy still with alpha (VP8X, ALPH, VP8) and a lossy animation (ANIM, ANMF),
    /// 500 each.
    @Test func mutatedGIFAndWebPFilesAreDecodedOrRefused() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("source.png")
        try ExternalTools.convert(["-size", "48x32", "gradient:yellow-blue", png.text])
        let gif = folder.path("a.gif"), webp = folder.path("a.webp"), animated = folder.path("b.webp")
        let turned = folder.path("turned.png")
        try ExternalTools.convert([png.text, "-rotate", "180", turned.text])
        try ExternalTools.convert(["-delay", "10", png.text, turned.text, "-transparent", "#ffff00", "-interlace", "GIF", gif.text])
        let withAlpha = folder.path("alpha.png")
        try ExternalTools.convert([png.text, "-transparent", "#0000ff", "PNG32:" + withAlpha.text])
        try ExternalTools.run("cwebp", ["-quiet", "-q", "70", withAlpha.text, "-o", webp.text])
        try ExternalTools.run("img2webp", ["-loop", "0", "-lossy", "-q", "60", withAlpha.text, "-d", "100", turned.text,
                                          "-o", animated.text])
        var random = SeededRandom(seed: 7)
        var outcomes = try Self.decodeMutations(of: [gif], each: 1000, in: folder, random: &random)
        outcomes.merge(try Self.decodeMutations(of: [webp, animated], each: 500, in: folder, random: &random)) { $1 }
        #expect(outcomes["a.gif"].map { $0.decoded + $0.refused } == 1000, "\(outcomes)")
        #expect(outcomes["a.webp"].map { $0.decoded + $0.refused } == 500, "\(outcomes)")
        #expect(outcomes["b.webp"].map { $0.decoded + $0.refused } == 500, "\(outcomes)")
        print("mutated GIF and WebP files, decoded / refused: \(outcomes)")
    }

    /// BMP and TGA (stb_image with `BMPFixes`/`TGAFixes`) and PNM (libnetpbm): at least 1,000
    /// damaged files of each, 200 from each variant, so that every path meets damage: BMP bit
    /// fields with alpha, RLE8, a 4-bit palette, 16-bit 1-5-5-5, OS/2; TGA run-length coded,
    /// colour-mapped plain and run-length coded, right-to-left, and by hand grey + alpha and a
    /// colour map starting past entry 0; PNM raw 16-bit, raw 8-bit grey, plain colour, raw and
    /// plain PBM.
    @Test func mutatedBMPTGAAndPNMFilesAreDecodedOrRefused() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.png")
        try ExternalTools.convert(["-size", "40x30", "gradient:red-blue", "(", "-size", "30x40", "gradient:white-black",
                                   "-rotate", "90", ")", "-compose", "CopyOpacity", "-composite", source.text])
        let made: [(String, [String], String)] = [
            ("v5.bmp", [], ""), ("rle8.bmp", ["-alpha", "off", "-type", "Palette"], ""),
            ("palette4.bmp", ["-alpha", "off", "-colors", "16", "-type", "Palette"], "BMP3:"),
            ("argb1555.bmp", ["-define", "bmp:subtype=ARGB1555"], ""), ("os2.bmp", ["-alpha", "off"], "BMP2:"),
            ("rle.tga", ["-compress", "RLE"], ""), ("map.tga", ["-alpha", "off", "-type", "Palette"], ""),
            ("map-rle.tga", ["-alpha", "off", "-type", "Palette", "-compress", "RLE"], ""),
            ("right.tga", ["-alpha", "off", "-orient", "TopRight"], ""),
            ("16.ppm", ["-alpha", "off", "-depth", "16"], ""), ("8.pgm", ["-alpha", "off", "-depth", "8"], ""),
            ("plain.ppm", ["-alpha", "off", "-depth", "8", "-compress", "none"], ""),
            ("raw.pbm", ["-alpha", "off", "-monochrome"], ""), ("plain.pbm", ["-alpha", "off", "-monochrome", "-compress", "none"], ""),
        ]
        var originals: [FilePath] = []
        for (name, options, prefix) in made {
            let file = folder.path(name)
            try ExternalTools.convert([source.text] + options + [prefix + file.text])
            originals.append(file)
        }
        // Grey + alpha (type 3, 16 bits a pixel), 12 × 8, top-left origin; and a colour map of 16
        // entries starting at entry 4, 8-bit indices.
        var greyAlpha: [UInt8] = [0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12, 0, 8, 0, 16, 0x28]
        for i in 0..<96 { greyAlpha += [UInt8(i * 2), UInt8(255 - i)] }
        var mapped: [UInt8] = [0, 1, 1, 4, 0, 16, 0, 24, 0, 0, 0, 0, 12, 0, 8, 0, 8, 0x20]
        for i in 0..<16 { mapped += [UInt8(i * 16), UInt8(255 - i * 16), 128] }
        for i in 0..<96 { mapped.append(UInt8(4 + i % 16)) }
        originals.append(folder.write("grey-alpha.tga", bytes: greyAlpha))
        originals.append(folder.write("first-entry.tga", bytes: mapped))

        var random = SeededRandom(seed: 11)
        let outcomes = try Self.decodeMutations(of: originals, each: 200, in: folder, random: &random)
        var perFormat: [String: Int] = [:]
        for (name, outcome) in outcomes {
            let format = name.hasSuffix("bmp") ? "BMP" : name.hasSuffix("tga") ? "TGA" : "PNM"
            perFormat[format, default: 0] += outcome.decoded + outcome.refused
        }
        #expect(perFormat == ["BMP": 1000, "TGA": 1200, "PNM": 1000], "\(perFormat)")
        print("mutated BMP, TGA and PNM files, decoded / refused: \(outcomes)")
    }

    /// Decodes `each` damaged copies of every file in `originals` — 1 to 6 random bytes flipped or
    /// overwritten, or the file cut, or 0xFF bytes put in — and checks each is decoded to a whole
    /// card or refused with a one-line reason; `check` looks further at each card decoded. The
    /// counts, by original file name.
    static func decodeMutations(of originals: [FilePath], each: Int, in folder: TemporaryDirectory,
                                random: inout SeededRandom, check: (DecodedImage) -> Void = { _ in })
        throws -> [String: (decoded: Int, refused: Int)] {
        var outcomes: [String: (decoded: Int, refused: Int)] = [:]
        for original in originals {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            let name = String(decoding: original.lastComponent, as: UTF8.self)
            for i in 0..<each {
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let at = Int.random(in: 0..<damaged.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: damaged[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                    case 1: damaged[at] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &random)]
                    case 2: damaged = Array(damaged.prefix(max(1, at)))
                    default: damaged.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF], at: at)
                    }
                }
                let file = folder.path("m\(i).\(original.pathExtension)")
                try Data(damaged).write(to: URL(fileURLWithPath: file.text))
                var outcome = outcomes[name] ?? (0, 0)
                do {
                    let card = try ImageDecoder.decode(file, width: 20, height: 30)
                    #expect(card.pixels.count == 20 * 30 * 4)
                    check(card)
                    outcome.decoded += 1
                } catch {
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"), "\(name): \(error.reason)")
                    outcome.refused += 1
                }
                outcomes[name] = outcome
                _ = DateTaken.dateTaken(file)
            }
        }
        return outcomes
    }

    /// TIFFs of seven kinds, 200 damaged copies each (1,400 in all), through libtiff: decoded or
    /// refused with a one-line reason, never a crash or a hang, and the process's peak memory
    /// stays under 1.5 GiB (the largest raster a damaged header may ask for within ImageLimits is
    /// 1 GiB, allocated lazily).
    @Test func mutatedTIFFsAreDecodedOrRefused() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("upright.png"), alpha = folder.path("alpha.png"), icc = folder.path("p3.icc")
        try Quadrants.writeUpright(png, width: 160, height: 240)
        try ExternalTools.convert([png.text, "(", "-size", "240x160", "gradient:white-black", "-rotate", "90", ")",
                                   "-alpha", "off", "-compose", "copy_opacity", "-composite", "PNG64:" + alpha.text])
        try Data(try ColorProfileTests.displayP3()).write(to: URL(fileURLWithPath: icc.text))
        let kinds: [(name: String, source: FilePath, convert: [String], tiffcp: [String]?)] = [
            ("rgb-orientation-icc", png, ["-depth", "8", "-compress", "none", "-profile", icc.text], nil),
            ("rgba16-lzw", alpha, ["-depth", "16", "-compress", "lzw"], nil),
            ("ycbcr-jpeg-tiled", png, ["-depth", "8", "-compress", "none"], ["-c", "jpeg:80", "-t", "-w", "64", "-l", "64"]),
            ("lab16-deflate", png, ["-colorspace", "Lab", "-depth", "16", "-compress", "zip"], nil),
            ("palette4-packbits", png, ["-colors", "12", "-depth", "4", "-type", "palette", "-compress", "rle"], nil),
            ("bilevel-group4", png, ["-monochrome", "-compress", "group4"], nil),
            ("grey-alpha-planar", alpha, ["-colorspace", "gray", "-depth", "8", "-interlace", "plane", "-compress", "zip"], nil),
        ]
        var random = SeededRandom(seed: 11)
        var outcomes: [String: (decoded: Int, refused: Int)] = [:]
        var reasons: [String: Int] = [:]
        for kind in kinds {
            let original = folder.path("\(kind.name).tif")
            try ExternalTools.convert([kind.source.text] + kind.convert + [original.text])
            if let tiffcp = kind.tiffcp {
                let copy = folder.path("\(kind.name)-copy.tif")
                try ExternalTools.run("tiffcp", tiffcp + [original.text, copy.text])
                try FileManager.default.removeItem(atPath: original.text)
                try FileManager.default.moveItem(atPath: copy.text, toPath: original.text)
            }
            if kind.name.hasPrefix("rgb-") { try ExternalTools.run("tiffset", ["-s", "274", "6", original.text]) }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            _ = try ImageDecoder.decode(original, width: 20, height: 30)   // the undamaged file decodes
            for i in 0..<200 {
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    // Half the damage in the first 512 bytes or the last 1024 (the header and the
                    // directory ImageMagick and tiffset write after the pixels), half anywhere.
                    let near = Int.random(in: 0..<2, using: &random) == 0
                    let at = near ? (Bool.random(using: &random) ? Int.random(in: 0..<min(512, damaged.count), using: &random)
                                                                 : max(0, damaged.count - 1 - Int.random(in: 0..<1024, using: &random)))
                                  : Int.random(in: 0..<damaged.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: damaged[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                    case 1: damaged[at] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &random)]
                    case 2: damaged = Array(damaged.prefix(max(1, at)))
                    default: damaged.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF], at: at)
                    }
                }
                let file = folder.path("m\(i).tif")
                try Data(damaged).write(to: URL(fileURLWithPath: file.text))
                var outcome = outcomes[kind.name] ?? (0, 0)
                do {
                    let card = try ImageDecoder.decode(file, width: 20, height: 30)
                    #expect(card.pixels.count == 20 * 30 * 4)
                    outcome.decoded += 1
                } catch {
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
                    #expect(error.reason != "cannot decode: unreadable TIFF", "\(kind.name) \(i): no reason from libtiff")
                    outcome.refused += 1
                    reasons[String(error.reason.prefix(48)), default: 0] += 1
                }
                outcomes[kind.name] = outcome
                _ = DateTaken.dateTaken(file)
            }
        }
        #expect(outcomes.values.allSatisfy { $0.decoded + $0.refused == 200 }, "\(outcomes)")
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = usage.ru_maxrss << 10   // kilobytes on Linux
        #expect(peak < 1536 << 20, "peak memory \(peak >> 20) MiB")
        print("mutated TIFFs, decoded / refused: \(outcomes); peak memory \(peak >> 20) MiB")
        print("most common reasons: \(reasons.sorted { $0.value > $1.value }.prefix(12))")
    }

    /// PNGs through libpng, 2,200 of them: four kinds (plain RGB; 16-bit RGBA, Adam7, with iCCP and
    /// eXIf; a 4-bit palette with tRNS; 2-bit grey with a tRNS key, Adam7), 300 each, and 1,000 HDR
    /// ones (the tone-mapping path): the 16-bit RGBA one with cICP PQ and cLLI, and the palette one
    /// with cICP HLG, narrow range, 500 each; damaged as above, and
    /// in half the cases with every chunk's CRC made right again, so that the damage reaches
    /// libpng's chunk readers and inflate instead of stopping at the first CRC. Each is decoded or
    /// refused with a one-line reason; the process's peak memory stays under 1 GiB.
    @Test func mutatedPNGsAreDecodedOrRefused() throws {
        let folder = TemporaryDirectory()
        let plain = folder.path("plain.png"), deep = folder.path("deep.png")
        let palette = folder.path("palette.png"), grey = folder.path("grey.png")
        try Quadrants.writeUpright(plain, width: 160, height: 240)
        try ExternalTools.convert([plain.text, "-alpha", "set", "-channel", "A", "-fx", "0.5+i/w/2", "+channel",
                                   "-depth", "16", "-interlace", "PNG", "-define", "png:color-type=6", deep.text])
        try ExternalTools.exiftool(deep, ["-Orientation#=6"])
        try ExternalTools.convert([plain.text, "-transparent", "#0000ff", "-define", "png:bit-depth=4", "PNG8:" + palette.text])
        try ExternalTools.convert(["-size", "40x60", "gradient:black-white", "-depth", "2", "-transparent", "black",
                                   "-interlace", "PNG", "-define", "png:color-type=0", "-define", "png:bit-depth=2", grey.text])
        let pq = folder.path("pq.png"), hlg = folder.path("hlg.png")
        try Data(PNGChunks([UInt8](try Data(contentsOf: URL(fileURLWithPath: deep.text))))
            .inserting(.init("cLLI", ImageFiles.be32(20_000_000) + ImageFiles.be32(1_000_000)))
            .inserting(.init("cICP", [9, 16, 0, 1])).bytes).write(to: URL(fileURLWithPath: pq.text))
        try Data(PNGChunks([UInt8](try Data(contentsOf: URL(fileURLWithPath: palette.text))))
            .inserting(.init("cICP", [9, 18, 0, 0])).bytes).write(to: URL(fileURLWithPath: hlg.text))
        var random = SeededRandom(seed: 5)
        var outcomes: [String: (decoded: Int, refused: Int)] = [:]
        let kinds = [(plain, 300), (deep, 300), (palette, 300), (grey, 300), (pq, 500), (hlg, 500)]
        for (original, mutations) in kinds {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            let name = original.text.split(separator: "/").last.map(String.init) ?? "?"
            #expect((try? ImageDecoder.decode(original, width: 20, height: 30)) != nil, "\(name) itself decodes")
            for i in 0..<mutations {
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let at = Int.random(in: 8..<damaged.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: damaged[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                    case 1: damaged[at] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &random)]
                    case 2: damaged = Array(damaged.prefix(max(9, at)))
                    default: damaged.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF], at: at)
                    }
                }
                if i % 2 == 0 {
                    var chunks = PNGChunks(damaged)
                    for k in chunks.chunks.indices { chunks.chunks[k].storedCRC = nil }
                    damaged = chunks.bytes
                }
                let file = folder.path("m\(i).png")
                try Data(damaged).write(to: URL(fileURLWithPath: file.text))
                var outcome = outcomes[name] ?? (0, 0)
                do {
                    let card = try ImageDecoder.decode(file, width: 20, height: 30)
                    #expect(card.pixels.count == 20 * 30 * 4)
                    outcome.decoded += 1
                } catch {
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
                    outcome.refused += 1
                }
                outcomes[name] = outcome
            }
        }
        #expect(outcomes.count == kinds.count
                && kinds.allSatisfy { outcomes[$0.0.lastComponentText].map { $0.decoded + $0.refused } == $0.1 },
                "\(outcomes)")
        #expect(outcomes.values.allSatisfy { $0.decoded > 0 && $0.refused > 0 }, "\(outcomes)")
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("mutated PNGs, decoded / refused: \(outcomes); peak memory \(usage.ru_maxrss >> 10) MiB")
        #expect(usage.ru_maxrss < 1 << 20, "peak memory \(usage.ru_maxrss >> 10) MiB")
    }

    static let smallCMYKProfile = "/usr/share/color/icc/ghostscript/ps_cmyk.icc"

    /// The colour paths, 250 damaged files each: a CMYK JPEG and a CMYK JPEG XL tagged with
    /// Ghostscript's small (5 KB) CMYK profile, so that damage lands in the profile as often as in
    /// the pixels; translucent JPEG XL tagged Display P3 and (grey + alpha) with a grey profile.
    /// (Not PNG: SDL2_image's PNG path waits forever on some truncated files, a hang of its own.)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: smallCMYKProfile), "needs libgs-common's ps_cmyk.icc"))
    func mutatedColourFilesAreDecodedOrRefused() throws {
        let folder = TemporaryDirectory()
        let jpeg = folder.path("cmyk.jpg"), jxl = folder.path("cmyk.jxl")
        let rgba = folder.path("p3.jxl"), grey = folder.path("grey.jxl")
        try ExternalTools.convert(["-size", "64x96", "gradient:cyan-black", "-colorspace", "CMYK", "-quality", "90", jpeg.text])
        try ExternalTools.exiftool(jpeg, ["-ICC_Profile<=\(Self.smallCMYKProfile)"])
        try ExternalTools.run(try CMYKTests.cmykJXL.get().path, [jxl.text, Self.smallCMYKProfile, "48", "64",
                                                                  "200", "40", "10", "60", "128"])
        let p3 = folder.path("p3.icc"), linear = folder.path("grey.icc")
        try Data(try TranslucentColourTests.rgbProfile("Display P3")).write(to: URL(fileURLWithPath: p3.text))
        try Data(try #require(ColorProfile.greyProfile(curve: .gamma(1)))).write(to: URL(fileURLWithPath: linear.text))
        for (file, profile, isGrey) in [(rgba, p3, false), (grey, linear, true)] {
            let png = folder.path("stripes.png")
            try TranslucentColourTests.writeStripes(png, grey: isGrey)
            try ExternalTools.exiftool(png, ["-ICC_Profile<=\(profile.text)"])
            try ExternalTools.run("cjxl", ["-d", "0", png.text, file.text])
        }
        var random = SeededRandom(seed: 5)
        let outcomes = try Self.decodeMutations(of: [jpeg, jxl, rgba, grey], each: 250, in: folder, random: &random) { card in
            // Premultiplied: no colour above its alpha.
            #expect(stride(from: 0, to: card.pixels.count, by: 4).allSatisfy { i in
                (0..<3).allSatisfy { card.pixels[i + $0] <= card.pixels[i + 3] }
            })
        }
        #expect(outcomes.values.allSatisfy { $0.decoded + $0.refused == 250 }, "\(outcomes)")
        print("mutated colour files, decoded / refused: \(outcomes)")
    }

    /// Damaged ICC profiles straight into lcms, 400 each (Display P3 and linear grey made by
    /// lcms, Ghostscript's CMYK): each is refused or converts a translucent card to valid
    /// premultiplied pixels (no colour above its alpha); none crashes or hangs.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: smallCMYKProfile), "needs libgs-common's ps_cmyk.icc"))
    func mutatedProfilesAreUsedOrRefused() throws {
        let profiles = [try TranslucentColourTests.rgbProfile("Display P3"),
                        try #require(ColorProfile.greyProfile(curve: .gamma(1))),
                        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.smallCMYKProfile)))]
        // A 16-pixel card: greys and colours at alphas 0, 64, 128 and 255, premultiplied.
        var sums: [Float] = []
        for (grey, alpha) in [(true, 0), (true, 64), (false, 128), (false, 255)] {
            for level in [10, 90, 160, 250] {
                let colour: [Float] = grey ? [Float(level), Float(level), Float(level)] : [Float(level), 40, Float(255 - level)]
                sums += colour.map { $0 * Float(alpha) / 255 } + [Float(alpha)]
            }
        }
        let cmyk: [UInt8] = (0..<64).map { UInt8(($0 * 37) & 0xFF) }
        var random = SeededRandom(seed: 11)
        var used = 0, refused = 0
        for profile in profiles {
            for _ in 0..<400 {
                var damaged = profile
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let at = Int.random(in: 0..<damaged.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: damaged[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                    case 1: damaged[at] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &random)]
                    default: damaged = Array(damaged.prefix(max(1, at)))
                    }
                }
                if let conversion = ColorProfile.Conversion(iccProfile: damaged) {
                    var pixels = sums.map { UInt8(min(255, max(0, $0 + 0.5))) }
                    sums.withUnsafeBufferPointer { sums in
                        pixels.withUnsafeMutableBufferPointer { _ = conversion.apply(sums: sums, to: $0) }
                    }
                    #expect(stride(from: 0, to: pixels.count, by: 4).allSatisfy { i in
                        (0..<3).allSatisfy { pixels[i + $0] <= pixels[i + 3] }
                    })
                    used += 1
                } else if let rgb = cmyk.withUnsafeBufferPointer({ ColorProfile.rgb(fromCMYK: $0, inverted: true, iccProfile: damaged) }) {
                    #expect(rgb.count == 48)
                    used += 1
                } else {
                    refused += 1
                }
            }
        }
        #expect(used + refused == 1200)
        print("mutated profiles, used / refused: \(used) / \(refused)")
    }
}
