import Foundation
import Glibc
import SwivelCore
import SwivelSystem
import SwivelTestSupport
import Testing
@testable import swivel

/// E opens the photo in another program, in this process on the test's clock (`LiveHarness`): the
/// default application for its type found by `gio open` in a desktop of the test's own (its
/// XDG_CONFIG_HOME's mimeapps.list naming a desktop entry in its XDG_DATA_DIRS, whose Exec line
/// runs a fake editor on its PATH, all given to the child, none set here), or `--editor`'s command.
@Suite(.serialized) struct OpenElsewhereTests {
    static let hasGio = FileManager.default.isExecutableFile(atPath: "/usr/bin/gio")
        && FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")

    /// A desktop of the test's own: `fake-editor` (writes its arguments, one a line, into the FIFO
    /// `received`) registered as the default for image/jpeg; a photo `a b.jpg` (a space to quote).
    struct Desktop {
        let folder = TemporaryDirectory()
        var photo: FilePath { folder.path("photos/a b.jpg") }
        var environment: [String: String] {
            ["PATH": folder.path("bin").text + ":/usr/bin:/bin", "HOME": folder.path.text, "LANG": "C.UTF-8",
             "XDG_CONFIG_HOME": folder.path("config").text, "XDG_DATA_HOME": folder.path("data").text,
             // /usr/share for shared-mime-info's database (and its own image viewers, which the
             // default named in mimeapps.list comes before).
             "XDG_DATA_DIRS": folder.path("data").text + ":/usr/share"]
        }

        init(registered: Bool = true) {
            folder.makeDirectories("bin", "config", "data", "data/applications", "photos")
            let fifo = folder.path("received").text
            #expect(mkfifo(fifo, 0o600) == 0)
            let script = folder.write("bin/fake-editor", bytes: Array("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(fifo)'\n".utf8))
            #expect(chmod(script.text, 0o755) == 0)
            // The same into a plain file, for `--editor`, which Swivel waits for (a FIFO's writer
            // would wait for the test's reader, which runs after).
            let noting = folder.write("bin/note-arguments", bytes: Array(
                "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(folder.path("noted").text)'\n".utf8))
            #expect(chmod(noting.text, 0o755) == 0)
            if registered {
                _ = folder.write("data/applications/fake-editor.desktop", bytes: Array("""
                    [Desktop Entry]
                    Type=Application
                    Name=Fake editor
                    Exec=fake-editor --from-desktop-entry %f
                    MimeType=image/jpeg;

                    """.utf8))
                _ = folder.write("config/mimeapps.list", bytes: Array("[Default Applications]\nimage/jpeg=fake-editor.desktop\n".utf8))
            }
            ImageFiles.write(photo, ImageFiles.image(.jpeg, width: 64, height: 48) { x, y in [UInt8(x * 3), UInt8(y * 5), 90, 255] })
        }

        /// What the fake editor received, once it has written it (at most a minute).
        func received() -> [String] {
            let fd = open(folder.path("received").text, O_RDONLY | O_NONBLOCK)
            defer { close(fd) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 60_000) > 0 {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                bytes += chunk[..<count]
            }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    /// E: gio finds the fake editor through the test's mimeapps.list and desktop entry and runs its
    /// Exec line with %f expanded to the photo's path, one argument, space and all.
    @Test(.enabled(if: hasGio, "needs gio (libglib2.0-bin) and shared-mime-info")) func eOpensTheDefaultApplication() throws {
        let desktop = Desktop()
        let app = try LiveHarness([desktop.folder.path("photos").text], environment: desktop.environment)
        app.run(until: 1)
        app.key("e", at: 1)
        app.run(until: 2)
        #expect(desktop.received() == ["--from-desktop-entry", desktop.photo.text])
        app.run(until: 3)
        #expect(app.effects.warnings.isEmpty, "\(app.effects.warnings)")
    }

    /// `--editor 'COMMAND ARGS'`: run by /bin/sh with the path as `$1` after COMMAND (here a shell
    /// line that notes its arguments and then copies another photo over it); what it writes into
    /// the photo the live folder shows (the card is read again: its photo id moves on).
    @Test func editorCommandGetsThePathAndItsWriteIsShown() throws {
        let desktop = Desktop(registered: false)
        let other = desktop.folder.path("other.jpg")
        ImageFiles.write(other, ImageFiles.image(.jpeg, width: 48, height: 64) { _, _ in [200, 20, 20, 255] })
        let editor = "note-arguments --flag \"$1\" && cp '\(other.text)'"
        let app = try LiveHarness([desktop.folder.path("photos").text, "--editor", editor], environment: desktop.environment)
        app.run(until: 1)
        #expect(app.deck?.photoID(at: 0) == 0)
        app.key("e", at: 1)
        app.run(until: 2)
        let noted = try? String(contentsOfFile: desktop.folder.path("noted").text, encoding: .utf8)
        #expect(noted == "--flag\n\(desktop.photo.text)\n")
        #expect(app.waitForFolderChanges())
        app.run(until: 3)
        #expect(app.deck?.photoID(at: 0) == 1)
        #expect(desktop.folder.contents(desktop.photo) == desktop.folder.contents(other))
        #expect(app.effects.warnings.isEmpty, "\(app.effects.warnings)")
    }

    /// A name that is not UTF-8 (Latin-1 `café.jpg`) reaches the program byte for byte.
    @Test func aNameThatIsNotUTF8ReachesTheProgramAsItIs() throws {
        let desktop = Desktop(registered: false)
        desktop.folder.makeDirectories("latin")
        let name: [UInt8] = Array("latin/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let photo = desktop.folder.write(name, bytes: desktop.folder.contents(desktop.photo))
        let app = try LiveHarness([desktop.folder.path("latin").text, "--editor", "note-arguments"], environment: desktop.environment)
        app.run(until: 1)
        app.key("e", at: 1)
        app.run(until: 2)
        #expect(desktop.folder.contents(desktop.folder.path("noted")) == photo.bytes + [0x0A])
    }

    /// No application for the type (the test's desktop has none and no MIME database): gio's own
    /// first line of stderr, on stderr and on screen.
    @Test(.enabled(if: hasGio, "needs gio (libglib2.0-bin)")) func noApplicationIsOneLine() throws {
        let desktop = Desktop(registered: false)
        var environment = desktop.environment
        environment["XDG_DATA_DIRS"] = desktop.folder.path("data").text
        let app = try LiveHarness([desktop.folder.path("photos").text], environment: environment)
        app.run(until: 1)
        app.key("e", at: 1)
        app.run(until: 2)
        let uri = "file://" + desktop.photo.text.replacingOccurrences(of: " ", with: "%20")
        #expect(app.effects.warnings == ["cannot open \(desktop.photo.text) in another program: gio: \(uri): "
                                         + "Failed to find default application for content type ‘application/octet-stream’"])
        #expect(app.state.notice.text?.hasPrefix("Cannot open ") == true)
    }
}
