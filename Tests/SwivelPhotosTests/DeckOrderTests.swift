import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// `--sort` and `--reverse`: by name, modification time, EXIF date taken, or shuffled by a seed.
@Suite(.serialized) struct DeckOrderTests {
    func names(_ paths: [FilePath]) -> [String] { paths.map { String(decoding: $0.lastComponent, as: UTF8.self) } }

    func setModificationTime(_ path: FilePath, _ seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path.cString, &times, 0) == 0)
    }

    @Test func exifDatesAreReadAsSeconds() {
        #expect(DateTaken.seconds(exifDate: "1970:01:01 00:00:00") == 0)
        #expect(DateTaken.seconds(exifDate: "2021:07:04 10:11:12") == 1_625_393_472)
        #expect(DateTaken.seconds(exifDate: "2000:02:29 23:59:59") == 951_868_799)
        #expect(DateTaken.seconds(exifDate: "    :  :     :  :  ") == nil)   // unknown, as cameras write it
        #expect(DateTaken.seconds(exifDate: "2021:13:04 10:11:12") == nil)
    }

    /// Files a, b, c, d: modification times 3, 1, 4, 2 (× 1000 s); a JPEG, a PNG, a HEIC and a
    /// TIFF carry EXIF dates that order them differently; the one without EXIF (e) sorts by its
    /// modification time among them.
    @Test func theDeckSortsByNameTimeTakenAndSeed() throws {
        let folder = TemporaryDirectory()
        let upright = folder.path("upright.png")
        try Quadrants.writeUpright(upright, width: 240, height: 360)
        let a = folder.path("a.jpg"), b = folder.path("b.png"), c = folder.path("c.heic"), d = folder.path("d.tif")
        let e = folder.path("e.png")
        try ExternalTools.convert([upright.text, a.text])
        try ExternalTools.convert([upright.text, b.text])
        let source = folder.path("source.jpg")
        try ExternalTools.convert([upright.text, source.text])
        try ExternalTools.exiftool(source, ["-DateTimeOriginal=2020:01:01 00:00:02"])
        try ExternalTools.run("heif-enc", ["-q", "50", source.text, "-o", c.text])   // keeps the Exif
        try ExternalTools.convert([upright.text, d.text])
        try ExternalTools.convert([upright.text, e.text])
        try ExternalTools.exiftool(a, ["-DateTimeOriginal=2020:01:01 00:00:04"])
        try ExternalTools.exiftool(b, ["-DateTimeOriginal=2020:01:01 00:00:03"])
        try ExternalTools.exiftool(d, ["-DateTimeOriginal=2020:01:01 00:00:01"])
        for (file, time) in [(a, 3000), (b, 1000), (c, 4000), (d, 2000), (e, 1_500_000_000)] {
            setModificationTime(file, time)
        }
        #expect(DateTaken.dateTaken(a) == "2020:01:01 00:00:04")
        #expect(DateTaken.dateTaken(b) == "2020:01:01 00:00:03")
        #expect(DateTaken.dateTaken(c) == "2020:01:01 00:00:02")
        #expect(DateTaken.dateTaken(d) == "2020:01:01 00:00:01")
        #expect(DateTaken.dateTaken(e) == nil)

        let paths = [a, b, c, d, e]
        #expect(names(DeckOrder.sorted(paths, by: .name, seed: 0)) == ["a.jpg", "b.png", "c.heic", "d.tif", "e.png"])
        #expect(names(DeckOrder.sorted(paths, by: .name, seed: 0, reverse: true))
                == ["e.png", "d.tif", "c.heic", "b.png", "a.jpg"])
        #expect(names(DeckOrder.sorted(paths, by: .mtime, seed: 0)) == ["b.png", "d.tif", "a.jpg", "c.heic", "e.png"])
        // e has no EXIF date: its modification time (2017-07-14) puts it before the 2020 photos.
        #expect(names(DeckOrder.sorted(paths, by: .taken, seed: 0)) == ["e.png", "d.tif", "c.heic", "b.png", "a.jpg"])
        #expect(names(DeckOrder.sorted(paths, by: .taken, seed: 0, reverse: true))
                == ["a.jpg", "b.png", "c.heic", "d.tif", "e.png"])
        // Random: a permutation, the same for the same seed, another for another seed.
        let many = (0..<50).map { FilePath("/x/\($0).jpg") }
        let once = DeckOrder.sorted(many, by: .random, seed: 7), again = DeckOrder.sorted(many, by: .random, seed: 7)
        #expect(once == again && Set(once) == Set(many) && once != many)
        #expect(DeckOrder.sorted(many, by: .random, seed: 8) != once)
    }

    /// What `--sort taken` costs, printed (not asserted): 1,000 camera-style JPEGs (EXIF block with
    /// a date, pixels after it), from the page cache. docs/performance.md has the measured numbers.
    @Test func takenDatesOfAThousandFilesCost() throws {
        let folder = TemporaryDirectory()
        let upright = folder.path("upright.png"), first = folder.path("0000.jpg")
        try Quadrants.writeUpright(upright, width: 600, height: 400)
        try ExternalTools.convert([upright.text, first.text])
        try ExternalTools.exiftool(first, ["-DateTimeOriginal=2020:01:01 00:00:00", "-Make=Test", "-Model=Camera"])
        var paths = [first]
        for i in 1..<1000 {
            let path = folder.path(String(format: "%04d.jpg", i))
            #expect(link(first.cString, path.cString) == 0)
            paths.append(path)
        }
        _ = DateTaken.times(paths)   // warm the page cache and the dentries
        let clock = ContinuousClock(), start = clock.now
        let times = DateTaken.times(paths)
        let elapsed = clock.now - start
        #expect(times.count == 1000 && Set(times).count == 1)
        print("DateTaken: 1,000 JPEGs in \(elapsed)")
    }

    /// A 1 × 1 grey TIFF (little-endian) whose pixel is at byte 8 and whose IFD0, an EXIF
    /// directory holding DateTimeOriginal `date` and the date's text follow at `directory`, after
    /// the pixels (as ImageMagick and `tiffset` place them); the file is `size` bytes, sparse
    /// between the pixel and the directory.
    static func tiffWithDirectory(at directory: Int, size: Int, date: String, to path: FilePath) throws {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        // TIFF 6.0 section 2: entries of tag, type (3 SHORT, 4 LONG, 2 ASCII), count, value.
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + (type == 3 ? u16(value) + [0, 0] : u32(value))
        }
        let tags: [(Int, Int, Int)] = [(256, 3, 1), (257, 3, 1), (258, 3, 8), (259, 3, 1), (262, 3, 1),
                                       (273, 4, 8), (277, 3, 1), (278, 3, 1), (279, 4, 1)]
        let exifIFD = directory + 2 + (tags.count + 1) * 12 + 4
        let text = exifIFD + 2 + 12 + 4
        var ifd = u16(tags.count + 1)
        for (tag, type, value) in tags { ifd += entry(tag, type, 1, value) }
        ifd += entry(34665, 4, 1, exifIFD) + u32(0)                               // ExifIFD; no next IFD
        ifd += u16(1) + entry(36867, 2, 20, text) + u32(0)                        // DateTimeOriginal
        ifd += Array(date.utf8) + [0]
        let head: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + u32(directory) + [0x80]
        let fd = open(path.cString, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(ftruncate(fd, off_t(size)) == 0)
        #expect(pwrite(fd, head, head.count, 0) == head.count)
        #expect(pwrite(fd, ifd, ifd.count, off_t(directory)) == ifd.count)
    }

    /// A TIFF's directories are read wherever they lie, and nothing else: one whose IFD0 follows
    /// the pixels gets its date, and so does a sparse gigabyte whose IFD0 is 256 bytes from its end,
    /// with under 64 KiB read (the whole file was once read up to the IFD: 64 links to it took 46 s
    /// and 1 GB of memory).
    @Test(.enabled(if: DecoderLibrary.tiff.isAvailable, "libtiff6 is not installed: the TIFF date is not read"))
    func aTIFFsDateIsReadFromItsDirectoriesAlone() throws {
        let folder = TemporaryDirectory()
        let small = folder.path("after-pixels.tif"), huge = folder.path("sparse.tif")
        try Self.tiffWithDirectory(at: 10, size: 200, date: "2019:05:06 07:08:09", to: small)
        let gigabyte = 1 << 30
        try Self.tiffWithDirectory(at: gigabyte - 256, size: gigabyte, date: "2018:01:02 03:04:05", to: huge)
        // exiftool, reading the files its own way, finds the same dates.
        #expect(try ExternalTools.output("exiftool", ["-s3", "-DateTimeOriginal", small.text])
                .hasPrefix("2019:05:06 07:08:09"))
        #expect(try ExternalTools.output("exiftool", ["-s3", "-DateTimeOriginal", huge.text])
                .hasPrefix("2018:01:02 03:04:05"))

        #expect(DateTaken.dateTaken(small) == "2019:05:06 07:08:09")
        let before = threadReadBytes()
        #expect(DateTaken.dateTaken(huge) == "2018:01:02 03:04:05")
        let read = threadReadBytes() - before
        #expect(before >= 0 && read < 64 << 10, "read \(read) bytes")
        // 64 links to it, as `--sort taken` meets them, all dated. (Their reads are on other threads;
        // the one file's under 64 KiB above is what rules out reading up to the IFD, not a time.)
        var paths = [huge]
        for i in 1..<64 {
            let path = folder.path("link \(i).tif")
            #expect(link(huge.cString, path.cString) == 0)
            paths.append(path)
        }
        let times = DateTaken.times(paths)
        #expect(Set(times) == [DateTaken.seconds(exifDate: "2018:01:02 03:04:05")! - DateTaken.localUTCOffset])
    }
}
