import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// Damaged files of every new format — bytes flipped, overwritten or cut anywhere — are decoded
/// or refused with a reason; none crashes the process or hangs it.
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
        var random = SeededRandom(seed: 3)
        var outcomes: [String: (decoded: Int, refused: Int)] = [:]
        for original in [jpeg, heic, avif, jxl, svg] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            for i in 0..<200 {
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
                var outcome = outcomes[original.pathExtension] ?? (0, 0)
                do {
                    let card = try ImageDecoder.decode(file, width: 20, height: 30)
                    #expect(card.pixels.count == 20 * 30 * 4)
                    outcome.decoded += 1
                } catch {
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
                    outcome.refused += 1
                }
                outcomes[original.pathExtension] = outcome
                _ = DateTaken.dateTaken(file)
            }
        }
        #expect(outcomes.values.allSatisfy { $0.decoded + $0.refused == 200 }, "\(outcomes)")
        print("mutated files, decoded / refused: \(outcomes)")
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
        var outcomes: [String: (decoded: Int, refused: Int)] = [:]
        for original in [jpeg, jxl, rgba, grey] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            let name = String(decoding: original.lastComponent, as: UTF8.self)
            for i in 0..<250 {
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
                    // Premultiplied: no colour above its alpha.
                    #expect(stride(from: 0, to: card.pixels.count, by: 4).allSatisfy { i in
                        (0..<3).allSatisfy { card.pixels[i + $0] <= card.pixels[i + 3] }
                    })
                    outcome.decoded += 1
                } catch {
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
                    outcome.refused += 1
                }
                outcomes[name] = outcome
            }
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
