import Foundation
import SwivelCore
import SwivelPhotoCore
import SwivelTestSupport
import Testing
@testable import swivel

/// `--pick` and the marks in this process, on the test's clock (`LiveHarness`): what Enter picks,
/// in which order, and that marks belong to files while a live folder changes. (Through the
/// binary, with the bytes of standard output and the exit status: `PickTests`.)
@Suite struct PickAndMarkTests {
    /// Three small photos a.png, b.png, c.png in a new folder.
    static func threePhotos() -> TemporaryDirectory { PickTests.threePhotos() }

    /// A harness on `folder` with `arguments`, `keys` pressed at their times, run to `end`.
    static func run(_ arguments: [String], _ folder: TemporaryDirectory, _ keys: [(Double, String)], until end: Double = 30,
                    frameSeconds: Double = 0) throws -> LiveHarness {
        let app = try LiveHarness(arguments + [folder.path.text])
        app.frameSeconds = frameSeconds
        for (time, key) in keys { app.key(key, at: time) }
        app.run(until: end)
        return app
    }

    static func picked(_ app: LiveHarness) -> [String]? {
        guard case .picked(let paths) = app.state.end else { return nil }
        return paths.map { String(decoding: $0.lastComponent, as: UTF8.self) }
    }

    @Test func enterPicksTheCentredPhoto() throws {
        let app = try Self.run(["--pick"], Self.threePhotos(), [(0.1, "right"), (0.9, "enter")])
        #expect(Self.picked(app) == ["b.png"])
    }

    /// Marked ones are picked in the deck's order, not the order they were marked in; M twice
    /// unmarks. End then M marks the last card even while the row is still on its way there.
    @Test func marksArePickedInDeckOrder() throws {
        let keys: [(Double, String)] = [(0.1, "end"), (0.11, "mark"), (0.8, "left"), (1.5, "mark"), (1.6, "mark"),
                                        (1.7, "home"), (2.4, "mark"), (2.5, "enter")]
        let app = try Self.run(["--pick"], Self.threePhotos(), keys)
        #expect(Self.picked(app) == ["a.png", "c.png"])
    }

    /// Ctrl+A marks all; U clears them, and Enter then picks the centred photo alone.
    @Test func markAllAndClear() throws {
        let all = try Self.run(["--pick"], Self.threePhotos(), [(0.1, "markAll"), (0.2, "enter")])
        #expect(Self.picked(all) == ["a.png", "b.png", "c.png"])
        let cleared = try Self.run(["--pick"], Self.threePhotos(), [(0.1, "markAll"), (0.2, "clearMarks"), (0.3, "enter")])
        #expect(Self.picked(cleared) == ["a.png"])
    }

    /// Space still opens the full view; there → pages, M marks the open photo, and Enter picks
    /// (the open one, or the marks) instead of closing.
    @Test func inTheFullViewEnterPicksTheOpenPhoto() throws {
        let open = try Self.run(["--pick"], Self.threePhotos(), [(0.1, "space"), (0.6, "right"), (1.3, "enter")])
        #expect(Self.picked(open) == ["b.png"])
        let marked = try Self.run(["--pick"], Self.threePhotos(), [(0.1, "space"), (0.6, "right"), (1.3, "right"),
                                                                   (2.0, "mark"), (2.1, "enter")])
        #expect(Self.picked(marked) == ["c.png"])
        #expect(marked.state.fullView.openPage(at: marked.now) == 2)
    }

    /// Esc in the row ends a pick without one (the binary exits 130 then).
    @Test func escEndsWithoutAPick() throws {
        let app = try Self.run(["--pick"], Self.threePhotos(), [(0.1, "right"), (0.5, "escape")])
        #expect(app.state.end == .quit)
    }

    /// Marks belong to files, not places: with b and c marked, a file added before b (a0.png, after a in natural order) and
    /// c deleted while the deck is open (the real folder watch), Enter picks b alone (marks kept
    /// by position would pick a0 and b). The same with every frame taking a second: End and ←
    /// then come in one frame, and nothing depends on the frames.
    @Test(arguments: [0.0, 1.0])
    func marksStayWithTheirFilesWhileTheFolderChanges(frameSeconds: Double) throws {
        let folder = Self.threePhotos()
        let app = try LiveHarness(["--pick", folder.path.text])
        app.frameSeconds = frameSeconds
        for (time, key) in [(0.1, "right"), (0.5, "mark"), (0.6, "end"), (1.3, "mark"), (1.4, "left")] { app.key(key, at: time) }
        app.run(until: 3)
        #expect(app.state.marks.count == 2 && app.centredCard == 1)
        folder.write("a0.png", .png, width: 8, height: 12) { _, _ in RGBA8(10, 200, 10) }
        ImageFiles.remove(folder.path("c.png"))
        // Both changes, in one batch or two.
        var seen = 0
        while app.state.row.layout.cardCount != 3 || !app.showing.contains("a0"), seen < 2 {
            #expect(app.waitForFolderChanges(), "the watch saw no change")
            app.run(until: app.now + 1)
            seen += 1
        }
        #expect(app.showing == ["a", "a0", "b"] && app.state.row.layout.cardCount == 3, "\(app.showing)")
        #expect(app.centredCard == 2, "b stays centred")
        app.key("enter", at: app.now + 0.1)
        app.run(until: app.now + 1)
        #expect(Self.picked(app) == ["b.png"])
        if frameSeconds > 0 { print("frames drawn, a second each: \(app.drawn.count)") }
    }
}
