import Foundation
import Glibc
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
}
