import Foundation
import SwivelTestSupport
import Testing

/// Every format, written by its own encoder (ImageMagick, libwebp's tools, libheif's, libavif's,
/// libjxl's, the QOI reference `qoiconv`), then cut three ways: just after its header, in the
/// middle of its data, one byte short. A folder of the three cuts and one good PNG is shown by
/// the real binary (offscreen): exit 0, one `skipped` line for each cut naming it truncated, and
/// one card, the good one (a cut file is never shown padded or half drawn).
@Suite struct TruncatedFileTests {
    struct Format: CustomTestStringConvertible, Sendable {
        let name: String
        let fileExtension: String
        /// The encoder and its arguments; SOURCE and OUTPUT stand for the paths (also inside an
        /// argument: ImageMagick's "PNG24:OUTPUT").
        let encoder: [String]
        /// Where the header ends, from the file's bytes.
        let headerEnd: @Sendable ([UInt8]) -> Int
        var testDescription: String { name }
    }

    static func be16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
    static func be32(_ b: [UInt8], _ at: Int) -> Int { be16(b, at) << 16 | be16(b, at + 2) }

    /// JPEG: the end of the frame header (SOF0-2), markers walked from SOI (ITU T.81, B.1.1).
    static func jpegHeaderEnd(_ b: [UInt8]) -> Int {
        var at = 2
        while at + 4 <= b.count {
            let marker = b[at + 1], length = be16(b, at + 2)
            if (0xC0...0xC2).contains(marker) { return at + 2 + length }
            at += 2 + length
        }
        return 2
    }

    /// GIF: the logical screen descriptor and its global colour table (GIF89a, 18-19).
    static func gifHeaderEnd(_ b: [UInt8]) -> Int { 13 + (b[10] & 0x80 != 0 ? 3 << (Int(b[10] & 7) + 1) : 0) }

    /// PNM: magic, width, height, maxval and the one white space after it (netpbm's ppm(5)).
    static func pnmHeaderEnd(_ b: [UInt8]) -> Int {
        var at = 0
        for _ in 0..<4 {
            while b[at] == 0x20 || b[at] == 0x0A || b[at] == 0x09 || b[at] == 0x0D { at += 1 }
            while !(b[at] == 0x20 || b[at] == 0x0A || b[at] == 0x09 || b[at] == 0x0D) { at += 1 }
        }
        return at + 1
    }

    /// HEIF and AVIF: the start of the `mdat` box's payload, top-level boxes walked (ISO/IEC 14496-12, 4.2).
    static func mdatStart(_ b: [UInt8]) -> Int {
        var at = 0
        while at + 8 <= b.count {
            if Array(b[(at + 4)..<(at + 8)]) == Array("mdat".utf8) { return at + 8 }
            at += max(8, be32(b, at))
        }
        return 8
    }

    static let formats: [Format] = [
        Format(name: "JPEG", fileExtension: "jpg", encoder: ["convert", "SOURCE", "-quality", "85", "OUTPUT"], headerEnd: jpegHeaderEnd),
        Format(name: "progressive JPEG", fileExtension: "jpg",
               encoder: ["convert", "SOURCE", "-quality", "85", "-interlace", "JPEG", "OUTPUT"], headerEnd: jpegHeaderEnd),
        Format(name: "PNG", fileExtension: "png", encoder: ["convert", "SOURCE", "PNG24:OUTPUT"], headerEnd: { _ in 33 }),
        Format(name: "GIF", fileExtension: "gif", encoder: ["convert", "SOURCE", "OUTPUT"], headerEnd: gifHeaderEnd),
        Format(name: "animated GIF", fileExtension: "gif",
               encoder: ["convert", "-delay", "10", "SOURCE", "(", "SOURCE", "-negate", ")", "OUTPUT"], headerEnd: gifHeaderEnd),
        Format(name: "lossy WebP", fileExtension: "webp", encoder: ["cwebp", "-quiet", "-q", "80", "SOURCE", "-o", "OUTPUT"],
               headerEnd: { _ in 30 }),
        Format(name: "lossless WebP", fileExtension: "webp", encoder: ["cwebp", "-quiet", "-lossless", "SOURCE", "-o", "OUTPUT"],
               headerEnd: { _ in 30 }),
        Format(name: "animated WebP", fileExtension: "webp",
               encoder: ["img2webp", "-loop", "0", "-lossy", "SOURCE", "-d", "100", "-lossless", "SOURCE", "-o", "OUTPUT"],
               headerEnd: { _ in 30 }),
        Format(name: "TIFF", fileExtension: "tif", encoder: ["convert", "SOURCE", "-compress", "none", "OUTPUT"], headerEnd: { _ in 8 }),
        Format(name: "LZW TIFF", fileExtension: "tif", encoder: ["convert", "SOURCE", "-compress", "lzw", "OUTPUT"], headerEnd: { _ in 8 }),
        Format(name: "BMP", fileExtension: "bmp", encoder: ["convert", "SOURCE", "BMP3:OUTPUT"], headerEnd: { _ in 54 }),
        Format(name: "TGA", fileExtension: "tga", encoder: ["convert", "SOURCE", "-compress", "none", "OUTPUT"], headerEnd: { _ in 18 }),
        Format(name: "RLE TGA", fileExtension: "tga", encoder: ["convert", "SOURCE", "-compress", "RLE", "OUTPUT"], headerEnd: { _ in 18 }),
        Format(name: "8-bit PNM", fileExtension: "ppm", encoder: ["convert", "SOURCE", "-depth", "8", "OUTPUT"], headerEnd: pnmHeaderEnd),
        Format(name: "16-bit PNM", fileExtension: "ppm", encoder: ["convert", "SOURCE", "-depth", "16", "OUTPUT"], headerEnd: pnmHeaderEnd),
        Format(name: "QOI", fileExtension: "qoi", encoder: ["qoiconv", "SOURCE", "OUTPUT"], headerEnd: { _ in 14 }),
        Format(name: "HEIC", fileExtension: "heic", encoder: ["heif-enc", "-q", "60", "SOURCE", "-o", "OUTPUT"], headerEnd: mdatStart),
        Format(name: "AVIF", fileExtension: "avif", encoder: ["avifenc", "--min", "20", "--max", "30", "SOURCE", "OUTPUT"],
               headerEnd: mdatStart),
        Format(name: "JPEG XL", fileExtension: "jxl", encoder: ["cjxl", "--quiet", "-q", "90", "SOURCE", "OUTPUT"], headerEnd: { _ in 20 }),
        Format(name: "lossless JPEG XL", fileExtension: "jxl", encoder: ["cjxl", "--quiet", "-d", "0", "SOURCE", "OUTPUT"],
               headerEnd: { _ in 20 }),
        // No encoder: the text itself, ending with the root's end tag (no newline after it, so
        // that one byte short cuts the tag).
        Format(name: "SVG", fileExtension: "svg", encoder: [], headerEnd: { b in (b.firstIndex(of: UInt8(ascii: ">")) ?? 0) + 1 }),
    ]

    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 96 64">
        <rect x="0" y="0" width="96" height="64" fill="#3478f6"/>
        <circle cx="30" cy="32" r="20" fill="#ff9500"/>
        <path d="M 50 10 L 90 10 L 70 54 Z" fill="#34c759"/>
        </svg>
        """

    /// The encoders these tests need (Makefile TEST_PACKAGES), looked up in PATH.
    static let encoders = ["convert", "cwebp", "img2webp", "qoiconv", "heif-enc", "avifenc", "cjxl"]
    static let missingEncoders: [String] = encoders.filter { name in
        !(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    static func tool(_ command: [String]) throws {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"), command)
        try #require(result.status == 0, "\(command.joined(separator: " ")): \(result.stderr)")
    }

    @Test(.enabled(if: missingEncoders.isEmpty, "needs the encoders \(missingEncoders) (make test-deps)"), arguments: formats)
    func cutFilesAreSkippedAsTruncated(format: Format) throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.png")
        // 96 × 64 of plasma (a fixed seed), as a true-colour PNG: every encoder reads it.
        try Self.tool(["convert", "-seed", "7", "-size", "96x64", "plasma:fractal", "PNG24:" + source.text])
        let whole = folder.path("whole." + format.fileExtension)
        if format.encoder.isEmpty {
            try Self.svg.write(toFile: whole.text, atomically: true, encoding: .utf8)
        } else {
            try Self.tool(format.encoder.map {
                $0.replacingOccurrences(of: "SOURCE", with: source.text).replacingOccurrences(of: "OUTPUT", with: whole.text)
            })
        }
        let bytes = folder.contents(whole)
        let cuts = [("header", format.headerEnd(bytes)), ("half", bytes.count / 2), ("short", bytes.count - 1)]
        let deck = folder.path("deck")
        ImageFiles.directory(deck)
        for (label, end) in cuts {
            ImageFiles.write(deck.appending(Array("/\(label).\(format.fileExtension)".utf8)), Array(bytes.prefix(end)))
        }
        ImageFiles.write(deck.appending(Array("/zz good.png".utf8)), ImageFiles.solid(.png, width: 40, height: 60, [52, 199, 89]))

        // The whole file is shown (the cuts' failures are theirs, not the encoder's).
        let alone = try SwivelProcess.run([whole.text, "--screenshot", folder.path("whole-frame.png").text],
                                          environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
        #expect(alone.status == 0 && alone.stderr.isEmpty, "the whole \(format.name): \(alone.stderr)")

        let result = try SwivelProcess.run([deck.text, "--screenshot", folder.path("frame.png").text],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        print("\(format.name), \(bytes.count) bytes, cut at \(cuts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")):\n  "
              + lines.joined(separator: "\n  "))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("px, 1 cards;"), "\(result.stdout)")
        for (label, end) in cuts {
            let prefix = "swivel: skipped \(deck.text)/\(label).\(format.fileExtension): "
            let line = lines.filter { $0.hasPrefix(prefix) }
            #expect(line.count == 1 && line[0].contains("truncated"), "\(format.name) cut at \(end) (\(label)): \(line)")
        }
        #expect(lines.count == 3, "\(lines)")
    }
}
