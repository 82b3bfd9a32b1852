import CZlib
import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Synchronization
import Testing
@testable import SwivelPhotos

/// The shared thumbnail cache (Thumbnail Managing Standard 0.9.0) in process: names, validity,
/// hits, misses, stale entries, foreign thumbnails, failure entries, permissions, atomic renames,
/// a read-only and a full cache. Expected names and URIs come from RFC 1321, `md5sum` and GLib's
/// `gio`; foreign thumbnails from gdk-pixbuf-thumbnailer and ImageMagick.
@Suite(.serialized) struct ThumbnailCacheTests {
    /// A 200×300-point card at 1×, the app's.
    static let card = (width: 200, height: 300)

    /// A cache in `folder`/cache/thumbnails, and the warnings it gave.
    final class Cache {
        let cache: ThumbnailCache
        let warnings = Lines()
        init(_ folder: TemporaryDirectory, root: String = "cache/thumbnails") {
            let warnings = self.warnings
            cache = ThumbnailCache(directory: ThumbnailDirectory(root: folder.path(root), program: "swivel", version: "9.9"),
                                   software: "swivel 9.9", warn: { line in warnings.append(line) })
        }
        /// Decodes `file` for the card through the cache; `decoded` counts decodes of the file itself.
        func decode(_ file: FilePath, decoded: inout Int) throws(ImageLoadError) -> DecodedImage {
            var count = 0
            defer { decoded += count }
            return try cache.decode(file, width: card.width, height: card.height, cancellation: .never) { () throws(ImageLoadError) in
                count += 1
                return try ImageDecoder.decode(file, width: card.width, height: card.height)
            }
        }
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// An 800×600 JPEG of stripes.
    static func photo(_ folder: TemporaryDirectory, _ name: String = "photo.jpg") -> FilePath {
        let path = folder.path(name)
        ImageFiles.write(path, ImageFiles.image(.jpeg, width: 800, height: 600) { x, y in
            [UInt8(x * 255 / 800), UInt8(y * 255 / 600), UInt8((x / 40 % 2) * 200), 255] })
        return path
    }

    static func texts(_ path: FilePath) -> [String: String] {
        PNGTextChunks((try? Array(Data(contentsOf: URL(fileURLWithPath: path.text)))) ?? [])?.texts ?? [:]
    }

    /// md5sum's digest of `text`.
    static func md5sum(_ text: String) throws -> String {
        try ExternalTools.output("sh", ["-c", "printf '%s' \"$1\" | md5sum", "sh", text])
    }

    static func mode(_ path: FilePath) -> mode_t {
        var status = stat()
        return stat(path.text, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    // MARK: Names

    @Test func md5MatchesRFC1321TestSuite() {
        // RFC 1321, A.5.
        let suite = [("", "d41d8cd98f00b204e9800998ecf8427e"), ("a", "0cc175b9c0f1b6a831c399e269772661"),
                     ("abc", "900150983cd24fb0d6963f7d28e17f72"), ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
                     ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
                     ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
                     (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a")]
        for (message, digest) in suite { #expect(MD5.hex(message.utf8) == digest, "MD5(\"\(message)\")") }
    }

    @Test func uriAndNameAreGLibsAndMd5sums() throws {
        let folder = TemporaryDirectory()
        for name in ["plain.jpg", "a b#c%d;e[f]g?.jpg", "é ü 日本.jpg", "x+y=z&w@v,u$t!'()*~.jpg", "{|}`^\"<>.jpg"] {
            let path = folder.path(name)
            folder.touch(path)
            // gio prints the URI GLib's g_file_get_uri makes (g_filename_to_uri's escaping).
            let info = try ExternalTools.output("gio", ["info", path.text])
            let glib = info.split(separator: "\n").first { $0.hasPrefix("uri: ") }.map { String($0.dropFirst(5)) }
            #expect(FileURI.of(path) == glib, "\(name)")
            let md5sum = try Self.md5sum(glib ?? "")
            #expect(ThumbnailDirectory.fileName(uri: glib ?? "") == String(md5sum.prefix(32)) + ".png")
        }
        #expect(FileURI.absolute(FilePath("/a/./b//c/../d")) == FilePath("/a/b/d"))
    }

    // MARK: Misses, hits, stale entries

    @Test func missWritesSpecThumbnailThenHitsUntilTouched() throws {
        let folder = TemporaryDirectory()
        let photo = Self.photo(folder)
        var decoded = 0
        let first = Cache(folder)
        let fromFile = try first.decode(photo, decoded: &decoded)
        first.cache.writer.finish()
        #expect(decoded == 1 && first.cache.misses == 1 && first.cache.hits == 0 && first.cache.writer.written == 1)

        let uri = FileURI.of(photo)
        let thumbnail = first.cache.directory.path(.xLarge, uri: uri)
        let texts = Self.texts(thumbnail)
        var status = stat()
        stat(photo.text, &status)
        #expect(texts["Thumb::URI"] == uri)
        #expect(texts["Thumb::MTime"] == "\(status.st_mtim.tv_sec)")
        #expect(texts["Thumb::Size"] == "\(status.st_size)")
        #expect(texts["Thumb::Image::Width"] == "800" && texts["Thumb::Image::Height"] == "600")
        #expect(texts["Thumb::Mimetype"] == "image/jpeg" && texts["Software"] == "swivel 9.9")
        // ImageMagick reads it: 400×300 (the JPEG shrunk on load to cover the card, never scaled up), sRGB.
        #expect(try ExternalTools.output("identify", ["-format", "%w %h %[colorspace]", thumbnail.text]) == "400 300 sRGB")
        #expect(Self.mode(thumbnail) == 0o600)
        for dir in ["cache/thumbnails", "cache/thumbnails/x-large"] { #expect(Self.mode(folder.path(dir)) == 0o700, "\(dir)") }
        // No temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: first.cache.directory.folder(.xLarge).text).count == 1)

        // A second run reads the thumbnail: the card is the thumbnail decoded as a photo would be.
        let second = Cache(folder)
        let fromThumbnail = try second.decode(photo, decoded: &decoded)
        second.cache.writer.finish()
        #expect(decoded == 1 && second.cache.hits == 1 && second.cache.misses == 0 && second.cache.writer.written == 0)
        let asPhoto = try ImageDecoder.decode(thumbnail, width: Self.card.width, height: Self.card.height)
        #expect(fromThumbnail.pixels == asPhoto.pixels)
        let difference = zip(fromThumbnail.pixels, fromFile.pixels).map { abs(Int($0) - Int($1)) }
        print("thumbnail card vs file card: max difference \(difference.max() ?? 0)")
        #expect((difference.max() ?? 0) <= 2)

        // Touched after: stale, decoded from the file again and rewritten with the new time.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, photo.text, &times, 0)
        let third = Cache(folder)
        _ = try third.decode(photo, decoded: &decoded)
        third.cache.writer.finish()
        #expect(decoded == 2 && third.cache.misses == 1 && third.cache.hits == 0)
        #expect(Self.texts(thumbnail)["Thumb::MTime"] == "1000000000")
    }

    /// A thumbnail made by other programs, named and tagged as the spec says: used as it is (its
    /// pixels, here a flat red unlike the photo, are what the card shows); with a wrong Size or
    /// MTime, or for another URI, it is not.
    @Test(arguments: [("valid", true), ("size", false), ("mtime", false), ("uri", false)])
    func foreignThumbnail(_ variant: String, used: Bool) throws {
        let folder = TemporaryDirectory()
        let photo = Self.photo(folder)
        let info = try ExternalTools.output("gio", ["info", photo.text])
        let uri = String(info.split(separator: "\n").first { $0.hasPrefix("uri: ") }!.dropFirst(5))
        let md5 = String(try Self.md5sum(uri).prefix(32))
        var status = stat()
        stat(photo.text, &status)
        try FileManager.default.createDirectory(atPath: folder.path("cache/thumbnails/x-large").text, withIntermediateDirectories: true)
        let made = folder.path("made.png")
        try ExternalTools.run("gdk-pixbuf-thumbnailer", ["-s", "512", photo.text, made.text])
        #expect(try ExternalTools.output("identify", ["-format", "%w %h", made.text]) == "512 384")
        let mtime = variant == "mtime" ? Int(status.st_mtim.tv_sec) + 1 : Int(status.st_mtim.tv_sec)
        let size = variant == "size" ? Int(status.st_size) + 1 : Int(status.st_size)
        try ExternalTools.convert([made.text, "-fill", "red", "-colorize", "100",
                                   "-set", "Thumb::URI", variant == "uri" ? uri + "x" : uri,
                                   "-set", "Thumb::MTime", "\(mtime)", "-set", "Thumb::Size", "\(size)",
                                   "PNG24:" + folder.path("cache/thumbnails/x-large/\(md5).png").text])
        var decoded = 0
        let run = Cache(folder)
        let image = try run.decode(photo, decoded: &decoded)
        run.cache.writer.finish()
        let centre = (150 * 200 + 100) * 4
        let red = Array(image.pixels[centre..<centre + 4]) == [255, 0, 0, 255]
        #expect(red == used && decoded == (used ? 0 : 1) && run.cache.hits == (used ? 1 : 0))
        if !used { #expect(Self.texts(folder.path("cache/thumbnails/x-large/\(md5).png"))["Software"] == "swivel 9.9") }
    }

    // MARK: Reading a thumbnail's chunks

    /// A thumbnail whose keys come before its image data (swivel's own writer, GLib's) has only
    /// its first 64 KiB read for them: the same size and keys as ImageMagick's `identify` reads
    /// from the whole file, and still found once every byte of the image data on is zeroed (a
    /// walk of the whole file then finds no IEND and says it is not a PNG).
    @Test func theKeysBeforeTheImageDataAreReadWithoutThePixels() throws {
        let folder = TemporaryDirectory()
        let (width, height) = (512, 384)   // noise: about 590 KB, far over the 64 KiB read first
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        var state: UInt32 = 12345
        for _ in 0..<(width * height) {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels += [UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 16), UInt8(truncatingIfNeeded: state >> 8), 255]
        }
        let png = try #require(ThumbnailPNG.encode(width: width, height: height, premultiplied: pixels,
                                                   texts: [("Thumb::URI", "file:///x.jpg"), ("Thumb::MTime", "123"),
                                                           ("Thumb::Size", "456")]))
        let path = folder.path("t.png")
        ImageFiles.write(path, png)
        #expect(png.count > 2 * ThumbnailCache.headBytes)
        #expect(try ExternalTools.output("identify", ["-format", "%w %h %[Thumb::URI] %[Thumb::MTime] %[Thumb::Size]", path.text])
                == "512 384 file:///x.jpg 123 456")
        let head = try #require(ThumbnailCache.chunks(path, needing: ThumbnailSubject.Keys.checked))
        #expect(head.width == 512 && head.height == 384)
        #expect(ThumbnailSubject.Keys.checked.map { head.texts[$0] } == ["file:///x.jpg", "123", "456"])

        var zeroed = png
        // After the first IDAT's length and type.
        let imageData = try #require((8..<png.count - 4).first { png[$0..<$0 + 4].elementsEqual("IDAT".utf8) }) + 4
        for index in imageData..<zeroed.count { zeroed[index] = 0 }
        ImageFiles.write(path, zeroed)
        #expect(ThumbnailCache.chunks(path) == nil, "the whole file is no PNG any more")
        let stillHead = try #require(ThumbnailCache.chunks(path, needing: ThumbnailSubject.Keys.checked))
        #expect(ThumbnailSubject.Keys.checked.map { stillHead.texts[$0] } == ["file:///x.jpg", "123", "456"])
    }

    /// ImageMagick writes its text chunks after the image data: there the chunks before it lack the
    /// keys, and the file is read whole, as `identify` reads it.
    @Test func keysAfterTheImageDataAreReadFromTheWholeFile() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("im.png")
        try ExternalTools.convert(["-size", "512x384", "plasma:fractal", "-set", "Thumb::URI", "file:///x.jpg",
                                   "-set", "Thumb::MTime", "123", "-set", "Thumb::Size", "456", "PNG24:" + path.text])
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path.text)))
        let imageData = try #require((8..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("IDAT".utf8) })
        let keyText = try #require((8..<bytes.count - 10).first { bytes[$0..<$0 + 10].elementsEqual("Thumb::URI".utf8) })
        #expect(bytes.count > ThumbnailCache.headBytes && keyText > imageData, "the keys after the pixels")
        #expect(try ExternalTools.output("identify", ["-format", "%w %h %[Thumb::URI] %[Thumb::MTime] %[Thumb::Size]", path.text])
                == "512 384 file:///x.jpg 123 456")
        let chunks = try #require(ThumbnailCache.chunks(path, needing: ThumbnailSubject.Keys.checked))
        #expect(chunks.width == 512 && chunks.height == 384)
        #expect(ThumbnailSubject.Keys.checked.map { chunks.texts[$0] } == ["file:///x.jpg", "123", "456"])
    }

    // MARK: Failure entries

    @Test func undecodableFileGetsFailureEntryAndIsNotRetried() throws {
        let folder = TemporaryDirectory()
        let bad = folder.path("bad.jpg")
        ImageFiles.write(bad, Array("not an image at all".utf8))
        var decoded = 0
        let first = Cache(folder)
        var reasons: [String] = []
        do { _ = try first.decode(bad, decoded: &decoded) } catch { reasons.append(error.reason) }
        first.cache.writer.finish()
        let entry = folder.path("cache/thumbnails/fail/swivel-9.9/" + ThumbnailDirectory.fileName(uri: FileURI.of(bad)))
        #expect(Self.texts(entry)["Thumb::URI"] == FileURI.of(bad) && Self.mode(entry) == 0o600)
        #expect(Self.mode(folder.path("cache/thumbnails/fail")) == 0o700)

        let second = Cache(folder)
        do { _ = try second.decode(bad, decoded: &decoded) } catch { reasons.append(error.reason) }
        second.cache.writer.finish()
        #expect(decoded == 1 && reasons.count == 2 && reasons[0] == reasons[1], "\(reasons)")

        // Changed: the entry no longer holds, the file is tried again.
        ImageFiles.write(bad, Array("still not an image, but longer".utf8))
        let third = Cache(folder)
        do { _ = try third.decode(bad, decoded: &decoded) } catch {}
        third.cache.writer.finish()
        #expect(decoded == 2)
    }

    /// The spec's attributes of `photo` as it is now (Thumb::URI, Thumb::MTime, Thumb::Size).
    static func attributes(_ photo: FilePath) -> [(String, String)] {
        var status = stat()
        stat(photo.text, &status)
        return [("Thumb::URI", FileURI.of(photo)), ("Thumb::MTime", "\(status.st_mtim.tv_sec)"), ("Thumb::Size", "\(status.st_size)")]
    }

    /// A grey PNG of `side` × `side` (its rows deflated by zlib as they are made, never held whole)
    /// with `texts` as tEXt chunks before its image data.
    static func greyPNG(side: Int, texts: [(String, String)]) -> [UInt8] {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return ImageFiles.be32(body.count) + typed + ImageFiles.be32(Int(ImageFiles.crc32(typed)))
        }
        var stream = z_stream()
        _ = deflateInit_(&stream, 1, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        var row = [UInt8](repeating: 128, count: 1 + side)
        row[0] = 0
        var compressed: [UInt8] = [], output = [UInt8](repeating: 0, count: 1 << 16)
        for y in 0..<side {
            row.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                repeat {
                    output.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(out.count)
                        _ = deflate(&stream, y == side - 1 ? Z_FINISH : Z_NO_FLUSH)
                        compressed += out.prefix(out.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0 || (y == side - 1 && stream.avail_in > 0)
            }
        }
        deflateEnd(&stream)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ImageFiles.be32(side) + ImageFiles.be32(side) + [8, 0, 0, 0, 0])
            + texts.flatMap { chunk("tEXt", Array($0.0.utf8) + [0] + $0.1.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }) }
            + chunk("IDAT", compressed) + chunk("IEND", [])
    }

    /// A thumbnail larger than its folder's size (x-large: at most 512 px a side) is passed over
    /// from its header, never decoded: a 16000² grey PNG planted as a photo's x-large thumbnail,
    /// its URI, MTime and Size right, was decoded for the card (in a worker: 802 MiB and 1.6 s,
    /// and the card grey). Now the photo is decoded and its own thumbnail replaces the planted one.
    @Test func aThumbnailOverItsSizeIsPassedOverAndReplaced() throws {
        let folder = TemporaryDirectory()
        let photo = Self.photo(folder)
        try FileManager.default.createDirectory(atPath: folder.path("cache/thumbnails/x-large").text, withIntermediateDirectories: true)
        let planted = folder.path("cache/thumbnails/x-large/" + ThumbnailDirectory.fileName(uri: FileURI.of(photo)))
        ImageFiles.write(planted, Self.greyPNG(side: 16000, texts: Self.attributes(photo)))
        #expect(try ExternalTools.output("file", ["-b", planted.text]).hasPrefix("PNG image data, 16000 x 16000, 8-bit grayscale"))
        var decoded = 0
        let run = Cache(folder)
        let image = try run.decode(photo, decoded: &decoded)
        run.cache.writer.finish()
        #expect(decoded == 1 && run.cache.hits == 0)
        // The card's middle is the photo's (a stripe's colour), not the planted grey.
        let centre = (150 * 200 + 100) * 4
        #expect(Array(image.pixels[centre..<centre + 3]) != [128, 128, 128])
        // The photo's own (shrunk by the JPEG decode to cover the card, as `missWritesSpecThumbnail…` reads it).
        #expect(try ExternalTools.output("identify", ["-format", "%w %h", planted.text]) == "400 300")
        #expect(Self.texts(planted)["Software"] == "swivel 9.9")
    }

    /// A failure entry in this version's folder that another program wrote (its Software is not
    /// swivel's) is no verdict: the good photo is decoded and shown. One swivel wrote is trusted,
    /// and its reason thrown as it was stored (the one escaping, for the terminal, is the
    /// console's: `FileTextEscapingTests`).
    @Test func aFailureEntryAnotherProgramWroteSkipsNothing() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("cache/thumbnails/fail/swivel-9.9").text,
                                                withIntermediateDirectories: true)
        let reason = "\u{1B}]0;owned\u{07}\u{1B}[2Jforged\nswivel: wrote nothing"
        for (software, trusted) in [("another program", false), ("swivel 9.9", true)] {
            // A photo each: the first one's decode leaves a thumbnail, which a second look would find first.
            let photo = Self.photo(folder, software + ".jpg")
            let entry = folder.path("cache/thumbnails/fail/swivel-9.9/" + ThumbnailDirectory.fileName(uri: FileURI.of(photo)))
            ImageFiles.write(entry, Self.greyPNG(side: 1, texts: Self.attributes(photo)
                                                 + [("Software", software), ("X-Swivel::Reason", reason)]))
            var decoded = 0
            let run = Cache(folder)
            var thrown: String?
            do { _ = try run.decode(photo, decoded: &decoded) } catch { thrown = error.reason }
            run.cache.writer.finish()
            #expect(decoded == (trusted ? 0 : 1) && thrown == (trusted ? reason : nil), "\(software): \(String(describing: thrown))")
        }
    }

    /// A library that did not load is no verdict on the file: no failure entry is written, and
    /// the next run decodes the file again (it may have the library then).
    @Test func aLibraryThatDidNotLoadLeavesNoFailureEntry() throws {
        let folder = TemporaryDirectory()
        let photo = folder.path("photo.jxl")
        ImageFiles.write(photo, Array("a JPEG XL, say".utf8))
        let cache = Cache(folder)
        let reason = "JPEG XL needs libjxl0.7, which did not load: libjxl.so.0.7: cannot open shared object file: Too many open files"
        #expect(throws: ImageLoadError.self) {
            try cache.cache.decode(photo, width: Self.card.width, height: Self.card.height, cancellation: .never) {
                () throws(ImageLoadError) -> DecodedImage in throw ImageLoadError(path: photo, reason: reason)
            }
        }
        cache.cache.writer.finish()
        let entry = folder.path("cache/thumbnails/fail/swivel-9.9/" + ThumbnailDirectory.fileName(uri: FileURI.of(photo)))
        #expect(!FileManager.default.fileExists(atPath: entry.text))
        #expect(cache.cache.writer.written == 0)
    }

    @Test func filesInsideTheThumbnailFolderAreNeverThumbnailed() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("cache/thumbnails/mine").text, withIntermediateDirectories: true)
        let inside = Self.photo(folder, "cache/thumbnails/mine/photo.jpg")
        var decoded = 0
        let run = Cache(folder)
        _ = try run.decode(inside, decoded: &decoded)
        run.cache.writer.finish()
        #expect(decoded == 1 && run.cache.misses == 0 && run.cache.writer.written == 0)
    }

    // MARK: Writing: atomic, read-only, full

    /// A reader opening the final name while it is replaced again and again only ever finds a whole
    /// PNG (its chunks parse to IEND and its size is one of the sizes written).
    @Test func renamesAreAtomic() throws {
        let folder = TemporaryDirectory()
        let target = folder.path("x-large")
        let name = "0123.png"
        let sizes = [64, 512]
        let pngs = sizes.map { side in
            ThumbnailPNG.encode(width: side, height: side, premultiplied: (0..<side * side * 4).map { UInt8(truncatingIfNeeded: $0 &* 7919) },
                                texts: [("Thumb::URI", "file:///x")])!
        }
        let done = Atomic<Bool>(false), seen = Atomic<Int>(0), torn = Atomic<Int>(0)
        let reader = Thread {
            while !done.load(ordering: .relaxed) {
                guard let data = FileManager.default.contents(atPath: target.appending(Array(name.utf8)).text) else { continue }
                seen.add(1, ordering: .relaxed)
                if PNGTextChunks(Array(data)) == nil || !pngs.contains(where: { $0.count == data.count }) { torn.add(1, ordering: .relaxed) }
            }
        }
        reader.start()
        for round in 0..<400 { #expect(ThumbnailWriter.writeAtomically(pngs[round % 2], folder: target, name: name) == nil) }
        done.store(true, ordering: .relaxed)
        while !reader.isFinished { usleep(1000) }
        print("atomic rename: \(seen.load(ordering: .relaxed)) reads, \(torn.load(ordering: .relaxed)) partial")
        #expect(seen.load(ordering: .relaxed) > 0 && torn.load(ordering: .relaxed) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.text) == [name])
    }

    /// Past the queue's ahead limit a thumbnail is still queued and written (decoding ahead waits
    /// instead, in `ImageLoader`); only past its most is one dropped, and counted.
    @Test func aFullQueueWritesEverythingUpToItsMostThenDropsAndCounts() throws {
        let folder = TemporaryDirectory()
        let subject = try #require(ThumbnailSubject(file: Self.photo(folder)))
        let job = ThumbnailWriter.Job.thumbnail(subject, .normal, DecodedImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)),
                                                original: (2, 2), mimeType: "image/jpeg")
        func writer(most: Int) -> ThumbnailWriter {
            ThumbnailWriter(directory: ThumbnailDirectory(root: folder.path("cache/thumbnails"), program: "swivel", version: "9.9"),
                            software: "swivel 9.9", warn: { _ in }, aheadLimit: 16, maxQueued: most)
        }
        let roomy = writer(most: 100 * 16)
        for _ in 0..<100 { roomy.add(job) }
        roomy.waitForRoom()   // returns once at most one thumbnail (16 bytes) waits
        roomy.finish()
        #expect(roomy.written == 100 && roomy.dropped == 0)

        let tight = writer(most: 4 * 16)
        for _ in 0..<100 { tight.add(job) }
        tight.finish()
        print("queue of 4: \(tight.written) written, \(tight.dropped) dropped")
        #expect(tight.dropped > 0 && tight.written + tight.dropped == 100)
    }

    /// A cache that cannot be written (a file where its folder should be): one warning, the photos
    /// still decode.
    @Test func unwritableCacheWarnsOnce() throws {
        let folder = TemporaryDirectory()
        ImageFiles.write(folder.path("cache"), [1])
        var decoded = 0
        let run = Cache(folder)
        for index in 0..<3 { _ = try run.decode(Self.photo(folder, "p\(index).jpg"), decoded: &decoded) }
        run.cache.writer.finish()
        let warnings = run.warnings.all
        #expect(decoded == 3 && warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("not written") == true)
    }

    static var canMount: Bool { getuid() == 0 }

    /// A read-only file system (a tmpfs mounted ro) and a full one (a 64 KiB tmpfs): one warning
    /// each, no partial PNG and no temporary file left.
    @Test(.enabled(if: canMount, "needs root to mount a tmpfs"), arguments: ["ro,size=1m", "size=64k"])
    func readOnlyOrFullFileSystem(_ mountOptions: String) throws {
        let folder = TemporaryDirectory()
        let mountPoint = folder.path("cache")
        try FileManager.default.createDirectory(atPath: mountPoint.text, withIntermediateDirectories: true)
        do { try ExternalTools.run("mount", ["-t", "tmpfs", "-o", mountOptions + ",mode=700", "tmpfs", mountPoint.text]) } catch {
            print("skipped: mount not allowed here (\(error))")
            return
        }
        defer { try? ExternalTools.run("umount", [mountPoint.text]) }
        var decoded = 0
        let run = Cache(folder)
        // 12 different photos: 12 x-large thumbnails of ~40-100 KB, more than 64 KiB.
        for index in 0..<12 {
            let path = folder.path("p\(index).jpg")
            ImageFiles.write(path, ImageFiles.image(.jpeg, width: 800, height: 600) { x, y in
                [UInt8(truncatingIfNeeded: x * y &* (index + 3)), UInt8(truncatingIfNeeded: x &* 31 ^ y), UInt8(truncatingIfNeeded: y * 7 + index), 255] })
            _ = try run.decode(path, decoded: &decoded)
        }
        run.cache.writer.finish()
        let warnings = run.warnings.all
        print("\(mountOptions): \(run.cache.writer.written) written; \(warnings)")
        #expect(decoded == 12 && warnings.count == 1, "\(warnings)")
        let folderPath = folder.path("cache/thumbnails/x-large").text
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? [] {
            #expect(!name.hasPrefix("."), "temporary file \(name) left")
            let texts = Self.texts(FilePath(folderPath + "/" + name))
            #expect(texts["Thumb::URI"] != nil, "\(name) is not a whole thumbnail")
        }
    }
}
