import Foundation
import Glibc
import SwivelCore
import SwivelSystem
import SwivelTestSupport
import Testing
@testable import swivel

/// Ctrl+X then a key runs `$XDG_CONFIG_HOME/swivel/key-handler KEY` with the paths on its standard
/// input, in this process on the test's clock (`LiveHarness`), the handler's environment (its
/// XDG_CONFIG_HOME among it) the test's own, passed to the child.
@Suite(.serialized) struct KeyHandlerTests {
    /// A deck of three photos and a handler that notes its key and its input, and per key: `n`
    /// copies the first path into the folder as `new.jpg`, `f` fails with a line on stderr.
    struct Setup {
        let folder = TemporaryDirectory()
        var photos: FilePath { folder.path("photos") }
        var environment: [String: String] {
            ["PATH": "/usr/bin:/bin", "HOME": folder.path.text, "XDG_CONFIG_HOME": folder.path("config").text]
        }

        init(handler: Bool = true) {
            folder.makeDirectories("photos", "config", "config/swivel")
            for (index, name) in ["a.jpg", "b.jpg", "c.jpg"].enumerated() {
                ImageFiles.write(folder.path("photos/" + name), ImageFiles.image(.jpeg, width: 40, height: 30) { _, _ in
                    [UInt8(60 * index), 90, 120, 255] })
            }
            guard handler else { return }
            let script = folder.write("config/swivel/key-handler", bytes: Array("""
                #!/bin/sh
                printf '%s' "$1" > '\(folder.path("key").text)'
                cat > '\(folder.path("input").text)'
                case "$1" in
                n) head -n 1 '\(folder.path("input").text)' | while read -r f; do cp "$f" '\(folder.path("photos/new.jpg").text)'; done ;;
                f) echo "exiftool: no such label" >&2; exit 3 ;;
                esac

                """.utf8))
            #expect(chmod(script.text, 0o755) == 0)
        }

        func text(_ name: String) -> String? { try? String(contentsOfFile: folder.path(name).text, encoding: .utf8) }
    }

    /// M on a.jpg and b.jpg, Ctrl+X then A: the handler gets `a` and the two marked paths, one a
    /// line; Ctrl+X then Shift+A: `A`; with nothing marked (Ctrl+U), Ctrl+X then Ctrl+Right: the
    /// centred photo's path and `C-right`.
    @Test func markedPathsGoOnItsInputOneALine() throws {
        let setup = Setup()
        let app = try LiveHarness([setup.photos.text], environment: setup.environment)
        app.run(until: 1)
        app.key("m", at: 1)
        app.key("right", at: 1.1)
        app.key("m", at: 1.5)
        app.key("ctrl+x", at: 2)
        #expect(app.state.keyHandlerWaits == false)
        app.run(until: 2.05)
        #expect(app.state.keyHandlerWaits)
        app.key("a", at: 2.1)
        app.run(until: 3)
        #expect(setup.text("key") == "a")
        #expect(setup.text("input") == setup.photos.text + "/a.jpg\n" + setup.photos.text + "/b.jpg\n")
        app.key("ctrl+x", at: 3)
        app.key("shift+a", at: 3.1)
        app.run(until: 4)
        #expect(setup.text("key") == "A")
        app.key("u", at: 4)
        app.key("ctrl+x", at: 4.5)
        app.key("ctrl+right", at: 4.6)
        app.run(until: 5)
        #expect(setup.text("key") == "C-right")
        #expect(setup.text("input") == setup.photos.text + "/b.jpg\n")
        #expect(app.effects.warnings.isEmpty, "\(app.effects.warnings)")
    }

    /// With --print0 each path ends with NUL; Esc after Ctrl+X runs nothing.
    @Test func print0EndsPathsWithNul() throws {
        let setup = Setup()
        let app = try LiveHarness([setup.photos.text, "--print0"], environment: setup.environment)
        app.run(until: 1)
        app.key("ctrl+x", at: 1)
        app.key("escape", at: 1.1)
        app.run(until: 2)
        #expect(setup.text("key") == nil)
        #expect(app.state.end == nil)
        app.key("ctrl+x", at: 2)
        app.key("z", at: 2.1)
        app.run(until: 3)
        #expect(setup.text("key") == "z")
        #expect(setup.text("input") == setup.photos.text + "/a.jpg\u{0}")
    }

    /// What the handler writes into the deck's folder the live folder shows (a fourth card); a
    /// handler that fails shows its first line of stderr; none at all is one line naming where it
    /// is looked for.
    @Test func itsChangesShowAndItsFailuresAreOneLine() throws {
        let setup = Setup()
        let app = try LiveHarness([setup.photos.text], environment: setup.environment)
        app.run(until: 1)
        #expect(app.deck?.count == 3)
        app.key("ctrl+x", at: 1)
        app.key("n", at: 1.1)
        app.run(until: 2)
        #expect(app.waitForFolderChanges())
        app.run(until: 3)
        #expect(app.deck?.count == 4)
        app.key("ctrl+x", at: 3)
        app.key("f", at: 3.1)
        app.run(until: 4)
        #expect(app.effects.warnings == ["the key handler failed for f: exiftool: no such label"])

        let bare = Setup(handler: false)
        let second = try LiveHarness([bare.photos.text], environment: bare.environment)
        second.run(until: 1)
        second.key("ctrl+x", at: 1)
        second.key("c", at: 1.1)
        second.run(until: 2)
        #expect(second.effects.warnings == ["the key handler failed for c: there is no executable "
                                            + bare.folder.path("config/swivel/key-handler").text
                                            + " (the README's \"Your own commands\" has examples)"])
    }
}
