import Testing
@testable import SwivelPhotoCore

/// The hand-written checks that tell a cut file where the library does not: QOI's chunk stream,
/// ISO BMFF's top-level boxes, an SVG's root end tag. Inputs written here from the specifications.
@Suite struct CutFileChecksTests {
    static let marker: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1]
    static func qoiHeader(_ w: Int, _ h: Int) -> [UInt8] {
        Array("qoif".utf8) + [0, 0, UInt8(w >> 8), UInt8(w & 255), 0, 0, UInt8(h >> 8), UInt8(h & 255), 4, 0]
    }
    static func verdict(_ bytes: [UInt8], _ w: Int, _ h: Int) -> QOIStream.Verdict {
        bytes.withUnsafeBufferPointer { QOIStream.verdict($0, width: w, height: h) }
    }

    /// 10 × 10 = 100 pixels: QOI_OP_RGB (1), QOI_OP_RGBA (1), QOI_OP_LUMA (1), QOI_OP_INDEX (1),
    /// QOI_OP_DIFF (1), a run of 62 (0xFD) and one of 33 (0xE0): 5 + 62 + 33 = 100.
    static let chunks: [UInt8] = [0xFE, 1, 2, 3, 0xFF, 1, 2, 3, 4, 0x80, 0x88, 0x05, 0x6A, 0xFD, 0xE0]

    @Test func aWholeQOIStreamIsComplete() {
        #expect(Self.verdict(Self.qoiHeader(10, 10) + Self.chunks + Self.marker, 10, 10) == .complete)
    }

    @Test func aCutQOILosesItsMarkerOrItsPixels() {
        let whole = Self.qoiHeader(10, 10) + Self.chunks + Self.marker
        for end in [14, 20, whole.count - 8, whole.count - 1] {
            #expect(Self.verdict(Array(whole.prefix(end)), 10, 10) == .noEndMarker, "cut at \(end)")
        }
        // Chunks for 99 pixels (the last run one shorter), marker present: 99 of 100.
        #expect(Self.verdict(Self.qoiHeader(10, 10) + Self.chunks.dropLast() + [0xDF] + Self.marker, 10, 10) == .shortOf(pixels: 99))
        // An RGBA chunk whose bytes run into the marker: cut too.
        #expect(Self.verdict(Self.qoiHeader(1, 1) + [0xFF, 1, 2] + Self.marker, 1, 1) == .shortOf(pixels: 1))
    }

    static func box(_ type: String, _ payload: Int) -> [UInt8] {
        let size = 8 + payload
        return [UInt8(size >> 24), UInt8(size >> 16 & 255), UInt8(size >> 8 & 255), UInt8(size & 255)]
            + Array(type.utf8) + [UInt8](repeating: 0, count: payload)
    }
    static func cut(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(ISOBMFFBoxes.isCutShort) }

    @Test func boxesThatReachPastTheEndAreACutFile() {
        let file = Self.box("ftyp", 16) + Self.box("meta", 40) + Self.box("mdat", 100)
        #expect(!Self.cut(file))
        for end in [4, 30, file.count - 100, file.count - 1] { #expect(Self.cut(Array(file.prefix(end))), "cut at \(end)") }
        // Cut exactly between two boxes, the file looks whole: the library finds the items it
        // misses (libheif: "Extent in iloc box references data outside of file bounds").
        #expect(!Self.cut(Array(file.prefix(24))))
        // Size 0: the last box runs to the end, whatever that is.
        #expect(!Self.cut(Self.box("ftyp", 16) + [0, 0, 0, 0] + Array("mdat".utf8) + [1, 2, 3]))
        // Size 1: a 64-bit size after the type (8 + 8 + 4 = 20 bytes).
        let large: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 0, 0, 0, 0, 20] + [9, 9, 9, 9]
        #expect(!Self.cut(large) && Self.cut(Array(large.prefix(19))))
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
