import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// AVIF through libavif: sequences (`avis`) show their first frame with its alpha, transforms
/// match libheif's, sizes over the limits are refused from the container, and the date taken is
/// read from the Exif item.
@Suite(.serialized) struct AVIFTests {
    /// Three frames 64 × 48 (red | half-transparent blue, then green, then yellow), written by
    /// ImageMagick as RGBA PNGs and by avifenc as one lossless sequence at 10 frames a second.
    static func writeSequence(in folder: TemporaryDirectory) throws -> (avif: FilePath, first: FilePath) {
        let frames = (1...3).map { folder.path("f\($0).png") }
        try ExternalTools.convert(["-size", "64x48", "xc:none", "-fill", "rgba(255,0,0,1)", "-draw", "rectangle 0,0 31,47",
                                   "-fill", "rgba(0,0,255,0.5)", "-draw", "rectangle 32,0 63,47", "PNG32:" + frames[0].text])
        try ExternalTools.convert(["-size", "64x48", "xc:rgba(0,192,0,1)", "PNG32:" + frames[1].text])
        try ExternalTools.convert(["-size", "64x48", "xc:rgba(255,255,0,0.25)", "PNG32:" + frames[2].text])
        let avif = folder.path("sequence.avif")
        try ExternalTools.run("avifenc", ["-s", "10", "-l", "--fps", "10"] + frames.map(\.text) + [avif.text])
        return (avif, frames[0])
    }

    /// The same file with its `pitm` box turned into a `free` box of the same size (so no offset
    /// moves): a sequence whose meta box names no still image, which libheif 1.15 refuses ("No
    /// 'pitm' box": it has no sequence support) and Swivel used to skip.
    static func withoutPrimaryItem(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        func boxes(_ range: Range<Int>) -> [(type: String, start: Int, size: Int)] {
            var found: [(String, Int, Int)] = [], at = range.lowerBound
            while at + 8 <= range.upperBound {
                let size = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
                guard size >= 8 else { break }
                found.append((String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), at, size))
                at += size
            }
            return found
        }
        for meta in boxes(0..<bytes.count) where meta.type == "meta" {
            for pitm in boxes((meta.start + 12)..<(meta.start + meta.size)) where pitm.type == "pitm" {
                bytes.replaceSubrange((pitm.start + 4)..<(pitm.start + 8), with: Array("free".utf8))
            }
        }
        return bytes
    }

    /// The first frame, premultiplied, from ImageMagick's reading of its PNG (`-depth 8 rgba:-`).
    static func expectedFirstFrame(_ png: FilePath) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["convert", png.text, "-depth", "8", "rgba:-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let straight = [UInt8](data)
        return stride(from: 0, to: straight.count, by: 4).flatMap { i -> [UInt8] in
            let a = Int(straight[i + 3])
            return (0..<3).map { UInt8((Int(straight[i + $0]) * a + 127) / 255) } + [UInt8(a)]
        }
    }

    /// The sequence (with its still image, as avifenc 0.11 writes it, and without one) shows the
    /// first frame: every pixel within 2 levels of the source PNG's, premultiplied (lossless AV1;
    /// the rounding of premultiplying twice). Neither the second frame (green) nor an opaque one.
    @Test func aSequenceShowsItsFirstFrameWithAlpha() throws {
        let folder = TemporaryDirectory()
        let (avif, first) = try Self.writeSequence(in: folder)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: avif.text)))
        #expect(bytes[8..<12].elementsEqual("avis".utf8), "the major brand is a sequence's")
        let trackOnly = folder.path("track-only.avif")
        try Data(Self.withoutPrimaryItem(bytes)).write(to: URL(fileURLWithPath: trackOnly.text))
        let want = try Self.expectedFirstFrame(first)
        #expect(want.count == 64 * 48 * 4)
        for file in [avif, trackOnly] {
            let card = try ImageDecoder.decode(file, width: 64, height: 48)
            let worst = zip(card.pixels, want).map { abs(Int($0) - Int($1)) }.max() ?? 255
            #expect(worst <= 2, "\(file.lastComponentText): worst difference \(worst); left \(card.rgba(10, 20)), right \(card.rgba(50, 20))")
            #expect(card.rgba(10, 20) == [255, 0, 0, 255] && (126...128).contains(card.rgba(50, 20)[3]),
                    "\(card.rgba(10, 20)) \(card.rgba(50, 20))")
        }
        // libheif cannot read the second: the test file is what it claims to be.
        let track = try OpenFile(trackOnly)
        defer { track.close() }
        #expect(throws: Failure.self) { try HEIFDecoder.decode(track, target: .fill(width: 64, height: 48)) }
    }

    /// Every combination of `irot` (0-3 quarter turns anticlockwise) and `imir` (none, 0, 1) on
    /// the upright pattern, written by avifenc: libavif's card matches libheif's (which applies
    /// the transforms itself) quadrant by quadrant, and only the untransformed one is upright.
    @Test func rotationsAndMirrorsMatchLibheif() throws {
        let folder = TemporaryDirectory()
        let upright = folder.path("upright.png")
        try Quadrants.writeUpright(upright, width: 80, height: 120)
        for turns in 0...3 {
            for mirror in [nil, 0, 1] as [Int?] {
                let avif = folder.path("r\(turns)m\(mirror ?? 9).avif")
                try ExternalTools.run("avifenc", ["-s", "10", "-l"] + (turns > 0 ? ["--irot", "\(turns)"] : [])
                                      + (mirror.map { ["--imir", "\($0)"] } ?? []) + [upright.text, avif.text])
                let shown = try ImageDecoder.decode(avif, width: 40, height: 60)
                let file = try OpenFile(avif)
                defer { file.close() }
                let reference = try HEIFDecoder.decode(file, target: .fill(width: 40, height: 60))
                let same = zip(Quadrants.sample(shown), Quadrants.sample(reference))
                    .allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) <= 3 } }
                #expect(same, "irot \(turns) imir \(String(describing: mirror)): libavif \(Quadrants.sample(shown)), libheif \(Quadrants.sample(reference))")
                #expect(Quadrants.isUpright(shown) == (turns == 0 && mirror == nil), "irot \(turns) imir \(String(describing: mirror))")
            }
        }
    }

    /// A 20000 × 2 AVIF is refused with the limit's own words: libavif's dimension limit is
    /// `ImageLimits`', so it refuses the file while parsing its boxes, before any AV1 data.
    @Test func sizesOverTheLimitsAreRefused() throws {
        let folder = TemporaryDirectory()
        // (ImageMagick's policy stops at 16000 px, so the frame is a Y4M written by hand.)
        let y4m = folder.path("wide.y4m"), avif = folder.path("wide.avif")
        try Data(Array("YUV4MPEG2 W20000 H2 F30:1 Ip A1:1 C444\nFRAME\n".utf8) + Array(repeating: 128, count: 20000 * 2 * 3))
            .write(to: URL(fileURLWithPath: y4m.text))
        try ExternalTools.run("avifenc", ["-s", "10", y4m.text, avif.text])
        do {
            _ = try ImageDecoder.decode(avif, width: 40, height: 60)
            Issue.record("a 20000 px wide AVIF was decoded")
        } catch {
            #expect(error.reason == "20000×2 px is over the 16384 px limit on a side", "\(error.reason)")
        }
    }

    /// An AVIF whose `ispe` says 16000 × 16000 over a 640 × 360 frame (avifenc's file with its
    /// ispe rewritten) is refused in one line. libavif 0.11 scaled the frame up to the size claimed
    /// and the card showed it: 2.3 GB of planes in a worker for a 23 KB file.
    @Test func aFrameSmallerThanItsIspeIsRefused() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("frame.png"), avif = folder.path("frame.avif")
        try ExternalTools.convert(["-size", "640x360", "gradient:orange-navy", png.text])
        try ExternalTools.run("avifenc", ["-s", "10", png.text, avif.text])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: avif.text)))
        let type = Array("ispe".utf8)
        let at = try #require((0..<(bytes.count - 16)).first { Array(bytes[$0..<($0 + 4)]) == type })
        // After the type: version and flags (4 bytes), then the width and the height (4 each).
        #expect(Array(bytes[(at + 8)..<(at + 16)]) == ImageFiles.be32(640) + ImageFiles.be32(360))
        bytes.replaceSubrange((at + 8)..<(at + 16), with: ImageFiles.be32(16000) + ImageFiles.be32(16000))
        let claimed = folder.write("claimed.avif", bytes: bytes)
        #expect(decodeRefusal(claimed, width: 40, height: 60) == "cannot decode: AVIF image data is not the 16000×16000 px its header says")
        // The file as avifenc wrote it decodes.
        #expect(decodeRefusal(avif, width: 40, height: 60) == nil)
    }

    /// The date taken comes from the AVIF's Exif item (avifenc keeps a JPEG's), through libavif.
    @Test func theDateTakenIsReadFromTheExifItem() throws {
        let folder = TemporaryDirectory()
        let jpeg = folder.path("source.jpg"), avif = folder.path("dated.avif"), plain = folder.path("plain.avif")
        try ExternalTools.convert(["-size", "32x32", "xc:#804020", jpeg.text])
        try ExternalTools.run("avifenc", ["-s", "10", jpeg.text, plain.text])
        try ExternalTools.exiftool(jpeg, ["-DateTimeOriginal=2020:01:01 00:00:02"])
        try ExternalTools.run("avifenc", ["-s", "10", jpeg.text, avif.text])
        #expect(DateTaken.dateTaken(avif) == "2020:01:01 00:00:02")
        #expect(DateTaken.dateTaken(plain) == nil)
    }
}

extension FilePath {
    /// The last component as text, for messages.
    var lastComponentText: String { String(decoding: lastComponent, as: UTF8.self) }
}
