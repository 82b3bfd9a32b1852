import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// R, Shift+R and the flips saved into the file (`PhotoTurner`): files written by ImageMagick from a
/// photo Swivel did not make (a KDE wallpaper), stored in each EXIF orientation 1-8 and tagged by
/// exiftool, turned each of the four ways; what ImageMagick then shows (`-auto-orient`) against what
/// it makes of the original (`-auto-orient` then `-rotate 90`, `-rotate -90`, `-flop`, `-flip`), and
/// exiftool's reading of every tag before and after (`-a -G1`): all the same but the orientation.
@Suite(.serialized) struct PhotoTurnerTests {
    static let wallpaper = "/usr/share/wallpapers/FallenLeaf/contents/images/1920x1080.jpg"
    static let hasTools = FileManager.default.fileExists(atPath: wallpaper)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
    static let toolsReason: Comment = "needs plasma-workspace-wallpapers, exiftool and ImageMagick"

    /// ImageMagick's operation for each turn of the upright photo.
    static func imageMagick(_ turn: PhotoTurn) -> [String] {
        switch turn {
        case .clockwise: ["-rotate", "90"]
        case .anticlockwise: ["-rotate", "-90"]
        case .mirror: ["-flop"]
        case .flip: ["-flip"]
        }
    }

    /// The upright photo as ImageMagick shows `file` (`-auto-orient`), RGB, and its size. ImageMagick
    /// 6.9 reads no orientation from a PNG's `eXIf` or a WebP's `EXIF` chunk (`%[orientation]` is
    /// Undefined for both): for those the orientation exiftool reads is applied by ImageMagick's
    /// own operation for it, as `-auto-orient` does for a JPEG or TIFF.
    static func shown(_ file: FilePath, _ operations: [String] = []) throws -> (rgb: [UInt8], size: String) {
        var orient = ["-auto-orient"]
        if ["png", "webp"].contains(file.pathExtension) {
            let n = Int(try PhotoInfoTests.exiftool(file, "Orientation")) ?? 1
            orient = autoOrient(n)
        }
        let size = try ExternalTools.output("convert", [file.text] + orient + operations + ["-format", "%wx%h", "info:"])
        let rgb = try ExternalTools.outputBytes("convert", [file.text] + orient + operations + ["-depth", "8", "rgb:-"])
        return (rgb, size)
    }

    /// ImageMagick's operation that stands the stored pixels of EXIF orientation `n` upright (what
    /// its `-auto-orient` does for each: MagickCore's AutoOrientImage).
    static func autoOrient(_ n: Int) -> [String] {
        switch n {
        case 2: ["-flop"]
        case 3: ["-rotate", "180"]
        case 4: ["-flip"]
        case 5: ["-transpose"]
        case 6: ["-rotate", "90"]
        case 7: ["-transverse"]
        case 8: ["-rotate", "270"]
        default: []
        }
    }

    /// Every tag exiftool reads (`-a -G1 -s -n`, one "[Group] Name: value" a line), without its
    /// own and the file system's (name, dates, size) and the values worked out from others (Composite).
    static func tags(_ file: FilePath) throws -> [String] {
        let text = try ExternalTools.output("exiftool", ["-a", "-G1", "-s", "-n", file.text])
        return text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { line in !["[ExifTool]", "[System]", "[Composite]"].contains { line.hasPrefix($0) } }
    }

    /// A photo with metadata of every kind a camera and an editor leave: EXIF (camera, date, an
    /// exposure), XMP, an ICC profile, a comment; stored so that orientation `n` shows it upright.
    static func source(_ folder: TemporaryDirectory, _ name: String, orientation n: Int, size: String = "96x64",
                       options: [String] = ["-quality", "92", "-sampling-factor", "2x2"]) throws -> FilePath {
        let file = folder.path(name)
        try ExternalTools.convert([wallpaper, "-crop", size + "+700+400", "+repage"] + Quadrants.storing(n) + options + [file.text])
        try ExternalTools.exiftool(file, ["-Make=Swivel Test Camera", "-Model=Model 7", "-DateTimeOriginal=2023:04:05 06:07:08",
                                          "-ExposureTime=1/250", "-FNumber=5.6", "-XMP-dc:Title=Leaves", "-Comment=kept",
                                          "-Orientation#=\(n)"])
        return file
    }

    /// A turned file's tags against the original's: the same lines but Orientation's (and for a
    /// lossless transform, the pixel size's, which the image itself gives).
    static func changedTags(_ before: [String], _ after: [String], swapped: Bool) -> [String] {
        let ignored = ["Orientation"] + (swapped ? ["ImageWidth", "ImageHeight"] : [])
        func kept(_ lines: [String]) -> Set<String> {
            Set(lines.filter { line in !ignored.contains { line.split(separator: " ").dropFirst().first.map(String.init) == $0 } })
        }
        return Array(kept(before).symmetricDifference(kept(after))).sorted()
    }

    /// JPEG, losslessly: for each stored orientation and each turn, the file ImageMagick shows is
    /// what it makes of the original turned, to within the IDCT's and upsampling's rounding
    /// (moving DCT blocks is exact; decoding them turned is not bit-identical to turning the
    /// decoded pixels: 0.0 levels on average and at most a few apart, measured below), its
    /// orientation 1, its scan not the original's, its tags the original's.
    @Test(.enabled(if: hasTools, toolsReason)) func jpegEveryOrientationEveryTurnLossless() throws {
        let folder = TemporaryDirectory()
        var worst = 0, worstMean = 0.0
        for n in 1...8 {
            let original = try Self.source(folder, "o\(n).jpg", orientation: n)
            let before = try Self.tags(original)
            for turn in PhotoTurn.allCases {
                let turned = try PhotoTurner.turn(Array(try Data(contentsOf: URL(fileURLWithPath: original.text))), format: .jpeg, by: turn)
                #expect(turned.method == PhotoTurner.Method.lossless, "orientation \(n), \(turn)")
                let out = folder.path("o\(n)-\(turn).jpg")
                try Data(turned.bytes).write(to: URL(fileURLWithPath: out.text))
                #expect(try PhotoInfoTests.exiftool(out, "Orientation") == "1", "orientation \(n), \(turn)")
                let expected = try Self.shown(original, Self.imageMagick(turn)), got = try Self.shown(out)
                #expect(got.size == expected.size, "orientation \(n), \(turn): \(got.size) for \(expected.size)")
                guard got.rgb.count == expected.rgb.count else { continue }
                let differences = zip(got.rgb, expected.rgb).map { abs(Int($0) - Int($1)) }
                let mean = Double(differences.reduce(0, +)) / Double(differences.count)
                worst = max(worst, differences.max() ?? 0)
                worstMean = max(worstMean, mean)
                // The stored pixels are moved to stand upright: their width and height trade
                // places when the photo's new orientation does.
                let target = Orientation(rawValue: n)!.turned(by: turn)
                let changed = Self.changedTags(before, try Self.tags(out), swapped: target.swapsSides)
                #expect(changed.isEmpty, "orientation \(n), \(turn): \(changed)")
            }
        }
        print("lossless JPEG turns against ImageMagick's: largest difference \(worst), largest mean \(worstMean)")
        #expect(worst <= 4 && worstMean <= 0.5, "largest \(worst), mean \(worstMean)")
    }

    /// A JPEG whose size is not a multiple of its MCU (100 × 70 at 4:2:0, MCU 16 × 16) cannot be
    /// turned by moving blocks without losing its partial edges (jpegtran -perfect refuses) unless
    /// the move keeps them at the right and bottom: of the eight, only the identity and the
    /// transpose (jpegtran's rule: -transpose is always perfect). The other six are turned by the
    /// EXIF orientation, their scan byte for byte the original's, and show exactly as turned.
    @Test(.enabled(if: hasTools, toolsReason)) func jpegOfAPartialMCUIsTurnedByItsOrientation() throws {
        let folder = TemporaryDirectory()
        for n in [1, 6] {
            let original = try Self.source(folder, "p\(n).jpg", orientation: n, size: "100x70")
            let before = try Self.tags(original)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: original.text)))
            for turn in PhotoTurn.allCases {
                let turned = try PhotoTurner.turn(bytes, format: .jpeg, by: turn)
                let out = folder.path("p\(n)-\(turn).jpg")
                try Data(turned.bytes).write(to: URL(fileURLWithPath: out.text))
                let expected = try Self.shown(original, Self.imageMagick(turn)), got = try Self.shown(out)
                let target = Orientation(rawValue: n)!.turned(by: turn)
                #expect(got.size == expected.size, "orientation \(n), \(turn)")
                if target == .up || target == .transposed {
                    // Nothing to move, or a perfect transpose: orientation 1, pixels to within the IDCT's rounding.
                    #expect(turned.method == PhotoTurner.Method.lossless, "orientation \(n), \(turn)")
                    #expect(try PhotoInfoTests.exiftool(out, "Orientation") == "1")
                    let largest = zip(got.rgb, expected.rgb).map { abs(Int($0) - Int($1)) }.max() ?? 0
                    #expect(got.rgb.count == expected.rgb.count && largest <= 4, "orientation \(n), \(turn): \(largest)")
                    #expect(Self.changedTags(before, try Self.tags(out), swapped: target.swapsSides).isEmpty)
                } else {
                    #expect(turned.method == PhotoTurner.Method.orientation, "orientation \(n), \(turn)")
                    #expect(try PhotoInfoTests.exiftool(out, "Orientation") == "\(target.rawValue)")
                    #expect(got.rgb == expected.rgb, "orientation \(n), \(turn)")
                    #expect(Self.scan(turned.bytes) == Self.scan(bytes))
                    #expect(Self.changedTags(before, try Self.tags(out), swapped: false).isEmpty)
                }
            }
        }
    }

    /// A JPEG whose EXIF has no Orientation (upright, as most cameras' landscape photos): turned
    /// losslessly it is upright again, and no tag is added (exiftool's tags are all the original's).
    @Test(.enabled(if: hasTools, toolsReason)) func jpegWithoutAnOrientationGetsNone() throws {
        let folder = TemporaryDirectory()
        let original = folder.path("n.jpg")
        try ExternalTools.convert([Self.wallpaper, "-crop", "96x64+700+400", "+repage", original.text])
        try ExternalTools.exiftool(original, ["-Make=Swivel Test Camera"])
        let before = try Self.tags(original)
        let turned = try PhotoTurner.turn(Array(try Data(contentsOf: URL(fileURLWithPath: original.text))), format: .jpeg, by: .clockwise)
        let out = folder.path("n-turned.jpg")
        try Data(turned.bytes).write(to: URL(fileURLWithPath: out.text))
        #expect(try PhotoInfoTests.exiftool(out, "Orientation") == "")
        #expect(Self.changedTags(before, try Self.tags(out), swapped: true).isEmpty)
    }

    /// The file from its first scan's marker on, found by walking the segments (the bytes FF DA
    /// also occur inside metadata: an EXIF thumbnail's own scan, Photoshop's IPTC block).
    static func scan(_ jpeg: [UInt8]) -> [UInt8] {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
            if jpeg[at + 1] == 0xDA { return Array(jpeg[at...]) }
            at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
        }
        return []
    }

    /// PNG (`eXIf`), WebP (`EXIF`) and TIFF (its tag), each orientation 1-8 and each turn: the
    /// orientation recorded, so ImageMagick shows exactly the original turned (the same pixel
    /// bytes), and every other tag is the original's. The PNG and WebP are written with an EXIF
    /// block by exiftool (so `eXIf` and the `EXIF` chunk) except orientation 1's, which has none:
    /// the turn adds one.
    @Test(.enabled(if: hasTools, toolsReason), arguments: ["png", "webp", "tif"])
    func orientationFormatsEveryOrientationEveryTurn(_ format: String) throws {
        let folder = TemporaryDirectory()
        let options: [String] = switch format {
        case "webp": ["-define", "webp:lossless=true"]
        case "tif": ["-compress", "zip"]
        default: []
        }
        for n in 1...8 {
            let original = folder.path("o\(n).\(format)")
            try ExternalTools.convert([Self.wallpaper, "-crop", "64x48+700+400", "+repage"] + Quadrants.storing(n) + options
                                      + [original.text])
            if n > 1 || format == "tif" {
                try ExternalTools.exiftool(original, ["-Make=Swivel Test Camera", "-Orientation#=\(n)"])
            }
            let before = try Self.tags(original)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: original.text)))
            for turn in PhotoTurn.allCases {
                let turned = try PhotoTurner.turn(bytes, format: ImageFormat(rawValue: format == "tif" ? "tiff" : format), by: turn)
                #expect(turned.method == PhotoTurner.Method.orientation)
                let out = folder.path("o\(n)-\(turn).\(format)")
                try Data(turned.bytes).write(to: URL(fileURLWithPath: out.text))
                let expected = try Self.shown(original, Self.imageMagick(turn)), got = try Self.shown(out)
                #expect(got.size == expected.size && got.rgb == expected.rgb, "\(format) orientation \(n), \(turn)")
                let target = Orientation(rawValue: n)!.turned(by: turn)
                #expect(try PhotoInfoTests.exiftool(out, "Orientation") == "\(target.rawValue)", "\(format) \(n) \(turn)")
                var changed = Self.changedTags(before, try Self.tags(out), swapped: false)
                // A WebP given its first EXIF chunk becomes an extended file: exiftool then reads its VP8X header too.
                if format == "webp" && n == 1 { changed.removeAll { $0.hasPrefix("[RIFF]") } }
                #expect(changed.isEmpty, "\(format) orientation \(n), \(turn): \(changed)")
            }
        }
    }

    /// A format with nowhere to record a turn is refused with a reason.
    @Test(.enabled(if: hasTools, toolsReason)) func aGIFIsRefused() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("a.gif")
        try ExternalTools.convert(["-size", "8x8", "xc:red", file.text])
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file.text))
        defer { try? handle.close() }
        do throws(DecodeFailure) {
            _ = try PhotoTurner.turn(descriptor: handle.fileDescriptor, pathExtension: "gif", by: .clockwise)
            Issue.record("a GIF was turned")
        } catch {
            #expect(error.reason == "GIF has no orientation to record a turn in")
        }
    }
}
