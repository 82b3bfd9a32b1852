import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// A translucent photo tagged with an ICC profile, through the real binary and GL (offscreen), on
/// a white background: its colour shows at its alpha, as it does untagged.
@Suite(.serialized) struct TranslucentPhotoEndToEndTests {
    static let ghostscriptSRGB = "/usr/share/color/icc/ghostscript/srgb.icc"

    /// (200, 80, 40) at alpha 191 in a PNG tagged with Ghostscript's sRGB profile (which lcms
    /// converts to its own sRGB within a level): on white, 200 · 0.749 + 255 · 0.251 = 213.8,
    /// 80 → 123.9, 40 → 93.9, so (214, 124, 94) within 2. lcms's premultiplied transform made it
    /// (72, 143, 104), green.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: ghostscriptSRGB), "needs libgs-common's srgb.icc"))
    func aTranslucentTaggedPhotoShowsItsColourOnWhite() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func tool(_ name: String, _ arguments: [String]) throws {
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        // 200 × 300: the flat card's own size and aspect (x 540…740, y 210…510), so nothing is
        // cropped; left half translucent, right half opaque.
        let png = folder.appendingPathComponent("stripes.png").path
        try tool("convert", ["-size", "100x300", "xc:rgba(200,80,40,0.749020)", "xc:rgb(200,80,40)", "+append",
                             "PNG32:" + png])
        try tool("exiftool", ["-q", "-q", "-overwrite_original", "-ICC_Profile<=\(Self.ghostscriptSRGB)", png])
        let frame = folder.appendingPathComponent("frame.png").path
        let result = try SwivelProcess.run([png, "--no-captions", "--background", "white", "--screenshot", frame],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try Image(contentsOf: frame)
        let translucent = image.rgb(590, 360).map { Int($0) }, opaque = image.rgb(690, 360).map { Int($0) }
        #expect(zip(translucent, [214, 124, 94]).allSatisfy { abs($0 - $1) <= 2 }, "translucent half: \(translucent)")
        #expect(zip(opaque, [200, 80, 40]).allSatisfy { abs($0 - $1) <= 2 }, "opaque half: \(opaque)")
    }
}
