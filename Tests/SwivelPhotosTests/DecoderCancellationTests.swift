import CZlib
import Foundation
import Glibc
import SwivelCore
import SwivelPhotos
import SwivelTestSupport
import Testing

/// A decode of a big valid file stops at its decoder's next look at its `DecodeCancellation` after
/// the cancel: each looks between rows, strips or reads. Uncancelled, these decodes take several
/// seconds, and a decoder that stopped looking would go on to the end of the file. The files are
/// black (zero samples): PNM, BMP, TGA and TIFF are sparse files (a header, then a hole), PNG is
/// deflated zeros, GIF LZW of colour 0.
@Suite(.serialized) struct DecoderCancellationTests {
    static let side = 16000

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }

    /// `header`, then zeros up to `size` bytes, as a sparse file.
    static func sparse(_ path: FilePath, header: [UInt8], size: Int) {
        ImageFiles.write(path, header)
        #expect(truncate(path.cString, off_t(size)) == 0)
    }

    /// 24-bit BMP, bottom-up, uncompressed: rows of side × 3 bytes (a multiple of 4).
    static func bmp(_ path: FilePath) {
        let w = side, h = side, data = w * 3 * h
        let info = le32(40) + le32(w) + le32(h) + le16(1) + le16(24) + le32(0) + le32(data) + le32(2835) + le32(2835)
            + le32(0) + le32(0)
        sparse(path, header: Array("BM".utf8) + le32(54 + data) + le32(0) + le32(54) + info, size: 54 + data)
    }

    /// TGA 2.0, uncompressed true colour, 24 bits, top-left origin.
    static func tga(_ path: FilePath) {
        let header: [UInt8] = [0, 0, 2] + [0, 0, 0, 0, 0] + le16(0) + le16(0) + le16(side) + le16(side) + [24, 0x20]
        sparse(path, header: header, size: header.count + side * side * 3)
    }

    static func ppm(_ path: FilePath) {
        let header = Array("P6\n\(side) \(side)\n255\n".utf8)
        sparse(path, header: header, size: header.count + side * side * 3)
    }

    /// Little-endian TIFF, one uncompressed RGB strip the size of the image (libtiff chops it
    /// into strips of about 8 KiB when it reads it).
    static func tiff(_ path: FilePath) {
        let w = side, h = side
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + [0, 0] : le32(value))
        }
        let dataOffset = 8 + 2 + 10 * 12 + 4
        let entries = [entry(256, 4, w), entry(257, 4, h), entry(258, 3, 8), entry(259, 3, 1), entry(262, 3, 2),
                       entry(273, 4, dataOffset), entry(277, 3, 3), entry(278, 4, h), entry(279, 4, w * h * 3),
                       entry(284, 3, 1)]
        let header = Array("II".utf8) + le16(42) + le32(8) + le16(entries.count) + entries.flatMap { $0 } + le32(0)
        sparse(path, header: header, size: dataOffset + w * h * 3)
    }

    /// 8-bit RGB PNG of zeros: its rows (filter 0, then side × 3 zeros) deflated by zlib.
    static func png(_ path: FilePath) {
        let row = 1 + side * 3
        var stream = z_stream()
        #expect(deflateInit_(&stream, 1, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        var compressed: [UInt8] = []
        var zeros = [UInt8](repeating: 0, count: row * 100)
        var output = [UInt8](repeating: 0, count: 1 << 20)
        for block in 0..<(side / 100) {
            zeros.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                repeat {
                    output.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(out.count)
                        _ = deflate(&stream, block == side / 100 - 1 ? Z_FINISH : Z_NO_FLUSH)
                        compressed += out.prefix(out.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0 || (block == side / 100 - 1 && stream.avail_in > 0)
            }
        }
        deflateEnd(&stream)
        let idat = Array("IDAT".utf8) + compressed
        let crc = compressed.withUnsafeBufferPointer { bytes in
            UInt32(crc32(crc32(0, Array("IDAT".utf8), 4), bytes.baseAddress, UInt32(bytes.count)))
        }
        let iend = Array("IEND".utf8)
        var ihdr = Array("IHDR".utf8) + ImageFiles.be32(side) + ImageFiles.be32(side) + [8, 2, 0, 0, 0]
        let ihdrCRC = ImageFiles.crc32(ihdr)
        ihdr = ImageFiles.be32(13) + ihdr + ImageFiles.be32(Int(ihdrCRC))
        let file = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr
            + ImageFiles.be32(compressed.count) + idat + ImageFiles.be32(Int(crc))
            + ImageFiles.be32(0) + iend + ImageFiles.be32(Int(ImageFiles.crc32(iend)))
        ImageFiles.write(path, file)
    }

    /// GIF89a of colour 0 (a two-colour table), `gifSide` square, LZW-coded with 9-bit codes
    /// only: runs of 1, 2, …, 200 zeros (each code the string the previous one defined plus a
    /// zero, GIF89a appendix F), then a clear code, so the code table never passes 512 entries.
    static let gifSide = 8000
    static func gif(_ path: FilePath) {
        var bits: [UInt8] = []
        var accumulator = 0, count = 0
        func put(_ code: Int) {
            accumulator |= code << count
            count += 9
            while count >= 8 { bits.append(UInt8(accumulator & 255)); accumulator >>= 8; count -= 8 }
        }
        var left = gifSide * gifSide
        put(256)   // clear
        var length = 1
        while left > 0 {
            if length > 200 { put(256); length = 1 }
            let run = min(length, left)
            // A run of 1 is colour 0 itself; of n > 1, the code 256 + n - 1 (258 is "0 0").
            put(run == 1 ? 0 : 256 + run)
            left -= run
            length = run == length ? length + 1 : length
        }
        put(257)   // end of information
        if count > 0 { bits.append(UInt8(accumulator & 255)) }
        var data: [UInt8] = []
        var at = 0
        while at < bits.count {
            let n = min(255, bits.count - at)
            data += [UInt8(n)] + bits[at..<at + n]
            at += n
        }
        let file = Array("GIF89a".utf8) + le16(gifSide) + le16(gifSide) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
            + [0x2C] + le16(0) + le16(0) + le16(gifSide) + le16(gifSide) + [0] + [8] + data + [0, 0x3B]
        ImageFiles.write(path, file)
    }

    /// A valid 16000² QOI of runs: the first pixel as QOI_OP_RGB, then QOI_OP_RUN chunks of 62
    /// (0xFD; QOI specification 1.0) and one for the rest, then the end marker: 4.1 MB.
    static func qoi(_ path: FilePath) {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let rest = side * side - 1
        let runs = [UInt8](repeating: 0xFD, count: rest / 62) + (rest % 62 > 0 ? [UInt8(0xC0 | (rest % 62 - 1))] : [])
        ImageFiles.write(path, Array("qoif".utf8) + be32(side) + be32(side) + [4, 0] + [0xFE, 200, 100, 50] + runs
                         + [0, 0, 0, 0, 0, 0, 0, 1])
    }

    static let formats: [(name: String, write: @Sendable (FilePath) -> Void)] = [
        ("big.png", png), ("big.tif", tiff), ("big.gif", gif), ("big.ppm", ppm), ("big.bmp", bmp), ("big.tga", tga),
        ("big.qoi", qoi),
    ]

    /// Cancelled after its 100th look (`CountedDecode`: by the decode's progress, not by time), each
    /// decode stops at its next look, early in the file.
    @Test(arguments: formats.map(\.name))
    func cancelledDecodeStopsAtItsNextLook(name: String) throws {
        let folder = TemporaryDirectory()
        let path = folder.path(name)
        Self.formats.first { $0.name == name }!.write(path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path.text)[.size] as? Int)
        let cancelled = try CountedDecode.run(path, width: 64, height: 64, cancellingAfter: 100)
        print("\(name) (\(size) bytes): cancelled after 100 looks, it stopped at look \(cancelled.looks), "
              + "having read \(cancelled.bytesRead) bytes")
        #expect(cancelled.cancelled, "\(String(describing: cancelled.error))")
        #expect(cancelled.looks == 101)
        #expect(cancelled.bytesRead < size / 2, "read \(cancelled.bytesRead) of \(size) bytes")
    }
}
