import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// CMYK photos are shown through their own CMYK profile: here Ghostscript's SWOP-like press
/// profile (libgs-common), whose inks are far from the naive "ink and black leave the paper"
/// formula used for untagged CMYK (pure cyan ink is about sRGB (0, 174, 239), not (0, 255, 255)).
@Suite(.serialized) struct CMYKTests {
    static let pressProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
    static let hasPressProfile = FileManager.default.fileExists(atPath: pressProfile)

    /// Ink percentages (C, M, Y, K): cyan, a red, a muted brown-violet with black.
    static let inks: [[Int]] = [[100, 0, 0, 0], [0, 90, 85, 0], [30, 60, 10, 20]]

    /// The naive conversion of `ink` percentages, as `JPEGDecoder.rgb(fromCMYK:)` does it.
    static func naive(_ ink: [Int]) -> [Int] {
        let k = 1 - Double(ink[3]) / 100
        return ink.prefix(3).map { Int(((1 - Double($0) / 100) * k * 255).rounded()) }
    }

    /// A CMYK JPEG written by ImageMagick (Adobe APP14, inks inverted, as Photoshop writes them)
    /// and tagged with the press profile by exiftool: within 2 levels of ImageMagick's own
    /// conversion of the file through its profile to lcms's sRGB, and at least 15 levels from the
    /// naive formula somewhere.
    @Test(.enabled(if: hasPressProfile, "needs libgs-common's default_cmyk.icc"), arguments: inks)
    func taggedCMYKJPEGsAreConvertedThroughTheirProfile(_ ink: [Int]) throws {
        let folder = TemporaryDirectory()
        let sRGB = folder.path("srgb.icc"), tagged = folder.path("cmyk.jpg")
        try Data(try TranslucentColourTests.sRGBProfile()).write(to: URL(fileURLWithPath: sRGB.text))
        let colour = "cmyk(\(ink.map { "\($0)%" }.joined(separator: ",")))"
        try ExternalTools.convert(["-size", "64x96", "xc:\(colour)", "-quality", "100", tagged.text])
        try ExternalTools.exiftool(tagged, ["-ICC_Profile<=\(Self.pressProfile)"])
        let expected = try ExternalTools.pixel(tagged, ["-profile", sRGB.text])
        let image = try ImageDecoder.decode(tagged, width: 16, height: 24)
        let shown = Array(image.rgba(8, 12).prefix(3))
        #expect(zip(shown, expected).allSatisfy { abs($0 - $1) <= 2 }, "\(colour): shown \(shown), ImageMagick \(expected)")
        #expect(zip(shown, Self.naive(ink)).map { abs($0 - $1) }.max()! >= 15,
                "\(colour): shown \(shown), naive \(Self.naive(ink))")
    }

    /// An RGB profile in a CMYK JPEG (a broken tag) is ignored: the naive formula, as untagged.
    @Test func anRGBProfileInACMYKJPEGIsIgnored() throws {
        let folder = TemporaryDirectory()
        let icc = folder.path("p3.icc"), tagged = folder.path("cmyk.jpg"), plain = folder.path("plain.jpg")
        try Data(try TranslucentColourTests.rgbProfile("Display P3")).write(to: URL(fileURLWithPath: icc.text))
        for file in [tagged, plain] {
            try ExternalTools.convert(["-size", "64x96", "xc:cmyk(30%,60%,10%,20%)", "-quality", "100", file.text])
        }
        try ExternalTools.exiftool(tagged, ["-ICC_Profile<=\(icc.text)"])
        let shown = try ImageDecoder.decode(tagged, width: 16, height: 24).rgba(8, 12)
        #expect(shown == (try ImageDecoder.decode(plain, width: 16, height: 24).rgba(8, 12)))
        #expect(zip(shown.prefix(3), Self.naive([30, 60, 10, 20])).allSatisfy { abs($0 - $1) <= 2 }, "\(shown)")
    }

    /// `Tests/PhotoTools/cmyk-jxl.c`, compiled once per test run (libjxl-dev and a C compiler
    /// are among the packages the tests need).
    static let cmykJXL: Result<URL, Error> = Result {
        // Tests/SwivelPhotosTests/CMYKTests.swift → Tests/PhotoTools
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PhotoTools").appendingPathComponent("cmyk-jxl.c")
        let tool = TemporaryDirectory.lasting().appendingPathComponent("cmyk-jxl")
        try ExternalTools.run("cc", ["-O1", "-Wall", "-Werror", source.path, "-ljxl", "-o", tool.path])
        return tool
    }

    /// A CMYK JPEG XL (C, M, Y as its colour, K as a black extra channel, the press profile as
    /// its ICC profile), opaque and at alpha 128: within 2 levels of ImageMagick's conversion of
    /// the same inks in a tagged CMYK TIFF (times the alpha), and far from ignoring the black.
    @Test(.enabled(if: hasPressProfile, "needs libgs-common's default_cmyk.icc"), arguments: inks)
    func cmykJPEGXLUsesItsBlackChannelAndProfile(_ ink: [Int]) throws {
        let folder = TemporaryDirectory()
        let sRGB = folder.path("srgb.icc"), reference = folder.path("reference.tif")
        try Data(try TranslucentColourTests.sRGBProfile()).write(to: URL(fileURLWithPath: sRGB.text))
        let colour = "cmyk(\(ink.map { "\($0)%" }.joined(separator: ",")))"
        try ExternalTools.convert(["-size", "8x8", "xc:\(colour)", "-compress", "none", reference.text])
        try ExternalTools.exiftool(reference, ["-ICC_Profile<=\(Self.pressProfile)"])
        let expected = try ExternalTools.pixel(reference, ["-profile", sRGB.text])
        // The inks as ImageMagick stored them (0-255, 255 = full ink).
        let bytes = try ExternalTools.outputBytes("convert", [reference.text, "-depth", "8", "cmyk:-"])
        try #require(bytes.count == 8 * 8 * 4)
        let inks = bytes.prefix(4).map { String($0) }
        for alpha in [255, 128] {
            let file = folder.path("cmyk-\(alpha).jxl")
            try ExternalTools.run(try Self.cmykJXL.get().path,
                                  [file.text, Self.pressProfile, "64", "96"] + inks + (alpha == 255 ? [] : [String(alpha)]))
            let shown = try ImageDecoder.decode(file, width: 16, height: 24).rgba(8, 12)
            let wanted = expected.map { Double($0) * Double(alpha) / 255 }
            #expect(shown[3] == alpha && zip(shown.prefix(3), wanted).allSatisfy { abs(Double($0) - $1) <= 2 },
                    "\(colour) at alpha \(alpha): shown \(shown), ImageMagick \(expected) (times the alpha: \(wanted))")
            // Read as RGB without its black, the muted colour is far lighter than it is.
            if alpha == 255 && ink[3] > 0 {
                #expect(zip(shown.prefix(3), Self.naive(ink.prefix(3) + [0])).map { abs($0 - $1) }.max()! >= 15, "\(shown)")
            }
        }
    }
}
