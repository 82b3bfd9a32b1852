import Dispatch
import Foundation
import SwivelCore
import SwivelPhotoCore
import SwivelTestSupport
import Synchronization
import Testing
@testable import SwivelPhotos

/// BMP and TGA through stb_image (with `BMPFixes`/`TGAFixes`), PNM through libnetpbm. Every file's
/// pixels are checked against another decoder's: ImageMagick's (`convert FILE -auto-orient
/// -depth 8 rgba:-`), gdk-pixbuf's reference PNGs, or values written out here. Decoded at the
/// file's own size, so the resampler copies pixels; Swivel's alpha is multiplied in, so the
/// reference's is too before comparing (tolerance ±1 a channel: rounding of that and of 16-bit or
/// 5-bit samples to 8 bits).
@Suite(.serialized) struct BMPTGAPNMTests {
    let files = TemporaryDirectory()

    /// Straight (not premultiplied) RGBA pixels, top row first.
    struct Pixels {
        let width: Int, height: Int
        let rgba: [UInt8]
    }

    // MARK: - Helpers

    /// The 64 × 48 image every ImageMagick-made file is written from: red at the top to blue at
    /// the bottom, alpha falling from opaque on the left to clear on the right, and a green block
    /// near the top-left corner, so that a flip or a mirror shows.
    func writeSource() throws -> FilePath {
        let source = files.path("source.png")
        try ExternalTools.convert([
            "-size", "64x48", "gradient:red-blue",
            "(", "-size", "48x64", "gradient:white-black", "-rotate", "90", ")",
            "-compose", "CopyOpacity", "-composite", "-fill", "#00c000", "-draw", "rectangle 5,5 20,15",
            source.text,
        ])
        return source
    }

    /// ImageMagick's decoding of `file`, turned as its orientation says (ImageMagick 6 keeps a
    /// TGA's origin as the image's orientation rather than applying it).
    static func magick(_ file: FilePath) throws -> Pixels {
        let size = try ExternalTools.outputBytes("identify", ["-format", "%w %h", file.text + "[0]"])
        let sides = String(decoding: size, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        let rgba = try ExternalTools.outputBytes("convert", [file.text + "[0]", "-auto-orient", "-depth", "8", "rgba:-"])
        try #require(sides.count == 2 && rgba.count == sides[0] * sides[1] * 4, "\(file): \(sides), \(rgba.count) bytes")
        return Pixels(width: sides[0], height: sides[1], rgba: rgba)
    }

    /// The largest difference between `file` decoded by Swivel and `expected` (alpha multiplied
    /// in), and where; nil when the file was refused (with the reason recorded as an issue).
    static func difference(_ file: FilePath, _ expected: Pixels) -> (worst: Int, at: String)? {
        let image: DecodedImage
        do {
            image = try ImageDecoder.decode(file, width: expected.width, height: expected.height)
        } catch {
            Issue.record("\(error)")
            return nil
        }
        var worst = 0, at = ""
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let i = (y * expected.width + x) * 4
                let alpha = Double(expected.rgba[i + 3])
                let want = (0..<3).map { Int((Double(expected.rgba[i + $0]) * alpha / 255).rounded()) } + [Int(alpha)]
                let got = image.rgba(x, y)
                let distance = zip(got, want).map { abs($0 - $1) }.max()!
                if distance > worst { (worst, at) = (distance, "(\(x), \(y)): \(got), want \(want)") }
            }
        }
        return (worst, at)
    }

    func reason(_ file: FilePath) -> String? { Self.reason(file) }

    static func reason(_ file: FilePath) -> String? {
        do throws(ImageLoadError) {
            _ = try ImageDecoder.decode(file, width: 8, height: 8)
            return nil
        } catch {
            return error.reason
        }
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16((v >> 16) & 0xFFFF) }

    /// A BMP: file header, an info header of `infoSize` bytes (those past the BITMAPINFOHEADER's
    /// fields given by `extra`, zeros after), `between` (masks after a 40-byte header, palette),
    /// then `pixels`.
    static func bmp(infoSize: Int, width: Int, height: Int, bitCount: Int, compression: Int, extra: [UInt8] = [],
                    between: [UInt8] = [], pixels: [UInt8]) -> [UInt8] {
        var info = le32(infoSize) + le32(width) + le32(height) + le16(1) + le16(bitCount)
        if infoSize >= 40 { info += le32(compression) + le32(pixels.count) + le32(2835) + le32(2835) + le32(0) + le32(0) }
        info += extra
        info += [UInt8](repeating: 0, count: infoSize - info.count)
        let offset = 14 + infoSize + between.count
        return Array("BM".utf8) + le32(offset + pixels.count) + le32(0) + le32(offset) + info + between + pixels
    }

    /// An 18-byte TGA header.
    static func tgaHeader(idLength: Int = 0, colorMapType: Int, imageType: Int, firstEntry: Int = 0, mapLength: Int = 0,
                          entryBits: Int = 0, width: Int, height: Int, bitsPerPixel: Int, descriptor: Int) -> [UInt8] {
        [UInt8(idLength), UInt8(colorMapType), UInt8(imageType)] + le16(firstEntry) + le16(mapLength) + [UInt8(entryBits)]
            + le16(0) + le16(0) + le16(width) + le16(height) + [UInt8(bitsPerPixel), UInt8(descriptor)]
    }

    /// Swivel's pixels of `bytes` written as `name`, decoded at `width` × `height`.
    func decoded(_ name: String, _ bytes: [UInt8], _ width: Int, _ height: Int) throws -> [[Int]] {
        let image = try ImageDecoder.decode(files.write(name, bytes: bytes), width: width, height: height)
        return (0..<height).flatMap { y in (0..<width).map { x in image.rgba(x, y) } }
    }

    // MARK: - Files ImageMagick writes, against ImageMagick's decoding

    /// (file name, options, output prefix such as "BMP3:")
    static let magickFiles: [(String, [String], String)] = [
        // The BMP variants ImageMagick writes: V5 with bit fields and alpha (its default), V4,
        // BITMAPINFOHEADER with and without alpha, OS/2 1.x, RLE8 (its default for palettes,
        // V5 and plain), 4-bit and 1-bit palettes, 16-bit 5-6-5 and 5-5-5 bit fields.
        ("v5-argb.bmp", [], ""),
        ("v4.bmp", ["-define", "bmp:format=bmp4"], ""),
        ("bmp3-alpha.bmp", ["-define", "bmp3:alpha=true"], "BMP3:"),
        ("bmp3-24.bmp", ["-alpha", "off"], "BMP3:"),
        ("os2.bmp", ["-alpha", "off"], "BMP2:"),
        ("rle8-v5.bmp", ["-alpha", "off", "-type", "Palette"], ""),
        ("rle8-bmp3.bmp", ["-alpha", "off", "-type", "Palette", "-compress", "RLE"], "BMP3:"),
        ("palette4.bmp", ["-alpha", "off", "-colors", "16", "-type", "Palette"], "BMP3:"),
        ("mono.bmp", ["-alpha", "off", "-monochrome"], ""),
        ("rgb565.bmp", ["-alpha", "off", "-define", "bmp:subtype=RGB565"], ""),
        ("rgb555.bmp", ["-alpha", "off", "-define", "bmp:subtype=RGB555"], ""),
        // TGA: the four origins (ImageMagick writes the rows as they are and sets the
        // descriptor's origin bits; its reader, like Swivel, shows them turned), run-length
        // coded, colour-mapped (plain and RLE), grey, and 24-bit.
        ("top-left.tga", ["-orient", "TopLeft"], ""),
        ("bottom-left.tga", ["-orient", "BottomLeft"], ""),
        ("top-right.tga", ["-orient", "TopRight"], ""),
        ("bottom-right.tga", ["-orient", "BottomRight"], ""),
        ("rle.tga", ["-compress", "RLE"], ""),
        ("rle-top-right.tga", ["-compress", "RLE", "-orient", "TopRight"], ""),
        ("colour-map.tga", ["-alpha", "off", "-type", "Palette"], ""),
        ("colour-map-rle.tga", ["-alpha", "off", "-type", "Palette", "-compress", "RLE"], ""),
        ("grey.tga", ["-alpha", "off", "-type", "Grayscale"], ""),
        ("grey-rle.tga", ["-alpha", "off", "-type", "Grayscale", "-compress", "RLE"], ""),
        ("rgb.tga", ["-alpha", "off"], ""),
        // PNM: raw and plain, 8 and 16 bits, maxval 15, PBM.
        ("8.pgm", ["-alpha", "off", "-depth", "8"], ""),
        ("16.pgm", ["-alpha", "off", "-depth", "16"], ""),
        ("8.ppm", ["-alpha", "off", "-depth", "8"], ""),
        ("16.ppm", ["-alpha", "off", "-depth", "16"], ""),
        ("maxval15.pgm", ["-alpha", "off", "-depth", "4"], ""),
        ("plain.pgm", ["-alpha", "off", "-depth", "8", "-compress", "none"], ""),
        ("plain16.ppm", ["-alpha", "off", "-depth", "16", "-compress", "none"], ""),
        ("raw.pbm", ["-alpha", "off", "-monochrome"], ""),
        ("plain.pbm", ["-alpha", "off", "-monochrome", "-compress", "none"], ""),
    ]

    @Test func filesImageMagickWritesMatchItsDecoding() throws {
        let source = try writeSource()
        for (name, options, prefix) in Self.magickFiles {
            let file = files.path(name)
            try ExternalTools.convert([source.text] + options + [prefix + file.text])
            let expected = try Self.magick(file)
            #expect(expected.width == 64 && expected.height == 48)
            if let (worst, at) = Self.difference(file, expected) {
                #expect(worst <= 1, "\(name): off by \(worst) at \(at)")
            }
        }
    }

    /// 16-bit BMPs with 1-bit and 4-bit alpha: ImageMagick 6 scales such samples by shifting
    /// (a 4-bit 15 becomes 240, a set 1-bit alpha 128), so the expected pixels are worked out
    /// here from the file's own 16-bit words, each field scaled to 0…255 (x × 255 / max).
    @Test(arguments: [("ARGB1555", [0x7C00, 0x03E0, 0x001F, 0x8000]), ("ARGB4444", [0x0F00, 0x00F0, 0x000F, 0xF000])])
    func sixteenBitBMPsWithAlpha(subtype: String, masks: [Int]) throws {
        let source = try writeSource()
        let file = files.path("\(subtype).bmp")
        try ExternalTools.convert([source.text, "-define", "bmp:subtype=\(subtype)", file.text])
        let bytes = files.contents(file)
        let offset = Int(bytes[10]) | Int(bytes[11]) << 8
        #expect(Array(bytes[54..<70]) == masks.flatMap(Self.le32), "ImageMagick wrote the masks asked for")
        var rgba: [UInt8] = []
        for y in 0..<48 {
            let row = offset + (47 - y) * 128   // bottom-up, 64 × 2 bytes a row
            for x in 0..<64 {
                let word = Int(bytes[row + 2 * x]) | Int(bytes[row + 2 * x + 1]) << 8
                for mask in masks {
                    let shift = mask.trailingZeroBitCount, max = mask >> shift
                    rgba.append(UInt8(((word & mask) >> shift) * 255 / max))
                }
            }
        }
        let (worst, at) = try #require(Self.difference(file, Pixels(width: 64, height: 48, rgba: rgba)))
        #expect(worst <= 1, "\(subtype): off by \(worst) at \(at)")
    }

    // MARK: - Cases stb_image reads wrong or refuses, with pixels written out here

    @Test func bmpBitFieldsInEveryHeader() throws {
        // 5-6-5 after a 40-byte header: red, then cyan.
        let rgb565 = Self.bmp(infoSize: 40, width: 2, height: 1, bitCount: 16, compression: 3,
                              between: Self.le32(0xF800) + Self.le32(0x07E0) + Self.le32(0x001F),
                              pixels: Self.le16(0xF800) + Self.le16(0x07FF))
        #expect(try decoded("565.bmp", rgb565, 2, 1) == [[255, 0, 0, 255], [0, 255, 255, 255]])
        // A 56-byte V3 header holds the four masks (stb_image would read 12 bytes past it):
        // opaque red, then green at half alpha (128: 0, 128, 0 once multiplied in).
        let argbMasks = Self.le32(0xFF0000) + Self.le32(0xFF00) + Self.le32(0xFF) + Self.le32(0xFF00_0000)
        let v3 = Self.bmp(infoSize: 56, width: 2, height: 1, bitCount: 32, compression: 3, extra: argbMasks,
                          pixels: Self.le32(0xFFFF_0000) + Self.le32(0x8000_FF00))
        #expect(try decoded("v3.bmp", v3, 2, 1) == [[255, 0, 0, 255], [0, 128, 0, 128]])
        // A 52-byte V2 header: three masks, no alpha.
        let v2 = Self.bmp(infoSize: 52, width: 2, height: 1, bitCount: 32, compression: 3, extra: Array(argbMasks.prefix(12)),
                          pixels: Self.le32(0x00FF_0000) + Self.le32(0x0000_00FF))
        #expect(try decoded("v2.bmp", v2, 2, 1) == [[255, 0, 0, 255], [0, 0, 255, 255]])
        // 10-10-10 masks: each sample keeps its top 8 bits (1023 → 255, 512 → 128, 4 → 1).
        let wide = Self.bmp(infoSize: 40, width: 2, height: 1, bitCount: 32, compression: 3,
                            between: Self.le32(0x3FF0_0000) + Self.le32(0x000F_FC00) + Self.le32(0x0000_03FF),
                            pixels: Self.le32(1023 << 20 | 512 << 10) + Self.le32(4 << 20 | 1023))
        #expect(try decoded("1010.bmp", wide, 2, 1) == [[255, 128, 0, 255], [1, 0, 255, 255]])
        // BI_ALPHABITFIELDS: four masks after a 40-byte header (A at the bottom byte here).
        let alphaBitFields = Self.bmp(infoSize: 40, width: 1, height: 1, bitCount: 32, compression: 6,
                                      between: Self.le32(0xFF00_0000) + Self.le32(0xFF_0000) + Self.le32(0xFF00) + Self.le32(0xFF),
                                      pixels: Self.le32(0x0000_FF40))
        #expect(try decoded("alphabitfields.bmp", alphaBitFields, 1, 1) == [[0, 0, 64, 64]])
        // OS/2 2.x (64-byte header), 24-bit: red, then green.
        let os2 = Self.bmp(infoSize: 64, width: 2, height: 1, bitCount: 24, compression: 0, pixels: [0, 0, 255, 0, 255, 0, 0, 0])
        #expect(try decoded("os2v2.bmp", os2, 2, 1) == [[255, 0, 0, 255], [0, 255, 0, 255]])
        #expect(reason(files.write("huffman.bmp", bytes: Self.bmp(infoSize: 64, width: 2, height: 1, bitCount: 1,
                                                                     compression: 3, pixels: [0, 0, 0, 0])))
                == "cannot decode: OS/2 Huffman-coded BMP is not supported")
    }

    @Test func bmpRunLengthCoding() throws {
        // Palette: 0 black, 1 red, 2 green, 3 blue (B, G, R, 0).
        let palette: [UInt8] = [0, 0, 0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0]
        let k = [0, 0, 0, 255], r = [255, 0, 0, 255], g = [0, 255, 0, 255], b = [0, 0, 255, 255]
        // RLE8, 4 × 2, bottom row first: run of 2 red, run of 2 green, end of line; a literal of
        // 3 (blue, red, green, padded to 16 bits), a run of 1 blue, end of bitmap.
        let rle8 = Self.bmp(infoSize: 40, width: 4, height: 2, bitCount: 8, compression: 1, between: palette,
                            pixels: [2, 1, 2, 2, 0, 0, 0, 3, 3, 1, 2, 0, 1, 3, 0, 1])
        #expect(try decoded("rle8.bmp", rle8, 4, 2) == [b, r, g, b, r, r, g, g])
        // A delta skips pixels, which keep index 0: one red at (0, bottom), then 2 right and 1
        // up, one green, end of bitmap.
        let delta = Self.bmp(infoSize: 40, width: 4, height: 2, bitCount: 8, compression: 1, between: palette,
                             pixels: [1, 1, 0, 2, 2, 1, 1, 2, 0, 1])
        #expect(try decoded("delta.bmp", delta, 4, 2) == [k, k, k, g, r, k, k, k])
        // RLE4: a run of 4 alternating 1 and 2, end of line; a literal of 4 nibbles (3, 1, 2, 3).
        let rle4 = Self.bmp(infoSize: 40, width: 4, height: 2, bitCount: 4, compression: 2, between: palette,
                            pixels: [4, 0x12, 0, 0, 0, 4, 0x31, 0x23, 0, 1])
        #expect(try decoded("rle4.bmp", rle4, 4, 2) == [b, r, g, b, r, g, r, g])
    }

    @Test func tgaColourMapsGreyAlphaAndRightToLeft() throws {
        // The map holds entries 2 and 3 (red, green: B, G, R) and the pixels index them as such.
        let firstEntry = Self.tgaHeader(colorMapType: 1, imageType: 1, firstEntry: 2, mapLength: 2, entryBits: 24,
                                        width: 3, height: 1, bitsPerPixel: 8, descriptor: 0x20)
            + [0, 0, 255, 0, 255, 0] + [2, 3, 9]
        // Index 9 is past the map: black.
        #expect(try decoded("first.tga", firstEntry, 3, 1) == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 0, 255]])
        // Grey + alpha, 16 bits a pixel (grey, then alpha): 200 opaque; 100 at alpha 128.
        let greyAlpha = Self.tgaHeader(colorMapType: 0, imageType: 3, width: 2, height: 1, bitsPerPixel: 16, descriptor: 0x28)
            + [200, 255, 100, 128]
        #expect(try decoded("grey-alpha.tga", greyAlpha, 2, 1) == [[200, 200, 200, 255], [50, 50, 50, 128]])
        // Run-length coded grey + alpha: a run of 2.
        let greyAlphaRLE = Self.tgaHeader(colorMapType: 0, imageType: 11, width: 2, height: 1, bitsPerPixel: 16, descriptor: 0x28)
            + [0x81, 100, 128]
        #expect(try decoded("grey-alpha-rle.tga", greyAlphaRLE, 2, 1) == [[50, 50, 50, 128], [50, 50, 50, 128]])
        // Right-to-left, bottom-to-top, 2 × 2: the file's first pixel is the bottom-right one.
        let bottomRight = Self.tgaHeader(colorMapType: 0, imageType: 2, width: 2, height: 2, bitsPerPixel: 24, descriptor: 0x10)
            + [255, 0, 0, 0, 255, 0] + [0, 0, 255, 255, 255, 255]
        #expect(try decoded("bottom-right.tga", bottomRight, 2, 2)
                == [[255, 255, 255, 255], [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]])
    }

    // MARK: - Cut short

    @Test func filesCutShortAreSkippedAsTruncated() throws {
        let source = try writeSource()
        // (name, options, prefix, whether every byte is pixels to the end: raw, no trailer)
        let cases: [(String, [String], String, Bool)] = [
            ("cut.bmp", ["-alpha", "off"], "BMP3:", true), ("cut-v5.bmp", [], "", true),
            ("cut-rle8.bmp", ["-alpha", "off", "-type", "Palette"], "", false),
            ("cut.tga", [], "", true), ("cut-rle.tga", ["-compress", "RLE"], "", false),
            ("cut-map.tga", ["-alpha", "off", "-type", "Palette"], "", true),
            ("cut.ppm", ["-alpha", "off", "-depth", "16"], "", true),
            ("cut-plain.ppm", ["-alpha", "off", "-compress", "none"], "", false),
            ("cut.pbm", ["-alpha", "off", "-monochrome"], "", true),
        ]
        for (name, options, prefix, raw) in cases {
            let whole = files.path("whole-" + name)
            try ExternalTools.convert([source.text] + options + [prefix + whole.text])
            let bytes = files.contents(whole)
            let format = name.hasSuffix(".bmp") ? "BMP" : name.hasSuffix(".tga") ? "TGA" : "PNM"
            #expect(reason(whole) == nil, "\(name) whole")
            for fraction in [0.5, 0.9] {
                let cut = files.write(name, bytes: Array(bytes.prefix(Int(Double(bytes.count) * fraction))))
                #expect(reason(cut) == "cannot decode: truncated \(format) data", "\(name) cut to \(fraction)")
            }
            if raw {   // one byte short: part of the last row's last pixel
                let last = files.write(name, bytes: Array(bytes.dropLast()))
                #expect(reason(last) == "cannot decode: truncated \(format) data", "\(name) one byte short")
            }
        }
    }

    // MARK: - Threads

    /// stb_image's failure reason is per thread, and libnetpbm's calls take turns: many
    /// decodes at once each get their own file's answer.
    @Test func decodesOnManyThreadsAtOnceKeepTheirOwnAnswers() throws {
        // stb_image's own refusals: bit fields with 24 bits a pixel; a colour map of no entries.
        let badBMP = files.write("bad.bmp", bytes: Self.bmp(infoSize: 40, width: 1, height: 1, bitCount: 24, compression: 3,
                                                              between: Self.le32(0xFF0000) + Self.le32(0xFF00) + Self.le32(0xFF),
                                                              pixels: [1, 2, 3, 0]))
        let badTGA = files.write("bad.tga", bytes: Self.tgaHeader(colorMapType: 1, imageType: 1, entryBits: 24, width: 1,
                                                                    height: 1, bitsPerPixel: 8, descriptor: 0) + [0, 0, 0, 0])
        let goodPNM = files.write("good.ppm", bytes: Array("P6 1 1 255\n".utf8) + [10, 20, 30])
        let badPNM = files.write("bad.pgm", bytes: Array("P2 1 1 255\n300\n".utf8))
        let expected = [reason(badBMP), reason(badTGA), reason(goodPNM), reason(badPNM)]
        #expect(expected == ["cannot decode: bad BMP", "cannot decode: Corrupt TGA", nil,
                             "cannot decode: Plane 0 sample value 300 exceeds the image maxval of 255"])
        let answers = Mutex([[String?]](repeating: [], count: 4))
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            let which = i % 4
            let answer = Self.reason([badBMP, badTGA, goodPNM, badPNM][which])
            answers.withLock { $0[which].append(answer) }
        }
        answers.withLock { all in
            for which in 0..<4 { #expect(all[which].allSatisfy { $0 == expected[which] }, "\(Set(all[which].map { "\($0 ?? "decoded")" }))") }
        }
    }

    // MARK: - Third-party files

    static let gdkPixbufImages = "/usr/libexec/installed-tests/gdk-pixbuf/test-images"

    /// gdk-pixbuf's reference tests (package gdk-pixbuf-tests): 44 TGAs of its logo in every origin,
    /// 8/16/24/32 bits, grey and grey + alpha, colour-mapped, run-length coded; a colour map too
    /// small for its indices; run-length packets past the image's end; a BMP with a 56-byte V3
    /// header and bit fields. Each beside the PNG gdk-pixbuf shows for it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: gdkPixbufImages),
                   "gdk-pixbuf-tests is not installed (make test-deps installs it)"))
    func gdkPixbufReferenceImages() throws {
        let folder = Self.gdkPixbufImages + "/reftests"
        let tgas = try FileManager.default.contentsOfDirectory(atPath: folder + "/tga").filter { $0.hasSuffix(".tga") }.sorted()
        #expect(tgas.count == 44)
        let names = tgas.map { "tga/" + $0 }
            + ["colormap-too-small.tga", "rle-too-many-pixels.tga", "rle-too-many-pixels-2.tga", "mandatory-bitmasks.bmp"]
        for name in names {
            let file = FilePath(folder + "/" + name)
            let expected = try Self.magick(FilePath(folder + "/" + name + ".ref.png"))
            if let (worst, at) = Self.difference(file, expected) { #expect(worst <= 1, "\(name): off by \(worst) at \(at)") }
        }
    }

    /// gdk-pixbuf's damaged and hostile BMP, TGA and PNM files: each decoded or refused with a
    /// one-line reason, none crashing the process.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: gdkPixbufImages),
                   "gdk-pixbuf-tests is not installed (make test-deps installs it)"))
    func gdkPixbufDamagedFiles() throws {
        var seen = 0
        for sub in ["fail", "randomly-modified"] {
            let folder = Self.gdkPixbufImages + "/" + sub
            for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            where [".bmp", ".tga", ".ppm", ".pnm"].contains(where: name.hasSuffix) {
                seen += 1
                if let reason = reason(FilePath(folder + "/" + name)) {
                    #expect(!reason.isEmpty && !reason.contains("\n"), "\(name)")
                }
            }
        }
        #expect(seen == 27)
    }
}
