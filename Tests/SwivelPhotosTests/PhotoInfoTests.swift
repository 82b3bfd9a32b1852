import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// The information overlay's values (`PhotoInfo`), against exiftool (EXIF written by exiftool)
/// and ImageMagick (pixel size, the ICC profile's description), on files Swivel did not write.
@Suite(.serialized) struct PhotoInfoTests {
    /// exiftool's value of `tag` in `file`: `-n` for the number as stored, without it as exiftool
    /// prints it for people.
    static func exiftool(_ file: FilePath, _ tag: String, numeric: Bool = true) throws -> String {
        try ExternalTools.output("exiftool", (numeric ? ["-n"] : []) + ["-s", "-s", "-s", "-" + tag, file.text])
    }

    static func label(_ info: PhotoInfo, _ label: String) -> String? { info.lines.first { $0.label == label }?.value }

    /// Camera, lens and exposure tags as exiftool writes them: PhotoInfo reads what exiftool
    /// reads, and shows f-number and exposure as exiftool prints them.
    @Test(arguments: [
        (format: "jpg", make: "Canon", model: "Canon EOS 5D", lens: "EF 50mm f/1.4", f: "2.8", exposure: "0.004",
         iso: "400", focal: "50", film: "75", orientation: 6),
        (format: "png", make: "NIKON CORPORATION", model: "NIKON D750", lens: "24.0-120.0 mm f/4.0", f: "11",
         exposure: "2", iso: "3200", focal: "4.2", film: "", orientation: 1),
        (format: "tif", make: "FUJIFILM", model: "X-T4", lens: "XF23mmF2 R WR", f: "5.6", exposure: "0.001",
         iso: "160", focal: "23", film: "35", orientation: 5),
        (format: "webp", make: "Apple", model: "iPhone 12", lens: "iPhone 12 back camera 4.2mm f/1.6", f: "1.6",
         exposure: "0.5", iso: "32", focal: "4.2", film: "26", orientation: 8),
    ])
    func exifMatchesExiftool(_ c: (format: String, make: String, model: String, lens: String, f: String, exposure: String,
                                   iso: String, focal: String, film: String, orientation: Int)) throws {
        let folder = TemporaryDirectory()
        let file = folder.path("tagged.\(c.format)")
        try ExternalTools.convert(["-size", "60x40", "xc:#336699", file.text])
        var tags = ["-Make=\(c.make)", "-Model=\(c.model)", "-LensModel=\(c.lens)", "-FNumber=\(c.f)",
                    "-ExposureTime=\(c.exposure)", "-ISO=\(c.iso)", "-FocalLength=\(c.focal)",
                    "-DateTimeOriginal=2024:05:01 14:03:22", "-Orientation#=\(c.orientation)"]
        if !c.film.isEmpty { tags.append("-FocalLengthIn35mmFormat=\(c.film)") }
        try ExternalTools.exiftool(file, tags)
        let info = PhotoInfo.read(file)

        #expect(info.exif.make == (try Self.exiftool(file, "Make")))
        #expect(info.exif.model == (try Self.exiftool(file, "Model")))
        #expect(info.exif.lens == (try Self.exiftool(file, "LensModel")))
        #expect(info.exif.fNumber == Double(try Self.exiftool(file, "FNumber")))
        #expect(info.exif.iso == Int(try Self.exiftool(file, "ISO")))
        #expect(info.exif.focalLength == Double(try Self.exiftool(file, "FocalLength")))
        let seconds = try #require(Double(try Self.exiftool(file, "ExposureTime")))
        let exposure = try #require(info.exif.exposureTime)
        #expect(abs(Double(exposure.numerator) / Double(exposure.denominator) - seconds) < 1e-9)
        #expect(info.exif.focalLengthIn35mmFilm == Int(try Self.exiftool(file, "FocalLengthIn35mmFormat")))
        #expect(info.exif.dateTaken == (try Self.exiftool(file, "DateTimeOriginal")))

        // As exiftool prints them for people, and as the issue spells them.
        #expect(Self.label(info, "Aperture") == "f/" + (try Self.exiftool(file, "FNumber", numeric: false)))
        #expect(Self.label(info, "Exposure") == (try Self.exiftool(file, "ExposureTime", numeric: false)) + " s")
        #expect(Self.label(info, "Sensitivity") == "ISO " + c.iso)
        #expect(Self.label(info, "Taken") == "2024-05-01 14:03:22")
        #expect(Self.label(info, "Format") == ["jpg": "JPEG", "png": "PNG", "webp": "WebP", "tif": "TIFF"][c.format])
        let film = c.film.isEmpty ? "" : " (\(c.film) mm in 35 mm)"
        #expect(Self.label(info, "Focal length") == ["50": "50 mm", "4.2": "4.2 mm", "23": "23 mm"][c.focal]! + film)
        // Upright: exiftool's stored size, turned where its Orientation is 5-8 (ImageMagick
        // ignores a WebP's EXIF orientation, so it cannot say).
        let stored = try Self.exiftool(file, "ImageSize").split { $0 == " " || $0 == "x" }.map(String.init)
        let turned = try #require(Int(try Self.exiftool(file, "Orientation"))) >= 5
        #expect(Self.label(info, "Pixels") == (turned ? "\(stored[1]) × \(stored[0])" : "\(stored[0]) × \(stored[1])"))
        #expect(Self.label(info, "File size") == PhotoInfo.fileSize(try Self.fileSize(file)))
    }

    /// The size of the file `file` names, through symbolic links (the wallpapers have some).
    static func fileSize(_ file: FilePath) throws -> Int {
        let target = URL(fileURLWithPath: file.text).resolvingSymlinksInPath().path
        return try #require(try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int)
    }

    @Test func exactValuesAsTheIssueSpellsThem() {
        #expect(PhotoInfo.fNumber(2.8) == "f/2.8")
        #expect(PhotoInfo.fNumber(8) == "f/8.0")
        #expect(PhotoInfo.fNumber(11) == "f/11.0")
        #expect(PhotoInfo.exposure(1, 250) == "1/250 s")
        #expect(PhotoInfo.exposure(10, 2500) == "1/250 s")
        #expect(PhotoInfo.exposure(2, 1) == "2 s")
        #expect(PhotoInfo.exposure(1, 2) == "0.5 s")
        #expect(PhotoInfo.millimetres(50) == "50 mm")
        #expect(PhotoInfo.camera(make: "Canon", model: "Canon EOS 5D") == "Canon EOS 5D")
        #expect(PhotoInfo.camera(make: "FUJIFILM", model: "X-T4") == "FUJIFILM X-T4")
    }

    /// GLib's g_format_size (what GNOME's file manager shows), values from its own test
    /// (glib/tests/utils.c, test_format_size_for_display) and its rule: the largest unit reached.
    @Test func fileSizesAsGNOMEShowsThem() {
        #expect(PhotoInfo.fileSize(1) == "1 byte")
        #expect(PhotoInfo.fileSize(2) == "2 bytes")
        #expect(PhotoInfo.fileSize(999) == "999 bytes")
        #expect(PhotoInfo.fileSize(1000) == "1.0 kB")
        #expect(PhotoInfo.fileSize(1_000_000) == "1.0 MB")
        #expect(PhotoInfo.fileSize(3_200_000) == "3.2 MB")
        #expect(PhotoInfo.fileSize(999_999) == "1000.0 kB")
        #expect(PhotoInfo.fileSize(1_000_000_000) == "1.0 GB")
    }

    static let profiles = ["/usr/share/color/icc/compatibleWithAdobeRGB1998.icc", "/usr/share/color/icc/sRGB.icc"]
    static let hasProfiles = profiles.allSatisfy(FileManager.default.fileExists(atPath:))

    /// The embedded profile's description, as ImageMagick reads it, in every format that carries
    /// one through its own path (JPEG APP2, PNG iCCP, WebP ICCP, TIFF tag 34675).
    @Test(.enabled(if: hasProfiles, "needs icc-profiles-free's profiles in /usr/share/color/icc"),
          arguments: ["jpg", "png", "webp", "tif"])
    func profileDescriptionMatchesImageMagick(_ format: String) throws {
        let folder = TemporaryDirectory()
        for (index, profile) in Self.profiles.enumerated() {
            let file = folder.path("p\(index).\(format)")
            // A colour (a grey image's RGB profile is dropped by ImageMagick's PNG writer).
            try ExternalTools.convert(["-size", "30x20", "xc:#336699", "-profile", profile, file.text])
            let expected = try ExternalTools.output("identify", ["-format", "%[icc:description]", file.text])
            #expect(!expected.isEmpty)
            #expect(PhotoInfo.read(file).profileDescription == expected, "\(format) with \(profile)")
        }
    }

    static let containerTools = ["/usr/bin/heif-enc", "/usr/bin/avifenc", "/usr/bin/cjxl"]
        .allSatisfy(FileManager.default.isExecutableFile(atPath:))

    /// HEIF, AVIF and JPEG XL: the profile carried over from a PNG by Debian's encoders, and the size.
    @Test(.enabled(if: hasProfiles && containerTools, "needs heif-enc, avifenc, cjxl and icc-profiles-free"))
    func containerProfilesAndSizes() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("source.png")
        try ExternalTools.convert(["-size", "64x48", "gradient:red-blue", "-profile", Self.profiles[0], png.text])
        let expected = try ExternalTools.output("identify", ["-format", "%[icc:description]", png.text])
        let heic = folder.path("a.heic"), avif = folder.path("a.avif"), jxl = folder.path("a.jxl")
        try ExternalTools.run("heif-enc", ["-q", "90", png.text, "-o", heic.text])
        try ExternalTools.run("avifenc", ["-s", "10", png.text, avif.text])
        try ExternalTools.run("cjxl", [png.text, jxl.text])
        for (file, format) in [(heic, ImageFormat.heif), (avif, .avif), (jxl, .jpegXL)] {
            let info = PhotoInfo.read(file)
            #expect(info.format == format)
            #expect(info.width == 64 && info.height == 48, "\(format)")
            #expect(info.profileDescription == expected, "\(format)")
        }
    }

    /// A file without EXIF or profile has only the lines every file has; a missing file, its name.
    @Test func linesAbsentWhereTheFileLacksThem() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("plain.jpg")
        try ExternalTools.convert(["-size", "30x20", "xc:#808080", "-strip", file.text])
        #expect(PhotoInfo.read(file).lines.map(\.label) == ["File", "Pixels", "File size", "Format"])
        #expect(PhotoInfo.read(folder.path("gone.jpg")).lines.map(\.label) == ["File"])
        #expect(PhotoInfo.read(folder.path("gone.jpg")).lines.first?.value == "gone.jpg")
    }

    static let wallpapers: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: "/usr/share/wallpapers") else { return [] }
        // One JPEG of each of the first eight wallpapers.
        var seen: Set<Substring> = []
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".jpg") }.sorted()
            .filter { seen.insert($0.split(separator: "/")[0]).inserted }.prefix(8).map { "/usr/share/wallpapers/" + $0 }
    }()

    /// Debian's plasma-workspace-wallpapers, photos Swivel did not make: size, file size, format
    /// and profile as ImageMagick and stat see them, and no EXIF line exiftool does not see.
    @Test(.enabled(if: !wallpapers.isEmpty, "needs plasma-workspace-wallpapers"))
    func realPhotos() throws {
        for path in Self.wallpapers {
            let file = FilePath(path)
            let info = PhotoInfo.read(file)
            let magick = try ExternalTools.output("convert", [path, "-auto-orient", "-format", "%w × %h|%m", "info:"])
                .split(separator: "|").map(String.init)
            #expect(Self.label(info, "Pixels") == magick[0], "\(path)")
            #expect(info.format?.declaration.name == magick[1], "\(path)")
            #expect(info.fileBytes == (try Self.fileSize(file)))
            let description = try ExternalTools.output("identify", ["-format", "%[icc:description]", path])
            #expect(info.profileDescription == (description.isEmpty ? nil : description), "\(path)")
            let make = try Self.exiftool(file, "Make")
            #expect(info.exif.make == (make.isEmpty ? nil : make), "\(path)")
            let date = try Self.exiftool(file, "DateTimeOriginal")
            #expect(info.exif.dateTaken == (date.isEmpty ? nil : date), "\(path)")
            print("\(path): \(info.lines.map { "\($0.label)=\($0.value)" }.joined(separator: "; "))")
        }
    }

    /// Reading is bounded: a camera-sized JPEG's information comes from its headers, not its
    /// pixels. Judged by the bytes read (a regression that decoded the pixels reads the whole file),
    /// not by a time a loaded machine could stretch; the time is printed.
    @Test func readingReadsTheHeadersAlone() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("big.jpg")
        // Noise, so that the pixels are megabytes as a camera's are (a gradient's are 190 KB). It
        // read 1.1 MB of 8.5 here; decoding the pixels reads all 8.5.
        try ExternalTools.convert(["-size", "4000x3000", "xc:gray", "+noise", "Random", "-quality", "90", file.text])
        try ExternalTools.exiftool(file, ["-Make=Canon", "-Model=Canon EOS 5D", "-FNumber=2.8"])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.text)[.size] as? Int)
        let clock = ContinuousClock(), start = clock.now, before = threadReadBytes()
        let info = PhotoInfo.read(file)
        let read = threadReadBytes() - before, elapsed = clock.now - start
        print("PhotoInfo.read of a 4000×3000 JPEG (\(size) bytes): \(read) bytes read, \(elapsed)")
        #expect(info.lines.contains { $0.value.contains("Canon EOS 5D") }, "\(info.lines)")
        #expect(before >= 0 && read < size / 4, "read \(read) of \(size) bytes")
    }
}
