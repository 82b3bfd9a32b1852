import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// Camera RAW through LibRaw, on DNGs made from known pixels by `Tests/PhotoTools/make-dng.py` (a
/// plasma-workspace-wallpapers photo as a Bayer mosaic; Tests/Fixtures/third-party.md), compared
/// with renders made elsewhere: the preview as `exiftool -b -PreviewImage` extracts it, turned by
/// ImageMagick; the demosaics as LibRaw's own `dcraw_emu` (libraw-bin) makes them with the same
/// settings (-w as-shot white balance, -g 2.4 12.92 sRGB's curve); and the photo the DNG was made from.
@Suite struct RAWDecoderTests {
    @Test(.enabled(if: RAWFiles.skipReason == nil, Comment(rawValue: RAWFiles.skipReason ?? "")),
          arguments: 1...8)
    func thePreviewIsShownUprightByTheRAWsOrientation(orientation: Int) throws {
        let folder = TemporaryDirectory()
        let dng = try RAWFiles.dng(in: folder, ["--preview", "jpeg", "--preview-width", "160", "--orientation", "\(orientation)"])
        // exiftool's copy of the preview, tagged with the DNG's orientation, turned by ImageMagick.
        let preview = folder.path("preview.jpg")
        try Data(try ExternalTools.outputBytes("exiftool", ["-b", "-PreviewImage", dng.text])).write(to: URL(fileURLWithPath: preview.text))
        try ExternalTools.exiftool(preview, ["-Orientation#=\(orientation)"])
        let reference = try RAWFiles.rgba(preview, ["-auto-orient"])
        let turned = orientation >= 5
        let (width, height) = turned ? (100, 160) : (160, 100)
        let image = try ImageDecoder.decode(dng, target: .fit(width: width, height: height))
        #expect((image.width, image.height) == (width, height))
        #expect(image.original.map { [$0.width, $0.height] } == (turned ? [200, 320] : [320, 200]))
        let (mean, largest) = RAWFiles.difference(image.pixels, reference)
        print("orientation \(orientation): preview \(mean) levels from exiftool's, largest \(largest)")
        #expect(mean <= 1 && largest <= 8, "orientation \(orientation): \(mean), \(largest)")
    }

    /// No preview: a card is a half-size demosaic, the full view at 1:1 the full one (AHD), each as
    /// `dcraw_emu` makes it from the same file (-h for half size), and near the photo the mosaic
    /// was made from. 12-bit lossless JPEG, 14-bit and 16-bit uncompressed; turned 90° (6).
    @Test(.enabled(if: RAWFiles.skipReason == nil, Comment(rawValue: RAWFiles.skipReason ?? "")),
          arguments: [["--bits", "12", "--compression", "ljpeg"], ["--bits", "14"], ["--bits", "16", "--orientation", "6"],
                      ["--bits", "14", "--compression", "ljpeg", "--cfa", "GBRG"]])
    func demosaicsMatchDcrawEmus(options: [String]) throws {
        let folder = TemporaryDirectory()
        let dng = try RAWFiles.dng(in: folder, ["--preview", "none"] + options)
        let turned = options.contains("6")
        let full = try ImageDecoder.decode(dng, target: .fit(width: 100_000, height: 100_000))
        #expect((full.width, full.height) == (turned ? (200, 320) : (320, 200)))
        let reference = try RAWFiles.dcrawEmu(dng, in: folder, half: false)
        let (mean, largest) = RAWFiles.difference(full.pixels, reference)
        // The photo the DNG was made from, turned as the DNG says.
        let photo = try RAWFiles.rgba(RAWFiles.photo(in: folder), turned ? ["-rotate", "90"] : [])
        let (fromPhoto, _) = RAWFiles.difference(full.pixels, photo)
        let half = try ImageDecoder.decode(dng, target: .fit(width: turned ? 100 : 160, height: turned ? 160 : 100))
        #expect((half.width, half.height) == (turned ? (100, 160) : (160, 100)))
        let (halfMean, halfLargest) = RAWFiles.difference(half.pixels, try RAWFiles.dcrawEmu(dng, in: folder, half: true))
        print("\(options): full \(mean) levels from dcraw_emu (largest \(largest)), \(fromPhoto) from the photo; "
              + "half size \(halfMean) (largest \(halfLargest))")
        #expect(mean <= 0.5 && largest <= 2)
        #expect(halfMean <= 0.5 && halfLargest <= 2)
        #expect(fromPhoto <= 4)
    }

    /// A card from an RGB bitmap preview (16-bit sensor data), through the same crop as any photo.
    @Test(.enabled(if: RAWFiles.skipReason == nil, Comment(rawValue: RAWFiles.skipReason ?? "")))
    func aBitmapPreviewMakesTheCard() throws {
        let folder = TemporaryDirectory()
        let dng = try RAWFiles.dng(in: folder, ["--preview", "rgb", "--preview-width", "160", "--bits", "16"])
        let preview = try RAWFiles.rgba(RAWFiles.photo(in: folder), ["-filter", "Box", "-resize", "160x100!"])
        let image = try ImageDecoder.decode(dng, target: .fit(width: 160, height: 100))
        let (mean, largest) = RAWFiles.difference(image.pixels, preview)
        print("bitmap preview: \(mean) levels from ImageMagick's box-filtered photo, largest \(largest)")
        #expect(mean <= 1.5)
    }

    /// A RAW+JPEG pair in the full view: placed at the RAW's size (320 × 200, the JPEG being
    /// 160 × 100), at the window's size the JPEG (as ImageMagick decodes it), at full size the
    /// RAW's demosaic (as dcraw_emu makes it), not the JPEG enlarged.
    @Test(.enabled(if: RAWFiles.skipReason == nil, Comment(rawValue: RAWFiles.skipReason ?? "")))
    func aPairsFullViewIsTheJPEGThenTheRAWsDemosaic() throws {
        let folder = TemporaryDirectory()
        let dng = try RAWFiles.dng(in: folder, ["--preview", "jpeg", "--preview-width", "160", "--bits", "14"])
        let jpeg = folder.path("photo.jpg")
        try Data(try ExternalTools.outputBytes("exiftool", ["-b", "-PreviewImage", dng.text])).write(to: URL(fileURLWithPath: jpeg.text))
        let pair = PhotoSource(files: CardFiles(jpeg, raw: dng))
        let window = try pair.decodeForView(target: .fit(width: 160, height: 100))
        #expect((window.width, window.height) == (160, 100))
        #expect(window.original.map { [$0.width, $0.height] } == [320, 200])
        let fromJPEG = RAWFiles.difference(window.pixels, try RAWFiles.rgba(jpeg, []))
        let full = try pair.decodeForView(target: .fit(width: Int(Int32.max), height: Int(Int32.max)))
        #expect((full.width, full.height) == (320, 200))
        let fromDcrawEmu = RAWFiles.difference(full.pixels, try RAWFiles.dcrawEmu(dng, in: folder, half: false))
        let fromEnlargedJPEG = RAWFiles.difference(full.pixels, try RAWFiles.rgba(jpeg, ["-resize", "320x200!"]))
        print("pair: window \(fromJPEG) from ImageMagick's JPEG; full \(fromDcrawEmu) from dcraw_emu's, "
              + "\(fromEnlargedJPEG) from the JPEG enlarged")
        #expect(fromJPEG.mean <= 1 && fromJPEG.largest <= 8)
        #expect(fromDcrawEmu.mean <= 0.5 && fromDcrawEmu.largest <= 2)
        #expect(fromEnlargedJPEG.mean > 2)
    }

    /// A RAW decode stops where it is cancelled, counted rather than timed: LibRaw's progress
    /// callback (at each of its stages) and the decoder's own checks look at the cancellation.
    /// An uncancelled demosaic, full or half-size (a card, no preview), looks N times; cancelled
    /// at its k-th look, for every k below N, the decode ends "cancelled" having looked k times
    /// and no more: LibRaw went no further.
    @Test(.enabled(if: RAWFiles.skipReason == nil, Comment(rawValue: RAWFiles.skipReason ?? "")))
    func aDemosaicStopsAtTheLookItWasCancelledAt() throws {
        let folder = TemporaryDirectory()
        let dng = try RAWFiles.dng(in: folder, ["--preview", "none", "--bits", "14"])
        for target in [DecodeTarget.fit(width: Int(Int32.max), height: Int(Int32.max)), .fill(width: 100, height: 100)] {
            let counting = DecodeCancellation(cancellingAfterLooks: .max)
            _ = try ImageDecoder.decode(dng, target: target, cancellation: counting)
            let looks = counting.looks
            print("\(target): \(looks) looks uncancelled")
            #expect(looks >= 8, "\(target): LibRaw's stages are looked at")
            // LibRaw's AHD (the full demosaic) asks from its first OpenMP thread alone, once for
            // each band of tiles that thread takes: this 320 × 200 photo is one band, asked for or
            // not as the threads fall, so a full demosaic looks N or N − 1 times. Every k below N
            // is reached whichever it is.
            for k in 1..<looks {
                // Cancelled as it makes its (k - 1)th look, so that its k-th says stop.
                let cancellation = DecodeCancellation(cancellingAfterLooks: k - 1)
                do {
                    _ = try ImageDecoder.decode(dng, target: target, cancellation: cancellation)
                    Issue.record("\(target), cancelled at look \(k): decoded all the same")
                } catch {
                    #expect(error.cancelled, "\(target), cancelled at look \(k): \(error)")
                }
                #expect(cancellation.looks == k, "\(target), cancelled at look \(k): looked \(cancellation.looks) times")
            }
        }
    }

    /// --info's and the overlay's lines and --sort taken's date come from the RAW's own tags.
    @Test(.enabled(if: RAWFiles.skipReason == nil, Comment(rawValue: RAWFiles.skipReason ?? "")))
    func theInformationIsTheRAWs() throws {
        let folder = TemporaryDirectory()
        let dng = try RAWFiles.dng(in: folder, ["--bits", "12", "--cfa", "GRBG", "--orientation", "8", "--make", "Canon",
                                               "--model", "Canon EOS 5D Mark IV", "--lens", "EF24-70mm f/2.8L II USM",
                                               "--exposure", "1/125", "--fnumber", "8", "--iso", "400", "--focal", "50",
                                               "--date", "2019:07:14 18:30:05"])
        let info = PhotoInfo.read(dng)
        let lines = Dictionary(uniqueKeysWithValues: info.lines.map { ($0.label, $0.value) })
        #expect(lines["Pixels"] == "200 × 320")
        #expect(lines["Format"] == "Adobe DNG")
        #expect(lines["Sensor"] == "RAW 320 × 200, 12-bit, Bayer GRBG")
        #expect(lines["Camera"] == "Canon EOS 5D Mark IV")
        #expect(lines["Lens"] == "EF24-70mm f/2.8L II USM")
        #expect(lines["Exposure"] == "1/125 s")
        #expect(lines["Aperture"] == "f/8.0")
        #expect(lines["Sensitivity"] == "ISO 400")
        #expect(lines["Focal length"] == "50 mm")
        #expect(lines["Taken"] == "2019-07-14 18:30:05")
        #expect(DateTaken.dateTaken(dng) == "2019:07:14 18:30:05")
    }
}

/// DNGs written by `Tests/PhotoTools/make-dng.py` from a photo of plasma-workspace-wallpapers.
enum RAWFiles {
    static let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PhotoTools")
    /// The photo the DNGs are made from (Debian's plasma-workspace-wallpapers).
    static let wallpaper = "/usr/share/wallpapers/Autumn/contents/images/640x480.jpg"

    /// The Python that has numpy: the Makefile's test venv (.build/test-venv), else python3.
    static let python: String = {
        let venv = tools.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/test-venv/bin/python3")
        return FileManager.default.isExecutableFile(atPath: venv.path) ? venv.path : "python3"
    }()

    /// Why the RAW tests cannot run here, or nil.
    static let skipReason: String? = {
        if !FileManager.default.fileExists(atPath: wallpaper) {
            return "needs Debian's plasma-workspace-wallpapers (make test-deps installs it)"
        }
        if (try? ExternalTools.run(python, ["-c", "import numpy"])) == nil {
            return "needs numpy from PyPI for Tests/PhotoTools/make-dng.py (make test-deps installs it into .build/test-venv)"
        }
        if (try? ExternalTools.run("dcraw_emu", ["-h"])) == nil, !FileManager.default.fileExists(atPath: "/usr/bin/dcraw_emu") {
            return "needs dcraw_emu from Debian's libraw-bin (make test-deps installs it)"
        }
        return nil
    }()

    /// The wallpaper at 320 × 200, as a binary PPM.
    static func photo(in folder: TemporaryDirectory) throws -> FilePath {
        let ppm = folder.path("photo.ppm")
        if !FileManager.default.fileExists(atPath: ppm.text) {
            try ExternalTools.convert([wallpaper, "-resize", "320x200!", "-depth", "8", "ppm:" + ppm.text])
        }
        return ppm
    }

    static func dng(in folder: TemporaryDirectory, _ options: [String], name: String = "photo.dng") throws -> FilePath {
        let dng = folder.path(name)
        try ExternalTools.run(python, [tools.appendingPathComponent("make-dng.py").path, try photo(in: folder).text, dng.text]
                                      + options)
        return dng
    }

    /// `dcraw_emu`'s render (-w -g 2.4 12.92; -h for half size), as RGBA.
    static func dcrawEmu(_ dng: FilePath, in folder: TemporaryDirectory, half: Bool) throws -> [UInt8] {
        let out = folder.path(half ? "half.tiff" : "full.tiff")
        try ExternalTools.run("dcraw_emu", ["-w", "-g", "2.4", "12.92", "-T"] + (half ? ["-h"] : []) + ["-Z", out.text, dng.text])
        return try rgba(out, [])
    }

    /// ImageMagick's 8-bit RGBA of `file` after `operations`.
    static func rgba(_ file: FilePath, _ operations: [String]) throws -> [UInt8] {
        try ExternalTools.outputBytes("convert", [file.text] + operations + ["-depth", "8", "rgba:-"])
    }

    /// The mean and largest difference of the colour channels, in levels; (255, 255) when the sizes differ.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, largest: Int) {
        guard a.count == b.count, !a.isEmpty else { return (255, 255) }
        var sum = 0, largest = 0, count = 0
        for i in 0..<a.count where i % 4 != 3 {
            let d = abs(Int(a[i]) - Int(b[i]))
            sum += d
            largest = max(largest, d)
            count += 1
        }
        return ((Double(sum) / Double(count) * 100).rounded() / 100, largest)
    }
}
