import Foundation
import SwivelCore
import SwivelPhotos
import SwivelTestSupport
import Testing
@testable import swivel

/// The rating filter (`--min-rating`, `--label`, `--rejected`, Alt with the rating keys) and
/// `--sort rating`, in this process on the test's clock (`LiveHarness`), the ratings written by
/// exiftool (not by Swivel) before Swivel opens the folder; `--list` through the binary.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs exiftool (libimage-exiftool-perl)"))
struct RatingFilterTests {
    /// a ★★★★★ Red, b ★★★, c rejected, d ★★★★ Green, e nothing, f ★: six PNGs, their ratings in
    /// sidecars exiftool wrote (both names: a's and c's `NAME.xmp`, the others' `NAME.EXT.xmp`).
    static func sixPhotos() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        for (index, name) in ["a", "b", "c", "d", "e", "f"].enumerated() {
            folder.write("\(name).png", .png, width: 8, height: 12) { _, _ in RGBA8(UInt8(40 * index), 90, 90) }
        }
        let ratings: [(String, [String])] = [("a.xmp", ["-XMP-xmp:Rating=5", "-XMP-xmp:Label=Red"]), ("b.png.xmp", ["-XMP-xmp:Rating=3"]),
                                             ("c.xmp", ["-XMP-xmp:Rating=-1"]), ("d.png.xmp", ["-XMP-xmp:Rating=4", "-XMP-xmp:Label=Green"]),
                                             ("f.png.xmp", ["-XMP-xmp:Rating=1"])]
        for (sidecar, tags) in ratings {
            try ExternalToolsRun.exiftool(["-q", "-o", folder.path(sidecar).text] + tags + [folder.path("e.png").text])
        }
        return folder
    }

    /// The deck's cards by name, in the row's order.
    static func names(_ app: LiveHarness) -> [String] {
        (app.deck?.cards.map(\.shown) ?? []).map { String(decoding: $0.lastComponent.dropLast(4), as: UTF8.self) }
    }

    /// The name of the card the keys act on (the centred one, or the open photo).
    static func current(_ app: LiveHarness) -> String? {
        app.state.currentCard(at: app.now).flatMap { app.deck?.path(at: $0) }
            .map { String(decoding: $0.lastComponent.dropLast(4), as: UTF8.self) }
    }

    /// `--min-rating 3` shows a, b, d; on d, Alt+0 shows all six with d still centred; Alt+X
    /// hides c, again shows c alone (d leaves: the centre goes to c), again all six.
    @Test func minRatingAndTheAltKeysKeepTheCentredPhoto() throws {
        let folder = try Self.sixPhotos()
        let app = try LiveHarness(["--min-rating", "3", folder.path.text])
        app.run(until: 0.5)
        #expect(Self.names(app) == ["a", "b", "d"])
        app.key("right", at: 0.6)
        app.key("right", at: 0.7)
        app.run(until: 2)
        #expect(Self.current(app) == "d")
        app.key("alt+0", at: 2.1)
        app.run(until: 2.2)
        #expect(Self.names(app) == ["a", "b", "c", "d", "e", "f"])
        #expect(Self.current(app) == "d", "the centred photo stays put where it passes")
        #expect(app.state.notice.text == "Showing all 6 photos")
        app.key("alt+x", at: 3)
        app.run(until: 3.1)
        #expect(Self.names(app) == ["a", "b", "d", "e", "f"])
        #expect(Self.current(app) == "d")
        #expect(app.state.notice.text == "Showing rejected hidden: 5 of 6 photos")
        app.key("alt+x", at: 4)
        app.run(until: 4.1)
        #expect(Self.names(app) == ["c"])
        #expect(Self.current(app) == "c")
        app.key("alt+x", at: 5)
        app.key("alt+4", at: 5.5)
        app.run(until: 5.6)
        #expect(Self.names(app) == ["a", "d"])
        #expect(app.state.notice.text == "Showing ★★★★ or more: 2 of 6 photos")
        // The title says it once the notice has gone; a photo open: its name first.
        #expect(app.frame.title == "Swivel (★★★★ or more: 2 of 6)")
        // Alt+← is still ← (no binding asks for Alt with it).
        #expect(Self.current(app) == "d")
        app.key("alt+left", at: 6)
        app.run(until: 7)
        #expect(Self.current(app) == "a")
        #expect(app.effects.warnings.isEmpty, "\(app.effects.warnings)")
    }

    /// Alt+8 shows the green ones (d) alone; in the full view, 6 labels d red: it leaves at once and
    /// the full view closes on the empty row; Ctrl+Z gives it back its green, and it shows again.
    @Test func aPhotoRatedOutOfTheFilterLeavesAndUndoBringsItBack() throws {
        let folder = try Self.sixPhotos()
        let app = try LiveHarness([folder.path.text])
        app.run(until: 0.5)
        app.key("alt+8", at: 0.6)
        app.run(until: 0.7)
        #expect(Self.names(app) == ["d"])
        app.key("space", at: 0.8)
        app.run(until: 2)
        #expect(app.state.fullView.openPage(at: app.now) == 0)
        app.key("6", at: 2.1)
        app.run(until: 3)
        #expect(Self.names(app) == [])
        #expect(app.state.fullView.openPage(at: app.now) == nil)
        #expect(try RatingTests.exiftool(folder.path("d.png.xmp").text) == ("4", "Red"))
        app.key("undo", at: 3.1)
        app.run(until: 4)
        #expect(Self.names(app) == ["d"])
        #expect(try RatingTests.exiftool(folder.path("d.png.xmp").text) == ("4", "Green"))
        // Labels Swivel does not draw are matched too, in any case (`--label` takes the five).
        #expect(RatingFilter(label: "approved").passes(Rating(value: 2, label: "Approved")))
    }

    /// In the full view the filter acts on the open photo as on the centred card: open on b
    /// (★★★), Alt+4 leaves a and d and the view shows d (the one after b that passes); Alt+0
    /// brings all back with d still open; Alt+5 on d (★★★★) leaves a alone, open.
    @Test func theFullViewFollowsTheFilter() throws {
        let folder = try Self.sixPhotos()
        let app = try LiveHarness(["--open", "1", folder.path.text])
        app.run(until: 1)
        #expect(Self.current(app) == "b" && app.state.fullView.openPage(at: app.now) == 1)
        app.key("alt+4", at: 1.1)
        app.run(until: 2)
        #expect(Self.names(app) == ["a", "d"])
        #expect(Self.current(app) == "d" && app.state.fullView.openPage(at: app.now) == 1)
        app.key("alt+0", at: 2.1)
        app.run(until: 3)
        #expect(Self.current(app) == "d" && app.state.fullView.openPage(at: app.now) == 3)
        app.key("alt+5", at: 3.1)
        app.run(until: 4)
        #expect(Self.names(app) == ["a"] && Self.current(app) == "a" && app.state.fullView.openPage(at: app.now) == 0)
    }

    /// `--min-rating 5` where the one photo that passes cannot be read: the row is empty, but the
    /// session goes on (Alt+0 shows the others), not "none of the images could be read".
    @Test func theOnlyPassingPhotoUnreadableIsNotTheEnd() throws {
        let folder = try Self.sixPhotos()
        _ = folder.write("a.png", bytes: Array("not a PNG at all".utf8))
        let app = try LiveHarness(["--min-rating", "5", folder.path.text])
        app.run(until: 2)
        #expect(app.state.end == nil, "\(String(describing: app.state.end))")
        #expect(Self.names(app) == [])
        app.key("alt+0", at: 2.1)
        app.run(until: 3)
        #expect(Self.names(app) == ["b", "c", "d", "e", "f"])
    }

    /// `--rejected hide`: c never shows (a photo shows once its rating is known: before its read
    /// comes, an unrated photo does not pass a filter that is on, and a rejected one cannot flash
    /// by); `--label red` shows a alone.
    @Test func hiddenPhotosNeverFlashBy() throws {
        let folder = try Self.sixPhotos()
        let app = try LiveHarness(["--rejected", "hide", folder.path.text])
        app.run(until: 1)
        #expect(Self.names(app) == ["a", "b", "d", "e", "f"])
        #expect(!app.drawn.isEmpty && app.drawn.allSatisfy { $0.cards <= 5 }, "\(app.drawn.map(\.cards))")
        // The state before any read comes (the harness above waits for the reads before a frame).
        let options = try Options.resolve(OptionParser.scan([Array("--rejected".utf8), Array("hide".utf8), folder.path.bytes]), config: nil)
        var state = App.state(options, cards: 6, viewport: Size(1280, 720), pixels: FramePixels(width: 1280, height: 720))
        let c = folder.path("c.png")
        #expect(!state.passesFilter(c), "not read yet")
        state.ratings.took(.read(c, Rating()))
        #expect(state.passesFilter(c))
        state.ratings.took(.read(c, Rating(value: -1)))
        #expect(!state.passesFilter(c))
        let red = try LiveHarness(["--label", "RED", folder.path.text])
        red.run(until: 1)
        #expect(Self.names(red) == ["a"])
    }

    /// The first ratings to come (a batch of 64 of a large folder: here, one photo's) do not
    /// leave the photos not read yet in the row: the filter given at start judges every card, and
    /// an unread one does not pass.
    @Test func theFirstBatchOfReadsAppliesTheFilterToAll() throws {
        let folder = try Self.sixPhotos()
        let app = try LiveHarness([folder.path.text])
        let deck = try #require(app.deck)
        let options = try Options.resolve(OptionParser.scan([Array("--min-rating".utf8), Array("1".utf8), folder.path.bytes]), config: nil)
        var state = App.state(options, cards: 6, viewport: Size(1280, 720), pixels: FramePixels(width: 1280, height: 720))
        state.membership = deck.membership
        state.handle(.ratings([.read(folder.path("a.png"), Rating(value: 5))]), at: 0, deck: deck, effects: app.effects)
        #expect(state.membership?.orderedPaths == [folder.path("a.png")])
        #expect(state.row.layout.cardCount == 1)
    }

    /// `--sort rating`: most stars first, unrated after the rated, rejected last; `--reverse` turns
    /// it round.
    @Test func sortByRating() throws {
        let folder = try Self.sixPhotos()
        let app = try LiveHarness(["--sort", "rating", folder.path.text])
        app.run(until: 0.5)
        #expect(Self.names(app) == ["a", "d", "b", "f", "e", "c"])
        let reversed = try LiveHarness(["--sort", "rating", "--reverse", folder.path.text])
        reversed.run(until: 0.5)
        #expect(Self.names(reversed) == ["c", "e", "f", "b", "d", "a"])
    }

    /// `swivel --min-rating 4 --list DIR` prints a's and d's paths, one a line; with `--print0`,
    /// NUL-ended; `--rejected only`: c's; no window is opened (no SDL video driver given).
    @Test func listPrintsThePathsThatPass() throws {
        let folder = try Self.sixPhotos()
        let lines = try SwivelProcess.run(["--min-rating", "4", "--list", folder.path.text], environment: ["SDL_VIDEODRIVER": "none"])
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.stdoutBytes == Array("\(folder.path("a.png").text)\n\(folder.path("d.png").text)\n".utf8))
        let nul = try SwivelProcess.run(["--rejected", "only", "--print0", "--list", folder.path.text])
        #expect(nul.stdoutBytes == folder.path("c.png").bytes + [0])
        let wrong = try SwivelProcess.run(["--list", "--pick", folder.path.text])
        #expect(wrong.status == 64)
    }
}
