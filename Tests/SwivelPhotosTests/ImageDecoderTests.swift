import CSDL2
import Dispatch
import Foundation
import SwivelCore
import SwivelPhotos
import SwivelTestSupport
import Synchronization
import Testing

@Suite(.serialized) struct ImageDecoderTests {
    let files = TemporaryDirectory()
    static let red = RGBA8(255, 0, 0), green = RGBA8(0, 255, 0), blue = RGBA8(0, 0, 255)

    func reason(_ path: FilePath, width: Int = 20, height: Int = 30) -> String? {
        do throws(ImageLoadError) {
            _ = try ImageDecoder.decode(path, width: width, height: height)
            return nil
        } catch {
            #expect(error.description == "\(path): \(error.reason)")
            return error.reason
        }
    }

    /// Left quarter red, middle half green, right quarter blue.
    func stripes(x: Int, width: Int) -> RGBA8 {
        x < width / 4 ? Self.red : x < width * 3 / 4 ? Self.green : Self.blue
    }

    @Test func aWideImageIsCroppedToItsMiddle() throws {
        let same = files.write("same.png", .png, width: 800, height: 300) { x, _ in stripes(x: x, width: 800) }
        let image = try ImageDecoder.decode(same, width: 200, height: 300)
        #expect(image.width == 200 && image.height == 300 && image.pixels.count == 200 * 300 * 4)
        #expect(image.isAll([0, 255, 0, 255]))
        // Twice the size: the crop (x 600…1000) is averaged 2 × 2 down, still all green.
        let big = files.write("big.png", .png, width: 1600, height: 600) { x, _ in stripes(x: x, width: 1600) }
        #expect(try ImageDecoder.decode(big, width: 200, height: 300).isAll([0, 255, 0, 255]))
        // A tall image keeps its middle rows.
        let tall = files.write("tall.png", .png, width: 100, height: 400) { _, y in y < 100 || y >= 300 ? Self.red : Self.blue }
        #expect(try ImageDecoder.decode(tall, width: 50, height: 50).isAll([0, 0, 255, 255]))
    }

    @Test func shrinkingAveragesTheArea() throws {
        let colors = [RGBA8(200, 0, 0), RGBA8(0, 100, 0), RGBA8(0, 0, 40), RGBA8(60, 60, 60)]
        let checker = files.write("checker.png", .png, width: 2, height: 2) { x, y in colors[y * 2 + x] }
        let image = try ImageDecoder.decode(checker, width: 1, height: 1)
        #expect(image.rgba(0, 0) == [65, 40, 25, 255])
        // A 6 × 6 checker into 2 × 2: each output is the mean of a 3 × 3 block (5 of one, 4 of the other).
        let fine = files.write("fine.png", .png, width: 6, height: 6) { x, y in (x + y) % 2 == 0 ? .white : .black }
        let grey = try ImageDecoder.decode(fine, width: 2, height: 2)
        #expect(grey.rgba(0, 0) == [142, 142, 142, 255])   // 5/9 of 255 = 141.7
        #expect(grey.rgba(1, 0) == [113, 113, 113, 255])   // 4/9 of 255 = 113.3
    }

    @Test func enlargingIsBilinear() throws {
        let pair = files.write("pair.png", .png, width: 2, height: 1) { x, _ in x == 0 ? .black : .white }
        let image = try ImageDecoder.decode(pair, width: 4, height: 2)
        // Output centres at source x −0.25, 0.25, 0.75, 1.25; the edges clamp.
        for y in 0..<2 {
            #expect((0..<4).map { image.rgba($0, y)[0] } == [0, 64, 191, 255])
        }
    }

    @Test func alphaIsPremultipliedBeforeAveraging() throws {
        let half = files.write("half.png", .png, width: 1, height: 1) { _, _ in RGBA8(255, 0, 0, 128) }
        #expect(try ImageDecoder.decode(half, width: 1, height: 1).rgba(0, 0) == [128, 0, 0, 128])
        // Clear green beside opaque red: the green must not leak into the mean.
        let edge = files.write("edge.png", .png, width: 2, height: 1) { x, _ in x == 0 ? RGBA8(0, 255, 0, 0) : Self.red }
        #expect(try ImageDecoder.decode(edge, width: 1, height: 1).rgba(0, 0) == [128, 0, 0, 128])
    }

    @Test func jpegBmpTgaAndPnmDecode() throws {
        let jpeg = files.write("solid.jpg", .jpeg(quality: 95), width: 64, height: 48) { _, _ in RGBA8(10, 200, 30) }
        #expect(try ImageDecoder.decode(jpeg, width: 32, height: 24).isAll([10, 200, 30, 255], tolerance: 3))
        let bmp = files.write("stripes.bmp", .bmp, width: 8, height: 2) { x, _ in stripes(x: x, width: 8) }
        #expect(try ImageDecoder.decode(bmp, width: 4, height: 2).isAll([0, 255, 0, 255]))
        // TGA by hand: 2 × 1, 24-bit BGR, top-left origin (descriptor bit 5).
        let tga = files.write("pair.tga", bytes: [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 24, 0x20]
                              + [255, 0, 0] + [0, 0, 255])
        let tgaImage = try ImageDecoder.decode(tga, width: 2, height: 1)
        #expect(tgaImage.rgba(0, 0) == [0, 0, 255, 255] && tgaImage.rgba(1, 0) == [255, 0, 0, 255])
        let ppm = files.write("pair.ppm", bytes: Array("P6\n# two\n2 1\n255\n".utf8) + [1, 2, 3, 250, 251, 252])
        let ppmImage = try ImageDecoder.decode(ppm, width: 2, height: 1)
        #expect(ppmImage.rgba(0, 0) == [1, 2, 3, 255] && ppmImage.rgba(1, 0) == [250, 251, 252, 255])
    }

    @Test func qoiAndTiffDecode() throws {
        // QOI: two QOI_OP_RGB pixels, then the end marker.
        let qoi = Array("qoif".utf8) + [0, 0, 0, 2, 0, 0, 0, 1, 3, 0] + [0xFE, 200, 10, 10] + [0xFE, 10, 10, 200]
            + [0, 0, 0, 0, 0, 0, 0, 1]
        let qoiImage = try ImageDecoder.decode(files.write("pair.qoi", bytes: qoi), width: 2, height: 1)
        #expect(qoiImage.rgba(0, 0) == [200, 10, 10, 255] && qoiImage.rgba(1, 0) == [10, 10, 200, 255])
        // TIFF: little-endian, one uncompressed RGB strip; nine directory entries, then
        // BitsPerSample's three values at 122 and the pixels at 128.
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(count) + (type == 3 && count == 1 ? le16(value) + [0, 0] : le32(value))
        }
        var tiff = Array("II".utf8) + le16(42) + le32(8) + le16(9)
        tiff += entry(256, 3, 1, 2) + entry(257, 3, 1, 1) + entry(258, 3, 3, 122) + entry(259, 3, 1, 1)
        tiff += entry(262, 3, 1, 2) + entry(273, 4, 1, 128) + entry(277, 3, 1, 3) + entry(278, 3, 1, 1)
        tiff += entry(279, 4, 1, 6) + le32(0)
        tiff += le16(8) + le16(8) + le16(8) + [200, 10, 10, 10, 10, 200]
        #expect(tiff.count == 134)
        let tiffImage = try ImageDecoder.decode(files.write("pair.tif", bytes: tiff), width: 2, height: 1)
        #expect(tiffImage.rgba(0, 0) == [200, 10, 10, 255] && tiffImage.rgba(1, 0) == [10, 10, 200, 255])
    }

    @Test func refusedBeforeDecoding() {
        #expect(reason(files.path("missing.png")) == "cannot open: No such file or directory")
        #expect(reason(files.write("empty.png", bytes: [])) == "empty file")
        #expect(reason(files.write("notes.png", bytes: Array("shopping: eggs, milk\n".utf8))) == "not an image")
        let png = files.write("ok.png", .png, width: 40, height: 40) { x, y in RGBA8(UInt8(x), UInt8(y), 0) }
        #expect(reason(files.write("cut.png", bytes: Array(files.contents(png).prefix(20)))) == "truncated PNG header")
        // Only regular files are read: a directory opens, but is refused before any read.
        #expect(reason(files.path) == "not a regular file (a directory)")
    }

    /// A FIFO with no writer would block open(2) forever, and /dev/zero never ends: both are
    /// refused at once, named for what they are.
    @Test(.timeLimit(.minutes(1))) func fifosAndDevicesAreRefusedWithoutBlocking() {
        let fifo = files.path("pipe.png")
        #expect(mkfifo(fifo.cString, 0o644) == 0)
        #expect(reason(fifo) == "not a regular file (a FIFO)")
        #expect(reason(FilePath("/dev/zero")) == "not a regular file (a character device)")
        let link = files.path("zero.png")
        #expect(symlink("/dev/zero", link.cString) == 0)
        #expect(reason(link) == "not a regular file (a character device)")
    }

    @Test func hugeImagesAreRefusedFromTheirHeader() {
        let wide = files.write("wide.png", .png, width: 16385, height: 1) { x, _ in RGBA8(UInt8(x & 255), 0, 0) }
        #expect(reason(wide) == "16385×1 px is over the 16384 px limit on a side")
        // A header claiming 20000 × 20000 over junk: were the body decoded, the answer would be
        // "cannot decode".
        let bomb = HeaderBytesForDecoder.png(20000, 20000) + [UInt8](repeating: 0x55, count: 500)
        #expect(reason(files.write("bomb.png", bytes: bomb)) == "20000×20000 px is over the 16384 px limit on a side")
        let megapixels = HeaderBytesForDecoder.png(16384, 16384) + [UInt8](repeating: 0x55, count: 500)
        #expect(reason(files.write("mp.png", bytes: megapixels)) == "16384×16384 px is 268.4 MP, over the 256 MP limit")
    }

    @Test func truncatedBodiesFailToDecodeWithoutEndingTheProcess() throws {
        let png = files.write("noise.png", .png, width: 64, height: 64) { x, y in RGBA8(UInt8(x * 4), UInt8(y * 4), UInt8((x * y) & 255)) }
        let halfPNG = files.write("half.png", bytes: Array(files.contents(png).prefix(files.contents(png).count / 2)))
        #expect(reason(halfPNG) == "cannot decode: truncated PNG data (Error reading the PNG file.)")
        // JPEG: a 256 × 256 gradient cut in half, in its scan. libjpeg would fill the missing
        // rows with grey and call it a warning.
        let jpeg = files.write("gradient.jpg", .jpeg(quality: 90), width: 256, height: 256) { _, y in
            RGBA8(UInt8(y), UInt8(y), UInt8(y))
        }
        let bytes = files.contents(jpeg)
        #expect(reason(files.write("half.jpg", bytes: Array(bytes.prefix(bytes.count / 2))))
                == "cannot decode: truncated JPEG data")
        // Cut before its scan: libjpeg finds no scan, and the missing end says why.
        #expect(reason(files.write("header-only.jpg", bytes: Array(bytes.prefix(300))))
                == "cannot decode: truncated JPEG data (Invalid JPEG file structure: missing SOS marker)")
        // A frame header with no components: a fatal libjpeg error, which TurboJPEG catches with
        // setjmp instead of letting libjpeg exit the process.
        var broken = bytes
        let sof = try #require((0..<(broken.count - 1)).first { broken[$0] == 0xFF && broken[$0 + 1] == 0xC0 })
        broken[sof + 9] = 0
        #expect(reason(files.write("broken.jpg", bytes: broken)) == "cannot decode: Empty JPEG image (DNL not supported)")
        // The whole file still decodes: top row black, bottom row white (within JPEG's error).
        let whole = try ImageDecoder.decode(jpeg, width: 256, height: 256)
        #expect(whole.rgba(100, 0)[0] <= 2 && whole.rgba(100, 255)[0] >= 253)
    }

    @Test func jpegsWhoseSizeIsAMultipleOfTheReadSizeAreWhole() throws {
        // libjpeg reads 4096 bytes at a time: pad a JPEG with a comment (COM) segment so that it
        // ends exactly on a read boundary, where "asked past the end" must not be assumed.
        let jpeg = files.write("plain.jpg", .jpeg(quality: 80), width: 50, height: 50) { _, _ in RGBA8(90, 90, 90) }
        let bytes = files.contents(jpeg)
        let pad = (8192 - bytes.count - 4) % 4096 + 4096
        let comment: [UInt8] = [0xFF, 0xFE, UInt8((pad + 2) >> 8), UInt8((pad + 2) & 0xFF)]
            + [UInt8](repeating: 0x20, count: pad)
        let padded = Array(bytes[..<2]) + comment + Array(bytes[2...])
        #expect(padded.count % 4096 == 0)
        let image = try ImageDecoder.decode(files.write("padded.jpg", bytes: padded), width: 10, height: 10)
        #expect(image.isAll([90, 90, 90, 255], tolerance: 2))
        // And with a long metadata segment before the frame header (past the first 64 KiB).
        let long = Array(bytes[..<2]) + [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 65533)
            + [0xFF, 0xE2, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 65533) + Array(bytes[2...])
        #expect(try ImageDecoder.decode(files.write("exif.jpg", bytes: long), width: 10, height: 10)
                    .isAll([90, 90, 90, 255], tolerance: 2))
    }

    /// A 1 × 1 GIF89a: global table (index 0 = `color`), one frame of `frame` size whose LZW data
    /// (code size 2: clear, 0, end) paints index 0.
    func gif(_ color: RGBA8, screen: (Int, Int) = (1, 1), frame: (Int, Int) = (1, 1)) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        return Array("GIF89a".utf8) + le16(screen.0) + le16(screen.1) + [0x80, 0, 0]
            + [color.r, color.g, color.b, 255, 255, 255]
            + [0x2C] + le16(0) + le16(0) + le16(frame.0) + le16(frame.1) + [0]
            + [2, 2, 0x44, 0x01, 0] + [0x3B]
    }

    @Test func gifsGiveTheirFirstFrameAndCannotHideAHugeOne() throws {
        let one = try ImageDecoder.decode(files.write("one.gif", bytes: gif(RGBA8(10, 20, 30))), width: 2, height: 2)
        #expect(one.isAll([10, 20, 30, 255]))
        let hidden = files.write("hidden.gif", bytes: gif(RGBA8(1, 2, 3), screen: (10, 10), frame: (30000, 10)))
        #expect(reason(hidden) == "30000×10 px is over the 16384 px limit on a side")
    }

    @Test func nonUTF8NamesOpen() throws {
        let source = files.write("source.png", .png, width: 3, height: 3) { _, _ in Self.blue }
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)   // Latin-1 é
        let latin1 = files.write(name, bytes: files.contents(source))
        #expect(!latin1.description.contains("é"))
        #expect(try ImageDecoder.decode(latin1, width: 3, height: 3).isAll([0, 0, 255, 255]))
    }

    @Test func unreadableFiles() throws {
        let source = files.write("source.png", .png, width: 3, height: 3) { _, _ in Self.red }
        let locked = files.write(Array("locked.png".utf8), bytes: files.contents(source), mode: 0)
        if getuid() == 0 {
            // Root reads it anyway.
            #expect(try ImageDecoder.decode(locked, width: 3, height: 3).isAll([255, 0, 0, 255]))
        } else {
            #expect(reason(locked) == "cannot open: Permission denied")
        }
    }

    @Test func concurrentDecodesMatchSequentialOnes() throws {
        var paths: [FilePath] = []
        for i in 0..<8 {
            let name = "photo\(i)." + (i % 2 == 0 ? "png" : "jpg")
            let kind: ImageFiles.Kind = i % 2 == 0 ? .png : .jpeg(quality: 85)
            paths.append(files.write(name, kind, width: 300 + 37 * i, height: 200 + 11 * i) { x, y in
                RGBA8(UInt8((x * (i + 1)) & 255), UInt8((y * 3) & 255), UInt8((x ^ y) & 255), UInt8(255 - i * 20))
            })
        }
        let sequential = try paths.map { try ImageDecoder.decode($0, width: 120, height: 180).pixels }
        let results = Mutex<[Int: [UInt8]]>([:])
        let shared = paths
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let pixels = try? ImageDecoder.decode(shared[i], width: 120, height: 180).pixels
            results.withLock { $0[i] = pixels }
        }
        let concurrent = results.withLock { $0 }
        for i in 0..<8 { #expect(concurrent[i] == sequential[i], "file \(i)") }
    }
}

/// Just enough of a PNG to carry a header.
enum HeaderBytesForDecoder {
    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(v >> $0 & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8)
            + be32(width) + be32(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }
}
