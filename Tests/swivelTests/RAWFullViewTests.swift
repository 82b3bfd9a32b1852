import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing

/// A DNG in the full view through the real binary (offscreen, `--open 0`, `--screenshot`): 2400 ×
/// 1600 pixels, larger than the 1280 × 720 window, with a 1200 × 800 JPEG preview, which covers
/// the window's fit (1080 × 720) but not 1:1. At 1:1 (key 1, the full resolution asked for once
/// zoomed past the window-size decode) the window shows the photo's middle 1280 × 720 pixels of
/// the full demosaic, as LibRaw's own `dcraw_emu` renders the file, not the preview enlarged; a
/// RAW+JPEG pair of the same DNG and its preview shows the same frame (zoomed past the JPEG's
/// size, the RAW).
@Suite(.serialized) struct RAWFullViewTests {
    static let skipReason = RAWBoxTests.skipReason

    /// The folder's DNG (and, with `pair`, its preview as IMG_1.JPG), the frames at fit and at 1:1.
    struct Run {
        let folder = TemporaryDirectory()
        var dng: FilePath { folder.path("photos/IMG_1.DNG") }

        init(pair: Bool) throws {
            folder.makeDirectories("photos")
            let ppm = folder.path("photo.ppm")
            let made = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/convert"),
                                                    ["/usr/share/wallpapers/Autumn/contents/images/2560x1600.jpg",
                                                     "-resize", "2400x1600!", "-depth", "8", "ppm:" + ppm.text])
            try #require(made.status == 0, "\(made.stderr)")
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                                      [RAWBoxTests.python, RAWBoxTests.tools.appendingPathComponent("make-dng.py").path,
                                                       ppm.text, dng.text, "--bits", "14", "--preview", "jpeg", "--preview-width", "1200"])
            try #require(result.status == 0, "make-dng.py: \(result.stderr)")
            if pair {
                let preview = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/exiftool"), ["-b", "-PreviewImage", dng.text])
                try #require(preview.status == 0 && !preview.stdoutBytes.isEmpty)
                _ = folder.write("photos/IMG_1.JPG", bytes: preview.stdoutBytes)
            }
        }

        /// The frame after `lines` (none: at fit), also kept at `keep` when given.
        func frame(_ lines: [String], keep: String? = nil) throws -> Image {
            let name = "frame-\(lines.count).png"
            var arguments = [folder.path("photos").text, "--size", "1280x720", "--open", "0", "--screenshot", folder.path(name).text]
            if !lines.isEmpty {
                let recording = (["swivel-recording 1", "0 resize 1280 720"] + lines + ["3 end"]).joined(separator: "\n") + "\n"
                try recording.write(toFile: folder.path("r.rec").text, atomically: true, encoding: .utf8)
                arguments += ["--replay", folder.path("r.rec").text]
            }
            let result = try SwivelProcess.run(arguments, environment: ["SDL_VIDEODRIVER": "offscreen"])
            #expect(result.status == 0 && !result.stderr.contains("swivel:"), "\(result.stderr)")
            if let keep { _ = try? FileManager.default.removeItem(atPath: keep); try FileManager.default.copyItem(atPath: folder.path(name).text, toPath: keep) }
            return try Image(contentsOf: folder.path(name).text)
        }

        /// ImageMagick's crop of `file` (after `operations`).
        func crop(_ file: FilePath, _ operations: [String]) throws -> Image {
            let out = folder.path("reference-\(operations.count).png")
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/convert"),
                                                      [file.text] + operations + ["+repage", "-depth", "8", out.text])
            try #require(result.status == 0, "\(result.stderr)")
            return try Image(contentsOf: out.text)
        }

        /// dcraw_emu's full render of the DNG (-w as-shot white balance, -g 2.4 12.92 sRGB's curve).
        func dcrawEmu() throws -> FilePath {
            let out = folder.path("full.tiff")
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/dcraw_emu"),
                                                      ["-w", "-g", "2.4", "12.92", "-T", "-Z", out.text, dng.text])
            try #require(result.status == 0, "dcraw_emu: \(result.stderr)")
            return out
        }
    }

    /// 1:1: the middle 1280 × 720 of dcraw_emu's demosaic (origin (560, 440)), within half a level
    /// on average; the preview enlarged to the photo's size is far off it.
    @Test(.enabled(if: skipReason == nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/dcraw_emu"),
                   Comment(rawValue: skipReason ?? "needs dcraw_emu (libraw-bin)")))
    func oneToOneIsTheDemosaicNotThePreview() throws {
        let run = try Run(pair: false)
        let keep = ProcessInfo.processInfo.environment["SWIVEL_TEST_KEEP_FRAMES"]
        let fit = try run.frame([], keep: keep.map { $0 + "/dng-fit.png" })
        let one = try run.frame(["0.1 key one"], keep: keep.map { $0 + "/dng-1to1.png" })
        #expect(one.width == 1280 && one.height == 720 && fit.width == 1280)
        let demosaic = try run.crop(try run.dcrawEmu(), ["-crop", "1280x720+560+440"])
        let preview = run.folder.path("preview.jpg")
        let extracted = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/exiftool"), ["-b", "-PreviewImage", run.dng.text])
        _ = run.folder.write("preview.jpg", bytes: extracted.stdoutBytes)
        let enlarged = try run.crop(preview, ["-resize", "2400x1600!", "-crop", "1280x720+560+440"])
        let (mean, largest) = (one.meanDifference(demosaic), one.maxDifference(demosaic))
        let fromPreview = one.meanDifference(enlarged)
        print("DNG at 1:1: \(mean) levels from dcraw_emu's demosaic (largest \(largest)); \(fromPreview) from the preview enlarged")
        #expect(mean <= 0.5 && largest <= 2)
        #expect(fromPreview > 2)

        // The pair of the DNG and its preview: the same frame at 1:1 (the RAW's pixels), and at
        // fit the JPEG's (the same preview's bytes).
        let pair = try Run(pair: true)
        let pairOne = try pair.frame(["0.1 key one"], keep: keep.map { $0 + "/pair-1to1.png" })
        #expect(pairOne.maxDifference(one) == 0)
        #expect(try pair.frame([]).maxDifference(fit) == 0)
    }
}
