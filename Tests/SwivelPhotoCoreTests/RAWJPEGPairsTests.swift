import SwivelCore
import SwivelPhotoCore
import Testing

/// Which files are a RAW+JPEG pair, and which of a pair's files the full view decodes: pure
/// decisions, no files.
@Suite struct RAWJPEGPairsTests {
    static func cards(_ names: [String], pairing: RAWPairing = .together) -> [String] {
        RAWJPEGPairs.cards(names.map(FilePath.init), pairing: pairing).map { card in
            card.raw.map { "\($0.text)+\(card.shown.text)" } ?? card.shown.text
        }
    }

    /// A camera's card: each RAW with its JPEG one card, in the place of the first of the two
    /// (natural order lists IMG_0001.CR2 before IMG_0001.JPG); a file with no partner alone.
    @Test func aRAWAndItsJPEGAreOneCard() {
        #expect(Self.cards(["/d/IMG_0001.CR2", "/d/IMG_0001.JPG", "/d/IMG_0002.CR2", "/d/IMG_0003.JPG", "/d/IMG_0004.png"])
                == ["/d/IMG_0001.CR2+/d/IMG_0001.JPG", "/d/IMG_0002.CR2", "/d/IMG_0003.JPG", "/d/IMG_0004.png"])
        // The JPEG listed first: the card takes its place, and still draws the JPEG.
        #expect(Self.cards(["/d/b.jpg", "/d/a.png", "/d/b.nef"]) == ["/d/b.nef+/d/b.jpg", "/d/a.png"])
    }

    /// Names in any case pair (a card formatted by one camera, copied by a tool that lower-cased
    /// them); every camera RAW kind and every JPEG extension of the format table.
    @Test func anyCaseAndAnyKindPair() {
        #expect(Self.cards(["/d/img_7.cr2", "/d/IMG_7.Jpeg"]) == ["/d/img_7.cr2+/d/IMG_7.Jpeg"])
        for raw in ["dng", "CR3", "NEF", "arw", "RAF", "orf", "RW2", "pef", "x3f"] {
            #expect(Self.cards(["/d/p.\(raw)", "/d/p.jpe"]) == ["/d/p.\(raw)+/d/p.jpe"], "\(raw)")
        }
    }

    /// Only one folder, one name, one RAW and one JPEG: a PNG or HEIC of the name is not a pair's,
    /// the same name in another folder is not, and of two RAWs (or two JPEGs) of one name the
    /// first pairs and the other stays a card of its own.
    @Test func onlyARAWAndAJPEGOfOneNameInOneFolder() {
        #expect(Self.cards(["/d/a.cr2", "/d/a.png", "/d/a.heic"]) == ["/d/a.cr2", "/d/a.png", "/d/a.heic"])
        #expect(Self.cards(["/d/a.cr2", "/e/a.jpg"]) == ["/d/a.cr2", "/e/a.jpg"])
        #expect(Self.cards(["/d/a.cr2", "/d/a.dng", "/d/a.jpg", "/d/a.jpeg"]) == ["/d/a.cr2+/d/a.jpg", "/d/a.dng", "/d/a.jpeg"])
        #expect(Self.cards(["/d/a.b.cr2", "/d/a.jpg"]) == ["/d/a.b.cr2", "/d/a.jpg"])
    }

    @Test func separateKeepsEveryFileACard() {
        #expect(Self.cards(["/d/IMG_1.CR2", "/d/IMG_1.JPG"], pairing: .separate) == ["/d/IMG_1.CR2", "/d/IMG_1.JPG"])
    }

    /// The full view: the pair placed at the larger of its sizes; the JPEG wherever it has the
    /// pixels asked for, the RAW past them.
    @Test func theFullViewTakesTheJPEGUpToItsSizeAndTheRAWPastIt() {
        let raw = (width: 6000, height: 4000), small = (width: 1620, height: 1080), whole = (width: 6000, height: 4000)
        let window = DecodeTarget.fit(width: 1280, height: 720), full = DecodeTarget.fit(width: Int(Int32.max), height: Int(Int32.max))
        func source(_ jpeg: (width: Int, height: Int)?, _ raw: (width: Int, height: Int)?, _ target: DecodeTarget) -> String {
            let (side, size) = RAWJPEGPairs.viewSource(raw: raw, jpeg: jpeg, target: target)
            return "\(side == .raw ? "raw" : "jpeg") \(size.map { "\($0.width)x\($0.height)" } ?? "-")"
        }
        // A small JPEG: at the window's size it has the pixels (1080 × 720 of 6000 × 4000 fitted);
        // the whole photo is the RAW's.
        #expect(source(small, raw, window) == "jpeg 6000x4000")
        #expect(source(small, raw, full) == "raw 6000x4000")
        #expect(source(small, raw, .fit(width: 1621, height: 1081)) == "jpeg 6000x4000")
        #expect(source(small, raw, .fit(width: 1700, height: 1200)) == "raw 6000x4000")
        // A full-size JPEG serves throughout.
        #expect(source(whole, raw, full) == "jpeg 6000x4000")
        // A size that could not be read: the other file.
        #expect(source(nil, raw, window) == "raw 6000x4000")
        #expect(source(small, nil, full) == "jpeg 1620x1080")
    }
}
