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
}
