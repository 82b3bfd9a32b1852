import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// EXIF orientations 1-8 in files of every format that carries one, written by ImageMagick and
/// tagged by exiftool (HEIF's irot/imir by avifenc); the pixel mapping itself is in SwivelCoreTests.
@Suite(.serialized) struct OrientationTests {
    /// JPEG (APP1), PNG (eXIf), WebP (EXIF chunk) and TIFF (its own IFD0) with each orientation
    /// 1-8: every card shows the pattern upright. The stored pixels are the upright pattern turned
    /// the other way, so ignoring the tag (or applying a wrong one) puts other colours in the
    /// quadrants.
    @Test(arguments: ["jpg", "png", "webp", "tif"])
    func everyOrientationShowsUpright(_ format: String) throws {
        let folder = TemporaryDirectory()
        let upright = folder.path("upright.png")
        try Quadrants.writeUpright(upright, width: 80, height: 120)
        for n in 1...8 {
            let file = folder.path("o\(n).\(format)")
            var options = format == "webp" ? ["-define", "webp:lossless=true"] : format == "jpg" ? ["-quality", "95"] : []
            if format == "tif" { options += ["-compress", "none"] }
            try ExternalTools.convert([upright.text] + Quadrants.storing(n) + options + [file.text])
            try ExternalTools.exiftool(file, ["-Orientation#=\(n)"])
            let card = try ImageDecoder.decode(file, width: 40, height: 60)
            let shownUpright = Quadrants.isUpright(card)
            #expect(shownUpright, "\(format) orientation \(n): \(Quadrants.sample(card))")
            if n != 1 {
                // The same file without its tag is not upright: the test can tell.
                let plain = folder.path("plain\(n).\(format)")
                try ExternalTools.convert([upright.text] + Quadrants.storing(n) + options + [plain.text])
                #expect(!Quadrants.isUpright(try ImageDecoder.decode(plain, width: 40, height: 60)))
            }
        }
    }

    /// AVIF's irot (anticlockwise quarter turns) and imir (mirror axis), through libheif.
    @Test func heifRotationsAndMirrorsShowUpright() throws {
        let folder = TemporaryDirectory()
        let upright = folder.path("upright.png")
        try Quadrants.writeUpright(upright, width: 80, height: 120)
        // irot N turns the stored image N × 90° anticlockwise to show it: store it turned clockwise.
        let cases: [(name: String, store: [String], flags: [String])] = [
            ("irot1", ["-rotate", "90"], ["--irot", "1"]),
            ("irot2", ["-rotate", "180"], ["--irot", "2"]),
            ("irot3", ["-rotate", "270"], ["--irot", "3"]),
            ("imir0", ["-flip"], ["--imir", "0"]),
            ("imir1", ["-flop"], ["--imir", "1"]),
        ]
        for item in cases {
            let stored = folder.path("\(item.name).png"), avif = folder.path("\(item.name).avif")
            try ExternalTools.convert([upright.text] + item.store + [stored.text])
            try ExternalTools.run("avifenc", ["-s", "10", "-l"] + item.flags + [stored.text, avif.text])
            let card = try ImageDecoder.decode(avif, width: 40, height: 60)
            let shownUpright = Quadrants.isUpright(card, tolerance: 16)
            #expect(shownUpright, "\(item.name): \(Quadrants.sample(card))")
        }
    }

    /// JPEG XL's orientation field (cjxl takes it from a tagged JPEG's EXIF), applied by libjxl.
    @Test func jpegXLOrientationsShowUpright() throws {
        let folder = TemporaryDirectory()
        let upright = folder.path("upright.png")
        try Quadrants.writeUpright(upright, width: 80, height: 120)
        for n in [1, 3, 5, 6, 8] {
            let jpeg = folder.path("o\(n).jpg"), jxl = folder.path("o\(n).jxl")
            try ExternalTools.convert([upright.text] + Quadrants.storing(n) + ["-quality", "95", jpeg.text])
            try ExternalTools.exiftool(jpeg, ["-Orientation#=\(n)"])
            try ExternalTools.run("cjxl", [jpeg.text, jxl.text])
            let card = try ImageDecoder.decode(jxl, width: 40, height: 60)
            let shownUpright = Quadrants.isUpright(card)
            #expect(shownUpright, "orientation \(n): \(Quadrants.sample(card))")
        }
    }
}
