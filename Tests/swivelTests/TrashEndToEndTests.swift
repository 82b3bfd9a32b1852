import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing
@testable import swivel

/// Delete and Ctrl+Z through the real binary (offscreen, keys from a `--replay`) or, where the
/// test follows the row through the folder watch's reports, in this process (`LiveHarness`); each
/// with its own XDG_DATA_HOME and HOME, and what it trashed read back by GLib's `gio trash --list` (through
/// gvfsd-trash, in a session bus of its own). Mounts — a read-only folder, a full file system, a
/// second file system — need root; they are skipped where mounting is not permitted.
@Suite struct TrashEndToEndTests {
    static let hasGio = FileManager.default.isExecutableFile(atPath: "/usr/bin/gio")
        && FileManager.default.isExecutableFile(atPath: "/usr/libexec/gvfsd-trash")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session")
    static let gioReason: Comment = "needs gio, gvfsd-trash and dbus-run-session (libglib2.0-bin, gvfs, dbus-daemon)"
    static let canMount = Mounts.tmpfsWorks()
    static let mountReason: Comment = "needs permission to mount (root, outside an unprivileged container)"
    static let canLoopMount = canMount && Mounts.loopWorks()

    /// Delete moves the centred photo to the home trash: gone from its folder, byte-identical
    /// under files/, its .trashinfo as the specification says, and listed by gio.
    @Test(.enabled(if: hasGio, gioReason))
    func deleteMovesTheCentredPhotoToTheHomeTrash() throws {
        let home = TrashHome()
        let bytes = home.photo("photos/beach day%.png")
        _ = home.photo("photos/a.png")
        _ = home.photo("photos/c.png")
        let before = try clockText()
        let trashed = home.folder.path("data/Trash/files/beach day%.png")
        let result = try home.run([home.folder.path("photos").text, "--scroll", "240"], keys: [(0.5, "delete")]) { _ in
            access(trashed.cString, F_OK) == 0
        }
        let after = try clockText()
        #expect(result.done && !result.stderr.contains("cannot"), "\(result.stderr)")
        let original = home.real("photos") + "/beach day%.png"
        #expect(access(original, F_OK) != 0)
        #expect(access(home.real("photos") + "/a.png", F_OK) == 0 && access(home.real("photos") + "/c.png", F_OK) == 0)
        #expect(home.folder.contents(home.folder.path("data/Trash/files/beach day%.png")) == bytes)
        let info = try String(contentsOfFile: home.folder.path("data/Trash/info/beach day%.png.trashinfo").text, encoding: .utf8)
        let lines = info.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4 && lines[0] == "[Trash Info]" && lines[3] == "")
        #expect(lines[1] == "Path=" + home.real("photos") + "/beach%20day%25.png")
        let date = String(lines[2].dropFirst("DeletionDate=".count))
        #expect(lines[2].hasPrefix("DeletionDate=") && date.count == 19 && before <= date && date <= after, "\(lines[2])")
        #expect(try home.gioTrashList() == [original])
    }

    /// Ctrl+Z puts the file back byte for byte and its card back in its place, centred; the trash
    /// is empty again. The folder watch's report of the Delete's move changes nothing more, nor
    /// does the undo (put back by link(2), which the watch does not report: a link made in place is
    /// reported only when it is a symbolic one): the card is read once after the undo, never
    /// again (an echo taken for a rewrite would read it again). In this process (`LiveHarness`,
    /// the real trash and watch), each report waited for by condition before the clock goes on;
    /// a photo copied in after the undo marks the end of what the watch saw of it (inotify keeps
    /// the order).
    @Test(.enabled(if: hasGio, gioReason))
    func undoRestoresTheFileAndItsCard() throws {
        let home = TrashHome()
        _ = home.photo("photos/u1.png")
        let bytes = home.photo("photos/u2.png")
        _ = home.photo("photos/u3.png")
        let app = try LiveHarness([home.folder.path("photos").text, "--scroll", "240"], trash: home.folder)
        app.key("delete", at: 1)
        app.key("undo", at: 5)
        app.run(until: 0.9)
        #expect(app.showing == ["u1", "u2", "u3"] && app.drawn.last?.photos == 3)
        var batches = app.folderBatches
        app.run(until: 1.5)
        #expect(app.waitForFolderBatch(after: batches), "the watch's report of the Delete's move")
        app.run(until: 4)
        #expect(app.showing == ["u1", "u3"] && app.drawn.last?.centreName == "u3")
        let original = home.real("photos") + "/u2.png"
        #expect(access(original, F_OK) != 0)
        #expect(try home.gioTrashList() == [original])
        app.run(until: 5.5)
        let restored = try #require(app.drawn.last)
        #expect(restored.showing == ["u1", "u2", "u3"] && restored.centreName == "u2" && restored.photos == 3)
        let decodes = app.decodes
        batches = app.folderBatches
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: home.folder.path("photos/u4.png"))
        #expect(app.waitForFolderBatch(after: batches), "the watch's report of u4's copy")
        app.run(until: 8)
        let last = try #require(app.drawn.last)
        #expect(last.showing == ["u1", "u2", "u3", "u4"] && last.centreName == "u2" && last.shift == 0 && last.photos == 4)
        #expect(app.decodes == decodes + 1, "u4 read, and nothing else: \(decodes) then \(app.decodes)")
        #expect(home.folder.contents(FilePath(original)) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/info").text).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/files").text).isEmpty)
        #expect(try home.gioTrashList() == [])
        #expect(!app.effects.warnings.contains { $0.contains("cannot") || $0.contains("skipped") }, "\(app.effects.warnings)")
    }

    /// Ctrl+Z 10 ms after Delete, before the folder watch's report of the move has come: that
    /// report, of a file that is back by then, must not take the restored card out.
    @Test func undoRightAfterDeleteKeepsTheCard() throws {
        let home = TrashHome()
        for name in ["v1", "v2", "v3"] { _ = home.photo("photos/\(name).png") }
        let app = try LiveHarness([home.folder.path("photos").text, "--scroll", "240"], trash: home.folder)
        app.key("delete", at: 1)
        app.key("undo", at: 1.01)
        app.run(until: 0.9)
        let batches = app.folderBatches
        app.run(until: 1.02)
        // Both moves are done within the test's 10 ms (no real time between them), so their
        // reports come as one batch, after the undo.
        #expect(access(home.folder.path("photos/v2.png").cString, F_OK) == 0)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/info").text).isEmpty) == true)
        #expect(app.waitForFolderBatch(after: batches))
        app.run(until: 3)
        let last = try #require(app.drawn.last)
        #expect(last.cards == 3 && last.showing == ["v1", "v2", "v3"] && last.photos == 3, "\(last.showing) \(last.photos)")
        #expect(app.state.row.layout.cardCount == 3)
        #expect(!app.effects.warnings.contains { $0.contains("cannot") }, "\(app.effects.warnings)")
    }

    /// Each Ctrl+Z undoes one Delete, the latest first: after two Deletes the first Ctrl+Z brings
    /// back the second photo only, the next one the first. (The watch's reports of the moves each
    /// taken before the next key.)
    @Test func eachCtrlZUndoesTheDeleteBefore() throws {
        let home = TrashHome()
        for name in ["w1", "w2", "w3", "w4"] { _ = home.photo("photos/\(name).png") }
        let app = try LiveHarness([home.folder.path("photos").text, "--scroll", "240"], trash: home.folder)
        func exists(_ name: String) -> Bool { access(home.folder.path("photos/\(name).png").cString, F_OK) == 0 }
        /// Runs past a key pressed at `time`; a Delete's move the watch reports, and its report is
        /// taken before the clock goes on (an undo's link it does not report).
        func step(_ key: String, at time: Double) {
            app.key(key, at: time)
            let batches = app.folderBatches
            app.run(until: time + 0.5)
            if key == "delete" { #expect(app.waitForFolderBatch(after: batches), "the watch's report of the Delete at \(time)") }
            app.run(until: time + 0.9)
        }
        app.run(until: 0.9)
        step("delete", at: 1)
        step("delete", at: 2)
        #expect(app.showing == ["w1", "w4"])
        #expect(!exists("w2") && !exists("w3"))
        step("undo", at: 4)
        #expect(app.showing == ["w1", "w3", "w4"] && app.drawn.last?.centreName == "w3")
        #expect(exists("w3") && !exists("w2"))
        step("undo", at: 7)
        #expect(app.showing == ["w1", "w2", "w3", "w4"] && app.drawn.last?.centreName == "w2")
        #expect(exists("w2") && exists("w3"))
    }

    /// Delete on the only photo, open in the full view: the view closes on an empty row, and
    /// Ctrl+Z brings the photo back; the app goes on.
    @Test func deletingTheLastPhotoLeavesAnEmptyRow() throws {
        let home = TrashHome()
        _ = home.photo("photos/only.png")
        let app = try LiveHarness([home.folder.path("photos").text, "--open", "0"], trash: home.folder)
        app.key("delete", at: 1)
        app.key("undo", at: 3)
        app.run(until: 0.9)
        #expect(app.drawn.last?.open == 0)
        let batches = app.folderBatches
        app.run(until: 1.5)
        #expect(app.waitForFolderBatch(after: batches))
        app.run(until: 2.9)
        #expect(app.drawn.last.map { $0.cards == 0 && $0.open == nil } == true)
        #expect(access(home.folder.path("data/Trash/files/only.png").cString, F_OK) == 0)
        app.run(until: 5)
        #expect(app.drawn.last.map { $0.cards == 1 && $0.showing == ["only"] && $0.open == nil } == true)
        #expect(access(home.folder.path("photos/only.png").cString, F_OK) == 0)
        #expect(app.state.end == nil)
    }

    /// Two photos named alike from two folders: `same.png` and `same.png.2` in the trash, each info
    /// file with its own folder, both listed by gio with their original paths.
    @Test(.enabled(if: hasGio, gioReason))
    func photosOfOneNameFromTwoFolders() throws {
        let home = TrashHome()
        let first = home.photo("a/same.png", [200, 10, 10])
        let second = home.photo("b/same.png", [10, 200, 10])
        let result = try home.run([home.folder.path("a").text, home.folder.path("b").text],
                                  keys: [(0.5, "delete"), (1.0, "delete")]) { _ in
            access(home.folder.path("data/Trash/files/same.png.2").cString, F_OK) == 0
        }
        #expect(result.done && !result.stderr.contains("cannot"), "\(result.stderr)")
        #expect(home.folder.contents(home.folder.path("data/Trash/files/same.png")) == first)
        #expect(home.folder.contents(home.folder.path("data/Trash/files/same.png.2")) == second)
        #expect(home.infoPath("data/Trash/info/same.png.trashinfo") == home.real("a") + "/same.png")
        #expect(home.infoPath("data/Trash/info/same.png.2.trashinfo") == home.real("b") + "/same.png")
        #expect(try home.gioTrashList().sorted() == [home.real("a") + "/same.png", home.real("b") + "/same.png"])
    }

    /// In the full view Delete trashes the open photo and shows the next: a second Delete takes that one.
    @Test func deleteInTheFullViewTakesTheOpenPhotoThenTheNext() throws {
        let home = TrashHome()
        for name in ["f1", "f2", "f3", "f4"] { _ = home.photo("photos/\(name).png") }
        let result = try home.run([home.folder.path("photos").text, "--open", "1"], keys: [(0.5, "delete"), (1.0, "delete")]) { _ in
            (try? FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/files").text).count) == 2
        }
        #expect(result.done && !result.stderr.contains("cannot"), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: home.real("photos")).sorted()
        #expect(left == ["f1.png", "f4.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/files").text).sorted()
                == ["f2.png", "f3.png"])
    }

    /// A photo on a read-only file system stays where it is, and one line says why (no trash can
    /// be made there). A read-only bind mount of a folder on the home trash's own file system: the
    /// info file is written, the rename is refused, and the info file is taken back.
    @Test(.enabled(if: canMount, mountReason))
    func aReadOnlyFolderKeepsItsPhoto() throws {
        let home = TrashHome()
        home.folder.makeDirectories("ro", "photos", "bound")
        let mount = home.folder.path("ro").text
        try Mounts.run(["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount])
        defer { Mounts.unmount(mount) }
        let onTmpfs = home.photo("ro/r.png")
        let bound = home.folder.path("bound").text
        _ = home.photo("photos/s.png")
        try Mounts.run(["--bind", home.folder.path("photos").text, bound])
        defer { Mounts.unmount(bound) }
        try Mounts.run(["-o", "remount,ro", mount])
        try Mounts.run(["-o", "remount,ro,bind", bound])

        let first = try home.run([mount], keys: [(0.5, "delete")]) { $0.contains("cannot move") }
        #expect(first.done)
        #expect(home.folder.contents(home.folder.path("ro/r.png")) == onTmpfs)
        let lines = first.trashLines
        print(lines.joined(separator: "\n"))
        #expect(lines == ["swivel: cannot move \(mount)/r.png to the trash: no trash can be used on its file system: "
                          + "cannot create \(home.real("ro"))/.Trash-0: Read-only file system"])

        let second = try home.run([bound], keys: [(0.5, "delete")]) { $0.contains("cannot move") }
        #expect(second.done)
        #expect(access(bound + "/s.png", F_OK) == 0)
        let boundLines = second.trashLines
        print(boundLines.joined(separator: "\n"))
        #expect(boundLines == ["swivel: cannot move \(bound)/s.png to the trash: its folder is on a read-only mount"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/info").text).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/files").text).isEmpty)
    }

    /// On a full file system the info file cannot be written: the photo stays, nothing is left in
    /// the trash, one line says why.
    @Test(.enabled(if: canMount, mountReason))
    func aFullFileSystemKeepsItsPhoto() throws {
        let home = TrashHome()
        home.folder.makeDirectories("full")
        let mount = home.folder.path("full").text
        try Mounts.run(["-t", "tmpfs", "-o", "size=256k", "tmpfs", mount])
        defer { Mounts.unmount(mount) }
        home.folder.makeDirectories("full/data", "full/data/Trash", "full/data/Trash/files", "full/data/Trash/info", "full/photos")
        let bytes = home.photo("full/photos/p.png")
        // Fill it: a file of zeros written until the file system says it is full.
        let filler = open(mount + "/filler", O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
        close(filler)

        var environment = home.environment
        environment["XDG_DATA_HOME"] = mount + "/data"
        let result = try home.run([mount + "/photos"], keys: [(0.5, "delete")], environment: environment) {
            $0.contains("cannot move")
        }
        #expect(result.done)
        #expect(home.folder.contents(home.folder.path("full/photos/p.png")) == bytes)
        let lines = result.trashLines
        print(lines.joined(separator: "\n"))
        #expect(lines == ["swivel: cannot move \(mount)/photos/p.png to the trash: cannot write "
                          + "\(mount)/data/Trash/info/p.png.trashinfo: No space left on device"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount + "/data/Trash/info").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount + "/data/Trash/files").isEmpty)
    }

    /// A RAW+JPEG pair goes to the trash as one photo, both files or neither. On a file system
    /// with room for one info file only (a tmpfs filled up, then one page freed): the RAW's info
    /// file is written and the RAW moved, the JPEG's info file cannot be written, and the RAW is
    /// put back; both stay byte for byte, the trash keeps nothing, one line names both. On a
    /// read-only bind mount neither can go, and one line says why.
    @Test(.enabled(if: canMount && RAWPairTests.skipReason == nil, Comment(rawValue: RAWPairTests.skipReason ?? mountReason.rawValue)))
    func aPairOnAFullOrReadOnlyFileSystemStaysWhole() throws {
        let home = TrashHome()
        home.folder.makeDirectories("full")
        let mount = home.folder.path("full").text
        try Mounts.run(["-t", "tmpfs", "-o", "size=256k", "tmpfs", mount])
        defer { Mounts.unmount(mount) }
        home.folder.makeDirectories("full/data", "full/data/Trash", "full/data/Trash/files", "full/data/Trash/info", "full/photos")
        try RAWPairTests.dng(in: home.folder, "full/photos/IMG_1.DNG")
        _ = home.folder.write("full/photos/IMG_1.JPG", bytes: ImageFiles.solid(.jpeg(quality: 90), width: 60, height: 40, [200, 80, 60]))
        let raw = home.folder.contents(home.folder.path("full/photos/IMG_1.DNG"))
        let jpeg = home.folder.contents(home.folder.path("full/photos/IMG_1.JPG"))
        // Full but for one page: a page's file, the rest filled, the page's file removed.
        _ = home.folder.write("full/page", bytes: [UInt8](repeating: 0, count: 4096))
        let filler = open(mount + "/filler", O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
        close(filler)
        #expect(unlink(home.folder.path("full/page").cString) == 0)

        var environment = home.environment
        environment["XDG_DATA_HOME"] = mount + "/data"
        let result = try home.run([mount + "/photos"], keys: [(0.5, "delete")], environment: environment) {
            $0.contains("cannot move")
        }
        #expect(result.done)
        let lines = result.trashLines
        print(lines.joined(separator: "\n"))
        #expect(lines == ["swivel: cannot move \(mount)/photos/IMG_1.DNG and \(mount)/photos/IMG_1.JPG to the trash: cannot write "
                          + "\(mount)/data/Trash/info/IMG_1.JPG.trashinfo: No space left on device"])
        try #require(access(mount + "/photos/IMG_1.DNG", F_OK) == 0 && access(mount + "/photos/IMG_1.JPG", F_OK) == 0,
                     "both files are where they were")
        #expect(home.folder.contents(home.folder.path("full/photos/IMG_1.DNG")) == raw)
        #expect(home.folder.contents(home.folder.path("full/photos/IMG_1.JPG")) == jpeg)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount + "/data/Trash/info").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount + "/data/Trash/files").isEmpty)

        // Read-only: a bind mount of a folder holding the pair on the home trash's file system.
        home.folder.makeDirectories("pair", "bound")
        try RAWPairTests.dng(in: home.folder, "pair/IMG_2.DNG")
        _ = home.folder.write("pair/IMG_2.JPG", bytes: jpeg)
        let bound = home.folder.path("bound").text
        try Mounts.run(["--bind", home.folder.path("pair").text, bound])
        defer { Mounts.unmount(bound) }
        try Mounts.run(["-o", "remount,ro,bind", bound])
        let readOnly = try home.run([bound], keys: [(0.5, "delete")]) { $0.contains("cannot move") }
        #expect(readOnly.done)
        #expect(readOnly.trashLines == ["swivel: cannot move \(bound)/IMG_2.DNG and \(bound)/IMG_2.JPG to the trash: "
                                        + "its folder is on a read-only mount"])
        #expect(access(bound + "/IMG_2.DNG", F_OK) == 0 && access(bound + "/IMG_2.JPG", F_OK) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/info").text).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.folder.path("data/Trash/files").text).isEmpty)
    }

    /// A photo on a second file system (a loop-mounted ext2 image) goes to that file system's
    /// `.Trash-$uid`, its Path relative to the mount, and gio lists it with its full original path;
    /// Ctrl+Z brings it back.
    @Test(.enabled(if: hasGio && canLoopMount, "needs gio and permission to loop-mount an image"))
    func aPhotoOnASecondFileSystemGoesToThatFileSystemsTrash() throws {
        let home = TrashHome()
        home.folder.makeDirectories("mnt")
        let mount = home.folder.path("mnt").text
        try Mounts.ext2Image(home.folder.path("disk.img").text, at: mount)
        defer { Mounts.unmount(mount) }
        home.folder.makeDirectories("mnt/photos")
        let bytes = home.photo("mnt/photos/p.png")
        let uid = getuid()
        let result = try home.run([mount + "/photos"], keys: [(0.5, "delete")]) { _ in
            access(home.folder.path("mnt/.Trash-\(uid)/files/p.png").cString, F_OK) == 0
        }
        #expect(result.done && !result.stderr.contains("cannot"), "\(result.stderr)")
        #expect(home.folder.contents(home.folder.path("mnt/.Trash-\(uid)/files/p.png")) == bytes)
        #expect(home.infoPath("mnt/.Trash-\(uid)/info/p.png.trashinfo") == "photos/p.png")
        #expect(access(home.folder.path("data/Trash/files/p.png").cString, F_OK) != 0)
        #expect(try home.gioTrashList() == [home.real("mnt") + "/photos/p.png"])
    }
}

/// One test's home: HOME and XDG_DATA_HOME in a temporary folder, photos written there, the app
/// and gio run with them.
final class TrashHome {
    let folder = TemporaryDirectory()
    var environment: [String: String] {
        ["HOME": folder.path.text, "XDG_DATA_HOME": folder.path("data").text, "SDL_VIDEODRIVER": "offscreen"]
    }

    /// Writes a small PNG at `relative` (its folders made); its bytes.
    @discardableResult
    func photo(_ relative: String, _ colour: [UInt8] = [90, 140, 200]) -> [UInt8] {
        let parts = relative.split(separator: "/").dropLast()
        for end in parts.indices { mkdir(folder.path(parts[...end].joined(separator: "/")).cString, 0o755) }
        let bytes = ImageFiles.solid(.png, width: 60, height: 40, colour)
        _ = folder.write(relative, bytes: bytes)
        return bytes
    }

    /// `relative`'s real path (the folder's links resolved, as the trash records it).
    func real(_ relative: String) -> String {
        guard let resolved = realpath(folder.path(relative).text, nil) else { return folder.path(relative).text }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The `Path=` value of the info file at `relative`, unescaped.
    func infoPath(_ relative: String) -> String? {
        guard let text = try? String(contentsOfFile: folder.path(relative).text, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Path=") }) else { return nil }
        return line.dropFirst(5).removingPercentEncoding
    }

    /// What a run left on stderr, and whether `done` held before the timeout.
    struct Run {
        let stderr: String
        let done: Bool
        /// The lines that speak of the trash.
        var trashLines: [String] { stderr.split(separator: "\n").map(String.init).filter { $0.contains("trash") } }
    }

    /// Runs swivel on `arguments`, pressing `keys` (seconds after its loop starts, key name),
    /// until `done` holds for what is on disk and its stderr (at most 30 s), then a little longer
    /// (a second message would show), then ends it with SIGTERM (a live replay waits at its end).
    func run(_ arguments: [String], keys: [(Double, String)], environment: [String: String]? = nil,
             until done: (String) -> Bool) throws -> Run {
        let lines = ["swivel-recording 1", "0 resize 640 360"] + keys.map { "\($0.0) key \($0.1)" } + ["60 end"]
        let name = "run-\(UUID().uuidString)"
        let recording = folder.write(name + ".rec", bytes: Array((lines.joined(separator: "\n") + "\n").utf8))
        let errors = folder.path(name + ".stderr")
        var environment = environment ?? self.environment
        environment["XDG_CONFIG_HOME"] = SwivelProcess.noConfigHome
        environment["XDG_CACHE_HOME"] = folder.path("cache").text
        let child = try ChildProcess(SwivelProcess.binary.path, arguments + ["--replay", recording.text],
                                     environment: environment, stderr: errors)
        func stderr() -> String { String(decoding: folder.contents(errors), as: UTF8.self) }
        let deadline = Monotonic.now + 30
        var finished = false
        while Monotonic.now < deadline, child.isRunning {
            if done(stderr()) { finished = true; break }
            usleep(20_000)
        }
        usleep(300_000)
        _ = child.terminate(within: 5)
        return Run(stderr: stderr(), done: finished || done(stderr()))
    }

    /// The original paths `gio trash --list` gives for this home's trash (and the mounts' trashes).
    /// (Started with `ChildProcess`: a bus daemon started by Foundation's `Process` from a test
    /// thread inherits a blocked SIGTERM, and outlives dbus-run-session with its gvfsd.)
    func gioTrashList() throws -> [String] {
        let name = "gio-\(UUID().uuidString)"
        var environment = self.environment
        environment["PATH"] = "/usr/bin:/bin"
        let child = try ChildProcess("/usr/bin/dbus-run-session", ["--", "/usr/bin/gio", "trash", "--list"],
                                     environment: environment, stdout: folder.path(name + ".out"),
                                     stderr: folder.path(name + ".err"))
        #expect(child.wait(seconds: 30), "gio trash --list did not end")
        let stdout = String(decoding: folder.contents(folder.path(name + ".out")), as: UTF8.self)
        #expect(child.status?.code == 0, "\(String(decoding: folder.contents(folder.path(name + ".err")), as: UTF8.self))")
        print("gio trash --list:\n" + stdout, terminator: "")
        return stdout.split(separator: "\n").compactMap { line in line.split(separator: "\t", maxSplits: 1).last.map(String.init) }
            .filter { $0.hasPrefix(folder.path.text) || $0.hasPrefix(real("")) }
    }
}

/// mount(8) for the tests.
enum Mounts {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func run(_ arguments: [String]) throws {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/mount"), arguments)
        guard result.status == 0 else { throw Failure(description: "mount \(arguments.joined(separator: " ")): \(result.stderr)") }
    }

    /// Unmounts `path`, trying again for 2 s while it is busy (a gvfsd still leaving it), then
    /// detaching it lazily: no test leaves a mount behind.
    static func unmount(_ path: String) {
        for _ in 0..<20 {
            if (try? SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/umount"), [path]))?.status == 0 { return }
            usleep(100_000)
        }
        _ = try? SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/umount"), ["-l", path])
    }

    /// A fresh ext2 image of 4 MiB at `image`, mounted through a loop device at `path`.
    static func ext2Image(_ image: String, at path: String) throws {
        let made = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/sbin/mkfs.ext2"), ["-q", "-F", image, "4M"])
        guard made.status == 0 else { throw Failure(description: "mkfs.ext2: \(made.stderr)") }
        try run(["-o", "loop", image, path])
    }

    static func tmpfsWorks() -> Bool {
        let folder = TemporaryDirectory()
        guard (try? run(["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path.text])) != nil else { return false }
        unmount(folder.path.text)
        return true
    }

    static func loopWorks() -> Bool {
        let folder = TemporaryDirectory()
        folder.makeDirectories("mnt")
        guard (try? ext2Image(folder.path("img").text, at: folder.path("mnt").text)) != nil else { return false }
        unmount(folder.path("mnt").text)
        return true
    }
}

/// The local time now as the trash writes it, from date(1).
private func clockText() throws -> String {
    let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/date"), ["+%Y-%m-%dT%H:%M:%S"])
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}
