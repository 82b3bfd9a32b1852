import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// HEIF's and AVIF's top-level boxes walked from the file (ISO/IEC 14496-12, 4.2: a 32-bit size
/// and a type; size 1, a 64-bit size after the type; size 0, to the end of the file): a file whose
/// boxes reach past its end is cut, and a `meta` box over 16 MiB is refused unread. Inputs
/// written here from the specification.
@Suite struct HeldBoxesTests {
    static func box(_ type: String, _ payload: Int) -> [UInt8] {
        let size = 8 + payload
        return [UInt8(size >> 24), UInt8(size >> 16 & 255), UInt8(size >> 8 & 255), UInt8(size & 255)]
            + Array(type.utf8) + [UInt8](repeating: 0, count: payload)
    }

    /// The check's refusal of `bytes`, or nil.
    static func refusal(_ bytes: [UInt8]) throws -> String? {
        let folder = TemporaryDirectory()
        let file = try OpenFile(folder.write(Array("boxes.heic".utf8), bytes: bytes))
        defer { file.close() }
        do throws(Failure) {
            try HeldBoxes.check(file, format: "HEIC")
            return nil
        } catch {
            return error.reason
        }
    }

    static let cut = "cannot decode: truncated HEIC data"

    @Test func boxesThatReachPastTheEndAreACutFile() throws {
        let file = Self.box("ftyp", 16) + Self.box("meta", 40) + Self.box("mdat", 100)
        #expect(try Self.refusal(file) == nil)
        for end in [4, 30, file.count - 100, file.count - 1] {
            #expect(try Self.refusal(Array(file.prefix(end))) == Self.cut, "cut at \(end)")
        }
        // Cut exactly between two boxes, the file looks whole: the library finds the items it
        // misses (libheif: "Extent in iloc box references data outside of file bounds").
        #expect(try Self.refusal(Array(file.prefix(24))) == nil)
        // Size 0: the last box runs to the end, whatever that is.
        #expect(try Self.refusal(Self.box("ftyp", 16) + [0, 0, 0, 0] + Array("mdat".utf8) + [1, 2, 3]) == nil)
        // Size 1: a 64-bit size after the type (8 + 8 + 4 = 20 bytes).
        let large: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 0, 0, 0, 0, 20] + [9, 9, 9, 9]
        #expect(try Self.refusal(large) == nil)
        #expect(try Self.refusal(Array(large.prefix(19))) == Self.cut)
    }

    @Test func aMetaBoxOver16MiBIsRefused() throws {
        let header: [UInt8] = [0x01, 0x00, 0x00, 0x08] + Array("meta".utf8)   // 16 MiB + 8 bytes
        #expect(try Self.refusal(Self.box("ftyp", 16) + header + [UInt8](repeating: 0, count: (16 << 20))) ==
                "HEIC meta box is 16 MiB, over the 16 MiB limit")
        #expect(try Self.refusal(Self.box("ftyp", 16) + Self.box("meta", (16 << 20) - 8)) == nil)
    }
}
