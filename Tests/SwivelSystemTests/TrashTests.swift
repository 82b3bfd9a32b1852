import Foundation
import Glibc
import SwivelCore
import SwivelSystem
import SwivelTestSupport
import Testing

/// The trash's own parts, in this process: the .trashinfo text, unique names, restore and its
/// refusal. (Other mounts, read-only and full file systems: `TrashEndToEndTests`, through the app.)
@Suite struct TrashTests {
    static let hasGio = FileManager.default.isExecutableFile(atPath: "/usr/bin/gio")

    /// Escaping as GLib writes it: the `Path=` line `gio trash` writes for the same odd name.
    @Test(.enabled(if: hasGio, "needs gio (libglib2.0-bin)"))
    func pathIsEscapedAsGioEscapesIt() throws {
        let folder = TemporaryDirectory()
        let name: [UInt8] = Array("a b%c é\n~(1)+&.png".utf8)
        let file = folder.write(name, bytes: [1, 2, 3])
        let result = try runProgram("/usr/bin/gio", ["trash", file.text],
                                    environment: ["XDG_DATA_HOME": folder.path("data").text, "HOME": folder.path.text])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try #require(try? String(contentsOfFile: folder.path("data/Trash/info").text + "/"
                                            + String(decoding: name, as: UTF8.self) + ".trashinfo", encoding: .utf8))
        let gioPath = try #require(info.split(separator: "\n").first { $0.hasPrefix("Path=") }).dropFirst(5)
        #expect(String(decoding: TrashInfo.escape(file.bytes), as: UTF8.self) == String(gioPath))
        // And the cases by hand.
        #expect(TrashInfo.escape(Array("/p/my photo.jpg".utf8)) == Array("/p/my%20photo.jpg".utf8))
        #expect(TrashInfo.escape(Array("/p/100%.jpg".utf8)) == Array("/p/100%25.jpg".utf8))
        #expect(TrashInfo.escape(Array("/p/é.jpg".utf8)) == Array("/p/%C3%A9.jpg".utf8))
        #expect(TrashInfo.escape(Array("/p/a\nb.jpg".utf8)) == Array("/p/a%0Ab.jpg".utf8))
        #expect(TrashInfo.escape([0x2F, 0xFF]) == Array("/%FF".utf8))
    }

    /// The whole text, the date in local time as date(1) gives it.
    @Test func infoText() throws {
        let seconds = 1_764_614_405
        let date = try runProgram("/usr/bin/date", ["-d", "@\(seconds)", "+%Y-%m-%dT%H:%M:%S"])
        let expected = "[Trash Info]\nPath=/home/me/beach%20day.jpg\nDeletionDate=\(date.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\n"
        #expect(String(decoding: TrashInfo.text(path: Array("/home/me/beach day.jpg".utf8), deletedAt: time_t(seconds)), as: UTF8.self) == expected)
    }

    /// Two files of one name from different folders: `NAME` and `NAME.2`, each info file with its
    /// own original path; both restored to where they were, byte for byte.
    @Test func sameNamesFromTwoFoldersAreKeptApart() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("a", "b")
        let first = folder.write("a/same.png", bytes: [1, 1, 1])
        let second = folder.write("b/same.png", bytes: [2, 2, 2])
        let locations = TrashLocations(home: folder.path("data/Trash").bytes)
        let one = try Trash.move(first.bytes, locations: locations).get()
        let two = try Trash.move(second.bytes, locations: locations).get()
        #expect(one.trashed == folder.path("data/Trash/files/same.png").bytes)
        #expect(two.trashed == folder.path("data/Trash/files/same.png.2").bytes)
        #expect(infoPathLine(folder.path("data/Trash/info/same.png.trashinfo")) == "Path=" + first.text)
        #expect(infoPathLine(folder.path("data/Trash/info/same.png.2.trashinfo")) == "Path=" + second.text)
        #expect(access(first.cString, F_OK) != 0 && access(second.cString, F_OK) != 0)
        #expect(folder.contents(folder.path("data/Trash/files/same.png.2")) == [2, 2, 2])
        #expect(try Trash.restore(two).get() == .link)
        #expect(try Trash.restore(one).get() == .link)
        #expect(folder.contents(first) == [1, 1, 1] && folder.contents(second) == [2, 2, 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data/Trash/info").text).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data/Trash/files").text).isEmpty)
    }

    /// A file in files/ with no info file (another program's half-done move) keeps its name.
    @Test func aStrayFileInTheTrashKeepsItsName() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("data", "data/Trash", "data/Trash/files", "data/Trash/info")
        _ = folder.write("data/Trash/files/p.png", bytes: [9])
        let file = folder.write("p.png", bytes: [1])
        let moved = try Trash.move(file.bytes, locations: TrashLocations(home: folder.path("data/Trash").bytes)).get()
        #expect(moved.trashed == folder.path("data/Trash/files/p.png.2").bytes)
        #expect(folder.contents(folder.path("data/Trash/files/p.png")) == [9])
        #expect(access(folder.path("data/Trash/info/p.png.trashinfo").cString, F_OK) != 0)
    }

    /// Restore refuses when a file is at the original path now: the new file is untouched, the
    /// trashed one and its info file stay in the trash.
    @Test func restoreNeverReplacesAFile() throws {
        let folder = TemporaryDirectory()
        let file = folder.write("p.png", bytes: [1, 2])
        let moved = try Trash.move(file.bytes, locations: TrashLocations(home: folder.path("data/Trash").bytes)).get()
        _ = folder.write("p.png", bytes: [7])
        #expect(throws: TrashFailure("a file of that name is there now")) { try Trash.restore(moved).get() }
        #expect(folder.contents(file) == [7])
        #expect(folder.contents(FilePath(bytes: moved.trashed)) == [1, 2])
        #expect(access(FilePath(bytes: moved.info).cString, F_OK) == 0)
    }

    /// A photo's files (a RAW+JPEG pair's two) go together or not at all: when the second cannot
    /// go (here it is gone already), the first, moved, is put back byte for byte and the trash
    /// keeps nothing of it; when both can, both go, each with its info file.
    @Test func aPairGoesTogetherOrNotAtAll() throws {
        let folder = TemporaryDirectory()
        let locations = TrashLocations(home: folder.path("data/Trash").bytes)
        let raw = folder.write("IMG_1.CR2", bytes: [1, 2, 3]), jpeg = folder.write("IMG_1.JPG", bytes: [4, 5])
        let missing = folder.path("IMG_2.JPG")
        let refused = Trash.move([raw.bytes, missing.bytes], locations: locations)
        #expect(throws: TrashFailure("No such file or directory")) { try refused.get() }
        try #require(access(raw.cString, F_OK) == 0, "the RAW was put back")
        #expect(folder.contents(raw) == [1, 2, 3])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data/Trash/info").text).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data/Trash/files").text).isEmpty)

        let moved = try Trash.move([raw.bytes, jpeg.bytes], locations: locations).get()
        #expect(moved.map(\.trashed) == [folder.path("data/Trash/files/IMG_1.CR2").bytes, folder.path("data/Trash/files/IMG_1.JPG").bytes])
        #expect(access(raw.cString, F_OK) != 0 && access(jpeg.cString, F_OK) != 0)
        #expect(infoPathLine(folder.path("data/Trash/info/IMG_1.JPG.trashinfo")) == "Path=" + jpeg.text)
    }

    /// A pair comes back together or not at all: with a file at one of its paths now, neither is
    /// put back (the other stays in the trash with its info file, the new file untouched); once
    /// that path is free, both come back byte for byte and the trash is empty.
    @Test func aPairComesBackTogetherOrNotAtAll() throws {
        let folder = TemporaryDirectory()
        let raw = folder.write("IMG_1.CR2", bytes: [1, 2, 3]), jpeg = folder.write("IMG_1.JPG", bytes: [4, 5])
        let moved = try Trash.move([raw.bytes, jpeg.bytes], locations: TrashLocations(home: folder.path("data/Trash").bytes)).get()
        _ = folder.write("IMG_1.JPG", bytes: [7])
        #expect(throws: TrashFailure("a file of that name is there now")) { try Trash.restore(moved).get() }
        #expect(access(raw.cString, F_OK) != 0 && folder.contents(jpeg) == [7])
        #expect(moved.allSatisfy { access(FilePath(bytes: $0.trashed).cString, F_OK) == 0 && access(FilePath(bytes: $0.info).cString, F_OK) == 0 })
        #expect(unlink(jpeg.cString) == 0)
        #expect(try Trash.restore(moved).get() == [.link, .link])
        try #require(access(raw.cString, F_OK) == 0 && access(jpeg.cString, F_OK) == 0)
        #expect(folder.contents(raw) == [1, 2, 3] && folder.contents(jpeg) == [4, 5])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data/Trash/info").text).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data/Trash/files").text).isEmpty)
    }

    /// A name of 250 bytes (ext4 takes up to 255) is cut short in the trash so that its info file's
    /// name fits, at a character boundary; its info file keeps the whole name, and it comes back whole.
    @Test func aLongNameIsCutShortInTheTrashOnly() throws {
        let folder = TemporaryDirectory()
        let name = Array(String(repeating: "é", count: 123).utf8) + Array(".png".utf8)    // 250 bytes
        let file = folder.write(name, bytes: [5])
        let moved = try Trash.move(file.bytes, locations: TrashLocations(home: folder.path("data/Trash").bytes)).get()
        let trashedName = FilePath(bytes: moved.trashed).lastComponent
        #expect(trashedName.count == 238 && trashedName == Array(String(repeating: "é", count: 119).utf8))
        let info = try String(contentsOfFile: FilePath(bytes: moved.info).text, encoding: .utf8)
        #expect(info.contains("Path=" + String(decoding: TrashInfo.escape(file.bytes), as: UTF8.self) + "\n"))
        #expect(try Trash.restore(moved).get() == .link)
        #expect(folder.contents(file) == [5])
    }

    /// A relative path is recorded absolute, its folder's links resolved.
    @Test func pathsAreRecordedAbsoluteAndResolved() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("real")
        folder.link("linked", to: "real")
        let file = folder.write("real/q.png", bytes: [3])
        let moved = try Trash.move(folder.path("linked/q.png").bytes, locations: TrashLocations(home: folder.path("data/Trash").bytes)).get()
        let realFolder = try #require(realpath(folder.path.text, nil))
        defer { free(realFolder) }
        #expect(moved.original == Array((String(cString: realFolder) + "/real/q.png").utf8))
        #expect(try Trash.restore(moved).get() == .link)
        #expect(folder.contents(file) == [3])
    }

    private func infoPathLine(_ file: FilePath) -> String? {
        (try? String(contentsOfFile: file.text, encoding: .utf8))?.split(separator: "\n").first { $0.hasPrefix("Path=") }.map(String.init)
    }

    private func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, stdout: String, stderr: String) {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: path), arguments, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }
}
