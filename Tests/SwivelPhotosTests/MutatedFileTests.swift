import Foundation
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
            let name = original.lastComponentText
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            #expect((try? ImageDecoder.decode(original, width: 20, height: 30)) != nil, "\(name) itself decodes")
            for i in 0..<mutations {
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
                    outcome.decoded += 1
                } catch {
                    #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
                    outcome.refused += 1
                }
                outcomes[name] = outcome
                _ = DateTaken.dateTaken(file)
            }
        }
        #expect(originals.allSatisfy { outcomes[$0.file.lastComponentText].map { $0.decoded + $0.refused } == $0.mutations },
                "\(outcomes)")
        let avifMutations = originals.filter { $0.file.pathExtension == "avif" }.reduce(0) { $0 + $1.mutations }
        #expect(avifMutations >= 1000)
        print("mutated files, decoded / refused: \(outcomes)")
    }
}
