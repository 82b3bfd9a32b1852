import Foundation
import Glibc
import SwivelCore
import SwivelPhotos
import SwivelTestSupport
import Testing
@testable import swivel

/// R, Shift+R and Ctrl+Z in the app, in this process on the test's clock (`LiveHarness`, drawn by
/// the app's renderer on llvmpipe): the photo open in the full view is turned on screen, its file
/// rewritten (a lossless JPEG transform, in the app's own file-writing thread), read again, and
/// the window shows what ImageMagick shows of the file; Ctrl+Z gives the file back byte for byte.
/// On a read-only folder or a full disk, one line, the file as it was, the turn on screen only.
@Suite(.serialized) struct PhotoTurnAppTests {
    static let wallpaper = "/usr/share/wallpapers/FallenLeaf/contents/images/1920x1080.jpg"
    static let hasTools = FileManager.default.fileExists(atPath: wallpaper)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
    static let toolsReason: Comment = "needs plasma-workspace-wallpapers, exiftool and ImageMagick"

    static func tool(_ program: String, _ arguments: [String]) throws -> String {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/" + program), arguments)
        guard result.status == 0 else { throw Failed(description: "\(program) \(arguments): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct Failed: Error, CustomStringConvertible { let description: String }

    /// A 960 × 720 part of a KDE wallpaper, stored on its side (720 × 960, a multiple of the
    /// 16 × 16 MCU) with EXIF orientation 6, and a camera's tags: upright it is 960 × 720.
    static func writePhoto(_ path: String) throws {
        _ = try tool("convert", [wallpaper, "-crop", "960x720+480+180", "+repage", "-rotate", "270", "-quality", "92",
                                 "-sampling-factor", "2x2", path])
        _ = try tool("exiftool", ["-q", "-overwrite_original", "-Make=Swivel Test Camera", "-DateTimeOriginal=2023:04:05 06:07:08",
                                  "-Orientation#=6", path])
    }

    /// ImageMagick's upright view of `path` after `operations`, fitted to `width` × `height` as the
    /// full view fits it in its 1280 × 720 window.
    static func reference(_ path: String, _ operations: [String], width: Int, height: Int, in folder: TemporaryDirectory) throws -> Image {
        let out = folder.path("reference-\(operations.joined())-\(width).png").text
        _ = try tool("convert", [path, "-auto-orient"] + operations + ["-resize", "\(width)x\(height)!", "-depth", "8", out])
        return try Image(contentsOf: out)
    }

    /// The photo in the window: `width` × `height` centred in 1280 × 720.
    static func shown(_ frame: Image, width: Int, height: Int) -> Image {
        frame.cropped(x: (1280 - width) / 2, y: (720 - height) / 2, width: width, height: height)
    }

    static func modified(_ path: String) -> timespec {
        var status = stat()
        _ = stat(path, &status)
        return status.st_mtim
    }

    /// R on the open photo: turned on screen, then in its file (exiftool: orientation 1, a 720 ×
    /// 960 JPEG whose pixels ImageMagick shows as the original turned clockwise), and the window
    /// shows ImageMagick's `-auto-orient` of the new file at its 540 × 720 fit; Ctrl+Z: the file's
    /// bytes and modification time as they were, and the window as before.
    ///
    /// Tolerance: opened, the photo is at 1:1 (0 levels off, measured); turned, the window shows
    /// its decode scaled to 540 × 720 by the GPU, ImageMagick its Lanczos resize: measured 0.44
    /// levels on average, 8 at most; mean 1.2, max 12 allowed.
    @Test(.enabled(if: hasTools, toolsReason)) func turnSavedShownAndUndone() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        let photo = folder.path("photos/a.jpg").text
        try Self.writePhoto(photo)
        let original = folder.contents(folder.path("photos/a.jpg"))
        let originalModified = Self.modified(photo)
        let tagsBefore = try Self.tool("exiftool", ["-a", "-G1", "-s", "-n", "-EXIF:all", "-XMP:all", "-IPTC:all", photo])

        let app = try LiveHarness([folder.path("photos").text, "--open", "0"], drawing: .offscreenGL)
        app.run(until: 1)
        let before = Self.shown(try #require(app.image()), width: 960, height: 720)
        let upright = try Self.reference(photo, [], width: 960, height: 720, in: folder)
        let asOpened = (before.meanDifference(upright), before.maxDifference(upright))
        print("opened: mean \(asOpened.0) max \(asOpened.1) levels off ImageMagick's")
        #expect(asOpened.0 <= 1.2 && asOpened.1 <= 12)
        let expectedTurn = try Self.reference(photo, ["-rotate", "90"], width: 540, height: 720, in: folder)

        app.key("r", at: 1)
        app.run(until: 3)
        // Read once (photo id 1): the watch's reports of Swivel's own write (two, for a rename) are not
        // taken for another program's.
        #expect(app.deck?.photoID(at: 0) == 1)
        #expect(try Self.tool("exiftool", ["-n", "-s3", "-Orientation", photo]) == "1")
        #expect(try Self.tool("exiftool", ["-s3", "-ImageSize", photo]) == "720x960")
        let tagsAfter = try Self.tool("exiftool", ["-a", "-G1", "-s", "-n", "-EXIF:all", "-XMP:all", "-IPTC:all", photo])
        let changed = Set(tagsBefore.split(separator: "\n")).symmetricDifference(Set(tagsAfter.split(separator: "\n")))
            .filter { !$0.contains(" Orientation ") }
        #expect(changed.isEmpty, "\(changed)")
        let turned = Self.shown(try #require(app.image()), width: 540, height: 720)
        let fileShown = try Self.reference(photo, [], width: 540, height: 720, in: folder)
        let againstFile = (turned.meanDifference(fileShown), turned.maxDifference(fileShown))
        let againstTurn = (turned.meanDifference(expectedTurn), turned.maxDifference(expectedTurn))
        print("turned: mean \(againstFile.0) max \(againstFile.1) off ImageMagick's -auto-orient of the file; "
              + "mean \(againstTurn.0) max \(againstTurn.1) off its -rotate 90 of the original")
        #expect(againstFile.0 <= 1.2 && againstFile.1 <= 12)
        #expect(againstTurn.0 <= 1.2 && againstTurn.1 <= 12)

        app.key("ctrl+z", at: 3)
        app.run(until: 5)
        let restored = folder.contents(folder.path("photos/a.jpg"))
        let sameBytes = restored == original
        #expect(sameBytes, "\(restored.count) bytes for \(original.count)")
        let modified = Self.modified(photo)
        #expect(modified.tv_sec == originalModified.tv_sec && modified.tv_nsec == originalModified.tv_nsec)
        let undone = Self.shown(try #require(app.image()), width: 960, height: 720)
        #expect(undone.meanDifference(upright) <= 1.2 && undone.maxDifference(upright) <= 12)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("photos").text) == ["a.jpg"])
        #expect(app.effects.warnings.isEmpty, "\(app.effects.warnings)")
    }

    /// The photo's folder read-only (a tmpfs remounted so) or its disk full (a 1 MiB tmpfs, filled):
    /// R says why in one line, the file keeps its bytes and nothing is left beside it, and the
    /// window shows the photo turned (drawn turned from the pixels it has) as ImageMagick turns it:
    /// measured 0.49 levels on average, 5 at most, off its `-rotate 90`.
    @Test(.enabled(if: hasTools && getuid() == 0, "needs root to mount a tmpfs, and the tools"), arguments: [true, false])
    func aTurnThatCannotBeSavedSaysWhyAndStaysOnScreen(readOnly: Bool) throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        let mount = folder.path("photos").text
        _ = try Self.tool("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount])
        defer { _ = try? Self.tool("umount", ["-l", mount]) }
        let photo = mount + "/a.jpg"
        try Self.writePhoto(photo)
        let original = folder.contents(folder.path("photos/a.jpg"))
        if readOnly {
            _ = try Self.tool("mount", ["-o", "remount,ro", mount])
        } else {
            let filler = open(mount + "/.filler", O_WRONLY | O_CREAT, 0o644)
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
            #expect(errno == ENOSPC)
            close(filler)
        }
        let app = try LiveHarness([mount, "--open", "0"], drawing: .offscreenGL)
        app.run(until: 1)
        app.key("r", at: 1)
        app.run(until: 3)
        let reason = readOnly ? "Read-only file system" : "No space left on device"
        #expect(app.effects.warnings == ["cannot save the turn of \(photo): cannot write in \(mount): \(reason); "
                                         + "it stays turned on screen until Swivel quits"])
        let kept = folder.contents(folder.path("photos/a.jpg")) == original
        #expect(kept)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount).sorted() == (readOnly ? ["a.jpg"] : [".filler", "a.jpg"]))
        #expect(app.state.notice.text?.hasPrefix("Cannot save the turn of \(photo)") == true)
        // Once the notice has gone (4 s), the photo alone.
        app.run(until: 8)
        let turned = Self.shown(try #require(app.image()), width: 540, height: 720)
        let expected = try Self.reference(photo, ["-rotate", "90"], width: 540, height: 720, in: folder)
        let difference = (turned.meanDifference(expected), turned.maxDifference(expected))
        print("turned on screen only: mean \(difference.0) max \(difference.1) levels off ImageMagick's -rotate 90")
        #expect(difference.0 <= 1.2 && difference.1 <= 12)
    }

    /// The shared thumbnail (freedesktop.org's cache, x-large) follows the file: after R it is the
    /// turned photo (portrait 3:4 by ImageMagick's identify, 270 × 360 here) with the new file's
    /// modification time (Thumb::MTime); the one written at the open was the upright 4:3.
    @Test(.enabled(if: hasTools, toolsReason)) func theSharedThumbnailIsRefreshed() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos", "cache")
        let photo = folder.path("photos/a.jpg").text
        try Self.writePhoto(photo)
        let cacheHome = folder.path("cache").text
        let found = ThumbnailCache.forApp(environment: { $0 == "XDG_CACHE_HOME" ? cacheHome : nil }, warn: { Issue.record("\($0)") })
        let cache = try #require(found)
        let app = try LiveHarness([folder.path("photos").text], thumbnails: cache)
        app.run(until: 1)
        app.key("r", at: 1)
        app.run(until: 3)
        cache.writer.finish()
        let thumbnails = folder.path("cache/thumbnails/x-large").text
        let names = try FileManager.default.contentsOfDirectory(atPath: thumbnails)
        #expect(names.count == 1, "\(names)")
        let described = try Self.tool("identify", ["-format", "%w %h %[Thumb::MTime]", thumbnails + "/" + (names.first ?? "")])
        let fields = described.split(separator: " ").compactMap { Int($0) }
        #expect(fields.count == 3 && fields[0] * 4 == fields[1] * 3 && fields[2] == Self.modified(photo).tv_sec, "\(described)")
        #expect(app.effects.warnings.isEmpty, "\(app.effects.warnings)")
    }
}
