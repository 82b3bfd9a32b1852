import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// HEIC, AVIF, JPEG XL and SVG files, written by Debian's own encoders, on cards; bad ones refused
/// with a reason.
@Suite(.serialized) struct FormatTests {
    func reason(_ path: FilePath, width: Int = 40, height: Int = 60) -> String? {
        decodeRefusal(path, width: width, height: height)
    }

    /// heif-enc (x265) needs more than a few dozen pixels to keep colours: 240 × 360.
    @Test func heicAvifAndJpegXLShowTheirPixels() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("upright.png")
        try Quadrants.writeUpright(png, width: 240, height: 360)
        let heic = folder.path("photo.HEIC"), avif = folder.path("photo.avif"), jxl = folder.path("photo.jxl")
        try ExternalTools.run("heif-enc", ["-q", "90", png.text, "-o", heic.text])
        try ExternalTools.run("avifenc", ["-s", "10", png.text, avif.text])
        try ExternalTools.run("cjxl", ["-d", "0", png.text, jxl.text])
        for file in [heic, avif, jxl] {
            let card = try ImageDecoder.decode(file, width: 40, height: 60)
            let upright = Quadrants.isUpright(card, tolerance: 16)
            #expect(upright, "\(file): \(Quadrants.sample(card))")
        }
        // Lossless JPEG XL is within a level or two: ImageMagick tags its PNGs with gamma 1/2.2
        // (gAMA), which cjxl keeps and the decoder converts to sRGB's curve.
        let exact = try ImageDecoder.decode(jxl, width: 40, height: 60)
        let isExact = Quadrants.isUpright(exact, tolerance: 3)
        #expect(isExact, "\(Quadrants.sample(exact))")
        // A lossy one (VarDCT, XYB inside) comes back in sRGB too.
        let lossy = folder.path("lossy.jxl")
        try ExternalTools.run("cjxl", ["-d", "1", png.text, lossy.text])
        let lossyCard = try ImageDecoder.decode(lossy, width: 40, height: 60)
        let lossyUpright = Quadrants.isUpright(lossyCard, tolerance: 24)
        #expect(lossyUpright, "\(Quadrants.sample(lossyCard))")
    }

    /// The root element's size is found whatever ends its lines: attributes after LF, after CR LF
    /// (one Character in Swift, two scalars), after a space; else the viewBox's.
    @Test func svgDeclaredSizeIsReadAfterAnyLineEnd() {
        func size(_ text: String) -> [Double]? { SVGDecoder.declaredSize(Array(text.utf8)).map { [$0.width, $0.height] } }
        #expect(size("<svg xmlns='x'\nwidth='12'\nheight='34'>") == [12, 34])
        #expect(size("<svg xmlns='x'\r\nwidth='12'\r\nheight=\"34px\">") == [12, 34])
        #expect(size("<?xml version='1.0'?>\r\n<svg\r\n viewBox='0 0 56 78'>") == [56, 78])
        #expect(size("<svg width='50%' height='20'>") == nil)
    }

    /// Drawn at the card's size: a 10 × 15 SVG (its own size) shown on a 200 × 300 card keeps an
    /// edge one pixel wide, where scaling up a 10 × 15 rendering would smear it over 20 pixels.
    @Test func svgIsDrawnAtTheCardsSize() throws {
        let folder = TemporaryDirectory()
        let svg = folder.path("split.svg")
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="15" viewBox="0 0 10 15">
            <rect width="5" height="15" fill="#ff0000"/><rect x="5" width="5" height="15" fill="#0000ff"/></svg>
            """.utf8).write(to: URL(fileURLWithPath: svg.text))
        let card = try ImageDecoder.decode(svg, width: 200, height: 300)
        let row = (0..<200).map { card.rgba($0, 150) }
        #expect(row[90] == [255, 0, 0, 255] && row[98] == [255, 0, 0, 255])
        #expect(row[102] == [0, 0, 255, 255] && row[110] == [0, 0, 255, 255])
        let blended = row.filter { $0[0] > 10 && $0[2] > 10 }.count
        #expect(blended <= 2, "pixels between red and blue: \(blended)")
        // A wide SVG is cropped to its middle, like a photo.
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">
            <rect width="300" height="100" fill="#ff0000"/><rect x="100" width="100" height="100" fill="#00ff00"/></svg>
            """.utf8).write(to: URL(fileURLWithPath: folder.path("wide.svg").text))
        // (nanosvg leaves the last row of a shape that ends on the image's edge partly covered, so
        // the bottom row is left out.)
        let wide = try ImageDecoder.decode(folder.path("wide.svg"), width: 20, height: 30)
        let off = (0..<580).first { wide.rgba($0 % 20, $0 / 20) != [0, 255, 0, 255] }
            .map { ($0 % 20, $0 / 20, wide.rgba($0 % 20, $0 / 20)) }
        #expect(off == nil, "first pixel that is not green: \(String(describing: off))")
    }

    /// Each bad file is refused with a reason; sizes over the limits are refused from the
    /// libraries' headers (or, for SVG, the size it would be drawn at) before any pixel.
    @Test func badFilesAreRefusedWithAReason() throws {
        let folder = TemporaryDirectory()
        func write(_ name: String, _ bytes: [UInt8]) -> FilePath {
            let path = folder.path(name)
            _ = FileManager.default.createFile(atPath: path.text, contents: Data(bytes))
            return path
        }
        let ftyp: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        #expect(reason(write("junk.heic", ftyp + Array(repeating: 7, count: 200)))?.hasPrefix("cannot decode: ") == true)
        #expect(reason(write("junk.jxl", [0xFF, 0x0A] + Array(repeating: 0x55, count: 100)))?.hasPrefix("cannot decode: ") == true)
        #expect(reason(write("cut.jxl", [0xFF, 0x0A, 0xFA])) == "cannot decode: truncated JPEG XL data")
        #expect(reason(write("empty.svg", Array("<svg xmlns='http://www.w3.org/2000/svg'></svg>".utf8)))?
            .hasPrefix("cannot decode: not a drawable SVG") == true)
        #expect(reason(write("text.svg", Array("<html>hello</html>".utf8)))?.hasPrefix("cannot decode") == true)

        let png = folder.path("upright.png")
        try Quadrants.writeUpright(png, width: 240, height: 360)
        let avif = folder.path("whole.avif")
        try ExternalTools.run("avifenc", ["-s", "10", png.text, avif.text])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: avif.text)))
        // libheif's message ends in a newline; the reason stays one line.
        let cut = reason(write("cut.avif", Array(bytes.prefix(bytes.count / 2))))
        #expect(cut?.hasPrefix("cannot decode: ") == true && cut?.contains("\n") == false, "\(cut ?? "")")

        // 20000 × 2: over the 16384 px limit, from libjxl's basic info.
        // (ImageMagick's policy stops at 16000 px, so the PGM is written by hand.)
        let wide = write("wide.pgm", Array("P5\n20000 2\n255\n".utf8) + Array(repeating: 128, count: 40000))
        let wideJXL = folder.path("wide.jxl")
        try ExternalTools.run("cjxl", ["-d", "0", "-e", "1", wide.text, wideJXL.text])
        #expect(reason(wideJXL) == "20000×2 px is over the 16384 px limit on a side")
        // An SVG 1 wide and 500 high would be drawn 40 × 20,000 to cover a 40 × 60 card.
        let thin = write("thin.svg", Array("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='500'><rect width='1' height='500' fill='red'/></svg>".utf8))
        #expect(reason(thin) == "SVG drawn to cover the card: 40×20000 px is over the 16384 px limit on a side")
        // 1 × 100,000 is refused from its declared shape, before even a trial rendering.
        let thinner = write("thinner.svg", Array("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='100000'><rect width='1' height='100000' fill='red'/></svg>".utf8))
        #expect(reason(thinner) == "SVG is 1×100000, over the 1:1000 limit on its shape")
    }

    /// Folders list the new formats in any case.
    @Test func foldersListTheNewFormatsInAnyCase() throws {
        let folder = TemporaryDirectory()
        for name in ["a.HEIC", "b.heif", "c.Avif", "d.JXL", "e.svg", "f.SVG", "g.txt", "h.svgz"] {
            _ = FileManager.default.createFile(atPath: folder.path(name).text, contents: Data([1]))
        }
        let scan = try DeckScanner.scan([folder.path], recursive: false)
        #expect(scan.images.map { String(decoding: $0.lastComponent, as: UTF8.self) }
                == ["a.HEIC", "b.heif", "c.Avif", "d.JXL", "e.svg", "f.SVG"])
    }
}
