import Foundation
import SwivelCore
import SwivelPhotoCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// Files from public image test suites that Swivel once showed wrong or refused although another
/// decoder on Debian 12 reads them right, kept beside the repository in
/// `../shared/conformance-cases/` (not copied into it; its MANIFEST.md names each file's suite, path
/// and licence). Every file there has a row in `cases`: the program whose decoding is right for it,
/// run here at test time, and how far Swivel may be from it. Each file is decoded whole, at its own
/// size (`DecodeTarget.fit` with a bound over the limits), which must be the reference's; then the
/// mean and the largest difference of a channel are taken over every pixel, alpha multiplied into
/// the reference as Swivel multiplies it in.
@Suite struct ConformanceCasesTests {
    /// `../shared/conformance-cases` beside the package root (the folder holding Package.swift).
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/conformance-cases")
    static var folderIsThere: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("MANIFEST.md").path) }
    static let skipped: Comment = "../shared/conformance-cases/ (with its MANIFEST.md) is not beside the repository"

    /// The program that reads a file right, and what it makes of it.
    enum Reference: Sendable, CustomStringConvertible {
        /// libheif's `heif-convert` to PNG (the transforms applied), read by ImageMagick.
        case heifConvert
        /// `heif-convert` to a 16-bit PNG of the PQ signal, tone-mapped by `ToneMapping` from the
        /// peak `heif-info` reports (clli): the reference does the YUV to RGB, which is what is
        /// checked; the tone curve is pinned to its closed form by HDRTests.
        case heifConvertToneMapped
        /// libavif's own `avifdec` to PNG (where libavif is what reads the file right).
        case avifdec
        /// ImageMagick's `convert FILE -auto-orient` (a TGA's origin is its orientation there).
        case imageMagick
        /// libtiff's `tiff2rgba`, its TIFF read by ImageMagick.
        case tiff2rgba
        /// gdk-pixbuf's reading, at the image's own size (`gdk-pixbuf-pixdata`, uncompressed).
        case gdkPixbuf
        /// The suite's own reference PNG beside the file, read by ImageMagick.
        case suitePNG(String)
        /// ImageMagick's stored pixels turned by the EXIF orientation exiftool reads.
        case exiftoolOrientation

        var description: String {
            switch self {
            case .heifConvert: "heif-convert"
            case .heifConvertToneMapped: "heif-convert, tone-mapped"
            case .avifdec: "avifdec"
            case .imageMagick: "ImageMagick"
            case .tiff2rgba: "tiff2rgba"
            case .gdkPixbuf: "gdk-pixbuf"
            case .suitePNG(let name): name
            case .exiftoolOrientation: "exiftool's orientation"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let reference: Reference
        /// The mean difference allowed, in levels of 255.
        var mean: Double = 2
        /// The size the file's own suite gives it, where it says one.
        var size: (width: Int, height: Int)? = nil

        var testDescription: String { "\(file) against \(reference)" }
    }

    static let cases: [Case] = [
        Case(file: "av1-avif__Link-U__kimono.crop.avif", reference: .heifConvert),
        Case(file: "av1-avif__Link-U__kimono.mirror-vertical.rotate270.crop.avif", reference: .heifConvert),
        Case(file: "av1-avif__Microsoft__Chimera_10bit_cropped_to_1920x1008_with_HDR_metadata.avif",
             reference: .heifConvertToneMapped),
        Case(file: "av1-avif__Microsoft__Chimera_8bit_cropped_480x256.avif", reference: .heifConvert),
        // The suite's README (testFiles/Xiph/README.md): "Operating point 2, corresponding to layer
        // 0, is chosen, resulting in ispe dimensions of 360x182". libavif selects it; libheif 1.15
        // shows layer 2 (1436 × 730) instead.
        Case(file: "av1-avif__Xiph__quebec_3layer_op2.avif", reference: .avifdec, size: (360, 182)),
        Case(file: "avif-sample-images__plum-blossom-large.profile0.8bpc.yuv420.alpha-full.avif", reference: .heifConvert),
        Case(file: "avif-sample-images__plum-blossom-small.profile1.8bpc.yuv444.alpha-full.avif", reference: .heifConvert),
        // The primary item (1005) is the thumbnail of item 1002; the suite's image is 1002's 1280 × 720.
        Case(file: "heif_conformance__C005.heic", reference: .heifConvert, size: (1280, 720)),
        Case(file: "image-rs__bmp__images__Core_1_Bit.bmp", reference: .imageMagick),
        // Indices past its 101-entry palette: undefined (bmpsuite puts it among the bad files).
        // gdk-pixbuf shows them black, as Swivel does; ImageMagick takes entry 0 (and exits 1).
        Case(file: "image-rs__bmp__images__pal8badindex.bmp", reference: .gdkPixbuf),
        Case(file: "image-rs__bmp__images__pal8os2sp.bmp", reference: .imageMagick),
        // True colour with a colour map it does not use: ImageMagick 6 reads it as colour-mapped
        // ("invalid colormap index", exit 1) and scrambles the pixels.
        Case(file: "image-rs__tga__testsuite__b5-unused-cmap.tga", reference: .gdkPixbuf),
        Case(file: "image-rs__tiff__testsuite__ycbcr_lzw_broken.tif", reference: .imageMagick),
        Case(file: "image-tiff__12bit.cropped.tiff", reference: .imageMagick),
        Case(file: "image-tiff__cmyk-3c-16b.tiff", reference: .imageMagick),
        Case(file: "image-tiff__logluv-3c-16b.tiff", reference: .tiff2rgba),
        Case(file: "image-tiff__predictor-3-rgb-f32.tif", reference: .imageMagick),
        Case(file: "image-tiff__tiled-cmyk-i8.tif", reference: .tiff2rgba),
        Case(file: "image-tiff__tiled-gray-i1.tif", reference: .tiff2rgba),
        Case(file: "image-tiff__tiled-oversize-gray-i8.tif", reference: .tiff2rgba),
        Case(file: "image-tiff__white-fp16.tiff", reference: .imageMagick),
        Case(file: "jxl-conformance__alpha_premultiplied.ref.png", reference: .imageMagick),
        Case(file: "jxl-conformance__alpha_premultiplied__input.jxl",
             reference: .suitePNG("jxl-conformance__alpha_premultiplied.ref.png")),
        Case(file: "pillow__exif_imagemagick_orientation.png", reference: .exiftoolOrientation),
        Case(file: "pillow__junk_jpeg_header.jpg", reference: .imageMagick),
    ]

    /// Every file in the folder has its row (a file added there fails here until it has one), and
    /// every row its file.
    @Test(.enabled(if: folderIsThere, skipped)) func everyFileHasARow() throws {
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)).subtracting(["MANIFEST.md"])
        #expect(names == Set(Self.cases.map(\.file)))
    }

    @Test(.enabled(if: folderIsThere, skipped), arguments: cases)
    func showsAsItsReferenceDecoderDoes(_ row: Case) throws {
        let file = FilePath(Self.folder.appendingPathComponent(row.file).path)
        let work = TemporaryDirectory()
        let expected = try Self.reference(row.reference, of: file, in: work)
        if let size = row.size {
            #expect(expected.width == size.width && expected.height == size.height,
                    "\(row.reference) gives \(expected.width) × \(expected.height), the suite \(size.width) × \(size.height)")
        }
        let image: DecodedImage
        do {
            image = try ImageDecoder.decode(file, target: .fit(width: ImageLimits.maxSide * 2, height: ImageLimits.maxSide * 2))
        } catch {
            Issue.record("refused: \(error.reason)")
            return
        }
        try #require(image.width == expected.width && image.height == expected.height,
                     "shown \(image.width) × \(image.height), \(row.reference) \(expected.width) × \(expected.height)")
        let (mean, worst) = Self.difference(image, expected)
        print("conformance \(row.file): mean \(String(format: "%.3f", mean)), max \(worst) against \(row.reference)")
        #expect(mean <= row.mean, "mean difference \(mean) levels (largest \(worst)) against \(row.reference)")
    }

    // MARK: Tools

    /// Straight RGBA8, top row first.
    struct Pixels {
        let width: Int, height: Int
        let rgba: [UInt8]
    }

    /// The mean and the largest difference of a channel between `image` (alpha multiplied in)
    /// and `expected` (straight; multiplied in here).
    static func difference(_ image: DecodedImage, _ expected: Pixels) -> (mean: Double, worst: Int) {
        let got = image.pixels
        var total = 0, worst = 0
        for i in stride(from: 0, to: expected.rgba.count, by: 4) {
            let alpha = Int(expected.rgba[i + 3])
            for c in 0..<4 {
                let want = c == 3 ? alpha : (Int(expected.rgba[i + c]) * alpha + 127) / 255
                let distance = abs(Int(got[i + c]) - want)
                total += distance
                worst = max(worst, distance)
            }
        }
        return (Double(total) / Double(max(1, expected.rgba.count)), worst)
    }

    /// ImageMagick's straight RGBA8 of `file` (`operations` applied first).
    static func magick(_ file: FilePath, _ operations: [String] = []) throws -> Pixels {
        let sides = try ExternalTools.output("convert", [file.text + "[0]"] + operations + ["-format", "%w %h", "info:"])
            .split(separator: " ").compactMap { Int($0) }
        let rgba = try ExternalTools.outputBytes("convert", [file.text + "[0]"] + operations + ["-depth", "8", "rgba:-"])
        try #require(sides.count == 2 && rgba.count == sides[0] * sides[1] * 4, "\(file): \(sides), \(rgba.count) bytes")
        return Pixels(width: sides[0], height: sides[1], rgba: rgba)
    }

    /// What `reference` makes of `file`, as straight RGBA8.
    static func reference(_ reference: Reference, of file: FilePath, in work: TemporaryDirectory) throws -> Pixels {
        switch reference {
        case .heifConvert:
            let out = work.path("reference.png")
            try ExternalTools.run("heif-convert", [file.text, out.text])
            return try magick(out)
        case .heifConvertToneMapped:
            let out = work.path("reference.png")
            try ExternalTools.run("heif-convert", [file.text, out.text])
            let info = try ExternalTools.output("heif-info", [file.text])
            let peak = info.split(separator: "\n").first { $0.contains("max content light level:") }
                .flatMap { Double($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
            let sides = try ExternalTools.output("identify", ["-format", "%w %h", out.text]).split(separator: " ").compactMap { Int($0) }
            let bytes = try ExternalTools.outputBytes("convert", [out.text, "-depth", "16", "-endian", "MSB", "rgba:-"])
            try #require(sides.count == 2 && bytes.count == sides[0] * sides[1] * 8)
            let samples = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            let codePoints = try Self.nclx(file)
            let mapping = try #require(ToneMapping(cicpPrimaries: codePoints.primaries,
                                                   transferCharacteristics: codePoints.transfer, sourcePeak: peak))
            let rgba = samples.withUnsafeBufferPointer {
                mapping.sRGBPixels($0.baseAddress!, width: sides[0], height: sides[1], rowLength: sides[0] * 4,
                                   channels: 4, maximum: 65535)
            }
            return Pixels(width: sides[0], height: sides[1], rgba: rgba)
        case .avifdec:
            let out = work.path("reference.png")
            try ExternalTools.run("avifdec", [file.text, out.text])
            return try magick(out)
        case .imageMagick:
            return try magick(file, ["-auto-orient"])
        case .tiff2rgba:
            let out = work.path("reference.tif")
            try ExternalTools.run("tiff2rgba", ["-c", "none", file.text, out.text])
            return try magick(out)
        case .gdkPixbuf:
            let out = work.path("reference.pixdata")
            try ExternalTools.run("gdk-pixbuf-pixdata", [file.text, out.text])
            return try pixdata([UInt8](try Data(contentsOf: URL(fileURLWithPath: out.text))))
        case .gdkPixbuf:
            let out = work.path("reference.pixdata")
            try ExternalTools.run("gdk-pixbuf-pixdata", [file.text, out.text])
            return try pixdata([UInt8](try Data(contentsOf: URL(fileURLWithPath: out.text))))
        case .suitePNG(let name):
            return try magick(FilePath(folder.appendingPathComponent(name).path))
        case .exiftoolOrientation:
            let value = try ExternalTools.output("exiftool", ["-n", "-s3", "-Orientation", file.text])
            let names = ["TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom"]
            let orientation = try #require(Int(value).flatMap { (1...8).contains($0) ? names[$0 - 1] : nil },
                                           "exiftool reads orientation \(value)")
            return try magick(file, ["-orient", orientation, "-auto-orient"])
        }
    }

    /// A GdkPixdata stream (gdk-pixdata.h): "GdkP", then big-endian 32-bit length, type, rowstride,
    /// width and height, then the rows; uncompressed 8-bit RGB or RGBA only.
    static func pixdata(_ bytes: [UInt8]) throws -> Pixels {
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        try #require(bytes.count >= 24 && bytes.starts(with: Array("GdkP".utf8)))
        let type = be32(8), rowstride = be32(12), width = be32(16), height = be32(20)
        let channels = type & 0xFF == 2 ? 4 : 3
        try #require(type >> 16 == 0x0101 && [1, 2].contains(type & 0xFF), "raw 8-bit RGB(A), not \(type)")
        try #require(bytes.count >= 24 + rowstride * height && rowstride >= width * channels)
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let at = 24 + y * rowstride + x * channels
                rgba += bytes[at..<at + 3] + [channels == 4 ? bytes[at + 3] : 255]
            }
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    /// The colour primaries and transfer characteristics of an AVIF, as `avifdec --info` reports them.
    static func nclx(_ file: FilePath) throws -> (primaries: Int, transfer: Int) {
        let info = try ExternalTools.output("avifdec", ["--info", file.text])
        func value(_ label: String) -> Int? {
            info.split(separator: "\n").first { $0.contains(label) }
                .flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
        }
        return (try #require(value("Color Primaries")), try #require(value("Transfer Char.")))
    }
}
