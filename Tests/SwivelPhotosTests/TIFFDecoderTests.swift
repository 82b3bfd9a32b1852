import CLCMS2
import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// TIFFs through libtiff (TIFFDecoder), written by ImageMagick and libtiff's own tools (tiffcp,
/// tiffset, raw2tiff) in every photometric and layout people meet, each decoded at its own size
/// (so the resampler copies pixels one to one) and checked against ImageMagick's decoding of the
/// same file (`convert FILE -depth 8 rgba:-`, alpha multiplied in here) or against literal pixels.
@Suite(.serialized) struct TIFFDecoderTests {
    /// One kind of TIFF: how ImageMagick writes it from a source pattern, what it must hold
    /// (tiffinfo's words, so the file really is of that kind), and how close to ImageMagick's own
    /// decoding every channel of every pixel must come.
    struct Kind: Sendable, CustomTestStringConvertible {
        let name: String
        var alpha = false
        let convert: [String]
        /// Run on the written file before decoding: a libtiff tool and its arguments (the file last).
        var then: [String]? = nil
        /// Compare with ImageMagick's decoding of the source pattern instead of the TIFF's.
        var againstSource = false
        let holds: [String]
        let tolerance: Int
        var testDescription: String { name }
    }

    static let kinds: [Kind] = [
        Kind(name: "RGB 8-bit uncompressed", convert: ["-depth", "8", "-compress", "none"],
             holds: ["Bits/Sample: 8", "RGB color", "Compression Scheme: None"], tolerance: 0),
        Kind(name: "RGB 8-bit LZW big-endian", convert: ["-depth", "8", "-compress", "lzw", "-define", "tiff:endian=msb"],
             holds: ["LZW"], tolerance: 0),
        Kind(name: "RGB 16-bit Deflate", convert: ["-depth", "16", "-compress", "zip"],
             holds: ["Bits/Sample: 16", "RGB color", "Deflate"], tolerance: 1),
        Kind(name: "RGB 8-bit tiled 32×32 (tiles overhang the image)",
             convert: ["-depth", "8", "-define", "tiff:tile-geometry=32x32"],
             holds: ["Tile Width: 32 Tile Length: 32"], tolerance: 0),
        Kind(name: "RGB JPEG-in-TIFF", convert: ["-depth", "8", "-compress", "jpeg", "-quality", "95"],
             holds: ["Compression Scheme: JPEG"], tolerance: 3),
        Kind(name: "YCbCr JPEG-in-TIFF (tiffcp -c jpeg, 2×2 subsampled)", convert: ["-depth", "8", "-compress", "none"],
             then: ["tiffcp", "-c", "jpeg:95"], holds: ["YCbCr", "Compression Scheme: JPEG"], tolerance: 3),
        Kind(name: "RGBA 8-bit unassociated alpha", alpha: true,
             convert: ["-depth", "8", "-define", "tiff:alpha=unassociated"], holds: ["unassoc-alpha"], tolerance: 1),
        Kind(name: "RGBA 8-bit associated alpha", alpha: true,
             convert: ["-depth", "8", "-define", "tiff:alpha=associated"], holds: ["<assoc-alpha>"], tolerance: 1),
        Kind(name: "RGBA 16-bit unassociated alpha", alpha: true,
             convert: ["-depth", "16", "-define", "tiff:alpha=unassociated"],
             holds: ["Bits/Sample: 16", "unassoc-alpha"], tolerance: 1),
        Kind(name: "RGBA 16-bit associated alpha", alpha: true,
             convert: ["-depth", "16", "-define", "tiff:alpha=associated"],
             holds: ["Bits/Sample: 16", "<assoc-alpha>"], tolerance: 1),
        Kind(name: "RGBA 8-bit planar (one plane a channel)", alpha: true,
             convert: ["-depth", "8", "-interlace", "plane"], holds: ["separate image planes", "unassoc-alpha"], tolerance: 1),
        // libtiff takes the high byte of a 16-bit colormap entry, ImageMagick rounds it: 1 apart.
        Kind(name: "palette 8-bit", convert: ["-depth", "8", "-type", "palette"], holds: ["palette color"], tolerance: 1),
        Kind(name: "palette 4-bit", convert: ["-colors", "16", "-depth", "4", "-type", "palette"],
             holds: ["palette color", "Bits/Sample: 4"], tolerance: 1),
        Kind(name: "grey 8-bit", convert: ["-colorspace", "gray", "-depth", "8"], holds: ["min-is-black"], tolerance: 0),
        Kind(name: "grey 16-bit", convert: ["-colorspace", "gray", "-depth", "16"],
             holds: ["min-is-black", "Bits/Sample: 16"], tolerance: 1),
        Kind(name: "grey 4-bit", convert: ["-colorspace", "gray", "-depth", "4"],
             holds: ["min-is-black", "Bits/Sample: 4"], tolerance: 0),
        // Stored inverted and tagged MinIsWhite: shown as the grey it was.
        Kind(name: "grey 8-bit min-is-white", convert: ["-colorspace", "gray", "-negate", "-depth", "8", "-compress", "none"],
             then: ["tiffset", "-s", "262", "0"], holds: ["min-is-white"], tolerance: 0),
        Kind(name: "bilevel Group 4 (min-is-white)", convert: ["-monochrome", "-compress", "group4"],
             holds: ["min-is-white", "CCITT Group 4"], tolerance: 0),
        Kind(name: "grey+alpha 8-bit unassociated", alpha: true, convert: ["-colorspace", "gray", "-depth", "8"],
             holds: ["min-is-black", "unassoc-alpha"], tolerance: 1),
        Kind(name: "grey+alpha 8-bit associated", alpha: true,
             convert: ["-colorspace", "gray", "-depth", "8", "-define", "tiff:alpha=associated"],
             holds: ["min-is-black", "<assoc-alpha>"], tolerance: 1),
        Kind(name: "grey+alpha 16-bit unassociated", alpha: true, convert: ["-colorspace", "gray", "-depth", "16"],
             holds: ["min-is-black", "unassoc-alpha", "Bits/Sample: 16"], tolerance: 1),
        Kind(name: "CMYK 8-bit", convert: ["-colorspace", "CMYK", "-depth", "8"], holds: ["separated", "InkSet: 1"], tolerance: 1),
        // What libtiff's RGBA reader refuses, read sample by sample (swivel_tiff_read_samples).
        Kind(name: "CMYK 16-bit", convert: ["-colorspace", "CMYK", "-depth", "16"],
             holds: ["separated", "Bits/Sample: 16"], tolerance: 1),
        Kind(name: "grey 12-bit", convert: ["-colorspace", "gray", "-depth", "12"],
             holds: ["min-is-black", "Bits/Sample: 12"], tolerance: 1),
        Kind(name: "RGB 12-bit LZW", convert: ["-depth", "12", "-compress", "lzw"],
             holds: ["RGB color", "Bits/Sample: 12", "LZW"], tolerance: 1),
        Kind(name: "RGB 32-bit floating point, LZW with the floating-point predictor",
             convert: ["-depth", "32", "-define", "quantum:format=floating-point", "-compress", "lzw",
                       "-define", "tiff:predictor=3"],
             holds: ["IEEE floating point", "Bits/Sample: 32", "floating point predictor"], tolerance: 1),
        // No predictor: ImageMagick 6.9.11 writes big-endian 16-bit floats with the floating-point
        // predictor that neither it nor libtiff reads back.
        Kind(name: "RGB 16-bit floating point, big-endian Deflate",
             convert: ["-depth", "16", "-define", "quantum:format=floating-point", "-compress", "zip",
                       "-define", "tiff:predictor=1", "-define", "tiff:endian=msb"],
             holds: ["IEEE floating point", "Bits/Sample: 16", "Deflate"], tolerance: 1),
        Kind(name: "RGBA 32-bit floating point, planar", alpha: true,
             convert: ["-depth", "32", "-define", "quantum:format=floating-point", "-interlace", "plane"],
             holds: ["IEEE floating point", "separate image planes", "unassoc-alpha"], tolerance: 1),
        Kind(name: "grey 64-bit floating point, tiled 32×32", convert: ["-colorspace", "gray", "-depth", "64",
                                                                       "-define", "quantum:format=floating-point",
                                                                       "-define", "tiff:tile-geometry=32x32"],
             holds: ["IEEE floating point", "Bits/Sample: 64", "Tile Width: 32"], tolerance: 1),
        // ImageMagick writes L*a*b* relative to D65 and says so (WhitePoint), but reads it back
        // unevenly: 8-bit a* and b* half a unit off (stored −66, 51 it shows as cielab(68.2,
        // −65.5, 50.5)), which moves an sRGB channel near zero by up to 8 levels (#20c040: it
        // gives 10 192 67, the stored values convert exactly to 2 192 65); 16-bit ones by a unit or
        // more (stored 45.59, −75.03 as 44.5, −75.5: #172fbc comes back 3 47 188, the stored
        // values convert exactly to 22 47 189). So 16 bits are compared with the pattern
        // ImageMagick encoded, within 4 (its writer rounds the source 32 64 255 to a* and b* that
        // convert to 30 64 255; Swivel keeps them to 1/8 of a unit); labIsConvertedRelativeToItsWhite
        // checks exact values.
        Kind(name: "CIE L*a*b* 8-bit", convert: ["-colorspace", "Lab", "-depth", "8"],
             holds: ["CIE L*a*b*", "Bits/Sample: 8", "White Point: 0.3127-0.329"], tolerance: 8),
        Kind(name: "CIE L*a*b* 16-bit", convert: ["-colorspace", "Lab", "-depth", "16"], againstSource: true,
             holds: ["CIE L*a*b*", "Bits/Sample: 16", "White Point: 0.3127-0.329"], tolerance: 4),
    ]

    /// A 48 × 32 pattern: hue gradients across, darker downwards, a white and a black block (so
    /// greys and the ends of the range are in it); with `alpha`, opacity falls from 255 at the
    /// left to 0 at the right, in steps every column.
    static func writePattern(_ path: FilePath, alpha: Bool) throws {
        var arguments = ["-size", "32x48", "gradient:#ff2010-#2040ff", "-rotate", "90",
                         "(", "-size", "48x32", "gradient:#ffffff-#303030", ")", "-compose", "multiply", "-composite",
                         "-fill", "white", "-draw", "rectangle 2,2 9,9", "-fill", "black", "-draw", "rectangle 12,2 19,9",
                         "-fill", "#20c040", "-draw", "rectangle 24,20 35,29"]
        if alpha {
            arguments += ["(", "-size", "32x48", "gradient:white-black", "-rotate", "90", ")",
                          "-alpha", "off", "-compose", "copy_opacity", "-composite"]
        }
        try ExternalTools.convert(arguments + ["-depth", "16", (alpha ? "PNG64:" : "PNG48:") + path.text])
    }

    @Test(arguments: kinds)
    func decodesAsImageMagickDoes(_ kind: Kind) throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.png"), file = folder.path("kind.tif")
        try Self.writePattern(source, alpha: kind.alpha)
        try ExternalTools.convert([source.text] + kind.convert + [file.text])
        if let then = kind.then {
            if then[0] == "tiffcp" {
                let copy = folder.path("copy.tif")
                try ExternalTools.run("tiffcp", Array(then.dropFirst()) + [file.text, copy.text])
                try FileManager.default.removeItem(atPath: file.text)
                try FileManager.default.moveItem(atPath: copy.text, toPath: file.text)
            } else {
                try ExternalTools.run(then[0], Array(then.dropFirst()) + [file.text])
            }
        }
        let info = try ExternalTools.output("tiffinfo", [file.text])
        for words in kind.holds { #expect(info.contains(words), "\(kind.name): tiffinfo says \(info)") }
        if kind.convert.contains("tiff:endian=msb") {
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.text)).starts(with: Array("MM".utf8)), "big-endian")
        }

        let reference = try Self.imageMagickRGBA(kind.againstSource ? source : file)
        let card = try ImageDecoder.decode(file, width: reference.width, height: reference.height)
        let worst = Self.largestDifference(card, reference)
        #expect(worst.difference <= kind.tolerance, "\(kind.name): \(worst)")
        print("\(kind.name): largest difference from ImageMagick \(worst.difference) (tolerance \(kind.tolerance))")
    }

    /// The difference from ImageMagick's pixels (straight alpha, multiplied in here as
    /// round(c × a / 255)) that is largest over all pixels and channels, and where it is.
    static func largestDifference(_ card: DecodedImage, _ reference: (width: Int, height: Int, pixels: [UInt8]))
        -> (difference: Int, x: Int, y: Int, got: [Int], want: [Int]) {
        var worst = (difference: -1, x: 0, y: 0, got: [Int](), want: [Int]())
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let i = (y * reference.width + x) * 4
                let a = Int(reference.pixels[i + 3])
                let want = (0..<3).map { (Int(reference.pixels[i + $0]) * a + 127) / 255 } + [a]
                let got = card.rgba(x, y)
                let difference = zip(got, want).map { abs($0 - $1) }.max()!
                if difference > worst.difference { worst = (difference, x, y, got, want) }
            }
        }
        return worst
    }

    // MARK: Literal pixels

    /// Every orientation (tag 274, set by tiffset) of a 3 × 2 image of six colours, written by
    /// raw2tiff: the card holds the colours where the EXIF/TIFF definition of each value puts them
    /// (stored rows A B C / D E F). Swivel turns TIFFs in one place, CardPixels, as every format;
    /// libtiff's reader is asked for the pixels as stored.
    @Test func everyOrientationPutsEachPixelWhereTheTagSays() throws {
        let folder = TemporaryDirectory()
        let colours: [Character: [Int]] = ["A": [255, 0, 0], "B": [0, 255, 0], "C": [0, 0, 255],
                                           "D": [255, 255, 0], "E": [0, 255, 255], "F": [255, 0, 255]]
        let raw = folder.path("six.rgb")
        try Data("ABCDEF".flatMap { colours[$0]!.map(UInt8.init) }).write(to: URL(fileURLWithPath: raw.text))
        let expected: [Int: [String]] = [
            1: ["ABC", "DEF"], 2: ["CBA", "FED"], 3: ["FED", "CBA"], 4: ["DEF", "ABC"],
            5: ["AD", "BE", "CF"], 6: ["DA", "EB", "FC"], 7: ["FC", "EB", "DA"], 8: ["CF", "BE", "AD"],
        ]
        for n in 1...8 {
            let file = folder.path("o\(n).tif")
            try ExternalTools.run("raw2tiff", ["-M", "-c", "none", "-w", "3", "-l", "2", "-b", "3", "-d", "byte", "-p", "rgb", raw.text, file.text])
            try ExternalTools.run("tiffset", ["-s", "274", "\(n)", file.text])
            let rows = expected[n]!
            let card = try ImageDecoder.decode(file, width: rows[0].count, height: rows.count)
            let shown = (0..<card.height).map { y in
                String((0..<card.width).map { x in
                    colours.first { $0.value == Array(card.rgba(x, y).prefix(3)) }?.key ?? "?"
                })
            }
            #expect(shown == rows, "orientation \(n)")
        }
    }

    /// CIE L*a*b* greys written as literal samples (raw2tiff, 8 bits: L* 0-255 for 0-100, a* = b*
    /// = 0) come out neutral and at the sRGB level of their lightness (CIE 1976: Y = ((L* + 16) /
    /// 116)³ above L* = 8, then IEC 61966-2-1's curve), within 2 levels: libtiff's own conversion
    /// tints them yellow (its D50 white through sRGB's D65 matrix) and darkens the shadows.
    @Test func labGreysAreNeutral() throws {
        let folder = TemporaryDirectory()
        let levels: [UInt8] = [0, 30, 64, 128, 192, 230, 255]
        let raw = folder.path("greys.lab"), file = folder.path("greys.tif")
        try Data(levels.flatMap { [$0, 0, 0] }).write(to: URL(fileURLWithPath: raw.text))
        try ExternalTools.run("raw2tiff", ["-M", "-c", "none", "-w", "\(levels.count)", "-l", "1", "-b", "3", "-d", "byte", "-p", "cielab",
                                           raw.text, file.text])
        let card = try ImageDecoder.decode(file, width: levels.count, height: 1)
        for (x, level) in levels.enumerated() {
            let lightness = Double(level) * 100 / 255
            let y = lightness > 8 ? pow((lightness + 16) / 116, 3) : lightness / 903.3
            let encoded = y <= 0.0031308 ? 12.92 * y : 1.055 * pow(y, 1 / 2.4) - 0.055
            let want = Int((encoded * 255).rounded())
            let got = card.rgba(x, 0)
            #expect(got.prefix(3).allSatisfy { abs($0 - want) <= 2 } && got[3] == 255, "L* \(lightness): \(got), want \(want)")
        }
    }

    /// CIE L*a*b* colours written as literal samples (raw2tiff, 8 bits, a* and b* signed): with
    /// no WhitePoint tag they are relative to D50 (libtiff's default, ICC's PCS) and come out as
    /// lcms converts D50 L*a*b* to sRGB (relative colorimetric: D50 adapted to sRGB's D65);
    /// tagged D65 (tiffset 318), as CIE 15's formulas and IEC 61966-2-1 give them with no
    /// adaptation (the literals below, worked out once with those formulas). Within 2.
    @Test func labIsConvertedRelativeToItsWhite() throws {
        let folder = TemporaryDirectory()
        let samples: [[Int]] = [[136, 20, -30], [200, -40, 50], [100, 60, 20], [60, 10, -60], [230, -10, -10]]
        let underD65: [[Int]] = [[135, 118, 179], [147, 212, 96], [180, 25, 63], [0, 58, 148], [195, 233, 246]]
        let raw = folder.path("colours.lab"), d50 = folder.path("d50.tif"), d65 = folder.path("d65.tif")
        try Data(samples.flatMap { $0.map { UInt8(bitPattern: Int8(truncatingIfNeeded: $0)) } })
            .write(to: URL(fileURLWithPath: raw.text))
        for file in [d50, d65] {
            try ExternalTools.run("raw2tiff", ["-M", "-c", "none", "-w", "\(samples.count)", "-l", "1", "-b", "3", "-d", "byte",
                                               "-p", "cielab", raw.text, file.text])
        }
        try ExternalTools.run("tiffset", ["-s", "318", "0.3127", "0.329", d65.text])

        // lcms: TYPE_Lab_DBL (lcms2.h: FLOAT_SH(1) | COLORSPACE_SH(PT_Lab) | CHANNELS_SH(3)) to RGB 8.
        let lab = try #require(cmsCreateLab4Profile(nil)), sRGB = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(lab); cmsCloseProfile(sRGB) }
        let transform = try #require(cmsCreateTransform(lab, 4_849_688, sRGB, swivel_lcms_rgb_8,
                                                        cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), 0))
        defer { cmsDeleteTransform(transform) }
        let underD50: [[Int]] = samples.map { s in
            let values = [Double(s[0]) * 100 / 255, Double(s[1]), Double(s[2])]
            var out: [UInt8] = [0, 0, 0]
            cmsDoTransform(transform, values, &out, 1)
            return out.map(Int.init)
        }
        for (file, want) in [(d50, underD50), (d65, underD65)] {
            let card = try ImageDecoder.decode(file, width: samples.count, height: 1)
            for x in samples.indices {
                let got = Array(card.rgba(x, 0).prefix(3))
                #expect(zip(got, want[x]).allSatisfy { abs($0 - $1) <= 2 }, "\(file) L*a*b* \(samples[x]): \(got), want \(want[x])")
            }
        }
        #expect(underD50 != underD65, "the white point matters: \(underD50)")
    }

    /// Uncompressed YCbCr, not subsampled (raw2tiff writes the samples as RGB, whose strip size is
    /// right, then tiffset retags them YCbCr (262 = 6) with YCbCrSubsampling 1 1), with the
    /// default coefficients (ITU-R BT.601: 0.299, 0.587, 0.114) and full-range reference
    /// black/white: R = Y + 1.402 (Cr − 128), G = Y − 0.344136 (Cb − 128) − 0.714136 (Cr − 128),
    /// B = Y + 1.772 (Cb − 128), within 1.
    @Test func ycbcrIsConvertedByItsCoefficients() throws {
        let folder = TemporaryDirectory()
        let samples: [[Int]] = [[128, 128, 128], [76, 85, 255], [150, 44, 21], [29, 255, 107], [200, 100, 160]]
        let raw = folder.path("ycc.raw"), file = folder.path("ycc.tif")
        try Data(samples.flatMap { $0.map(UInt8.init) }).write(to: URL(fileURLWithPath: raw.text))
        try ExternalTools.run("raw2tiff", ["-M", "-c", "none", "-w", "\(samples.count)", "-l", "1", "-b", "3", "-d", "byte", "-p", "rgb",
                                           raw.text, file.text])
        try ExternalTools.run("tiffset", ["-s", "262", "6", file.text])
        try ExternalTools.run("tiffset", ["-s", "530", "1", "1", file.text])
        let card = try ImageDecoder.decode(file, width: samples.count, height: 1)
        for (x, s) in samples.enumerated() {
            let (y, cb, cr) = (Double(s[0]), Double(s[1]) - 128, Double(s[2]) - 128)
            let want = [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb]
                .map { Int(min(255, max(0, $0.rounded()))) }
            let got = Array(card.rgba(x, 0).prefix(3))
            #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "YCbCr \(s): \(got), want \(want)")
        }
    }

    // MARK: Metadata wherever it lies

    /// A 320 × 320 uncompressed TIFF (300 KB) carrying a Display P3 profile, which ImageMagick
    /// writes after the pixels with the directory, then tagged orientation 6 by tiffset (libtiff
    /// writes the changed directory at the end again; exiftool would move it to the front): the
    /// directory and the profile lie past 300 000 bytes, and both are read from the directory
    /// libtiff reads. (libexif, which read TIFF metadata before, stops at 64 KB: this photo showed
    /// transversed, in the wrong colours.)
    @Test func orientationAndProfileFarIntoTheFile() throws {
        let folder = TemporaryDirectory()
        let profile = try ColorProfileTests.displayP3()
        let icc = folder.path("p3.icc"), upright = folder.path("upright.png"), file = folder.path("far.tif")
        try Data(profile).write(to: URL(fileURLWithPath: icc.text))
        // Quadrants of colours inside both gamuts (P3 and sRGB read them differently), upright.
        let colours: [[Int]] = [[200, 80, 60], [60, 160, 90], [70, 90, 190], [210, 200, 80]]
        let hex = colours.map { "xc:#" + $0.map { String(format: "%02x", $0) }.joined() }
        try ExternalTools.convert(["-size", "160x160", hex[0], hex[1], "+append", "(", "-size", "160x160", hex[2], hex[3],
                                   "+append", ")", "-append", "PNG24:" + upright.text])
        try ExternalTools.convert([upright.text] + Quadrants.storing(6)
                                  + ["-profile", icc.text, "-depth", "8", "-compress", "none", file.text])
        try ExternalTools.run("tiffset", ["-s", "274", "6", file.text])

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.text)))
        func le(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        #expect(bytes.starts(with: [0x49, 0x49, 0x2A, 0]))
        let directory = le(4, 4)
        let profileOffset = (0..<le(directory, 2)).map { directory + 2 + 12 * $0 }.first { le($0, 2) == 34675 }.map { le($0 + 8, 4) }
        #expect(directory > 300_000 && (profileOffset ?? 0) > 300_000, "directory at \(directory), profile at \(String(describing: profileOffset))")

        let card = try ImageDecoder.decode(file, width: 40, height: 40)
        let shown = Quadrants.sample(card)
        let want = try colours.map { try ColorProfileTests.lcmsConversion($0.map(UInt8.init), profile: profile) }
        #expect(zip(shown, want).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) <= 2 } }, "shown \(shown), want \(want)")
        #expect(zip(want, colours).flatMap { zip($0, $1).map { abs($0 - $1) } }.max()! >= 15, "P3 and sRGB differ: \(want)")
    }

    // MARK: Floating point

    /// A one-row grey TIFF of 32-bit floats (little-endian, uncompressed), written by hand:
    /// ImageMagick 6 (Q16, not HDRI) clips what it writes to 0…1.
    static func floatGreyTIFF(_ values: [Float]) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + [0, 0] : le32(value))
        }
        let count = 10, data = 8 + 2 + 12 * count + 4
        var bytes = Array("II".utf8) + le16(42) + le32(8) + le16(count)
        bytes += entry(256, 4, values.count) + entry(257, 4, 1) + entry(258, 3, 32) + entry(259, 3, 1) + entry(262, 3, 1)
        bytes += entry(273, 4, data) + entry(277, 3, 1) + entry(278, 4, 1) + entry(279, 4, 4 * values.count)
        bytes += entry(339, 3, 3) + le32(0)   // SampleFormat: IEEE floating point
        return bytes + values.flatMap { le32(Int($0.bitPattern)) }
    }

    /// Floats have no stated white: 1.0 is SDR white, the values the sRGB signal (as ImageMagick
    /// shows them, value × 255), and values over 1 light above white, rolled off by the HDR
    /// path's curve from the brightest: each grey lands on the closed form (HDRTests.ClosedForm:
    /// sRGB's curve continued above 1, × 203 cd/m², BT.2390's EETF from that peak, back to sRGB).
    @Test func floatWhiteIsSDRWhiteAndLightAboveItIsRolledOff() throws {
        let folder = TemporaryDirectory()
        func decodeGreys(_ values: [Float]) throws -> [Int] {
            let file = folder.path("float\(values.count).tif")
            try Data(Self.floatGreyTIFF(values)).write(to: URL(fileURLWithPath: file.text))
            let card = try ImageDecoder.decode(file, width: values.count, height: 1)
            return (0..<values.count).map { card.rgba($0, 0)[1] }
        }
        func light(_ value: Double) -> Double {
            value <= 0.04045 ? value / 12.92 * 203 : pow((value + 0.055) / 1.055, 2.4) * 203
        }
        // Within white: shown as the value × 255.
        let sdr: [Float] = [0, 0.1, 0.25, 0.5, 0.75, 1]
        #expect(try decodeGreys(sdr) == sdr.map { Int(($0 * 255).rounded()) })
        // With light above white (3.0: 2,607 cd/m²), white itself is rolled off below 255.
        let hdr: [Float] = [0, 0.1, 0.25, 0.5, 1, 2, 3, -1, .nan]
        let peak = light(3)
        let want = hdr.map { $0 > 0 ? HDRTests.ClosedForm.grey(light(Double($0)), peak: peak) : 0 }
        let shown = try decodeGreys(hdr)
        #expect(zip(shown, want).allSatisfy { abs($0 - $1) <= 1 }, "shown \(shown), closed form \(want)")
        #expect(want[4] < 250 && want[6] >= 254, "white rolled off, the peak at the top: \(want)")
    }

    // MARK: Third-party files

    /// CPython's test image (Debian's libpython3.11-testsuite; Tests/Fixtures/third-party.md): 16 × 16
    /// RGBA with unassociated alpha, transparent and half-transparent pixels, written by software
    /// other than ImageMagick and libtiff's tools. As ImageMagick decodes it, within 1.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TIFFDecoderTests.pythonTIFF),
                   "needs Debian's libpython3.11-testsuite (make test-deps installs it)"))
    func cpythonsTestImage() throws {
        let file = FilePath(Self.pythonTIFF)
        let reference = try Self.imageMagickRGBA(file)
        #expect(reference.pixels.enumerated().contains { $0.offset % 4 == 3 && (1...254).contains($0.element) },
                "has partial alpha")
        let card = try ImageDecoder.decode(file, width: reference.width, height: reference.height)
        let worst = Self.largestDifference(card, reference)
        #expect(worst.difference <= 1, "\(worst)")
    }

    static let pythonTIFF = "/usr/lib/python3.11/test/imghdrdata/python.tiff"

    // MARK: Refused, and why

    /// What neither libtiff's RGBA reader nor the sample reader decodes is refused with a reason
    /// naming it: 12-bit and floating-point samples other than grey, RGB and CMYK (ImageMagick's
    /// 12-bit and float RGB retagged YCbCr by tiffset).
    @Test func unsupportedKindsAreRefusedByName() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.png")
        try Self.writePattern(source, alpha: false)
        let cases: [(options: [String], reason: String)] = [
            (["-depth", "12"], "cannot decode: 12-bit TIFF is not supported"),
            (["-depth", "32", "-define", "quantum:format=floating-point"], "cannot decode: 32-bit floating-point TIFF is not supported"),
            (["-depth", "16", "-define", "quantum:format=floating-point"], "cannot decode: 16-bit floating-point TIFF is not supported"),
        ]
        for (index, item) in cases.enumerated() {
            let file = folder.path("refused\(index).tif")
            try ExternalTools.convert([source.text] + item.options + [file.text])
            try ExternalTools.run("tiffset", ["-s", "262", "6", file.text])   // PhotometricInterpretation: YCbCr
            #expect(Self.refusal(file) == item.reason)
        }
    }

    /// A directory with ImageWidth twice: libtiff reads the first entry (and warns), so the size
    /// checked against the limits is the first: a file whose first width is 2 decodes (the 40000
    /// after it is not read), one whose first width is 40000 is refused by it.
    @Test func aDuplicateWidthIsJudgedByTheEntryLibTIFFReads() throws {
        let folder = TemporaryDirectory()
        func tiff(widths: [Int]) -> [UInt8] {
            func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
            func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
            func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
                le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + [0, 0] : le32(value))
            }
            let count = widths.count + 8
            let data = 8 + 2 + 12 * count + 4
            var bytes = Array("II".utf8) + le16(42) + le32(8) + le16(count)
            for width in widths { bytes += entry(256, 4, width) }
            bytes += entry(257, 3, 1) + entry(258, 3, 8) + entry(259, 3, 1) + entry(262, 3, 1)
            bytes += entry(273, 4, data) + entry(277, 3, 1) + entry(278, 3, 1) + entry(279, 4, 2) + le32(0)
            return bytes + [10, 200]
        }
        let small = folder.path("small first.tif"), large = folder.path("large first.tif")
        try Data(tiff(widths: [2, 40000])).write(to: URL(fileURLWithPath: small.text))
        try Data(tiff(widths: [40000, 2])).write(to: URL(fileURLWithPath: large.text))
        let card = try ImageDecoder.decode(small, width: 2, height: 1)
        #expect(card.rgba(0, 0) == [10, 10, 10, 255] && card.rgba(1, 0) == [200, 200, 200, 255])
        #expect(Self.refusal(large) == "40000×1 px is over the 16384 px limit on a side")
    }

    /// Cut short anywhere, damaged strips, tiles far bigger than the image: refused in one line,
    /// none of libtiff's messages on stderr (the test process's own stderr is not checked here;
    /// HostileInputTests runs the real binary).
    @Test func brokenFilesAreRefusedWithLibTIFFsReason() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.png"), file = folder.path("whole.tif")
        try Self.writePattern(source, alpha: false)
        try ExternalTools.convert([source.text, "-depth", "8", "-compress", "lzw", file.text])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.text)))
        let cut = folder.path("cut.tif"), header = folder.path("header.tif")
        try Data(bytes.prefix(bytes.count / 3)).write(to: URL(fileURLWithPath: cut.text))
        try Data(bytes.prefix(6)).write(to: URL(fileURLWithPath: header.text))
        for file in [cut, header] {
            let reason = Self.refusal(file)
            #expect(reason?.hasPrefix("cannot decode: truncated TIFF data") == true, "\(file): \(reason ?? "decoded")")
        }
        // 16 × 16 pixels in tiles of 65536 × 65536 (tiffset cannot grow tiles: written by hand).
        let tiles = folder.path("tiles.tif")
        try ExternalTools.convert([source.text, "-resize", "16x16!", "-depth", "8", "-define", "tiff:tile-geometry=16x16",
                                   "-compress", "none", tiles.text])
        try ExternalTools.run("tiffset", ["-s", "322", "65536", tiles.text])
        try ExternalTools.run("tiffset", ["-s", "323", "65536", tiles.text])
        let reason = Self.refusal(tiles)
        #expect(reason?.hasPrefix("cannot decode:") == true && reason?.contains("tile") == true, "\(reason ?? "decoded")")
    }

    // MARK: Tools

    /// Why `file` is refused, or nil if it decodes.
    static func refusal(_ file: FilePath) -> String? {
        do {
            _ = try ImageDecoder.decode(file, width: 10, height: 10)
            return nil
        } catch {
            return error.reason
        }
    }

    /// ImageMagick's decoding of the first page of `file`: straight RGBA8, top row first.
    static func imageMagickRGBA(_ file: FilePath) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let size = try ExternalTools.output("identify", ["-format", "%w %h", file.text + "[0]"]).split(separator: " ").map { Int($0)! }
        let pixels = try ExternalTools.outputBytes("convert", [file.text + "[0]", "-depth", "8", "rgba:-"])
        #expect(pixels.count == size[0] * size[1] * 4)
        return (size[0], size[1], pixels)
    }
}
