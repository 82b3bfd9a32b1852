import Foundation
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelTestSupport
import Testing
@testable import swivel

/// Stars, labels and rejections in this process, on the test's clock (`LiveHarness`): the keys,
/// the frame, the sidecars written by the real store, read back by exiftool (the reference, not
/// Swivel's own reader), and a folder that cannot be written or a disk that is full losing nothing.
@Suite struct RatingTests {
    /// What exiftool says a file's `xmp:Rating` and `xmp:Label` are ("" where it has none).
    static func exiftool(_ file: String) throws -> (rating: String, label: String) {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/exiftool"),
                                                  ["-s3", "-f", "-XMP-xmp:Rating", "-XMP-xmp:Label", file])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 2 else { return ("?", "?") }
        return (lines[0] == "-" ? "" : lines[0], lines[1] == "-" ? "" : lines[1])
    }

    static func run(_ folder: TemporaryDirectory, _ keys: [(Double, String)], arguments: [String] = [],
                    until end: Double = 5) throws -> LiveHarness {
        let app = try LiveHarness(arguments + [folder.path.text])
        for (time, key) in keys { app.key(key, at: time) }
        app.run(until: end)
        return app
    }

    /// 3 on the first photo, then → and 6 (red) and X on the second: the sidecars exiftool reads
    /// say so (a.png.xmp: 3; b.png.xmp: −1, Red), the cards carry it, the HUD and the title say it.
    @Test func keysRateLabelAndRejectAndExiftoolReadsTheSidecars() throws {
        let folder = PickTests.threePhotos()
        let app = try Self.run(folder, [(0.1, "3"), (0.2, "right"), (0.9, "6"), (1.0, "x"), (1.5, "space"), (2.5, "h")])
        #expect(try Self.exiftool(folder.path("a.png.xmp").text) == ("3", ""))
        #expect(try Self.exiftool(folder.path("b.png.xmp").text) == ("-1", "Red"))
        #expect(access(folder.path("c.png.xmp").cString, F_OK) != 0, "an unrated photo gets no sidecar")
        #expect(access(folder.path("a.png").cString, F_OK) == 0)
        let frame = app.frame
        #expect(frame.title == "b rejected Red — Swivel", "\(frame.title)")
        #expect(frame.hud?.rating == "rejected Red")
        #expect(frame.ratingStrips.count == 1 && frame.ratingStrips.first?.rejected == true
                && frame.ratingStrips.first?.label == ColourLabel.red.rawValue)
        #expect(app.effects.warnings.isEmpty, "\(app.effects.warnings)")
    }

    /// A photo's label comes from its sidecar and its stars from its own XMP (exiftool wrote both):
    /// the card shows them. Another program then changes the label (the folder watch does not
    /// has not handed the change over yet, so Swivel's is stale): a key that sets the stars writes the stars alone,
    /// leaving the label the file has now, and the card takes what the file then says.
    @Test func aKeySetsOnlyWhatItChanges() throws {
        let folder = PickTests.threePhotos()
        let sidecar = folder.path("a.png.xmp").text
        try ExternalToolsRun.exiftool(["-q", "-o", sidecar, "-XMP-xmp:Label=Green", folder.path("a.png").text])
        try ExternalToolsRun.exiftool(["-q", "-overwrite_original", "-XMP-xmp:Rating=2", folder.path("a.png").text])
        let app = try LiveHarness([folder.path.text])
        app.run(until: 0.5)
        #expect(app.state.ratings.rating(of: folder.path("a.png")) == Rating(value: 2, label: "Green"))
        let card = app.frame.cards.first { abs($0.angle) < 0.001 }
        #expect(card?.rating == 2 && card?.label == Float(ColourLabel.green.rawValue))
        try ExternalToolsRun.exiftool(["-q", "-overwrite_original", "-XMP-xmp:Label=Blue", sidecar])
        app.key("5", at: 0.6)
        app.run(until: 1.5)
        #expect(try Self.exiftool(sidecar) == ("5", "Blue"))
        #expect(app.state.ratings.rating(of: folder.path("a.png")) == Rating(value: 5, label: "Blue"))
    }

    /// Ctrl+Z takes back the ratings one by one (the file says each earlier one), then the Delete
    /// before them.
    @Test func undoTakesBackRatingsAndTheDeleteBefore() throws {
        let folder = PickTests.threePhotos()
        let app = try LiveHarness([folder.path.text])
        app.key("delete", at: 0.1)
        app.run(until: 1)
        #expect(access(folder.path("a.png").cString, F_OK) != 0)
        app.key("2", at: 1.1)
        app.key("4", at: 1.2)
        app.key("8", at: 1.3)
        app.run(until: 2)
        #expect(try Self.exiftool(folder.path("b.png.xmp").text) == ("4", "Green"))
        app.key("undo", at: 2.1)
        app.run(until: 3)
        #expect(try Self.exiftool(folder.path("b.png.xmp").text) == ("4", ""))
        app.key("undo", at: 3.1)
        app.run(until: 4)
        #expect(try Self.exiftool(folder.path("b.png.xmp").text) == ("2", ""))
        app.key("undo", at: 4.1)
        app.run(until: 5)
        #expect(try Self.exiftool(folder.path("b.png.xmp").text) == ("0", ""))
        #expect(access(folder.path("a.png").cString, F_OK) != 0, "the Delete is not undone yet")
        app.key("undo", at: 5.1)
        app.run(until: 6)
        #expect(access(folder.path("a.png").cString, F_OK) == 0, "the fourth Ctrl+Z brings the Delete back")
    }

    /// A rating's key press to its frame: the frame drawn at the key's own time (the loop draws
    /// after input at once) already carries the centred card's stars and the HUD's words; the save
    /// is the store's, later, off the frame step.
    @Test func theKeysFrameShowsTheRating() throws {
        let folder = PickTests.threePhotos()
        let app = try LiveHarness(["--hud", folder.path.text])
        app.run(until: 1)
        let drawnBefore = app.drawn.count
        app.key("4", at: 1.5)
        app.run(until: 1.5)
        #expect(app.drawn.count == drawnBefore + 1 && app.drawn.last?.time == 1.5)
        let frame = try #require(app.session.drawn)
        #expect(frame.time == 1.5)
        #expect(frame.cards.first { abs($0.angle) < 0.001 }?.rating == 4)
        #expect(frame.hud?.rating == "★★★★")
    }

    static let canMount = Mounts.tmpfsWorks()

    /// A folder on a read-only mount: the key's rating shows and stays (the state keeps it), one
    /// line on stderr and on screen says why, and nothing is written.
    @Test(.enabled(if: canMount, TrashEndToEndTests.mountReason))
    func aReadOnlyFolderKeepsTheRatingOnScreen() throws {
        let home = TemporaryDirectory()
        home.makeDirectories("ro")
        let mount = home.path("ro").text
        try Mounts.run(["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount])
        defer { Mounts.unmount(mount) }
        home.write("ro/r.png", .png, width: 8, height: 12) { _, _ in RGBA8(90, 90, 90) }
        try Mounts.run(["-o", "remount,ro", mount])
        let app = try LiveHarness([mount])
        app.key("4", at: 0.5)
        app.run(until: 1.5)
        #expect(app.effects.warnings == ["cannot write r.png.xmp: Read-only file system"], "\(app.effects.warnings)")
        #expect(app.state.notice.text?.hasPrefix("Not saved: r.png's rating (kept until Swivel quits)") == true)
        #expect(app.state.ratings.rating(of: FilePath(mount + "/r.png")).stars == 4)
        #expect(app.frame.cards.contains { $0.rating == 4 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount) == ["r.png"])
    }

    /// A full file system: the sidecar there stays byte for byte, no temporary file is left, one
    /// line says why, and the rating stays on screen.
    @Test(.enabled(if: canMount, TrashEndToEndTests.mountReason))
    func aFullDiskLeavesTheSidecarAsItWas() throws {
        let home = TemporaryDirectory()
        home.makeDirectories("full")
        let mount = home.path("full").text
        try Mounts.run(["-t", "tmpfs", "-o", "size=256k", "tmpfs", mount])
        defer { Mounts.unmount(mount) }
        home.write("full/f.png", .png, width: 8, height: 12) { _, _ in RGBA8(90, 90, 90) }
        try ExternalToolsRun.exiftool(["-q", "-o", mount + "/f.png.xmp", "-XMP-xmp:Rating=1", mount + "/f.png"])
        let before = home.contents(FilePath(mount + "/f.png.xmp"))
        let filler = open(mount + "/filler", O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
        close(filler)
        let app = try LiveHarness([mount])
        app.key("5", at: 0.5)
        app.run(until: 1.5)
        #expect(app.effects.warnings == ["cannot write f.png.xmp: No space left on device"], "\(app.effects.warnings)")
        #expect(home.contents(FilePath(mount + "/f.png.xmp")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount).sorted() == ["f.png", "f.png.xmp", "filler"])
        #expect(app.state.ratings.rating(of: FilePath(mount + "/f.png")).stars == 5)
    }
}

/// exiftool run from these tests (`ExternalTools` is SwivelPhotosTests').
enum ExternalToolsRun {
    static func exiftool(_ arguments: [String]) throws {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/exiftool"), arguments)
        guard result.status == 0 else { throw Mounts.Failure(description: "exiftool: \(result.stderr)") }
    }
}

/// Sidecars another program changes while Swivel is open (the live-folder watch).
@Suite struct SidecarWatchTests {
    /// exiftool rewrites a.png.xmp (a temporary file renamed over it), writes a new b.xmp
    /// (Lightroom's name) and c's sidecar is deleted: each card takes what its files say now.
    @Test func anotherProgramsRatingUpdatesTheCard() throws {
        let folder = PickTests.threePhotos()
        try ExternalToolsRun.exiftool(["-q", "-o", folder.path("a.png.xmp").text, "-XMP-xmp:Rating=2", folder.path("a.png").text])
        try ExternalToolsRun.exiftool(["-q", "-o", folder.path("c.png.xmp").text, "-XMP-xmp:Rating=-1", folder.path("c.png").text])
        let app = try LiveHarness([folder.path.text])
        app.run(until: 0.5)
        #expect(app.state.ratings.rating(of: folder.path("a.png")).value == 2)
        #expect(app.state.ratings.rating(of: folder.path("c.png")).isRejected)
        var seen = app.folderBatches
        try ExternalToolsRun.exiftool(["-q", "-overwrite_original", "-XMP-xmp:Rating=5", "-XMP-xmp:Label=Blue", folder.path("a.png.xmp").text])
        try ExternalToolsRun.exiftool(["-q", "-o", folder.path("b.xmp").text, "-XMP-xmp:Rating=3", folder.path("b.png").text])
        #expect(unlink(folder.path("c.png.xmp").cString) == 0)
        var time = 0.5
        // Up to three batches (the watch hands over what has come each time it wakes).
        for _ in 0..<3 where app.state.ratings.rating(of: folder.path("c.png")).isRejected
            || app.state.ratings.rating(of: folder.path("b.png")).value != 3 || app.state.ratings.rating(of: folder.path("a.png")).value != 5 {
            app.waitForFolderBatch(after: seen)
            seen = app.folderBatches
            time += 1
            app.run(until: time)
        }
        #expect(app.state.ratings.rating(of: folder.path("a.png")) == Rating(value: 5, label: "Blue"))
        #expect(app.state.ratings.rating(of: folder.path("b.png")) == Rating(value: 3))
        #expect(app.state.ratings.rating(of: folder.path("c.png")) == Rating())
        #expect(app.frame.cards.contains { $0.rating == 5 } && app.frame.cards.contains { $0.rating == 3 })
        #expect(SidecarFolders.photos(ofSidecars: [folder.path("A.XMP"), folder.path("b.PNG.xmp")],
                                      among: [folder.path("a.png"), folder.path("b.png"), folder.path("c.png")])
                == [folder.path("b.png")], "the name before the extensions exactly")
    }
}
