import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// The thumbnail writer's PNG encoder, read back by another program (ImageMagick's `convert`,
/// which decodes with libpng): the same pixels in straight colour, RGB when opaque, RGBA when not.
@Suite struct ThumbnailPNGTests {
    /// ImageMagick's RGBA bytes of `png`, and its colour type as `identify` says it.
    static func decoded(_ png: [UInt8], in folder: TemporaryDirectory) throws -> (rgba: [UInt8], type: String) {
        let path = folder.path("t.png")
        ImageFiles.write(path, png)
        let rgba = try ExternalTools.outputBytes("convert", [path.text, "-depth", "8", "rgba:-"])
        let type = try ExternalTools.output("identify", ["-format", "%[channels]", path.text])
        return (rgba, type)
    }

    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).filter { $0 != $1 }.count }

    /// Noise and steps (every filter's difference, wrapping below 0, from the left and the row
    /// above) in a 97 × 61 image, each channel its own pattern.
    static func pattern(_ x: Int, _ y: Int, _ c: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (x &* 7919 &+ y &* 104_729 &+ c &* 31) ^ (x * y >> 3) ^ (c == 1 ? 0xA5 : 0))
    }

    @Test func anOpaqueImageIsReadBackAsTheSameRGB() throws {
        let folder = TemporaryDirectory()
        let (width, height) = (97, 61)
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += [Self.pattern(x, y, 0), Self.pattern(x, y, 1), Self.pattern(x, y, 2), 255] } }
        let png = try #require(ThumbnailPNG.encode(width: width, height: height, premultiplied: pixels,
                                                   texts: [("Thumb::URI", "file:///x.jpg")]))
        let (rgba, type) = try Self.decoded(png, in: folder)
        #expect(type == "srgb")
        #expect(rgba.count == pixels.count && Self.differing(rgba, pixels) == 0, "\(Self.differing(rgba, pixels)) bytes differ")
        #expect(PNGTextChunks(png)?.texts["Thumb::URI"] == "file:///x.jpg")
    }

    /// Translucent pixels are written in straight colour: alpha 85 (a third) over colours that
    /// are multiples of 3, so that the premultiplied bytes (a third of them) are exact and the
    /// straight ones come back exactly; alpha 0 comes back as transparent black.
    @Test func aTranslucentImageIsReadBackInStraightColour() throws {
        let folder = TemporaryDirectory()
        let (width, height) = (53, 29)
        var premultiplied: [UInt8] = [], straight: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let alpha: UInt8 = (x + y) % 3 == 0 ? 255 : (x + y) % 3 == 1 ? 85 : 0
                let colour = (0..<3).map { c in Self.pattern(x, y, c) / 3 * 3 }
                switch alpha {
                case 255: premultiplied += colour + [255]; straight += colour + [255]
                case 85: premultiplied += colour.map { $0 / 3 } + [85]; straight += colour + [85]
                default: premultiplied += [0, 0, 0, 0]; straight += [0, 0, 0, 0]
                }
            }
        }
        let png = try #require(ThumbnailPNG.encode(width: width, height: height, premultiplied: premultiplied, texts: []))
        let (rgba, type) = try Self.decoded(png, in: folder)
        #expect(type == "srgba")
        #expect(rgba.count == straight.count && Self.differing(rgba, straight) == 0, "\(Self.differing(rgba, straight)) bytes differ")
    }
}
