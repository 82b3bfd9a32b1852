import Testing
@testable import SwivelPhotoCore

/// The hand-written checks that tell a cut file where the library does not: QOI's chunk stream
/// (decoded by Swivel itself) and an SVG's root end tag (ISO BMFF's top-level boxes are walked
/// from the file: `HeldBoxesTests`). Inputs written here from the specifications.
@Suite struct CutFileChecksTests {
    static let marker: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1]
    static func qoiHeader(_ w: Int, _ h: Int) -> [UInt8] {
        Array("qoif".utf8) + [0, 0, UInt8(w >> 8), UInt8(w & 255), 0, 0, UInt8(h >> 8), UInt8(h & 255), 4, 0]
    }
    /// Decodes `bytes` (a whole QOI file) 3 bytes at a time; the pixels, or the problem.
    static func decode(_ bytes: [UInt8], _ w: Int, _ h: Int) -> Result<[UInt8], QOIStream.Problem> {
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        var rest = bytes.dropFirst(QOIStream.headerBytes)
        do throws(QOIStream.Problem) {
            try pixels.withUnsafeMutableBufferPointer { buffer throws(QOIStream.Problem) in
                try QOIStream.decode(width: w, height: h, into: buffer.baseAddress!, read: {
                    defer { rest = rest.dropFirst(3) }
                    return Array(rest.prefix(3))
                }, shouldStop: { false })
            }
            return .success(pixels)
        } catch {
            return .failure(error)
        }
    }

    /// 10 × 10 = 100 pixels: QOI_OP_RGB (1), QOI_OP_RGBA (1), QOI_OP_LUMA (1), QOI_OP_INDEX (1),
    /// QOI_OP_DIFF (1), a run of 62 (0xFD) and one of 33 (0xE0): 5 + 62 + 33 = 100.
    static let chunks: [UInt8] = [0xFE, 1, 2, 3, 0xFF, 1, 2, 3, 4, 0x80, 0x88, 0x05, 0x6A, 0xFD, 0xE0]

    /// The pixels of `chunks`, worked out by hand from the specification: RGB (1, 2, 3) with the
    /// starting alpha 255; RGBA (1, 2, 3, 4); LUMA 0x80 0x88: dg = 0 − 32 = −32, dr − dg = 8 − 8 = 0,
    /// db − dg = 8 − 8 = 0, so (1 − 32, 2 − 32, 3 − 32) = (225, 226, 227) wrapping, alpha 4; INDEX 5:
    /// the slot (r·3 + g·5 + b·7 + a·11) % 64 of (1, 2, 3, 255) is (3 + 10 + 21 + 2805) % 64 = 23,
    /// of (1, 2, 3, 4) (3 + 10 + 21 + 44) % 64 = 14, of (225, 226, 227, 4) (675 + 1130 + 1589 + 44)
    /// % 64 = 46; slot 5 was never written: (0, 0, 0, 0); DIFF 0x6A = 0b01 10 10 10: +0 each, so
    /// (0, 0, 0, 0) again; then 95 more of it.
    static let expected: [[UInt8]] = [[1, 2, 3, 255], [1, 2, 3, 4], [225, 226, 227, 4], [0, 0, 0, 0], [0, 0, 0, 0]]
        + [[UInt8]](repeating: [0, 0, 0, 0], count: 95)

    @Test func aWholeQOIStreamDecodesToThePixelsTheSpecificationGives() throws {
        let pixels = try Self.decode(Self.qoiHeader(10, 10) + Self.chunks + Self.marker, 10, 10).get()
        #expect(stride(from: 0, to: pixels.count, by: 4).map { Array(pixels[$0..<($0 + 4)]) } == Self.expected)
    }

    @Test func aCutQOILosesItsPixelsOrItsMarker() {
        let whole = Self.qoiHeader(10, 10) + Self.chunks + Self.marker
        #expect(Self.decode(Array(whole.prefix(14)), 10, 10) == .failure(.shortOf(pixels: 0)))
        #expect(Self.decode(Array(whole.prefix(20)), 10, 10) == .failure(.shortOf(pixels: 1)))   // RGB, then RGBA cut
        for end in [whole.count - 8, whole.count - 1] {
            #expect(Self.decode(Array(whole.prefix(end)), 10, 10) == .failure(.noEndMarker), "cut at \(end)")
        }
        // Chunks for 99 pixels (the last run one shorter): the marker's first bytes are read as
        // one more QOI_OP_INDEX pixel (0x00), then the marker is not whole.
        #expect(Self.decode(Self.qoiHeader(10, 10) + Self.chunks.dropLast() + [0xDF] + Self.marker, 10, 10)
                == .failure(.noEndMarker))
        // An RGBA chunk whose bytes run into the marker: cut too.
        #expect(Self.decode(Self.qoiHeader(1, 1) + [0xFF, 1, 2] + Self.marker, 1, 1) == .failure(.noEndMarker))
    }

    @Test func aQOIDecodeStopsBetweenRowsWhenAsked() {
        var pixels = [UInt8](repeating: 0, count: 10 * 10 * 4), rows = 0
        let whole = Self.qoiHeader(10, 10) + Self.chunks + Self.marker
        var given = false
        let result: QOIStream.Problem? = pixels.withUnsafeMutableBufferPointer { buffer in
            do throws(QOIStream.Problem) {
                try QOIStream.decode(width: 10, height: 10, into: buffer.baseAddress!, read: {
                    defer { given = true }
                    return given ? [] : Array(whole.dropFirst(14))
                }, shouldStop: { rows += 1; return rows > 3 })
                return nil
            } catch { return error }
        }
        #expect(result == .stopped && rows == 4)
    }

    static func svgCut(_ text: String) -> Bool { SVGDocumentEnd.isCutShort(Array(text.utf8)) }

    @Test func anSVGEndsWithItsRootEndTag() {
        let whole = "<?xml version=\"1.0\"?>\n<!-- a > b -->\n<!DOCTYPE svg [ <!ENTITY e \"x\"> ]>\n"
            + "<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\" width=\"4\"><svg:rect width=\"4\" height=\"4\"/></svg:svg >\n<!-- end -->\n"
        #expect(!Self.svgCut(whole))
        let bytes = Array(whole.utf8)
        let rootEnd = whole.utf8.count - "\n<!-- end -->\n".utf8.count
        for end in [5, 30, 60, 90, rootEnd - 2, rootEnd - 1] {
            #expect(SVGDocumentEnd.isCutShort(Array(bytes.prefix(end))), "cut at \(end)")
        }
        #expect(!Self.svgCut("<svg xmlns=\"http://www.w3.org/2000/svg\" a=\"/>\"/>"))
        #expect(Self.svgCut("<svg xmlns=\"http://www.w3.org/2000/svg\" a=\"/>\""))
        #expect(!Self.svgCut("no element at all"))
    }
}
