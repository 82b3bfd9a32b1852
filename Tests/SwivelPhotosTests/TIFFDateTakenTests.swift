import Foundation
import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// `--sort taken`'s date of a classic TIFF (a DNG, NEF, CR2, … or a plain TIFF), read by following
/// its directories' offsets by hand (`TIFFDateTaken`), against exiftool's reading of the same files
/// and libtiff's (`DateTaken.tiffDate`, which read them before): TIFFs written by ImageMagick in
/// both byte orders and dated by exiftool, and a DNG from `make-dng.py`, whose directories follow
/// its sensor data.
@Suite struct TIFFDateTakenTests {
    /// exiftool's DateTimeOriginal of `file` ("" without one).
    static func exiftoolDate(_ file: FilePath) throws -> String {
        try ExternalTools.output("exiftool", ["-s3", "-DateTimeOriginal", file.text]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// libtiff's reading, as `--sort taken` read TIFFs before.
    static func libtiffDate(_ file: FilePath) -> String? {
        guard let open = try? OpenFile(file) else { return nil }
        defer { open.close() }
        return DateTaken.tiffDate(open)
    }

    /// A 64 × 48 TIFF from ImageMagick (`endian`: lsb or msb), dated by exiftool unless `date` is nil.
    static func tiff(_ folder: TemporaryDirectory, _ name: String, endian: String, date: String?) throws -> FilePath {
        let file = folder.path(name)
        try ExternalTools.convert(["-size", "64x48", "gradient:red-blue", "-define", "tiff:endian=\(endian)", "-compress", "none",
                                   file.text])
        if let date { try ExternalTools.exiftool(file, ["-DateTimeOriginal=\(date)"]) }
        return file
    }

    @Test(.enabled(if: DecoderLibrary.tiff.isAvailable, "libtiff6 is not installed (the reference reading)"))
    func theDateIsExiftoolsAndLibtiffs() throws {
        let folder = TemporaryDirectory()
        var files = [try Self.tiff(folder, "little.tif", endian: "lsb", date: "2020:01:02 03:04:05"),
                     try Self.tiff(folder, "big.tif", endian: "msb", date: "2021:11:12 13:14:15")]
        let header = folder.contents(files[1]).prefix(4)
        #expect(Array(header) == [0x4D, 0x4D, 0x00, 0x2A], "a big-endian TIFF")
        if RAWFiles.skipReason == nil {
            files.append(try RAWFiles.dng(in: folder, ["--preview", "jpeg", "--preview-width", "160", "--date", "2017:06:05 04:03:02"]))
        }
        for file in files {
            let expected = try Self.exiftoolDate(file)
            #expect(expected.count == 19, "\(file): exiftool read \(expected)")
            #expect(DateTaken.dateTaken(file) == expected, "\(file)")
            #expect(Self.libtiffDate(file) == expected, "\(file)")
        }
        if RAWFiles.skipReason != nil { print("the DNG was left out: \(RAWFiles.skipReason ?? "")") }
    }

    /// No date, or directories that point outside the file: none, as libtiff finds none, and no read
    /// outside the file.
    @Test(.enabled(if: DecoderLibrary.tiff.isAvailable, "libtiff6 is not installed (the reference reading)"))
    func noDateOrBrokenOffsetsGiveNone() throws {
        let folder = TemporaryDirectory()
        let plain = try Self.tiff(folder, "plain.tif", endian: "lsb", date: nil)
        #expect(try Self.exiftoolDate(plain) == "")
        #expect(DateTaken.dateTaken(plain) == nil && Self.libtiffDate(plain) == nil)
        // The dated file cut just before its EXIF directory's date value.
        let dated = try Self.tiff(folder, "dated.tif", endian: "lsb", date: "2020:01:02 03:04:05")
        var bytes = folder.contents(dated)
        guard let at = bytes.firstRange(of: Array("2020:01:02".utf8)) else {
            Issue.record("no date in the file")
            return
        }
        bytes.removeSubrange(at.lowerBound...)
        let cut = folder.write("cut.tif", bytes: bytes)
        #expect(DateTaken.dateTaken(cut) == nil && Self.libtiffDate(cut) == nil)
        // IFD0's ExifIFD pointer set past the end (found as tag 34665, LONG, 1, in II order).
        var pointing = folder.contents(dated)
        if let entry = pointing.firstRange(of: [0x69, 0x87, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00]) {
            pointing.replaceSubrange(entry.upperBound..<(entry.upperBound + 4), with: [0xF0, 0xFF, 0xFF, 0x7F])
        } else {
            Issue.record("no ExifIFD entry")
        }
        let past = folder.write("past.tif", bytes: pointing)
        #expect(DateTaken.dateTaken(past) == nil && Self.libtiffDate(past) == nil)
    }
}
