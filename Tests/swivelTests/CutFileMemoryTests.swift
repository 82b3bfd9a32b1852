import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing

/// Files cut short after a header that claims 16000 × 16000 px (inside `ImageLimits`: 16384 a
/// side, 256 MP) and a few dozen bytes of pixel data, one per format. Each is skipped with one
/// line, and the run's peak resident memory (VmHWM) stays under 300 MiB: no decoder commits
/// memory for pixels the file cannot fill (a 16000² RGBA surface is 977 MiB).
@Suite(.serialized) struct CutFileMemoryTests {
    static let side = 16000
    /// 48 bytes of data that is no image's end.
    static let junk: [UInt8] = (0..<48).map { UInt8(($0 * 37 + 11) & 255) }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// name, bytes, the reason on its "skipped" line.
    static let files: [(name: String, bytes: [UInt8], reason: String)] = {
        let w = side, h = side
        // TGA 2.0 header: uncompressed true colour, 24 bits, top-left origin (descriptor 0x20).
        let tga: [UInt8] = [0, 0, 2] + [0, 0, 0, 0, 0] + le16(0) + le16(0) + le16(w) + le16(h) + [24, 0x20] + junk
        // GIF89a: logical screen with a 2-colour global table, one image descriptor, LZW minimum
        // code size 8, one 20-byte sub-block of zeros (9-bit codes of colour 0), then nothing.
        let gif = text("GIF89a") + le16(w) + le16(h) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
            + [0x2C] + le16(0) + le16(0) + le16(w) + le16(h) + [0] + [8, 20] + [UInt8](repeating: 0, count: 20)
        // QOI: magic, big-endian size, 4 channels, sRGB.
        let qoi = text("qoif") + ImageFiles.be32(w) + ImageFiles.be32(h) + [4, 0] + junk
        // PNG: 8-bit RGBA IHDR, one IDAT of 40 bytes: a zlib stream whose stored block claims 65535
        // bytes and holds 33 (no IEND).
        let idatBody = text("IDAT") + [0x78, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x00] + [UInt8](repeating: 0, count: 33)
        let png = ImageFiles.pngHeader(w, h) + ImageFiles.be32(40) + idatBody + ImageFiles.be32(Int(ImageFiles.crc32(idatBody)))
        // WebP lossless: VP8L signature 0x2F, then width - 1 and height - 1 in 14 bits each
        // (WebP lossless bitstream specification, section 3), alpha hint 0, version 0; 52 bytes in all,
        // an even count, so the chunk needs no padding byte. libwebp finds its codes malformed.
        let vp8l = [0x2F] + le32((w - 1) | (h - 1) << 14) + junk.prefix(47)
        let webp = text("RIFF") + le32(4 + 8 + vp8l.count) + text("WEBPVP8L") + le32(vp8l.count) + vp8l
        // BMP: BITMAPINFOHEADER, 24 bits, bottom-up, uncompressed.
        let info = le32(40) + le32(w) + le32(h) + le16(1) + le16(24) + le32(0) + le32(0) + le32(2835) + le32(2835)
            + le32(0) + le32(0)
        let bmp = text("BM") + le32(14 + 40 + junk.count) + le32(0) + le32(54) + info + junk
        // TIFF: little-endian, one uncompressed RGB strip the directory says is w·h·3 bytes.
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + [0, 0] : le32(value))
        }
        let entries = [entry(256, 4, w), entry(257, 4, h), entry(258, 3, 8), entry(259, 3, 1), entry(262, 3, 2),
                       entry(273, 4, 8 + 2 + 10 * 12 + 4), entry(277, 3, 3), entry(278, 4, h), entry(279, 4, w * h * 3),
                       entry(284, 3, 1)]
        let tiff = text("II") + le16(42) + le32(8) + le16(entries.count) + entries.flatMap { $0 } + le32(0) + junk
        return [
            ("cut.bmp", bmp, "cannot decode: truncated BMP data"),
            ("cut.gif", gif, "cannot decode: truncated GIF data"),
            ("cut.png", png, "cannot decode: truncated PNG data (Error reading the PNG file.)"),
            ("cut.ppm", text("P6\n\(w) \(h)\n255\n") + junk, "cannot decode: truncated PNM data"),
            ("cut16.ppm", text("P6\n\(w) \(h)\n65535\n") + junk, "cannot decode: truncated PNM data"),
            ("cut.qoi", qoi, "cannot decode: truncated QOI data"),
            ("cut.tga", tga, "cannot decode: truncated TGA data"),
            ("cut.tif", tiff, "cannot decode: truncated TIFF data (Read error; got 48 bytes, expected 48000)"),
            ("cut.webp", webp, "cannot decode: malformed WEBP data"),
        ]
    }()

    /// Runs swivel on `paths` with `--screenshot`, its peak memory watched (`PeakMemoryRun`); a
    /// run ended by a signal fails the test.
    static func run(_ paths: [String], in folder: TemporaryDirectory) throws -> PeakMemoryRun {
        let result = try PeakMemoryRun.run(paths + ["--screenshot", folder.path("frame.png").text], in: folder)
        #expect(!result.signaled)
        return result
    }

    @Test func aFolderOfCutFilesIsSkippedLineByLineInBoundedMemory() throws {
        let folder = TemporaryDirectory()
        let photos = folder.path("photos")
        ImageFiles.directory(photos)
        for file in Self.files { ImageFiles.write(photos.appending(Self.text("/" + file.name)), file.bytes) }
        ImageFiles.write(photos.appending(Self.text("/good.png")), ImageFiles.solid(.png, width: 40, height: 60, [52, 199, 89]))

        // Each alone first, to name the one that takes the memory.
        for file in Self.files {
            let result = try Self.run([photos.text + "/" + file.name], in: folder)
            print("cut 16000² \(file.name): peak \(Int(result.peakMiB)) MiB, status \(result.status): \(result.stderr)")
            #expect(result.peakMiB < 300, "\(file.name) alone: peak \(result.peakMiB) MiB")
        }

        let result = try Self.run([photos.text], in: folder)
        print("the folder of cut 16000² files: peak \(Int(result.peakMiB)) MiB")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let expected = Self.files.map { "swivel: skipped \(photos.text)/\($0.name): \($0.reason)" }
        #expect(result.stderr.split(separator: "\n").map(String.init).sorted() == expected.sorted())
        #expect(result.peakMiB < 300, "peak \(result.peakMiB) MiB")
    }
}
