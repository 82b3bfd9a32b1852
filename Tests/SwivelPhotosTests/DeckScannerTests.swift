import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

@Suite struct DeckScannerTests {
    /// The scanned paths relative to `root`, as text.
    private func names(_ scan: DeckScan, under root: TemporaryDirectory) -> [String] {
        scan.images.map { String(decoding: $0.bytes.dropFirst(root.path.bytes.count + 1), as: UTF8.self) }
    }

    private func scanError(_ paths: [FilePath], recursive: Bool = false) -> String? {
        do {
            _ = try DeckScanner.scan(paths, recursive: recursive)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func directoryIsInNaturalOrder() throws {
        let root = TemporaryDirectory()
        root.touch("img10.png", "img2.png", "IMG1.PNG", "img1.jpg", "photo 3.webp")
        let scan = try DeckScanner.scan([root.path], recursive: false)
        #expect(names(scan, under: root) == ["img1.jpg", "IMG1.PNG", "img2.png", "img10.png", "photo 3.webp"])
        #expect(scan.warnings.isEmpty)
    }

    @Test func onlyImageExtensionsAnyCase() throws {
        let root = TemporaryDirectory()
        root.touch("a.png", "b.txt", "c.JPEG", "d", "png", "e.png.bak", "f.Tiff", "g.avif", "h.svg", "i.xcf", "j.Heic")
        let scan = try DeckScanner.scan([root.path], recursive: false)
        #expect(names(scan, under: root) == ["a.png", "c.JPEG", "f.Tiff", "g.avif", "h.svg", "j.Heic"])   // .xcf: no header reader
    }

    @Test func dotFilesAndDotDirectoriesAreSkipped() throws {
        let root = TemporaryDirectory()
        root.makeDirectories(".thumbs", "visible")
        root.touch(".hidden.png", ".thumbs/x.png", "shown.png", "visible/y.png", "visible/.z.png")
        let scan = try DeckScanner.scan([root.path], recursive: true)
        #expect(names(scan, under: root) == ["shown.png", "visible/y.png"])
    }

    @Test func recursiveListsFilesThenSubdirectoriesInNaturalOrder() throws {
        let root = TemporaryDirectory()
        root.makeDirectories("sub10", "sub2", "sub2/deeper")
        root.touch("b.png", "a10.png", "a2.png", "sub10/y.png", "sub2/x.png", "sub2/w.png", "sub2/deeper/z.png")
        let flat = try DeckScanner.scan([root.path], recursive: false)
        #expect(names(flat, under: root) == ["a2.png", "a10.png", "b.png"])
        let deep = try DeckScanner.scan([root.path], recursive: true)
        #expect(names(deep, under: root) == ["a2.png", "a10.png", "b.png", "sub2/w.png", "sub2/x.png",
                                            "sub2/deeper/z.png", "sub10/y.png"])
        #expect(deep.warnings.isEmpty)
    }

    @Test func symbolicLinkLoopEndsWithOneWarning() throws {
        let root = TemporaryDirectory()
        root.makeDirectories("dir")
        root.touch("a.png", "dir/b.png")
        root.link("dir/link", to: "..")
        let scan = try DeckScanner.scan([root.path], recursive: true)
        #expect(names(scan, under: root) == ["a.png", "dir/b.png"])
        #expect(scan.warnings == ["skipped \(root.path("dir/link")): symbolic link loop back to \(root.path)"])

        // Starting inside: the link leads out to the parent once, whose "dir" is then the loop.
        let inner = try DeckScanner.scan([root.path("dir")], recursive: true)
        #expect(names(inner, under: root) == ["dir/b.png", "dir/link/a.png"])
        #expect(inner.warnings == ["skipped \(root.path("dir/link/dir")): symbolic link loop back to \(root.path("dir"))"])
    }

    /// A folder nested so deep that its path is over PATH_MAX (4,096 bytes, made here with
    /// mkdirat from descriptor to descriptor) cannot be opened by its path: under `--recursive`
    /// it is one line, "cannot read directory PATH: File name too long" (strerror's words for
    /// ENAMETOOLONG), never silently left out; the photo beside it still loads.
    @Test func aFolderWhosePathIsTooLongGetsItsLine() throws {
        let root = TemporaryDirectory()
        root.touch("a.png")
        let name = String(repeating: "x", count: 200)
        var fd = open(root.path.cString, O_RDONLY | O_DIRECTORY), depth = 0, length = root.path.bytes.count
        defer {   // rm(1) walks by descriptors; TemporaryDirectory's removal goes by whole paths
            let rm = Process()
            rm.executableURL = URL(fileURLWithPath: "/bin/rm")
            rm.arguments = ["-rf", root.path.text + "/" + name]
            rm.environment = [:]
            try? rm.run()
            rm.waitUntilExit()
        }
        while length <= 4096 + 201 {
            #expect(mkdirat(fd, name, 0o755) == 0)
            let inner = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = inner
            depth += 1
            length += name.utf8.count + 1
        }
        close(openat(fd, "deep.png", O_WRONLY | O_CREAT, 0o644))
        close(fd)

        let scan = try DeckScanner.scan([root.path], recursive: true)
        #expect(names(scan, under: root) == ["a.png"])
        #expect(scan.warnings.count == 1)
        let line = try #require(scan.warnings.first)
        #expect(line.hasPrefix("cannot read directory \(root.path)/\(name)/"))
        #expect(line.hasSuffix(": File name too long"))
        print("\(depth) folders deep: \(line.utf8.count) bytes of warning")

        // Alone in its folder, the deep one is why there are no images: its line comes with the error.
        #expect(unlink(root.path("a.png").cString) == 0)
        #expect(throws: DeckScanError.self) { try DeckScanner.scan([root.path], recursive: true) }
        do {
            _ = try DeckScanner.scan([root.path], recursive: true)
        } catch {
            #expect(error.description == "no images in \(root.path)")
            #expect(error.warnings == [line])
        }
    }

    @Test func linksToImagesAreKeptBrokenLinksSkipped() throws {
        let root = TemporaryDirectory()
        root.touch("real.png")
        root.link("alias.png", to: "real.png")
        root.link("broken.png", to: "missing.png")
        let scan = try DeckScanner.scan([root.path], recursive: false)
        #expect(names(scan, under: root) == ["alias.png", "real.png"])
        #expect(scan.warnings == ["skipped \(root.path("broken.png")): broken symbolic link"])
    }

    /// Image-named entries that are not regular files are never opened (a FIFO could block) and
    /// each gets one warning; other names of that kind, and directories named like images, are
    /// passed over quietly.
    @Test func fifosDevicesAndSelfLinksAreSkippedWithAWarning() throws {
        let root = TemporaryDirectory()
        root.touch("a.png")
        #expect(mkfifo(root.path("pipe.png").cString, 0o644) == 0)
        #expect(mkfifo(root.path("pipe").cString, 0o644) == 0)
        root.link("zero.jpg", to: "/dev/zero")
        root.link("self.png", to: "self.png")
        root.makeDirectories("folder.png")
        let scan = try DeckScanner.scan([root.path], recursive: false)
        #expect(names(scan, under: root) == ["a.png"])
        #expect(scan.warnings == [
            "skipped \(root.path("pipe.png")): not a regular file (a FIFO)",
            "skipped \(root.path("self.png")): Too many levels of symbolic links",
            "skipped \(root.path("zero.jpg")): not a regular file (a character device)",
        ])
    }

    @Test func missingPathIsAnError() {
        let root = TemporaryDirectory()
        #expect(scanError([root.path("nope.png")]) == "no such file or directory: \(root.path("nope.png"))")
    }

    @Test func noImagesIsAnError() {
        let root = TemporaryDirectory()
        root.makeDirectories("empty", "texts")
        root.touch("texts/readme.txt")
        #expect(scanError([root.path("empty")]) == "no images in \(root.path("empty"))")
        #expect(scanError([root.path("texts")], recursive: true) == "no images in \(root.path("texts"))")
        #expect(scanError([root.path("empty"), root.path("texts")]) == "no images in the given paths")
        #expect(scanError([]) == "no images in the given paths")
    }

    @Test func nonUTF8NameKeepsItsRawBytes() throws {
        let root = TemporaryDirectory()
        let raw: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)   // Latin-1 é
        root.touch(root.path.appending(raw))
        let scan = try DeckScanner.scan([root.path], recursive: false)
        #expect(scan.images.map(\.bytes) == [root.path.bytes + [UInt8(ascii: "/")] + raw])
        #expect(scan.images.first?.description.hasSuffix("caf\u{FFFD}.png") == true)
    }

    @Test func namedFilesAreKeptAsGivenInCommandLineOrder() throws {
        let root = TemporaryDirectory()
        root.makeDirectories("dir")
        root.touch("notes.txt", "dir/b.png", "dir/a.png", "z.png")
        let scan = try DeckScanner.scan([root.path("z.png"), root.path("dir"), root.path("notes.txt")],
                                        recursive: false)
        #expect(names(scan, under: root) == ["z.png", "dir/a.png", "dir/b.png", "notes.txt"])
    }

    /// Root reads every directory whatever its mode, so this only runs as another user.
    @Test(.enabled(if: getuid() != 0, "root ignores directory permissions"))
    func unreadableDirectories() throws {
        let root = TemporaryDirectory()
        root.makeDirectories("locked", "open")
        root.touch("open/a.png", "locked/b.png")
        chmod(root.path("locked").cString, 0)
        let scan = try DeckScanner.scan([root.path], recursive: true)
        #expect(names(scan, under: root) == ["open/a.png"])
        #expect(scan.warnings == ["cannot read directory \(root.path("locked")): Permission denied"])
        #expect(scanError([root.path("locked")]) == "cannot read directory \(root.path("locked")): Permission denied")
    }

    /// Order and count at 10,000 files. (Speed is not asserted here — shared machines are noisy;
    /// a release build scans them in about 20 ms, measured by hand.)
    @Test func tenThousandFilesInNaturalOrder() throws {
        let root = TemporaryDirectory()
        for i in (0..<10_000).reversed() { root.touch(root.path("photo \(i).jpg")) }
        root.touch("readme.txt")
        let scan = try DeckScanner.scan([root.path], recursive: true)
        #expect(scan.images.count == 10_000)
        #expect(names(scan, under: root).prefix(3) == ["photo 0.jpg", "photo 1.jpg", "photo 2.jpg"])
        #expect(names(scan, under: root).last == "photo 9999.jpg")
    }
}
