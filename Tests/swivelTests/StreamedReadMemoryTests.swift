import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing

/// Big sparse files (a valid header, then a hole) are read from the descriptor as the decoder
/// asks, never whole: a BMP, TGA or PPM of 400 MiB whose 16000² header needs 732 MiB of pixels is
/// refused as cut short, and a PNG with a 1 GiB eXIf chunk before its image data (libpng reads it
/// through, 64 KiB at a time, and keeps nothing over its 16 MiB chunk limit) is shown; the run's
/// peak resident memory stays under 300 MiB. Before, BMP, TGA and PNM were read whole first
/// (`OpenFile.readAll`): 400 MiB each.
@Suite(.serialized) struct StreamedReadMemoryTests {
    static let side = 16000
    static let size = 400 << 20

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }

    static func sparse(_ path: FilePath, _ header: [UInt8], size: Int, trailer: [UInt8] = []) {
        ImageFiles.write(path, header)
        if trailer.isEmpty {
            #expect(truncate(path.cString, off_t(size)) == 0)
        } else {
            let fd = open(path.cString, O_WRONLY)
            #expect(trailer.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(size)) } == trailer.count)
            close(fd)
        }
    }

    /// PNG's CRC-32 (ISO 3309, reflected 0xEDB88320) of `prefix` and then `zeros` zero bytes. A
    /// zero byte multiplies the CRC register by x⁸ modulo the polynomial, so the zeros are one
    /// multiplication by x^(8·zeros), found by squaring (as zlib's crc32_combine does).
    static func crc32(_ prefix: [UInt8], zeros: Int) -> UInt32 {
        let polynomial: UInt32 = 0xEDB8_8320
        /// a · b modulo the polynomial, bit 31 being x⁰ (zlib's multmodp).
        func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
            var m: UInt32 = 1 << 31, p: UInt32 = 0, b = b
            while m != 0 {
                if a & m != 0 { p ^= b }
                m >>= 1
                b = b & 1 != 0 ? (b >> 1) ^ polynomial : b >> 1
            }
            return p
        }
        var register: UInt32 = 0xFFFF_FFFF
        for byte in prefix {
            register ^= UInt32(byte)
            for _ in 0..<8 { register = register & 1 != 0 ? (register >> 1) ^ polynomial : register >> 1 }
        }
        var power: UInt32 = 1 << 30, shift: UInt32 = 1 << 31   // x¹ and x⁰
        var exponent = 8 * zeros
        while exponent > 0 {
            if exponent & 1 != 0 { shift = multiply(shift, power) }
            power = multiply(power, power)
            exponent >>= 1
        }
        return ~multiply(shift, register)
    }

    @Test func bigSparseFilesAreReadAsTheDecoderAsks() throws {
        let folder = TemporaryDirectory()
        let (w, h) = (Self.side, Self.side)
        func le16(_ v: Int) -> [UInt8] { Self.le16(v) }
        func le32(_ v: Int) -> [UInt8] { Self.le32(v) }
        let bmp = folder.path("big.bmp"), tga = folder.path("big.tga"), ppm = folder.path("big.ppm")
        let info = le32(40) + le32(w) + le32(h) + le16(1) + le16(24) + le32(0) + le32(0) + le32(2835) + le32(2835)
            + le32(0) + le32(0)
        Self.sparse(bmp, Array("BM".utf8) + le32(Self.size) + le32(0) + le32(54) + info, size: Self.size)
        Self.sparse(tga, [0, 0, 2] + [0, 0, 0, 0, 0] + le16(0) + le16(0) + le16(w) + le16(h) + [24, 0x20], size: Self.size)
        Self.sparse(ppm, Array("P6\n\(w) \(h)\n255\n".utf8), size: Self.size)
        let expected = [("big.bmp", "truncated BMP data"), ("big.tga", "truncated TGA data"), ("big.ppm", "truncated PNM data")]
        for (name, reason) in expected {
            let started = Date()
            let result = try CutFileMemoryTests.run([folder.path(name).text], in: folder)
            print("400 MiB sparse \(name): peak \(Int(result.peakMiB)) MiB, \(Int(Date().timeIntervalSince(started) * 1000)) ms, "
                  + "status \(result.status): \(result.stderr)")
            #expect(result.stderr.contains("swivel: skipped \(folder.path(name).text): cannot decode: \(reason)\n"))
            #expect(result.peakMiB < 300)
        }
    }

    /// A 1 GiB eXIf chunk (over the 64 MiB a chunk may have) is found from the chunk headers and the
    /// file refused with one line, in bounded memory, without reading the chunk: libpng would read
    /// it through and check its CRC before dropping it, 4-8 s a GiB here.
    @Test func aGigabyteEXIFChunkCostsNoMemory() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("huge exif.png")
        let image = ImageFiles.solid(.png, width: 64, height: 64, [200, 100, 50])
        // The signature and IHDR (33 bytes), then the 1 GiB chunk, then the rest of the file.
        // Python's zlib.crc32(b"eXIf" + bytes(n)) for n = 1000 and 2^20.
        #expect(Self.crc32(Array("eXIf".utf8), zeros: 1000) == 0xE7AF_E0D7)
        #expect(Self.crc32(Array("eXIf".utf8), zeros: 1 << 20) == 0x6C3A_918D)
        let exifLength = 1 << 30
        let chunkStart = ImageFiles.be32(exifLength) + Array("eXIf".utf8)
        let crc = Self.crc32(Array("eXIf".utf8), zeros: exifLength)
        Self.sparse(png, Array(image.prefix(33)) + chunkStart, size: 33 + 8 + exifLength,
                    trailer: ImageFiles.be32(Int(crc)) + Array(image.dropFirst(33)))
        let result = try CutFileMemoryTests.run([png.text], in: folder)
        print("1 GiB sparse eXIf PNG: peak \(Int(result.peakMiB)) MiB, \(Int(result.seconds * 1000)) ms, "
              + "\(result.readMiB) MiB read, status \(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").first.map(String.init)
                == "swivel: skipped \(png.text): cannot decode: PNG eXIf chunk of 1024 MiB, over the 64 MiB limit on a chunk")
        #expect(result.status == 1)
        #expect(result.peakMiB < 300)
        // The chunk is passed over unread, not read through by libpng (1024 MiB, 4-8 s here).
        #expect(result.readMiB < 64, "\(result.readMiB) MiB read")
    }
}
