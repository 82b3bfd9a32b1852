import Testing
import SwivelCore
import SwivelPhotoCore

/// Headers built byte by byte, as each format's specification lays them out.
enum HeaderBytes {
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    static func png(_ w: Int, _ h: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + ascii("IHDR") + be32(w) + be32(h)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]   // depth, RGBA, methods; CRC (not checked)
    }

    /// SOI, an APP0 segment of `appBytes` bytes, a DQT, fill bytes, an RST (standalone), a DHT
    /// (0xC4, not a frame), then SOF2 (progressive).
    static func jpeg(_ w: Int, _ h: Int, appBytes: Int = 14) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        b += [0xFF, 0xE0] + be16(appBytes + 2) + [UInt8](repeating: 0x4A, count: appBytes)
        b += [0xFF, 0xDB] + be16(67) + [UInt8](repeating: 1, count: 65)
        b += [0xFF, 0xFF, 0xFF, 0xD0]
        b += [0xFF, 0xC4] + be16(5) + [0, 1, 2]
        b += [0xFF, 0xC2] + be16(17) + [8] + be16(h) + be16(w) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return b + [0xFF, 0xDA]
    }

    /// A GIF89a with a 4-colour global table, a graphic control extension and a comment, then the
    /// first frame's descriptor (`frame` defaults to the screen's size).
    static func gif(_ w: Int, _ h: Int, frame: (Int, Int)? = nil) -> [UInt8] {
        ascii("GIF89a") + le16(w) + le16(h) + [0x81, 0, 0] + [UInt8](repeating: 7, count: 12)
            + [0x21, 0xF9, 4, 1, 0, 0, 0, 0]
            + [0x21, 0xFE, 3] + ascii("abc") + [2] + ascii("de") + [0]
            + [0x2C] + le16(0) + le16(0) + le16(frame?.0 ?? w) + le16(frame?.1 ?? h) + [0] + [2, 0]
    }

    static func bmp(_ w: Int, _ h: Int) -> [UInt8] {
        ascii("BM") + le32(54) + [0, 0, 0, 0] + le32(54)
            + le32(40) + le32(w) + le32(h) + le16(1) + le16(24) + [UInt8](repeating: 0, count: 24)
    }

    static func bmpCore(_ w: Int, _ h: Int) -> [UInt8] {
        ascii("BM") + le32(26) + [0, 0, 0, 0] + le32(26) + le32(12) + le16(w) + le16(h) + le16(1) + le16(24)
    }

    static func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        ascii("RIFF") + le32(payload.count + 12) + ascii("WEBP") + ascii(chunk) + le32(payload.count) + payload
    }

    static func webpLossy(_ w: Int, _ h: Int) -> [UInt8] {
        riff("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(w) + le16(h) + [0, 0])
    }

    static func webpLossless(_ w: Int, _ h: Int) -> [UInt8] {
        riff("VP8L", [0x2F] + le32((w - 1) | (h - 1) << 14) + [0])
    }

    static func webpExtended(_ w: Int, _ h: Int) -> [UInt8] {
        riff("VP8X", [0x10, 0, 0, 0] + Array(le32(w - 1).prefix(3)) + Array(le32(h - 1).prefix(3)))
    }

    static func qoi(_ w: Int, _ h: Int) -> [UInt8] { ascii("qoif") + be32(w) + be32(h) + [4, 0] }

    /// Little- or big-endian TIFF whose first directory sits after 8 bytes of padding, with the
    /// width as SHORT and the height as LONG.
    static func tiff(_ w: Int, _ h: Int, bigEndian: Bool) -> [UInt8] {
        let u16 = bigEndian ? be16 : le16, u32 = bigEndian ? be32 : le32
        var b = ascii(bigEndian ? "MM" : "II") + u16(42) + u32(16) + [UInt8](repeating: 0, count: 8)
        b += u16(3)
        b += u16(254) + u16(4) + u32(1) + u32(0)                      // NewSubfileType
        b += u16(256) + u16(3) + u32(1) + u16(w) + [0, 0]             // ImageWidth, SHORT
        b += u16(257) + u16(4) + u32(1) + u32(h)                      // ImageLength, LONG
        return b + u32(0)
    }

    static func tga(_ w: Int, _ h: Int) -> [UInt8] {
        [0, 0, 2, 0, 0, 0, 0, 0] + le16(0) + le16(0) + le16(w) + le16(h) + [32, 8]
    }
}

@Suite struct ImageHeaderTests {
    typealias B = HeaderBytes

    func dims(_ bytes: [UInt8], _ ext: String = "") -> ImageHeader? {
        try? ImageHeader.read(bytes, fileSize: bytes.count, pathExtension: ext).get()
    }

    func problem(_ bytes: [UInt8], fileSize: Int? = nil, _ ext: String = "") -> ImageHeader.Problem? {
        if case .failure(let problem) = ImageHeader.read(bytes, fileSize: fileSize ?? bytes.count,
                                                          pathExtension: ext) { return problem }
        return nil
    }

    @Test func everyFormatsSize() {
        #expect(dims(B.png(640, 480)) == ImageHeader(format: .png, width: 640, height: 480))
        #expect(dims(B.jpeg(4032, 3024)) == ImageHeader(format: .jpeg, width: 4032, height: 3024))
        #expect(dims(B.gif(300, 2)) == ImageHeader(format: .gif, width: 300, height: 2))
        #expect(dims(B.bmp(123, 45)) == ImageHeader(format: .bmp, width: 123, height: 45))
        #expect(dims(B.bmp(123, -45)) == ImageHeader(format: .bmp, width: 123, height: 45))   // top-down
        #expect(dims(B.bmpCore(7, 9)) == ImageHeader(format: .bmp, width: 7, height: 9))
        #expect(dims(B.webpLossy(1000, 700)) == ImageHeader(format: .webp, width: 1000, height: 700))
        #expect(dims(B.webpLossless(16383, 5)) == ImageHeader(format: .webp, width: 16383, height: 5))
        #expect(dims(B.webpExtended(20000, 3)) == ImageHeader(format: .webp, width: 20000, height: 3))
        #expect(dims(B.qoi(800, 600)) == ImageHeader(format: .qoi, width: 800, height: 600))
        #expect(dims(B.tga(64, 32), "tga") == ImageHeader(format: .tga, width: 64, height: 32))
    }

    @Test func pnmTextHeadersWithComments() {
        let p6 = B.ascii("P6\n# made by hand\n 12  # width\n\t34\n255\n") + [1, 2, 3]
        #expect(dims(p6) == ImageHeader(format: .pnm, width: 12, height: 34))
        #expect(dims(B.ascii("P1 5 6 0")) == ImageHeader(format: .pnm, width: 5, height: 6))
        #expect(problem(B.ascii("P3 5 x")) == .malformed(.pnm))
        #expect(problem(B.ascii("P2 5 ")) == .truncated(.pnm))
        #expect(dims(B.ascii("P5 99999999999999999999 1 ")) == ImageHeader(format: .pnm, width: 1 << 40, height: 1))
    }

    @Test func tgaOnlyByItsExtensionAndSaneFields() {
        #expect(problem(B.tga(64, 32), "png") == .notAnImage)
        #expect(dims(B.tga(64, 32), "vst")?.width == 64)
        var badType = B.tga(64, 32)
        badType[2] = 4
        #expect(problem(badType, "tga") == .notAnImage)
        // True colour may carry a colour map it does not use (TGA 2.0, field 2); colour-mapped
        // pixels need their map.
        var unusedMap = B.tga(64, 32)
        unusedMap[1] = 1; unusedMap[5] = 16; unusedMap[7] = 15
        #expect(dims(unusedMap, "tga") == ImageHeader(format: .tga, width: 64, height: 32))
        var mapless = B.tga(64, 32)
        mapless[2] = 1
        #expect(problem(mapless, "tga") == .notAnImage)
        var badDepth = B.tga(64, 32)
        badDepth[16] = 12
        #expect(problem(badDepth, "tga") == .notAnImage)
        #expect(problem(Array(B.tga(64, 32).prefix(10)), "tga") == .truncated(.tga))
    }

    @Test func aGIFsFirstFrameCannotHideBehindASmallScreen() {
        #expect(dims(B.gif(10, 10, frame: (30000, 5))) == ImageHeader(format: .gif, width: 30000, height: 10))
        #expect(dims(B.gif(640, 480, frame: (20, 20))) == ImageHeader(format: .gif, width: 640, height: 480))
        #expect(problem(Array(B.gif(10, 10).prefix(40))) == .truncated(.gif))
        #expect(problem(B.ascii("GIF87a") + B.le16(5) + B.le16(5) + [0, 0, 0, 0x3B]) == .malformed(.gif))
    }

    /// Bytes between segments that are no marker are passed over, as libjpeg passes them
    /// (Pillow's junk_jpeg_header.jpg has 5 before its DQT).
    @Test func junkBetweenJPEGSegmentsIsPassedOver() {
        var bytes = B.jpeg(640, 480)
        bytes.insert(contentsOf: [0x00, 0x12, 0x34, 0x56, 0x78], at: 2 + 4 + 14)
        #expect(dims(bytes) == ImageHeader(format: .jpeg, width: 640, height: 480))
        #expect(problem(Array(bytes.prefix(2 + 4 + 14 + 3)), fileSize: bytes.count) == .incomplete(.jpeg, needed: 2 + 4 + 14 + 4))
    }

    @Test func jpegSegmentsPastTheBytesGiven() {
        // A 60 000-byte APP segment, so the frame header is past the first 1000 bytes.
        let big = B.jpeg(6000, 4000, appBytes: 60_000)
        let first = Array(big.prefix(1000))
        // The file goes on: read the next marker and length, past the APP segment (SOI 2, APP 60 004).
        #expect(problem(first, fileSize: big.count) == .incomplete(.jpeg, needed: 60_010))
        // Given that much, the walk gets one segment further (DQT: 69 bytes).
        #expect(problem(Array(big.prefix(60_010)), fileSize: big.count) == .incomplete(.jpeg, needed: 60_010 + 69))
        // The file itself is that short: truncated.
        #expect(problem(first) == .truncated(.jpeg))
        #expect(dims(big)?.width == 6000)
    }

    /// A TIFF's size is the one libtiff reads from the directory it decodes (which may lie
    /// anywhere, and may hold a tag twice): this reader leaves TIFFs to it, and the first bytes
    /// only tell the format.
    @Test func tiffIsLeftToLibTIFF() {
        for bigEndian in [false, true] {
            let file = B.tiff(300, 200, bigEndian: bigEndian)
            #expect(ImageFormat.sniffContainer(Array(file.prefix(64))) == .tiff)
            #expect(problem(file) == .notAnImage)
        }
    }

    @Test func emptyTruncatedAndForeign() {
        #expect(problem([]) == .empty)
        #expect(problem(Array(B.png(10, 10).prefix(20))) == .truncated(.png))
        #expect(problem(Array(B.png(10, 10).prefix(5))) == .truncated(.png))
        #expect(problem(Array(B.gif(10, 10).prefix(8))) == .truncated(.gif))
        #expect(problem(Array(B.jpeg(10, 10).prefix(40))) == .truncated(.jpeg))
        #expect(problem(Array(B.webpLossy(10, 10).prefix(25))) == .truncated(.webp))
        #expect(problem(B.ascii("hello, this is text\n")) == .notAnImage)
        #expect(problem(B.ascii("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")) == .notAnImage)
        #expect(problem([0x42]) == .notAnImage)
        #expect(ImageHeader.Problem.truncated(.png).description == "truncated PNG header")
        #expect(ImageHeader.Problem.notAnImage.description == "not an image")
        #expect(ImageHeader.Problem.empty.description == "empty file")
    }

    @Test func malformedHeaders() {
        var png = B.png(10, 10)
        png[12] = UInt8(ascii: "X")   // first chunk is not IHDR
        #expect(problem(png) == .malformed(.png))
        var bmp = B.bmp(10, 10)
        bmp[14] = 41   // no such info header size
        #expect(problem(bmp) == .malformed(.bmp))
        #expect(problem([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == .malformed(.jpeg))   // scan before frame
        #expect(problem(B.riff("VP8Q", [0, 0, 0, 0])) == .malformed(.webp))
    }

    @Test func zeroAndNegativeSizes() {
        #expect(problem(B.png(0, 10)) == .badDimensions(.png))
        #expect(problem(B.gif(10, 0)) == .badDimensions(.gif))
        #expect(problem(B.bmp(-5, 10)) == .badDimensions(.bmp))
        #expect(problem(B.jpeg(100, 0)) == .badDimensions(.jpeg))
        #expect(problem(B.qoi(0, 0)) == .badDimensions(.qoi))
        #expect(problem(B.ascii("P4 0 7 ")) == .badDimensions(.pnm))
        #expect(problem(B.tga(0, 5), "tga") == .badDimensions(.tga))
    }

    @Test func hugeHeadersAreRefusedByTheLimits() throws {
        let wide = try ImageHeader.read(B.png(16385, 1), fileSize: 33, pathExtension: "png").get()
        #expect(ImageLimits.problem(width: wide.width, height: wide.height)
                == "16385×1 px is over the 16384 px limit on a side")
        let square = try ImageHeader.read(B.jpeg(20000, 20000), fileSize: 200, pathExtension: "jpg").get()
        #expect(ImageLimits.problem(width: square.width, height: square.height)
                == "20000×20000 px is over the 16384 px limit on a side")
        #expect(ImageLimits.problem(width: 16384, height: 16384) == "16384×16384 px is 268.4 MP, over the 256 MP limit")
        #expect(ImageLimits.problem(width: 16384, height: 15625) == nil)   // exactly 256 000 000
        #expect(ImageLimits.problem(width: 16384, height: 1) == nil)
        #expect(ImageLimits.problem(width: 0, height: 3) == "0×3 px has no pixels")
    }
}
