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
        // GIF (giflib): two interlaced frames with a transparent colour. WebP (libwebp): a lossy
        // still with alpha (VP8X, ALPH, VP8) and a lossy animation (ANIM, ANMF), 500 each.
        let gif = folder.path("a.gif"), webp = folder.path("a.webp"), animated = folder.path("b.webp")
        let turned = folder.path("turned.png")
        try ExternalTools.convert([png.text, "-rotate", "180", turned.text])
        try ExternalTools.convert(["-delay", "10", png.text, turned.text, "-transparent", "#ffff00", "-interlace", "GIF", gif.text])
        let withAlpha = folder.path("alpha.png")
        try ExternalTools.convert([png.text, "-transparent", "#0000ff", "PNG32:" + withAlpha.text])
        try ExternalTools.run("cwebp", ["-quiet", "-q", "70", withAlpha.text, "-o", webp.text])
        try ExternalTools.run("img2webp", ["-loop", "0", "-lossy", "-q", "60", withAlpha.text, "-d", "100", turned.text,
                                          "-o", animated.text])
        var random = SeededRandom(seed: 3)
        var outcomes: [String: (decoded: Int, refused: Int)] = [:]
        let mutations = [jpeg: 200, heic: 200, avif: 200, jxl: 200, svg: 200, gif: 1000, webp: 500, animated: 500]
        for original in [jpeg, heic, avif, jxl, svg, gif, webp, animated] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            for i in 0..<mutations[original]! {
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
        #expect(outcomes["gif"].map { $0.decoded + $0.refused } == 1000, "\(outcomes)")
        #expect(outcomes["webp"].map { $0.decoded + $0.refused } == 1000, "\(outcomes)")
        for format in ["jpg", "heic", "avif", "jxl", "svg"] {
            #expect(outcomes[format].map { $0.decoded + $0.refused } == 200, "\(outcomes)")
        }
        print("mutated files, decoded / refused: \(outcomes)")
    }
}
