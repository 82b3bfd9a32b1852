import CLCMS2
import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// Translucent pixels in files tagged with an ICC profile come out in the profile's colours, in
/// every container that carries both alpha and a profile: PNG (iCCP), WebP (ICCP), TIFF (tag
/// 34675), HEIC and AVIF (colr prof), JPEG XL. Each fixture is a row of stripes, two colours at
/// alphas 64, 128, 191 and 255, written by ImageMagick and tagged by exiftool (or carried over
/// losslessly by heif-enc, avifenc, cjxl).
///
/// The expectation is ImageMagick's own conversion (`convert tagged.png -profile sRGB.icc -depth 8
/// rgba:-`), which works on straight colour: Swivel's premultiplied colour must be within 2 levels
/// of it times alpha, and the alpha exact. Composited on any background B (white, as the deck's
/// photos are seen, or the deck's colour) a pixel shows P + B (1 − a), so the same 2 levels hold
/// after compositing.
@Suite(.serialized) struct TranslucentColourTests {
    static let alphas = [64, 128, 191, 255]
    /// A bright colour and a dark one with a blue of 1: premultiplied in 8 bits at alpha 128 that
    /// blue is 0.502, stored as 1, which divided by the alpha again reads 2, and a gamma-1.0
    /// profile puts linear 1 and 2 at sRGB 13 and 22 (its slope near black is 12.92): converting
    /// from the rounded bytes is 4 levels off after compositing.
    static let colours: [[Int]] = [[200, 80, 40], [30, 70, 1]]
    static let greys = [200, 40]
    /// Stripe size: even, and large enough for x265 and AV1 to code losslessly without fuss.
    static let stripe = (width: 16, height: 32)
    /// The card is half the file's size each way: each stripe is averaged down to 8 × 16 pixels.
    static let card = (width: 4 * 2 * 8, height: 16)

    static let ghostscriptSRGB = "/usr/share/color/icc/ghostscript/srgb.icc"

    /// lcms's sRGB, the one Swivel converts to, as a file for ImageMagick.
    static func sRGBProfile() throws -> [UInt8] {
        let profile = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        #expect(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        #expect(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }

    /// RGB profiles made with lcms: Display P3; sRGB's primaries with a gamma-1.0 ("linear")
    /// curve; Adobe RGB (1998)'s primaries and gamma 563/256 (its spec, section 4.3.4.2).
    static func rgbProfile(_ name: String) throws -> [UInt8] {
        let d65 = (x: 0.3127, y: 0.3290)
        switch name {
        case "Display P3":
            return try #require(ColorProfile.rgbProfile(white: d65, red: (0.680, 0.320), green: (0.265, 0.690),
                                                        blue: (0.150, 0.060), curve: .sRGB))
        case "linear":
            return try #require(ColorProfile.rgbProfile(white: d65, red: (0.64, 0.33), green: (0.30, 0.60),
                                                        blue: (0.15, 0.06), curve: .gamma(1)))
        default:
            return try #require(ColorProfile.rgbProfile(white: d65, red: (0.64, 0.33), green: (0.21, 0.71),
                                                        blue: (0.15, 0.06), curve: .gamma(563.0 / 256)))
        }
    }

    /// Writes the stripes as an 8-bit RGBA (or grey + alpha) PNG, untagged.
    static func writeStripes(_ path: FilePath, grey: Bool) throws {
        let colours = grey ? Self.greys.map { [$0, $0, $0] } : Self.colours
        var arguments = ["-size", "\(stripe.width)x\(stripe.height)"]
        for colour in colours {
            for alpha in alphas {
                // alpha / 255 to 6 places: ImageMagick's 16-bit value rounds back to `alpha`.
                arguments.append("xc:rgba(\(colour.map(String.init).joined(separator: ",")),\(String(format: "%.6f", Double(alpha) / 255)))")
            }
        }
        arguments += ["+append"] + (grey ? ["-type", "GrayscaleAlpha", "PNG:" + path.text] : ["PNG32:" + path.text])
        try ExternalTools.convert(arguments)
    }

    /// ImageMagick's straight RGBA at each stripe's centre after converting `tagged` to lcms's
    /// sRGB from its embedded profile.
    static func imageMagickSRGB(_ tagged: FilePath, sRGB: FilePath) throws -> [[Int]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["convert", tagged.text, "-profile", sRGB.text, "-depth", "8", "rgba:-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bytes = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let width = stripes * stripe.width
        try #require(process.terminationStatus == 0 && bytes.count == width * stripe.height * 4)
        return (0..<stripes).map { s in
            let i = ((stripe.height / 2) * width + s * stripe.width + stripe.width / 2) * 4
            return bytes[i..<(i + 4)].map(Int.init)
        }
    }

    static let stripes = 2 * 4

    /// Swivel's premultiplied RGBA at each stripe's centre on a half-size card.
    static func swivel(_ file: FilePath) throws -> [[Int]] {
        let image = try ImageDecoder.decode(file, width: card.width, height: card.height)
        let across = card.width / stripes
        return (0..<stripes).map { image.rgba($0 * across + across / 2, card.height / 2) }
    }

    /// Compares Swivel's pixels with ImageMagick's straight ones: alpha exact, colour times alpha
    /// within 2 levels; reports both composited on white.
    static func check(_ file: FilePath, against expected: [[Int]], _ label: String, opaqueOnly: Bool = false) throws {
        let shown = try swivel(file)
        for (got, want) in zip(shown, expected) where !opaqueOnly || want[3] == 255 {
            let alpha = Double(want[3]) / 255
            let wanted = want.prefix(3).map { Double($0) * alpha }
            let close = got[3] == want[3] && zip(got.prefix(3), wanted).allSatisfy { abs(Double($0) - $1) <= 2 }
            let onWhite = got.prefix(3).map { $0 + Int((255 * (1 - Double(got[3]) / 255)).rounded()) }
            let wantedOnWhite = wanted.map { Int(($0 + 255 * (1 - alpha)).rounded()) }
            #expect(close, "\(label): alpha \(want[3]): shown \(got) (on white \(onWhite)), ImageMagick straight \(want) (on white \(wantedOnWhite))")
        }
    }

    /// Writes the PNG tagged with `profile` and the same stripes in every other container, and
    /// checks each against ImageMagick's conversion of the PNG.
    static func checkContainers(profile: [UInt8], grey: Bool, _ name: String) throws {
        let folder = TemporaryDirectory()
        let icc = folder.path("profile.icc"), sRGB = folder.path("srgb.icc")
        try Data(profile).write(to: URL(fileURLWithPath: icc.text))
        try Data(try sRGBProfile()).write(to: URL(fileURLWithPath: sRGB.text))
        let plain = folder.path("plain.png"), png = folder.path("tagged.png")
        try writeStripes(plain, grey: grey)
        try writeStripes(png, grey: grey)
        try ExternalTools.exiftool(png, ["-ICC_Profile<=\(icc.text)"])
        let expected = try imageMagickSRGB(png, sRGB: sRGB)
        #expect(expected.map { $0[3] } == alphas + alphas, "\(name): the fixture's alphas: \(expected)")

        var files = [png]
        let tiff = folder.path("tagged.tif")
        try ExternalTools.convert([plain.text, "-compress", "none", tiff.text])
        try ExternalTools.exiftool(tiff, ["-ICC_Profile<=\(icc.text)"])
        files.append(tiff)
        let jxl = folder.path("tagged.jxl")
        try ExternalTools.run("cjxl", ["-d", "0", png.text, jxl.text])   // keeps the PNG's profile
        files.append(jxl)
        if !grey {
            // WebP, HEIC and AVIF store colour as RGB (or YCbCr): no grey profiles there.
            let webp = folder.path("tagged.webp")
            try ExternalTools.convert([plain.text, "-define", "webp:lossless=true", webp.text])
            try ExternalTools.exiftool(webp, ["-ICC_Profile<=\(icc.text)"])
            let avif = folder.path("tagged.avif"), heic = folder.path("tagged.heic")
            try ExternalTools.run("avifenc", ["-s", "10", "-l", "--icc", icc.text, plain.text, avif.text])
            // Lossless x265: 4:4:4 with the identity matrix; the profile comes from the PNG.
            try ExternalTools.run("heif-enc", ["-L", "-p", "chroma=444", "--matrix_coefficients=0", png.text,
                                               "-o", heic.text])
            files += [webp, avif]
            // heif-enc's "lossless" is not quite (blue 1 comes back 0): the expectation is
            // ImageMagick's conversion of heif-convert's decode, tagged like the rest.
            let decoded = folder.path("heic.png")
            try ExternalTools.run("heif-convert", [heic.text, decoded.text])
            try ExternalTools.exiftool(decoded, ["-ICC_Profile<=\(icc.text)"])
            try check(heic, against: try imageMagickSRGB(decoded, sRGB: sRGB), "\(name) heic")
        }
        for file in files where file != tiff || grey {
            try check(file, against: expected, "\(name) \(file.pathExtension)")
        }
        guard !grey else { return }
        // RGBA TIFF: libtiff's RGBA reader multiplies the alpha in, and the TIFF decoder says so
        // (`Resampler.Source(…, premultiplied: true)`), so alpha counts once. But it multiplies at
        // 8 bits, before the colour is converted: through a linear (gamma 1.0) profile that costs
        // dark channels up to 3 levels (blue 12 at alpha 64 comes out 0, not 3). Reading 8-bit
        // unassociated RGBA without the RGBA reader would keep them.
        if name == "linear" {
            try check(tiff, against: expected, "\(name) tif", opaqueOnly: true)
            withKnownIssue("libtiff's RGBA reader premultiplies at 8 bits before a linear profile is applied") {
                try check(tiff, against: expected, "\(name) tif")
            }
        } else {
            try check(tiff, against: expected, "\(name) tif")
        }
    }

    @Test(arguments: ["Display P3", "linear", "Adobe RGB-like"])
    func translucentPixelsAreConvertedFromTheirStraightColour(_ name: String) throws {
        try Self.checkContainers(profile: try Self.rgbProfile(name), grey: false, name)
    }

    /// A real-world sRGB profile (Artifex's, with Ghostscript), not lcms's own: lcms does not see
    /// it as the identity, so it converts as for any other profile.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: ghostscriptSRGB), "needs libgs-common's srgb.icc"))
    func translucentPixelsTaggedSRGBStayTheirColour() throws {
        let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.ghostscriptSRGB)))
        try Self.checkContainers(profile: profile, grey: false, "sRGB")
    }

    /// Grey + alpha tagged with a gamma-1.0 grey profile (PNG, TIFF, JPEG XL): the grey levels
    /// are linear light, so 40 is far darker than sRGB's 40 reads.
    @Test func translucentGreyIsConvertedByItsGreyProfile() throws {
        let profile = try #require(ColorProfile.greyProfile(curve: .gamma(1)))
        try Self.checkContainers(profile: profile, grey: true, "linear grey")
    }
}
