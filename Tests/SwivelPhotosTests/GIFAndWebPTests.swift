import Foundation
import SwivelCore
import SwivelPhotoCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// GIF (giflib) and WebP (libwebp) files written by ImageMagick, gifsicle and libwebp's own
/// tools, each decoded at its own size (so the card is the image, pixel for pixel) and checked
/// against another decoder's reading of it (ImageMagick's, dwebp's) or against the pixels the
/// file was made of. Cards are premultiplied, so the expected pixels are premultiplied too.
@Suite(.serialized) struct GIFAndWebPTests {
    let files = TemporaryDirectory()

    func reason(_ path: FilePath) -> String? { decodeRefusal(path, width: 8, height: 8) }

    /// `source` (a file, or ImageMagick's `file[n]` for one frame) as ImageMagick decodes it:
    /// RGBA, 8 bits, top row first. For a GIF frame, the frame alone, without its offset.
    func magick(_ source: String) throws -> [UInt8] {
        let out = files.path("magick-\(UUID().uuidString).rgba")
        try ExternalTools.convert([source, "-depth", "8", "RGBA:" + out.text])
        return files.contents(out)
    }

    /// Straight RGBA as the card holds it: each colour times its alpha (rounded).
    static func premultiplied(_ rgba: [UInt8]) -> [Int] {
        rgba.indices.map { i in
            i % 4 == 3 ? Int(rgba[i]) : (Int(rgba[i]) * Int(rgba[i - i % 4 + 3]) + 127) / 255
        }
    }

    /// The largest difference of any channel of any pixel between `card` and `expected`.
    static func largestDifference(_ card: DecodedImage, _ expected: [Int]) -> Int {
        precondition(card.pixels.count == expected.count, "\(card.pixels.count) pixels bytes, \(expected.count) expected")
        return zip(card.pixels, expected).map { abs(Int($0) - $1) }.max() ?? 0
    }

    /// A canvas of `width` × `height` transparent pixels with `frame` (RGBA, `frameWidth` wide)
    /// put at (`left`, `top`): how a browser shows a GIF's or WebP's first frame.
    static func canvas(_ width: Int, _ height: Int, frame: [UInt8], frameWidth: Int, left: Int, top: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<(frame.count / 4 / frameWidth) {
            for x in 0..<frameWidth {
                for c in 0..<4 { pixels[((top + y) * width + left + x) * 4 + c] = frame[(y * frameWidth + x) * 4 + c] }
            }
        }
        return pixels
    }

    // MARK: - GIF

    /// A 16 × 16 red frame at +5+10 on a 32 × 32 logical screen (ImageMagick's -repage writes
    /// both into the file; its background colour index is red too). The card is the screen:
    /// the frame where the descriptor puts it, transparent around it (not the background colour,
    /// which browsers do not draw either).
    @Test func aFrameIsDrawnAtItsPlaceOnTheLogicalScreen() throws {
        let gif = files.path("offset.gif")
        try ExternalTools.convert(["-size", "16x16", "xc:red", "-repage", "32x32+5+10", gif.text])
        #expect(try ExternalTools.output("identify", ["-format", "%W %H %X %Y %w %h", gif.text]) == "32 32 +5 +10 16 16")
        #expect(try ExternalTools.output("gifsicle", ["--info", gif.text]).contains("background 0"))
        let card = try ImageDecoder.decode(gif, width: 32, height: 32)
        let expected = Self.canvas(32, 32, frame: try magick(gif.text), frameWidth: 16, left: 5, top: 10)
        #expect(Self.largestDifference(card, Self.premultiplied(expected)) == 0)
        #expect(card.rgba(5, 10) == [255, 0, 0, 255] && card.rgba(20, 25) == [255, 0, 0, 255])
        #expect(card.rgba(4, 10) == [0, 0, 0, 0] && card.rgba(21, 25) == [0, 0, 0, 0] && card.rgba(5, 9) == [0, 0, 0, 0])
    }

    /// The Graphic Control Extension's transparent index: those pixels are clear, the others
    /// as ImageMagick reads them (exactly).
    @Test func theTransparentIndexIsClear() throws {
        let gif = files.path("half.gif")
        try ExternalTools.convert(["-size", "8x8", "xc:none", "-fill", "blue", "-draw", "rectangle 0,0 3,7", gif.text])
        #expect(try ExternalTools.output("gifsicle", ["--info", gif.text]).contains("transparent"))
        let card = try ImageDecoder.decode(gif, width: 8, height: 8)
        #expect(Self.largestDifference(card, Self.premultiplied(try magick(gif.text))) == 0)
        #expect(card.rgba(3, 4) == [0, 0, 255, 255] && card.rgba(4, 4) == [0, 0, 0, 0])
    }

    /// An interlaced GIF (rows stored in four passes) of 37 rows, each its own colour: the rows
    /// come out in order, as ImageMagick reads them and as the same image not interlaced.
    @Test func interlacedFramesAreDeinterlaced() throws {
        let interlaced = files.path("interlaced.gif"), plain = files.path("plain.gif")
        try ExternalTools.convert(["-size", "7x37", "gradient:red-blue", "-interlace", "GIF", interlaced.text])
        try ExternalTools.convert(["-size", "7x37", "gradient:red-blue", "-interlace", "none", plain.text])
        #expect(try ExternalTools.output("gifsicle", ["--info", interlaced.text]).contains("interlaced"))
        let reference = Self.premultiplied(try magick(interlaced.text))
        let rowBlues: [Int] = (0..<37).map { reference[$0 * 7 * 4 + 2] }
        #expect(Set(rowBlues).count >= 30, "the rows differ from each other: \(rowBlues)")
        #expect(Self.largestDifference(try ImageDecoder.decode(interlaced, width: 7, height: 37), reference) == 0)
        #expect(Self.largestDifference(try ImageDecoder.decode(plain, width: 7, height: 37), reference) == 0)
    }

    /// GIF89a by hand: a 2-colour global table (`global`), then `records` (image descriptors and
    /// their data, extensions), then the trailer.
    static func gif(screen: (Int, Int), global: [[UInt8]], _ records: [UInt8]) -> [UInt8] {
        let bits = global.count > 2 ? 1 : 0   // 2 or 4 entries
        return Array("GIF89a".utf8) + le16(screen.0) + le16(screen.1) + [0x80 | UInt8(bits), 0, 0]
            + global.flatMap { $0 } + records + [0x3B]
    }

    /// An image descriptor at (left, top), `width` × `height`, with an optional local table of 2
    /// entries, and LZW data (code size 2) painting `indices`: each index as its own code, a clear
    /// code every 2 pixels so the code width stays 3 bits.
    static func frame(left: Int, top: Int, width: Int, height: Int, local: [[UInt8]]? = nil, indices: [Int]) -> [UInt8] {
        var codes: [Int] = []
        for (i, index) in indices.enumerated() {
            if i % 2 == 0 { codes.append(4) }   // clear
            codes.append(index)
        }
        codes.append(5)   // end of information
        var bits = 0, count = 0, data: [UInt8] = []
        for code in codes {
            bits |= code << count
            count += 3
            while count >= 8 { data.append(UInt8(bits & 0xFF)); bits >>= 8; count -= 8 }
        }
        if count > 0 { data.append(UInt8(bits & 0xFF)) }
        return [0x2C] + le16(left) + le16(top) + le16(width) + le16(height) + [local == nil ? 0 : 0x80]
            + (local ?? []).flatMap { $0 } + [2, UInt8(data.count)] + data + [0]
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }

    /// Where each image descriptor of `gif` starts, found by walking its records (GIF89a).
    static func descriptors(_ gif: [UInt8]) -> [Int] {
        var found: [Int] = []
        var position = 13 + (gif[10] & 0x80 != 0 ? 3 << (Int(gif[10] & 7) + 1) : 0)
        func skipSubBlocks() { while position < gif.count && gif[position] != 0 { position += Int(gif[position]) + 1 }; position += 1 }
        while position < gif.count {
            switch gif[position] {
            case 0x2C:
                found.append(position)
                let flags = gif[position + 9]
                position += 10 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0) + 1   // + LZW code size
                skipSubBlocks()
            case 0x21:
                position += 2
                skipSubBlocks()
            default:
                return found
            }
        }
        return found
    }

    /// The first frame's own (local) colour table wins over the global one; an animation shows
    /// its first frame; garbage after it does not matter, but a file that ends before its trailer
    /// (a second frame cut short) is refused as truncated.
    @Test func localTablesAndOnlyTheFirstFrame() throws {
        let green: [UInt8] = [0, 200, 0], red: [UInt8] = [220, 0, 0], blue: [UInt8] = [0, 0, 230]
        let local = Self.gif(screen: (2, 1), global: [red, blue],
                             Self.frame(left: 0, top: 0, width: 2, height: 1, local: [blue, green], indices: [1, 0]))
        let card = try ImageDecoder.decode(files.write("local.gif", bytes: local), width: 2, height: 1)
        #expect(card.rgba(0, 0) == [0, 200, 0, 255] && card.rgba(1, 0) == [0, 0, 230, 255])
        // The same frame with the global table.
        let global = Self.gif(screen: (2, 1), global: [red, blue], Self.frame(left: 0, top: 0, width: 2, height: 1, indices: [1, 0]))
        let globalCard = try ImageDecoder.decode(files.write("global.gif", bytes: global), width: 2, height: 1)
        #expect(globalCard.rgba(0, 0) == [0, 0, 230, 255] && globalCard.rgba(1, 0) == [220, 0, 0, 255])
        // ImageMagick reads these the same way.
        #expect(Self.premultiplied(try magick(files.path("local.gif").text)) == card.pixels.map(Int.init))

        // Two frames by ImageMagick (red, then blue with its own table): the first is shown.
        let animation = files.path("animation.gif")
        try ExternalTools.convert(["-delay", "10", "-size", "16x16", "xc:red", "xc:blue", animation.text])
        #expect(try ExternalTools.output("gifsicle", ["--info", animation.text]).contains("2 images"))
        #expect(try ImageDecoder.decode(animation, width: 4, height: 4).isAll([255, 0, 0, 255]))
        // Cut in the middle of the second frame, or by the trailer alone: truncated.
        let bytes = files.contents(animation)
        let second = try #require(Self.descriptors(bytes).dropFirst().first)
        for end in [second + 12, bytes.count - 1] {
            #expect(reason(files.write("cut\(end).gif", bytes: Array(bytes.prefix(end)))) == "cannot decode: truncated GIF data",
                    "cut at \(end) of \(bytes.count)")
        }
        // Junk (no GIF records at all) after the first frame: never read.
        let junk = Self.gif(screen: (2, 1), global: [red, blue], Self.frame(left: 0, top: 0, width: 2, height: 1, indices: [0, 1])
                                                                  + [UInt8](repeating: 0x99, count: 100_000))
        let junkCard = try ImageDecoder.decode(files.write("junk.gif", bytes: junk), width: 2, height: 1)
        #expect(junkCard.rgba(0, 0) == [220, 0, 0, 255] && junkCard.rgba(1, 0) == [0, 0, 230, 255])
    }

    /// A first frame reaching past the logical screen grows the canvas to take it in (Chromium's
    /// rule): screen 2 × 2, frame 3 × 1 at (1, 1) gives a 4 × 2 canvas; a 0 × 0 screen (written
    /// by some encoders) gives the frame's own size.
    @Test func aFrameBeyondTheScreenGrowsTheCanvas() throws {
        let red: [UInt8] = [220, 0, 0], blue: [UInt8] = [0, 0, 230]
        let past = Self.gif(screen: (2, 2), global: [red, blue], Self.frame(left: 1, top: 1, width: 3, height: 1, indices: [0, 1, 0]))
        let path = files.write("past.gif", bytes: past)
        #expect(ImageHeader.read(past, fileSize: past.count, pathExtension: "gif") == .success(ImageHeader(format: .gif, width: 4, height: 2)))
        let card = try ImageDecoder.decode(path, width: 4, height: 2)
        #expect((0..<4).map { card.rgba($0, 0) } == Array(repeating: [0, 0, 0, 0], count: 4))
        #expect((0..<4).map { card.rgba($0, 1) } == [[0, 0, 0, 0], [220, 0, 0, 255], [0, 0, 230, 255], [220, 0, 0, 255]])
        let zero = Self.gif(screen: (0, 0), global: [red, blue], Self.frame(left: 0, top: 0, width: 1, height: 1, indices: [1]))
        #expect(try ImageDecoder.decode(files.write("zero.gif", bytes: zero), width: 1, height: 1).rgba(0, 0) == [0, 0, 230, 255])
        // A canvas over the limits is refused before any pixel: a 16,000-wide frame at x 1,000.
        let wide = Self.gif(screen: (10, 10), global: [red, blue], Self.frame(left: 1000, top: 0, width: 16000, height: 1, indices: [0]))
        #expect(reason(files.write("wide.gif", bytes: wide)) == "17000×10 px is over the 16384 px limit on a side")
    }

    /// A GIF cut short is refused as truncated, wherever the cut falls in the frame's data; LZW
    /// data that does not hold together is refused with giflib's words.
    @Test func truncatedAndDefectiveGIFsAreRefused() throws {
        let gif = files.path("noise.gif")
        try ExternalTools.convert(["-size", "64x64", "plasma:fractal", "-seed", "4", "-colors", "200", gif.text])
        let bytes = files.contents(gif)
        let descriptor = try #require(Self.descriptors(bytes).first)
        for end in [descriptor + 12, descriptor + 40, bytes.count / 2, bytes.count - 10] {
            #expect(reason(files.write("cut\(end).gif", bytes: Array(bytes.prefix(end)))) == "cannot decode: truncated GIF data",
                    "cut at \(end) of \(bytes.count)")
        }
        // Before the image descriptor is whole, the header reader says so.
        #expect(reason(files.write("head.gif", bytes: Array(bytes.prefix(descriptor + 5)))) == "truncated GIF header")
        // An end-of-information code right after the first pixel of a 2 × 1 frame.
        let red: [UInt8] = [220, 0, 0], blue: [UInt8] = [0, 0, 230]
        let early = Self.gif(screen: (2, 1), global: [red, blue], Self.frame(left: 0, top: 0, width: 2, height: 1, indices: [0]))
        #expect(reason(files.write("early.gif", bytes: early)) == "cannot decode: Image EOF detected before image complete")
        // A frame record that is neither image, extension nor trailer.
        let stray = Array("GIF89a".utf8) + Self.le16(1) + Self.le16(1) + [0x80, 0, 0] + red + blue + [0x77]
            + Self.frame(left: 0, top: 0, width: 1, height: 1, indices: [0]) + [0x3B]
        #expect(reason(files.write("stray.gif", bytes: stray)) == "cannot decode: Wrong record type detected")
    }

    /// libjxl's test data holds a third-party two-frame GIF (700 × 175, 256 colours; see
    /// Tests/Fixtures/third-party.md): its first frame exactly as ImageMagick reads it.
    static let animationPatches = "/usr/share/libjxl-testdata/jxl/animation_patches.gif"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: animationPatches),
                   "needs libjxl-testdata (make test-deps installs it)"))
    func aThirdPartyAnimatedGIFShowsItsFirstFrame() throws {
        let card = try ImageDecoder.decode(FilePath(Self.animationPatches), width: 700, height: 175)
        let first = Self.premultiplied(try magick(Self.animationPatches + "[0]"))
        let second = Self.premultiplied(try magick(Self.animationPatches + "[1]"))
        #expect(first != second, "the frames differ, so the test can tell them apart")
        #expect(Self.largestDifference(card, first) == 0)
        // gif2webp's animated WebP of it (lossless): the same first frame, composed by libwebp.
        let webp = files.path("patches.webp")
        try ExternalTools.run("gif2webp", ["-quiet", Self.animationPatches, "-o", webp.text])
        #expect(try ExternalTools.output("webpinfo", [webp.text]).contains("Animation: 1"))
        #expect(Self.largestDifference(try ImageDecoder.decode(webp, width: 700, height: 175), first) == 0)
    }

    // MARK: - WebP

    /// A pattern with every kind of pixel: a gradient, hard edges and, with `alpha`, alpha from 0 to 255.
    func pattern(_ name: String, alpha: Bool) throws -> FilePath {
        let png = files.path(name)
        var arguments = ["-size", "48x32", "gradient:#ff2000-#0040ff", "(", "-size", "16x32", "xc:#20c040", ")",
                         "-geometry", "+24+0", "-composite"]
        if alpha {
            arguments += ["(", "-size", "32x48", "gradient:white-black", "-rotate", "90", ")", "-alpha", "off",
                          "-compose", "CopyOpacity", "-composite"]
        }
        try ExternalTools.convert(arguments + ["PNG32:" + png.text])
        return png
    }

    /// Lossy, lossless and lossy-with-alpha WebPs by cwebp: the pixels dwebp (libwebp's own tool)
    /// decodes them to, exactly; lossless ones are also the source PNG's pixels.
    @Test(arguments: [("lossy", ["-q", "80"], false), ("lossless", ["-lossless"], false),
                      ("alpha", ["-q", "80", "-alpha_q", "100"], true), ("lossless-alpha", ["-lossless", "-exact"], true)])
    func stillWebPsMatchDwebp(_ name: String, _ options: [String], _ alpha: Bool) throws {
        let png = try pattern("\(name).png", alpha: alpha)
        let webp = files.path("\(name).webp"), decoded = files.path("\(name)-dwebp.png")
        try ExternalTools.run("cwebp", ["-quiet"] + options + [png.text, "-o", webp.text])
        try ExternalTools.run("dwebp", ["-quiet", webp.text, "-o", decoded.text])
        let reference = Self.premultiplied(try magick(decoded.text))
        let card = try ImageDecoder.decode(webp, width: 48, height: 32)
        #expect(Self.largestDifference(card, reference) == 0, "\(name)")
        if alpha {
            let alphas = Set(stride(from: 3, to: reference.count, by: 4).map { reference[$0] })
            #expect(alphas.contains(0) && alphas.contains(255) && alphas.count > 20, "\(name): alpha varies")
        }
        if options.contains("-lossless") {
            #expect(Self.largestDifference(card, Self.premultiplied(try magick(png.text))) == 0, "\(name)")
        }
    }

    /// An animation by webpmux: a 16 × 16 red first frame at +6+10 and a blue 32 × 32 second one,
    /// on a 32 × 32 canvas whose ANIM background colour is opaque yellow. The card is the first
    /// frame composed on a transparent canvas (libwebp's and browsers' choice for the background).
    @Test func anAnimatedWebPShowsItsFirstFrameComposed() throws {
        let red = files.path("red.png"), blue = files.path("blue.png")
        try ExternalTools.convert(["-size", "16x16", "xc:red", "PNG32:" + red.text])
        try ExternalTools.convert(["-size", "32x32", "xc:blue", "PNG32:" + blue.text])
        let redWebP = files.path("red.webp"), blueWebP = files.path("blue.webp"), animation = files.path("animation.webp")
        try ExternalTools.run("cwebp", ["-quiet", "-lossless", red.text, "-o", redWebP.text])
        try ExternalTools.run("cwebp", ["-quiet", "-lossless", blue.text, "-o", blueWebP.text])
        try ExternalTools.run("webpmux", ["-frame", redWebP.text, "+100+6+10", "-frame", blueWebP.text, "+100+0+0",
                                          "-loop", "0", "-bgcolor", "255,255,255,0", "-o", animation.text])
        let info = try ExternalTools.output("webpinfo", [animation.text])
        #expect(info.contains("Canvas size 32 x 32") && info.contains("Offset_X: 6") && info.contains("Offset_Y: 10"), "\(info)")
        let card = try ImageDecoder.decode(animation, width: 32, height: 32)
        let redFrame = [UInt8](repeating: 0, count: 16 * 16 * 4).enumerated().map { $0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 255 }
        let expected = Self.canvas(32, 32, frame: redFrame.map(UInt8.init), frameWidth: 16, left: 6, top: 10)
        #expect(Self.largestDifference(card, expected.map(Int.init)) == 0)
        #expect(card.rgba(6, 10) == [255, 0, 0, 255] && card.rgba(5, 10) == [0, 0, 0, 0] && card.rgba(22, 26) == [0, 0, 0, 0])

        // img2webp's lossy animation (a first frame with alpha, then an opaque one): the first
        // frame covers the canvas, and is what dwebp decodes that frame to alone (webpmux takes
        // it out as a still image), exactly.
        let first = try pattern("first.png", alpha: true), second = files.path("second.png")
        try ExternalTools.convert(["-size", "48x32", "xc:blue", "PNG32:" + second.text])
        let lossy = files.path("lossy-animation.webp"), still = files.path("first.webp"), decoded = files.path("first-dwebp.png")
        try ExternalTools.run("img2webp", ["-loop", "0", "-lossy", "-q", "80", first.text, "-d", "100", second.text, "-o", lossy.text])
        try ExternalTools.run("webpmux", ["-get", "frame", "1", lossy.text, "-o", still.text])
        try ExternalTools.run("dwebp", ["-quiet", still.text, "-o", decoded.text])
        #expect(try ExternalTools.output("identify", ["-format", "%w %h", decoded.text]) == "48 32")
        #expect(try ExternalTools.output("webpinfo", [lossy.text]).contains("Animation: 1"))
        let lossyCard = try ImageDecoder.decode(lossy, width: 48, height: 32)
        #expect(Self.largestDifference(lossyCard, Self.premultiplied(try magick(decoded.text))) == 0)
    }

    /// WebPs cut short are refused as truncated: a still one, and an animation cut in its
    /// second frame (the container, which libwebp checks first, ends early).
    @Test func truncatedWebPsAreRefused() throws {
        let png = try pattern("cut.png", alpha: true)
        let webp = files.path("cut.webp")
        try ExternalTools.run("cwebp", ["-quiet", "-q", "80", png.text, "-o", webp.text])
        let bytes = files.contents(webp)
        for end in [40, bytes.count / 2, bytes.count - 1] {
            #expect(reason(files.write("cut\(end).webp", bytes: Array(bytes.prefix(end)))) == "cannot decode: truncated WEBP data",
                    "cut at \(end) of \(bytes.count)")
        }
        let animation = files.path("cut-animation.webp")
        try ExternalTools.run("gif2webp", ["-quiet", try Self.animationPatchesOrMade(files), "-o", animation.text])
        let animated = files.contents(animation)
        #expect(reason(files.write("cut-animation-half.webp", bytes: Array(animated.prefix(animated.count * 3 / 4))))
                == "cannot decode: truncated WEBP data")
    }

    /// animation_patches.gif when libjxl-testdata is there, else a two-frame GIF made here.
    static func animationPatchesOrMade(_ files: TemporaryDirectory) throws -> String {
        if FileManager.default.fileExists(atPath: animationPatches) { return animationPatches }
        let made = files.path("made.gif")
        try ExternalTools.convert(["-delay", "10", "-size", "64x64", "plasma:fractal", "plasma:fractal", made.text])
        return made.text
    }
}
