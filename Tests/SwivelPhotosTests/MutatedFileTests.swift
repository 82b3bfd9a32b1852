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

    /// PNGs through libpng, 1,200 of them: four kinds (plain RGB; 16-bit RGBA, Adam7, with iCCP and
    /// eXIf; a 4-bit palette with tRNS; 2-bit grey with a tRNS key, Adam7), damaged as above, and
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
        var random = SeededRandom(seed: 5)
        var outcomes: [String: (decoded: Int, refused: Int)] = [:]
        for original in [plain, deep, palette, grey] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            let name = original.text.split(separator: "/").last.map(String.init) ?? "?"
            for i in 0..<300 {
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
        #expect(outcomes.count == 4 && outcomes.values.allSatisfy { $0.decoded + $0.refused == 300 }, "\(outcomes)")
        #expect(outcomes.values.allSatisfy { $0.decoded > 0 && $0.refused > 0 }, "\(outcomes)")
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("mutated PNGs, decoded / refused: \(outcomes); peak memory \(usage.ru_maxrss >> 10) MiB")
        #expect(usage.ru_maxrss < 1 << 20, "peak memory \(usage.ru_maxrss >> 10) MiB")
    }
}
