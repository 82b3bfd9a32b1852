import CTurboJPEG
import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// libjpeg-turbo's decoding: shrink-on-load picks the right DCT scale, and the JPEG variants
/// cameras and editors write decode right.
@Suite(.serialized) struct JPEGDecoderTests {
    /// The smallest of libjpeg-turbo's scales whose crop still covers the card.
    @Test func theScaleIsTheSmallestThatCoversTheCard() {
        func ratio(_ width: Int, _ height: Int, _ target: (Int, Int)) -> Double {
            let factor = JPEGDecoder.scale(width: width, height: height, target: target)
            return Double(factor.num) / Double(factor.denom)
        }
        // 12 MP landscape into a 200 × 300 card (1×): the crop is 2000 × 3000, 1/8 gives 250 × 375.
        #expect(ratio(4000, 3000, (200, 300)) == 1.0 / 8)
        // 2×, 400 × 600: 1/8 would give 375 rows of crop, short of 600; 1/4 gives 750.
        #expect(ratio(4000, 3000, (400, 600)) == 1.0 / 4)
        // 24 MP, 2×: the crop is 2667 × 4000; 3/16 is not offered, 1/4 gives 1000 rows.
        #expect(ratio(6000, 4000, (400, 600)) == 1.0 / 4)
        // Just enough: a 1600 × 2400 photo at 400 × 600 takes exactly 1/4.
        #expect(ratio(1600, 2400, (400, 600)) == 1.0 / 4)
        // One pixel short of 1/4: 3/8.
        #expect(ratio(1596, 2394, (400, 600)) == 3.0 / 8)
        // Smaller than the card: full size (then scaled up as before).
        #expect(ratio(100, 150, (200, 300)) == 1)
    }

    /// A 12 MP camera-sized JPEG into a 400 × 600 card: the crop keeps x 1000…3000 of the 4000 ×
    /// 3000 photo, so the card's left half is the photo's dark half and its right half the light
    /// one. (How long it takes is a benchmark, not a test: `scripts/bench-decode.sh`.)
    @Test func twelveMegapixelPhotoToACard() throws {
        let folder = TemporaryDirectory()
        let photo = folder.write("photo.jpg", .jpeg(quality: 90), width: 4000, height: 3000) { x, _ in
            x < 2000 ? RGBA8(40, 40, 40) : RGBA8(200, 200, 200)
        }
        let card = try ImageDecoder.decode(photo, width: 400, height: 600)
        #expect(card.width == 400 && card.height == 600)
        #expect(abs(card.rgba(50, 300)[1] - 40) <= 3 && abs(card.rgba(350, 300)[1] - 200) <= 3,
                "\(card.rgba(50, 300)) \(card.rgba(350, 300))")
    }

    /// A 1600 × 2400 pattern decoded at 1/8 for a 200 × 300 card is the same card as decoding
    /// it whole and resampling (the area average of the whole image): within a few levels, and
    /// the quadrants' edge lands on the same pixel.
    @Test func shrunkDecodesMatchWholeOnes() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("big.png"), jpeg = folder.path("big.jpg")
        try Quadrants.writeUpright(png, width: 1600, height: 2400)
        try ExternalTools.convert([png.text, "-quality", "95", jpeg.text])
        let shrunk = try ImageDecoder.decode(jpeg, width: 200, height: 300)
        let whole = try ImageDecoder.decode(png, width: 200, height: 300)
        var worst = 0
        for y in 0..<300 where y < 146 || y > 153 {
            for x in 0..<200 where x < 96 || x > 103 {
                worst = max(worst, zip(shrunk.rgba(x, y), whole.rgba(x, y)).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 6, "largest difference away from the edges: \(worst)")
        #expect(Quadrants.isUpright(shrunk))
    }

    /// Writes `pixels` (in `format`, `width` × `height`) as a JPEG with TurboJPEG's compressor,
    /// progressive with `TJFLAG_PROGRESSIVE` in `flags`. (Not through TurboJPEG's TJ_PROGRESSIVE and
    /// TJ_RESTART environment variables: setenv in the test process would reach every child process
    /// the other suites start meanwhile, and races their reads of the environment.)
    func compress(_ pixels: [UInt8], width: Int, height: Int, format: TJPF, subsampling: TJSAMP,
                  flags: Int32 = 0, to path: FilePath) throws {
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, pixels, Int32(width), 0, Int32(height), Int32(format.rawValue), &output, &size,
                                 Int32(subsampling.rawValue), 92, flags)
        #expect(status == 0, "\(String(cString: tjGetErrorStr2(handle)))")
        defer { tjFree(output) }
        try Data(bytes: try #require(output), count: Int(size)).write(to: URL(fileURLWithPath: path.text))
    }

    /// The quadrant pattern as RGB bytes.
    func quadrantPixels(width: Int, height: Int) -> [UInt8] {
        (0..<height).flatMap { y -> [UInt8] in
            (0..<width).flatMap { x -> [UInt8] in
                Quadrants.colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)].map { UInt8($0) }
            }
        }
    }

    @Test func progressiveJPEGsDecode() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("progressive.jpg")
        try compress(quadrantPixels(width: 320, height: 480), width: 320, height: 480, format: TJPF_RGB,
                     subsampling: TJSAMP_420, flags: TJFLAG_PROGRESSIVE, to: file)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.text)))
        #expect(bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2 }, "an SOF2 marker")
        #expect(Quadrants.isUpright(try ImageDecoder.decode(file, width: 40, height: 60)))
    }

    /// A restart marker after every MCU row: libjpeg-turbo's jpegtran adds them to TurboJPEG's file
    /// without touching its coefficients.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/jpegtran"),
                   "needs jpegtran (libjpeg-turbo-progs; make test installs it)"))
    func restartMarkersDecode() throws {
        let folder = TemporaryDirectory()
        let plain = folder.path("plain.jpg"), file = folder.path("restart.jpg")
        try compress(quadrantPixels(width: 320, height: 480), width: 320, height: 480, format: TJPF_RGB,
                     subsampling: TJSAMP_444, to: plain)
        try ExternalTools.run("jpegtran", ["-restart", "1B", "-outfile", file.text, plain.text])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.text)))
        let restarts = bytes.indices.dropLast().filter { bytes[$0] == 0xFF && (0xD0...0xD7).contains(bytes[$0 + 1]) }
        #expect(restarts.count > 100, "RSTn markers: \(restarts.count)")
        #expect(Quadrants.isUpright(try ImageDecoder.decode(file, width: 40, height: 60)))
        #expect(Quadrants.isUpright(try ImageDecoder.decode(file, width: 320, height: 480)))
    }

    @Test func grayscaleJPEGsDecodeToGrey() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("grey.jpg")
        let pixels: [UInt8] = (0..<(64 * 96)).flatMap { i -> [UInt8] in [UInt8](repeating: i % 64 < 32 ? 40 : 200, count: 3) }
        try compress(pixels, width: 64, height: 96, format: TJPF_RGB, subsampling: TJSAMP_GRAY, to: file)
        let card = try ImageDecoder.decode(file, width: 64, height: 96)
        #expect(card.rgba(8, 48).allSatisfy { abs($0 - 40) <= 3 || $0 == 255 })
        #expect(card.rgba(56, 48).allSatisfy { abs($0 - 200) <= 3 || $0 == 255 })
        #expect(card.rgba(8, 48)[0] == card.rgba(8, 48)[1] && card.rgba(8, 48)[1] == card.rgba(8, 48)[2])
    }

    /// Adobe YCCK (TurboJPEG writes YCCK from CMYK, with an Adobe APP14 marker) and plain Adobe
    /// CMYK (ImageMagick): the inks are stored inverted, as Photoshop does.
    @Test func cmykAndYCCKJPEGsDecodeToTheirColours() throws {
        let folder = TemporaryDirectory()
        // The quadrants' inks with no black (C = 255 - R, …), stored inverted (255 - C = R, …).
        let cmyk: [UInt8] = quadrantPixels(width: 160, height: 240).chunks(3).flatMap { rgb -> [UInt8] in Array(rgb) + [255] }
        let ycck = folder.path("ycck.jpg")
        try compress(cmyk, width: 160, height: 240, format: TJPF_CMYK, subsampling: TJSAMP_444, to: ycck)
        #expect(Quadrants.isUpright(try ImageDecoder.decode(ycck, width: 40, height: 60), tolerance: 16))

        let png = folder.path("rgb.png"), plain = folder.path("cmyk.jpg")
        try Quadrants.writeUpright(png, width: 160, height: 240)
        try ExternalTools.convert([png.text, "-colorspace", "CMYK", "-quality", "95", plain.text])
        #expect(Quadrants.isUpright(try ImageDecoder.decode(plain, width: 40, height: 60), tolerance: 16))
    }
}

extension Array {
    func chunks(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
