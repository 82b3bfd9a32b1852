import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// Broken EXIF never crashes, never hangs, and leaves the photo as stored.
@Suite struct MalformedEXIFTests {
    /// A little-endian TIFF structure: IFD0 with Orientation (SHORT) and an EXIF IFD pointer, the
    /// EXIF IFD with DateTimeOriginal. Offsets are from the "II" at 0.
    static func block(orientation: UInt16 = 6, orientationCount: UInt32 = 1, ifd0: UInt32 = 8,
                      nextIFD: UInt32 = 0, exifIFD: UInt32 = 38) -> [UInt8] {
        var b: [UInt8] = Array("II".utf8) + [0x2A, 0]
        func u16(_ v: UInt16) { b += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) { b += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        u32(ifd0)
        // IFD0 at 8: 2 entries (12 bytes each), next-IFD offset.
        u16(2)
        u16(0x0112); u16(3); u32(orientationCount); u16(orientation); u16(0)
        u16(0x8769); u16(4); u32(1); u32(exifIFD)
        u32(nextIFD)
        // EXIF IFD at 38: 1 entry, DateTimeOriginal (ASCII, 20 bytes at 56).
        u16(1)
        u16(0x9003); u16(2); u32(20); u32(56)
        u32(0)
        b += Array("2021:07:04 10:11:12".utf8) + [0]
        return b
    }

    @Test func aWellFormedBlockIsRead() {
        #expect(EXIF.orientation(Self.block()) == .right)
        #expect(EXIF.orientation(EXIF.header + Self.block(orientation: 3)) == .down)
        #expect(EXIF.dateTaken(Self.block()) == "2021:07:04 10:11:12")
    }

    @Test func brokenBlocksShowThePhotoAsStored() {
        let cases: [(String, [UInt8])] = [
            ("orientation 0", Self.block(orientation: 0)),
            ("orientation 9", Self.block(orientation: 9)),
            ("orientation 65535", Self.block(orientation: 65535)),
            ("truncated IFD", Array(Self.block().prefix(14))),
            ("IFD0 past the end", Self.block(ifd0: 0xFFFF_FF00)),
            ("absurd count", Self.block(orientationCount: 0xFFFF_FFFF)),
            ("empty", []),
            ("header only", EXIF.header),
            ("not TIFF", Array(repeating: 0xAB, count: 64)),
        ]
        for (name, bytes) in cases {
            #expect(EXIF.orientation(bytes) == .up, "\(name)")
        }
        // Loops: IFD0's next IFD is itself; the EXIF IFD pointer leads back to IFD0. They end,
        // and the orientation read before the loop still counts.
        #expect(EXIF.orientation(Self.block(nextIFD: 8)) == .right)
        #expect(EXIF.orientation(Self.block(exifIFD: 8)) == .right)
        #expect(EXIF.dateTaken(Self.block(exifIFD: 8)) == nil)
        #expect(EXIF.dateTaken(Self.block(exifIFD: 0x7FFF_FFFF)) == nil)
    }

    /// 100,000 mutations of the block — flipped bits, overwritten bytes (offsets and counts
    /// become huge or point back), cuts at any length — all return an orientation 1-8, quickly.
    @Test func oneHundredThousandMutatedBlocksNeverCrash() {
        let original = Self.block()
        var random = SeededRandom(seed: 10)
        var counts = [Int](repeating: 0, count: 9)
        let clock = ContinuousClock(), start = clock.now
        for _ in 0..<100_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                case 1: bytes[at] = [0x00, 0xFF, 0x08, 0x7F, 0x80][Int.random(in: 0..<5, using: &random)]
                default: bytes = Array(bytes.prefix(at))
                }
                if bytes.isEmpty { break }
            }
            let orientation = EXIF.orientation(bytes)
            counts[orientation.rawValue] += 1
            _ = EXIF.dateTaken(bytes)
        }
        let elapsed = clock.now - start
        // Most mutations miss the orientation's two bytes: it still reads as 6.
        #expect(counts[6] > 30_000, "\(counts)")
        #expect(counts.reduce(0, +) == 100_000)
        #expect(elapsed < .seconds(120), "\(elapsed)")   // a hang, not a speed check
    }

    /// A JPEG whose APP1 block is broken shows as stored (and decodes).
    @Test func aJPEGWithBrokenEXIFShowsAsStored() throws {
        let folder = TemporaryDirectory()
        let upright = folder.path("upright.png"), jpeg = folder.path("broken.jpg")
        try Quadrants.writeUpright(upright, width: 80, height: 120)
        try ExternalTools.convert([upright.text, "-quality", "95", jpeg.text])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg.text)))
        let app1 = EXIF.header + Self.block(ifd0: 0xFFFF_FF00)
        let length = app1.count + 2
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + app1, at: 2)
        try Data(bytes).write(to: URL(fileURLWithPath: jpeg.text))
        #expect(Quadrants.isUpright(try ImageDecoder.decode(jpeg, width: 40, height: 60)))
    }
}
