import CLCMS2
import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// Photos tagged with an ICC profile come out in sRGB: here Display P3 (P3 primaries, D65 white,
/// the sRGB tone curve), the profile written by Little CMS itself, embedded by exiftool.
@Suite(.serialized) struct ColorProfileTests {
    /// A colour inside both the P3 and the sRGB gamuts, far enough from grey that P3 and sRGB
    /// read it differently.
    static let colour: [UInt8] = [200, 80, 60]

    /// Display P3 as an ICC profile.
    static func displayP3() throws -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1),
                                        Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
                                        Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        // IEC 61966-2-1's curve as lcms's parametric type 4: (a x + b)^g above d, c x below.
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = try #require(cmsBuildParametricToneCurve(nil, 4, &parameters))
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = try #require(cmsCreateRGBProfile(&white, &primaries, &curves))
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        #expect(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        #expect(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }

    /// lcms's own conversion of `colour` from `profile` to sRGB (perceptual, 8 bits).
    static func lcmsConversion(_ colour: [UInt8], profile: [UInt8]) throws -> [Int] {
        let input = try #require(profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        defer { cmsCloseProfile(input) }
        let output = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(output) }
        let transform = try #require(cmsCreateTransform(input, swivel_lcms_rgb_8, output, swivel_lcms_rgb_8,
                                                        cmsUInt32Number(INTENT_PERCEPTUAL), 0))
        defer { cmsDeleteTransform(transform) }
        var out: [UInt8] = [0, 0, 0]
        cmsDoTransform(transform, colour, &out, 1)
        return out.map(Int.init)
    }

    func solid(_ path: FilePath, _ extra: [String] = []) throws {
        let hex = "#" + Self.colour.map { String(format: "%02x", $0) }.joined()
        try ExternalTools.convert(["-size", "60x90", "xc:\(hex)"] + extra + [path.text])
    }

    func centre(_ path: FilePath) throws -> [Int] {
        Array(try ImageDecoder.decode(path, width: 20, height: 30).rgba(10, 15).prefix(3))
    }

    /// PNG (iCCP), JPEG (APP2), WebP (ICCP), TIFF (tag 34675) and GIF (an ICCRGBG1012 application
    /// extension) tagged Display P3: within 2 levels of lcms's conversion, and visibly apart from
    /// the raw values read as sRGB.
    @Test(arguments: ["png", "jpg", "webp", "tif", "gif"])
    func displayP3PhotosAreConvertedToSRGB(_ format: String) throws {
        let folder = TemporaryDirectory()
        let profile = try Self.displayP3()
        let icc = folder.path("p3.icc")
        try Data(profile).write(to: URL(fileURLWithPath: icc.text))
        let expected = try Self.lcmsConversion(Self.colour, profile: profile)
        #expect(expected.allSatisfy { (3...252).contains($0) }, "inside sRGB: \(expected)")
        #expect(zip(expected, Self.colour).map { abs($0 - Int($1)) }.max()! >= 15, "P3 and sRGB differ: \(expected)")

        let plain = folder.path("plain.\(format)"), tagged = folder.path("p3.\(format)")
        let options = format == "jpg" ? ["-quality", "100"] : format == "webp" ? ["-define", "webp:lossless=true"]
            : format == "tif" ? ["-compress", "none"] : []
        try solid(plain, options)
        try solid(tagged, options)
        try ExternalTools.exiftool(tagged, ["-ICC_Profile<=\(icc.text)"])
        let raw = try centre(plain)   // as stored (JPEG may be a level off the colour)
        let shown = try centre(tagged)
        let want = try Self.lcmsConversion(raw.map(UInt8.init), profile: profile)
        #expect(zip(shown, want).allSatisfy { abs($0 - $1) <= 2 }, "\(format): shown \(shown), lcms \(want)")
        #expect(zip(shown, raw).map { abs($0 - $1) }.max()! >= 15, "\(format): shown \(shown), raw \(raw)")
    }

    /// HEIF (a `colr` box of type prof, written by avifenc) and JPEG XL (cjxl keeps a PNG's ICC).
    @Test func heifAndJpegXLProfilesAreConvertedToo() throws {
        let folder = TemporaryDirectory()
        let profile = try Self.displayP3()
        let icc = folder.path("p3.icc")
        try Data(profile).write(to: URL(fileURLWithPath: icc.text))
        let png = folder.path("plain.png"), taggedPNG = folder.path("p3.png")
        try solid(png)
        try solid(taggedPNG)
        try ExternalTools.exiftool(taggedPNG, ["-ICC_Profile<=\(icc.text)"])

        let plainAVIF = folder.path("plain.avif"), taggedAVIF = folder.path("p3.avif")
        try ExternalTools.run("avifenc", ["-s", "10", "-l", png.text, plainAVIF.text])
        try ExternalTools.run("avifenc", ["-s", "10", "-l", "--icc", icc.text, png.text, taggedAVIF.text])
        let taggedJXL = folder.path("p3.jxl")
        try ExternalTools.run("cjxl", ["-d", "0", taggedPNG.text, taggedJXL.text])

        let want = try Self.lcmsConversion(Self.colour, profile: profile)
        for (file, raw) in [(taggedAVIF, try centre(plainAVIF)), (taggedJXL, Self.colour.map(Int.init))] {
            let shown = try centre(file)
            let expected = try Self.lcmsConversion(raw.map(UInt8.init), profile: profile)
            #expect(zip(shown, expected).allSatisfy { abs($0 - $1) <= 2 }, "\(file): shown \(shown), lcms \(expected)")
            #expect(zip(shown, raw).map { abs($0 - $1) }.max()! >= 15, "\(file): shown \(shown), raw \(raw)")
        }
        _ = want
    }

    /// An AVIF whose colour is signalled as code points (nclx: Display P3 primaries 12, sRGB
    /// curve 13) rather than a profile: converted like the profile-tagged files.
    @Test func nclxDisplayP3IsConvertedToo() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("plain.png"), plain = folder.path("plain.avif"), p3 = folder.path("p3.avif")
        try solid(png)
        // Lossless with the identity matrix (0), so the pixels come back exactly.
        try ExternalTools.run("avifenc", ["-s", "10", "-l", "--cicp", "1/13/0", png.text, plain.text])
        try ExternalTools.run("avifenc", ["-s", "10", "-l", "--cicp", "12/13/0", png.text, p3.text])
        let raw = try centre(plain)
        let shown = try centre(p3)
        let want = try Self.lcmsConversion(raw.map(UInt8.init), profile: try Self.displayP3())
        #expect(zip(shown, want).allSatisfy { abs($0 - $1) <= 2 }, "shown \(shown), lcms \(want)")
        #expect(zip(shown, raw).map { abs($0 - $1) }.max()! >= 15, "shown \(shown), raw \(raw)")
    }

    /// A broken profile is ignored: the pixels are shown as stored.
    @Test func aBrokenProfileIsIgnored() throws {
        let folder = TemporaryDirectory()
        let bad = folder.path("bad.icc"), tagged = folder.path("bad.jpg"), plain = folder.path("plain.jpg")
        try Data(Array("not a profile at all".utf8) + Array(repeating: 0, count: 200)).write(to: URL(fileURLWithPath: bad.text))
        try solid(plain, ["-quality", "100"])
        try solid(tagged, ["-quality", "100"])
        // exiftool refuses to write a broken profile, so the APP2 segment is put in by hand.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tagged.text)))
        let payload = PhotoMetadata.iccSignature + [1, 1] + [UInt8](try Data(contentsOf: URL(fileURLWithPath: bad.text)))
        bytes.insert(contentsOf: [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload, at: 2)
        try Data(bytes).write(to: URL(fileURLWithPath: tagged.text))
        #expect(PhotoMetadata.jpeg(bytes).iccProfile?.count == 220)
        #expect(try centre(tagged) == (try centre(plain)))
    }

    /// A grey JPEG tagged with a gamma-1.0 grey profile: converted (lcms's grey transform), so
    /// linear grey 100 shows as ImageMagick's conversion of it (about sRGB 170), not 100.
    @Test func greyJPEGsAreConvertedByTheirGreyProfile() throws {
        let folder = TemporaryDirectory()
        let icc = folder.path("grey.icc"), sRGB = folder.path("srgb.icc"), tagged = folder.path("grey.jpg")
        try Data(try #require(ColorProfile.greyProfile(curve: .gamma(1)))).write(to: URL(fileURLWithPath: icc.text))
        try Data(try TranslucentColourTests.sRGBProfile()).write(to: URL(fileURLWithPath: sRGB.text))
        try ExternalTools.convert(["-size", "60x90", "xc:rgb(100,100,100)", "-colorspace", "Gray", "-quality", "100",
                                   tagged.text])
        try ExternalTools.exiftool(tagged, ["-ICC_Profile<=\(icc.text)"])
        let expected = try ExternalTools.pixel(tagged, ["-profile", sRGB.text])
        let shown = try centre(tagged)
        #expect(zip(shown, expected).allSatisfy { abs($0 - $1) <= 2 }, "shown \(shown), ImageMagick \(expected)")
        #expect(shown[0] >= 150, "converted: \(shown)")
    }

    /// A grey profile on a colour image (a broken tag: ICC profiles must match the image's
    /// colours) is ignored: the pixels are shown as stored.
    @Test func aGreyProfileOnAColourImageIsIgnored() throws {
        let folder = TemporaryDirectory()
        let icc = folder.path("grey.icc"), plain = folder.path("plain.png"), tagged = folder.path("grey.png")
        try Data(try #require(ColorProfile.greyProfile(curve: .gamma(1)))).write(to: URL(fileURLWithPath: icc.text))
        try solid(plain)
        try solid(tagged)
        try ExternalTools.exiftool(tagged, ["-ICC_Profile<=\(icc.text)"])
        #expect(try centre(tagged) == (try centre(plain)))
        #expect(try centre(plain) == Self.colour.map(Int.init))
    }
}
