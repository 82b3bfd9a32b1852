import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// A decode of a large HEIC, AVIF, JPEG XL or WebP whose card is no longer wanted stops at its
/// first look at the cancellation after the cancel: for JPEG XL and WebP, between chunks of input
/// (`chunkBytes`), and for HEIC and AVIF, whose libraries (libheif 1.15, libavif 0.11) cannot be
/// stopped inside the decode of one image, as soon as that call returns, before the colour
/// conversion and the card.
///
/// The cancel is placed by the decode's progress, not by time (`CountedDecode`: the looks at the
/// cancellation, and the bytes the decoding thread read), and every cancel point of each decode is
/// tried, so the machine's speed or load changes nothing.
@Suite(.serialized) struct ContainerDecodeCancellationTests {
    static let tools = ["/usr/bin/heif-enc", "/usr/bin/avifenc", "/usr/bin/cjxl", "/usr/bin/cwebp"]
    static let hasTools = tools.allSatisfy(FileManager.default.isExecutableFile(atPath:))
    /// JPEG XL and WebP at 4096² span 5 to 8 chunks; HEIC and AVIF need no more than 1024².
    static func side(_ format: String) -> Int { format == "jxl" || format == "webp" ? 4096 : 1024 }
    /// What JPEG XL and WebP read from the file between two looks (`JXLDecoder.Input.chunkBytes`,
    /// `WebPDecoder.chunkBytes`).
    static let chunkBytes = 1 << 20

    /// A `side`² picture with detail everywhere (colour ramps, an XOR pattern and a pseudo-random
    /// grain), as a binary PPM: not flat (which codecs skip through) nor noise (which they cannot
    /// compress).
    static func writePPM(_ path: FilePath, side: Int) {
        var bytes = Array("P6\n\(side) \(side)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + side * side * 3)
        var seed: UInt32 = 1
        for y in 0..<side {
            for x in 0..<side {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let grain = Int(seed >> 27)
                bytes.append(UInt8((x * 255 / side + grain) & 255))
                bytes.append(UInt8((y * 255 / side + grain) & 255))
                bytes.append(UInt8(((x ^ y) & 255) / 2 + grain))
            }
        }
        ImageFiles.write(path, bytes)
    }

    /// Writes the picture in `format` with its encoder; the file.
    static func write(_ format: String, in folder: TemporaryDirectory) throws -> FilePath {
        let ppm = folder.path("picture.ppm")
        writePPM(ppm, side: side(format))
        let file = folder.path("picture." + format)
        switch format {
        case "jxl": try ExternalTools.run("cjxl", ["-e", "1", "-d", "1", ppm.text, file.text])
        case "webp": try ExternalTools.run("cwebp", ["-quiet", "-m", "0", "-q", "75", ppm.text, "-o", file.text])
        default:
            let png = folder.path("picture.png")
            try ExternalTools.convert([ppm.text, png.text])
            if format == "avif" {
                try ExternalTools.run("avifenc", ["-s", "10", "--min", "20", "--max", "40", png.text, file.text])
            } else {
                try ExternalTools.run("heif-enc", ["-q", "50", "-p", "preset=ultrafast", png.text, "-o", file.text])
            }
        }
        return file
    }

    /// The whole decode, and the decode cancelled at each of its looks but the last: each stops at
    /// the first look after its cancel, with the cancel's error, and the first is the decode's
    /// first look (before any pixel).
    static func everyCancel(_ file: FilePath) throws -> (full: CountedDecode, cancelled: [CountedDecode]) {
        let full = try CountedDecode.run(file, cancellingAfter: .max)
        try #require(full.error == nil, "\(String(describing: full.error))")
        let cancelled = try (0..<full.looks).map { try CountedDecode.run(file, cancellingAfter: $0) }
        for (looks, run) in cancelled.enumerated() {
            #expect(run.cancelled, "cancelled after \(looks) looks: \(String(describing: run.error))")
            #expect(run.looks == looks + 1, "cancelled after \(looks) looks, stopped at look \(run.looks)")
        }
        return (full, cancelled)
    }

    /// JPEG XL and WebP look between chunks of input: whichever look the cancel falls after, the
    /// decode reads at most one more chunk (the one that look let through) and stops at its next look.
    @Test(.enabled(if: hasTools, "needs cjxl and cwebp (libjxl-tools, webp)"), arguments: ["jxl", "webp"])
    func aChunkedDecodeStopsAtItsNextLook(_ format: String) throws {
        let folder = TemporaryDirectory()
        let file = try Self.write(format, in: folder)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.text)[.size] as? Int)
        let (full, cancelled) = try Self.everyCancel(file)
        let read = cancelled.map(\.bytesRead)
        print("\(format) \(Self.side(format))²: \(size) bytes; the full decode looked \(full.looks) times and read \(full.bytesRead) bytes; "
              + "cancelled after each look, it read \(read)")
        // A look before each chunk, so cancels fall all through the file.
        try #require(full.looks > size / Self.chunkBytes, "\(full.looks) looks for \(size) bytes")
        #expect(full.bytesRead >= size)
        for looks in cancelled.indices.dropFirst() {
            #expect(read[looks] - read[looks - 1] <= Self.chunkBytes + 4096,
                    "cancelled after \(looks) looks, read \(read[looks]) bytes; after \(looks - 1), \(read[looks - 1])")
        }
        #expect(read.last! >= size - Self.chunkBytes)
    }

    /// HEIC and AVIF decode the image in one library call (heif_decode_image, avifDecoderNextImage),
    /// which reads the image's coded data (all but a few KiB of the file) and decodes it with no
    /// look in between. A cancel after the look before that call stops the decode at the look right
    /// after it: for HEIC, the decode's last look, before the card is made (libheif converts to
    /// RGB in its call); for AVIF, the one before libavif's YUV-to-RGB conversion, which has a look of
    /// its own after it (`afterCall`: the looks of a whole decode after the one it stops at).
    @Test(.enabled(if: hasTools, "needs heif-enc and avifenc (libheif-examples, libavif-bin)"),
          arguments: [("heic", 0), ("avif", 1)] as [(String, Int)])
    func aDecodeInOneLibraryCallStopsWhenTheCallReturns(_ format: String, afterCall: Int) throws {
        let folder = TemporaryDirectory()
        let file = try Self.write(format, in: folder)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.text)[.size] as? Int)
        let (full, cancelled) = try Self.everyCancel(file)
        let read = cancelled.map(\.bytesRead)
        print("\(format) \(Self.side(format))²: \(size) bytes; the full decode looked \(full.looks) times and read \(full.bytesRead) bytes; "
              + "cancelled after each look, it read \(read)")
        // The library call's cancel point: the last that lets the decode read the file's coded data
        // (half of it or more) beyond what the one before did. libheif 1.15 reads the whole file
        // twice, in heif_context_read_from_reader and again in heif_decode_image.
        let call = try #require(read.indices.dropFirst().last { read[$0] - read[$0 - 1] >= size / 2 },
                                "no cancel point let the decode read the image's data")
        #expect(full.looks - cancelled[call].looks == afterCall,
                "the call's cancel stopped at look \(cancelled[call].looks) of \(full.looks)")
    }
}
