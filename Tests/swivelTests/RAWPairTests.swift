import Foundation
import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelTestSupport
import Testing
@testable import swivel

/// A camera's RAW+JPEG pairs in this process (`LiveHarness`, the app's state on the test's clock):
/// one card, tagged, drawing the JPEG; marked, picked (both paths, the RAW first), trashed and
/// restored as one; the live folder's changes to one of its files keep it one card; `--pairs
/// separate` shows both. The RAW is a DNG made by `make-dng.py` (the JPEG its own preview as
/// exiftool extracts it), so that whatever reads it reads a real RAW.
@Suite struct RAWPairTests {
    static let skipReason = RAWBoxTests.skipReason

    /// A folder with IMG_0001.DNG and IMG_0001.JPG (its preview, 160 × 100) and IMG_0002.jpg.
    static func cameraFolder() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try dng(in: folder, "IMG_0001.DNG")
        let preview = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/exiftool"),
                                                   ["-b", "-PreviewImage", folder.path("IMG_0001.DNG").text])
        try #require(preview.status == 0 && !preview.stdoutBytes.isEmpty, "exiftool: \(preview.stderr)")
        _ = folder.write("IMG_0001.JPG", bytes: preview.stdoutBytes)
        _ = folder.write("IMG_0002.jpg", bytes: ImageFiles.solid(.jpeg(quality: 90), width: 120, height: 80, [200, 120, 40]))
        return folder
    }

    /// A 320 × 200 DNG of the wallpaper, 14-bit, its JPEG preview 160 wide, at `name` in `folder`.
    static func dng(in folder: TemporaryDirectory, _ name: String, _ options: [String] = []) throws {
        let ppm = folder.path("photo.ppm")
        if access(ppm.cString, F_OK) != 0 {
            let made = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/convert"),
                                                    [RAWBoxTests.wallpaper, "-resize", "320x200!", "-depth", "8", "ppm:" + ppm.text])
            try #require(made.status == 0, "\(made.stderr)")
        }
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                                  [RAWBoxTests.python, RAWBoxTests.tools.appendingPathComponent("make-dng.py").path,
                                                   ppm.text, folder.path(name).text, "--preview", "jpeg", "--preview-width", "160"] + options)
        try #require(result.status == 0, "make-dng.py: \(result.stderr)")
        unlink(ppm.cString)
    }

    static func names(_ files: [FilePath]) -> [String] { files.map { String(decoding: $0.lastComponent, as: UTF8.self) } }

    static func picked(_ app: LiveHarness) -> [String]? {
        guard case .picked(let paths) = app.state.end else { return nil }
        return names(paths)
    }

    /// Each card's files as the deck has them ("RAW+JPEG" for a pair), in order.
    static func cards(_ app: LiveHarness) -> [String] {
        guard let deck = app.deck else { return [] }
        return (0..<deck.count).compactMap { deck.files(at: $0) }.map { card in
            names(card.all).joined(separator: "+")
        }
    }

    /// Which of the row's cards carry the RAW+JPEG tag, by caption.
    static func tagged(_ app: LiveHarness) -> [String] {
        let frame = app.frame
        let layout = app.state.row.layout, scroll = app.state.row.offset(at: app.now)
        let slots = Array(layout.visibleIndices(scroll: scroll))
        return zip(slots, frame.cards).filter { $0.1.tagged > 0.5 }.map { app.deck?.name(at: layout.card(atSlot: $0.0)) ?? "" }
    }

    /// One card for the pair, drawing its JPEG (the card is the JPEG's decode), tagged; the other
    /// photo untagged. `--pairs separate` and the config file's `pairs = separate`: a card each.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func aPairIsOneTaggedCardUnlessSeparate() throws {
        let folder = try Self.cameraFolder()
        let app = try LiveHarness([folder.path.text])
        app.run(until: 1)
        #expect(Self.cards(app) == ["IMG_0001.DNG+IMG_0001.JPG", "IMG_0002.jpg"])
        #expect(app.showing == ["IMG_0001", "IMG_0002"] && app.drawn.last?.photos == 2)
        #expect(Self.tagged(app) == ["IMG_0001"])
        #expect(app.deck?.path(at: 0) == folder.path("IMG_0001.JPG"))

        let separate = try LiveHarness([folder.path.text, "--pairs", "separate"])
        separate.run(until: 1)
        #expect(Self.cards(separate) == ["IMG_0001.DNG", "IMG_0001.JPG", "IMG_0002.jpg"])
        #expect(Self.tagged(separate).isEmpty && separate.drawn.last?.photos == 3)
        #expect(!separate.effects.warnings.contains { $0.contains("skipped") }, "\(separate.effects.warnings)")

        let config = try ConfigSettings(path: FilePath("/home/u/.config/swivel/config"), text: "pairs = separate\n")
        let options = try Options.resolve(OptionParser.scan([Array(folder.path.text.utf8)]), config: config)
        #expect(options.pairs == .separate)
        #expect(try Options.resolve(OptionParser.scan([Array(folder.path.text.utf8)]), config: nil).pairs == .together)
    }

    /// M on the pair marks one card (the title says 1 marked) and Enter picks both its files, the
    /// RAW first; unmarked, Enter on the pair picks both; Ctrl+A marks two cards, three files.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func marksAndPickTakeBothFilesTheRAWFirst() throws {
        let folder = try Self.cameraFolder()
        let marked = try LiveHarness(["--pick", folder.path.text])
        for (time, key) in [(0.1, "mark"), (0.2, "right"), (0.9, "enter")] { marked.key(key, at: time) }
        marked.run(until: 0.15)
        #expect(marked.state.marks.count == 1 && marked.frame.title == "Swivel (1 marked)")
        marked.run(until: 2)
        #expect(Self.picked(marked) == ["IMG_0001.DNG", "IMG_0001.JPG"])

        let centred = try LiveHarness(["--pick", folder.path.text])
        centred.key("enter", at: 0.1)
        centred.run(until: 1)
        #expect(Self.picked(centred) == ["IMG_0001.DNG", "IMG_0001.JPG"])

        let all = try LiveHarness(["--pick", folder.path.text])
        for (time, key) in [(0.1, "markAll"), (0.2, "enter")] { all.key(key, at: time) }
        all.run(until: 0.15)
        #expect(all.state.marks.count == 2)
        all.run(until: 1)
        #expect(Self.picked(all) == ["IMG_0001.DNG", "IMG_0001.JPG", "IMG_0002.jpg"])
    }

    /// `--list` lists the pair as --pick prints it, both paths, the RAW first, when the rating of
    /// the file it draws passes (4 stars, in IMG_0001.JPG.xmp), and neither when it does not.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func listGivesBothPathsTheRAWFirst() throws {
        let folder = try Self.cameraFolder()
        _ = folder.write("IMG_0001.JPG.xmp", bytes: Array(("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF "
            + "xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\" "
            + "xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmp:Rating=\"4\"/></rdf:RDF></x:xmpmeta>\n").utf8))
        let all = try SwivelProcess.run(["--list", folder.path.text], environment: ["SDL_VIDEODRIVER": "none"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdoutBytes == Array(["IMG_0001.DNG", "IMG_0001.JPG", "IMG_0002.jpg"].map { folder.path($0).text + "\n" }.joined().utf8))
        let four = try SwivelProcess.run(["--min-rating", "4", "--list", folder.path.text], environment: ["SDL_VIDEODRIVER": "none"])
        #expect(four.stdoutBytes == Array(["IMG_0001.DNG", "IMG_0001.JPG"].map { folder.path($0).text + "\n" }.joined().utf8))
        let five = try SwivelProcess.run(["--min-rating", "5", "--list", folder.path.text], environment: ["SDL_VIDEODRIVER": "none"])
        #expect(five.status == 0 && five.stdoutBytes.isEmpty)
    }

    /// Ctrl+C on the pair puts both its paths on the clipboard, one a line, the RAW first (as
    /// `--pick` prints them), and the notice names both; on a lone photo, its one path.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func copyGivesBothPathsTheRAWFirst() throws {
        let folder = try Self.cameraFolder()
        let app = try LiveHarness([folder.path.text])
        app.key("ctrl+c", at: 0.1)
        app.key("right", at: 0.5)
        app.key("ctrl+c", at: 1.5)
        app.run(until: 0.3)
        let raw = folder.path("IMG_0001.DNG"), jpeg = folder.path("IMG_0001.JPG")
        #expect(app.effects.clipboard == [raw.bytes + [UInt8(ascii: "\n")] + jpeg.bytes])
        #expect(app.frame.notice == "Copied \(raw) and \(jpeg)")
        app.run(until: 2)
        #expect(app.effects.clipboard.last == folder.path("IMG_0002.jpg").bytes && app.effects.clipboard.count == 2)
    }

    /// Delete on the pair moves both its files to the trash (one card leaves, the notice names
    /// both), Ctrl+Z brings both back byte for byte as one tagged card, centred again.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func deleteAndUndoMoveBothFiles() throws {
        let folder = try Self.cameraFolder()
        let raw = folder.contents(folder.path("IMG_0001.DNG")), jpeg = folder.contents(folder.path("IMG_0001.JPG"))
        let trash = TemporaryDirectory()
        let app = try LiveHarness([folder.path.text], trash: trash)
        app.key("delete", at: 0.5)
        app.key("undo", at: 2)
        app.run(until: 1.5)
        #expect(Self.cards(app) == ["IMG_0002.jpg"])
        #expect(app.frame.notice == "Moved IMG_0001.DNG and IMG_0001.JPG to the trash — Ctrl+Z to undo")
        #expect(access(folder.path("IMG_0001.DNG").cString, F_OK) != 0 && access(folder.path("IMG_0001.JPG").cString, F_OK) != 0)
        let trashed = try FileManager.default.contentsOfDirectory(atPath: trash.path("data/Trash/files").text).sorted()
        #expect(trashed == ["IMG_0001.DNG", "IMG_0001.JPG"])
        app.run(until: 3)
        #expect(Self.cards(app) == ["IMG_0001.DNG+IMG_0001.JPG", "IMG_0002.jpg"])
        #expect(app.frame.notice == "Restored IMG_0001.DNG and IMG_0001.JPG" && app.centredCard == 0)
        #expect(Self.tagged(app) == ["IMG_0001"])
        #expect(folder.contents(folder.path("IMG_0001.DNG")) == raw && folder.contents(folder.path("IMG_0001.JPG")) == jpeg)
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash.path("data/Trash/files").text).isEmpty)
        #expect(!app.effects.warnings.contains { $0.contains("cannot") }, "\(app.effects.warnings)")
    }

    /// The live folder: the pair's JPEG deleted leaves the card, its RAW (untagged, still marked);
    /// the JPEG copied back makes it a pair again; a RAW copied beside the lone JPEG joins its
    /// card; the RAW deleted then leaves the JPEG, still marked; the last file gone takes the card
    /// and its mark. The card count is the photos', not the files'.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func liveFolderChangesKeepAPairOneCard() throws {
        let folder = try Self.cameraFolder()
        let jpeg = folder.contents(folder.path("IMG_0001.JPG")), raw = folder.contents(folder.path("IMG_0001.DNG"))
        let app = try LiveHarness(["--pick", folder.path.text])
        app.key("mark", at: 0.1)
        app.run(until: 1)
        unlink(folder.path("IMG_0001.JPG").cString)
        #expect(LiveFolderTests.runThroughBatches(app) { Self.cards(app) == ["IMG_0001.DNG", "IMG_0002.jpg"] })
        #expect(Self.tagged(app).isEmpty && app.showing == ["IMG_0001", "IMG_0002"])
        #expect(app.state.marks.count == 1 && app.state.marks.isMarked(0, deck: app.deck))
        #expect(LiveFolderTests.onScreen(app).photos == 2, "the RAW's card shows its preview")

        copy(jpeg, to: folder.path("IMG_0001.JPG"))
        #expect(LiveFolderTests.runThroughBatches(app) { Self.cards(app) == ["IMG_0001.DNG+IMG_0001.JPG", "IMG_0002.jpg"] })
        #expect(Self.tagged(app) == ["IMG_0001"] && app.state.marks.isMarked(0, deck: app.deck))
        copy(raw, to: folder.path("IMG_0002.dng"))
        #expect(LiveFolderTests.runThroughBatches(app) {
            Self.cards(app) == ["IMG_0001.DNG+IMG_0001.JPG", "IMG_0002.dng+IMG_0002.jpg"]
        })
        #expect(Self.tagged(app) == ["IMG_0001", "IMG_0002"] && LiveFolderTests.onScreen(app).photos == 2)

        // The RAW deleted now: the JPEG stays the card, still marked (the mark, made on the pair
        // while it was the RAW alone, went to the JPEG when it joined).
        unlink(folder.path("IMG_0001.DNG").cString)
        #expect(LiveFolderTests.runThroughBatches(app) { Self.cards(app) == ["IMG_0001.JPG", "IMG_0002.dng+IMG_0002.jpg"] })
        #expect(app.state.marks.count == 1 && app.state.marks.isMarked(0, deck: app.deck))
        unlink(folder.path("IMG_0001.JPG").cString)
        #expect(LiveFolderTests.runThroughBatches(app) { Self.cards(app) == ["IMG_0002.dng+IMG_0002.jpg"] })
        #expect(app.state.marks.count == 0)
        #expect(!app.effects.warnings.contains { $0.contains("skipped") }, "\(app.effects.warnings)")
    }

    /// The information panel of a pair says both files: the RAW's name, its sensor and camera, and
    /// the JPEG's name, pixels and size (figures from ImageMagick and stat, not the app).
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func theInformationPanelSaysBothFiles() throws {
        let folder = try Self.cameraFolder()
        let app = try LiveHarness([folder.path.text])
        app.key("info", at: 0.1)
        app.run(until: 0.5)
        let files = try #require(app.frame.info?.files)
        let lines = Dictionary(uniqueKeysWithValues: InfoPanel.info(files).lines.map { ($0.label, $0.value) })
        let jpeg = folder.path("IMG_0001.JPG")
        let size = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/identify"), ["-format", "%w × %h", jpeg.text])
        var status = stat()
        #expect(stat(jpeg.cString, &status) == 0)
        let kilobytes = (Double(status.st_size) / 100).rounded() / 10
        #expect(lines["File"] == "IMG_0001.DNG")
        #expect(lines["JPEG"] == "IMG_0001.JPG (\(size.stdout), \(String(format: "%.1f", kilobytes)) kB)")
        #expect(lines["Sensor"] == "RAW 320 × 200, 14-bit, Bayer RGGB" && lines["Format"] == "Adobe DNG")
        #expect(lines["Camera"] == "Swivel Test Camera")
        let text = InfoPanel.lines(InfoPanel.info(files))
        print(text.joined(separator: "\n"))
    }

    /// The tag through the real binary (`--screenshot`, offscreen): a white unpaired card 0
    /// centred, the pair (a white JPEG beside a DNG) card 1, turned −12°. The pill's left cap,
    /// 3 pt in and 4 pt down from its top-left corner (card-local (−87, −136): inset 10 pt from
    /// the 200 × 300 card's corner, left of the text, which starts 6 pt in), projected as
    /// docs/design.md says (`MarkBadgeTests.project`), is black at 60 % over white: 102; the same
    /// point of card 0 is its white; the card's corner outside the cap is white; and the text
    /// (white, in the pill's dark) is there. Card 0 shows no tag anywhere in its top-left.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func theTagIsInThePairsCardsPlane() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        let white = ImageFiles.solid(.jpeg(quality: 95), width: 200, height: 300, [255, 255, 255])
        _ = folder.write("photos/IMG_0000.jpg", bytes: white)
        _ = folder.write("photos/IMG_0001.JPG", bytes: white)
        try Self.dng(in: folder, "photos/IMG_0001.DNG")
        let out = folder.path("tag.png")
        let result = try SwivelProcess.run([folder.path("photos").text, "--size", "1280x720", "--screenshot", out.text],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        if let keep = ProcessInfo.processInfo.environment["SWIVEL_TEST_KEEP_FRAMES"] {
            _ = try? FileManager.default.removeItem(atPath: keep + "/pair-tag.png")
            try FileManager.default.copyItem(atPath: out.text, toPath: keep + "/pair-tag.png")
        }
        let image = try Image(contentsOf: out.text)
        func at(card: Int, _ u: Double, _ v: Double) -> [Int] {
            let (x, y) = MarkBadgeTests.pixel(MarkBadgeTests.project(card: card, u: u, v: v))
            return image.rgb(x, y)
        }
        let pill = at(card: 1, -87, -136)
        #expect(pill.allSatisfy { abs($0 - 102) <= 3 }, "the pill: \(pill)")
        #expect(at(card: 0, -87, -136) == [255, 255, 255])
        #expect(at(card: 1, -89.5, -139.5) == [255, 255, 255], "outside the cap's curve")
        // The text: white ink within its box (from 6 pt in, 3 pt down; "RAW+JPEG" at 10 pt is
        // over 40 pt wide and 9 pt tall), on card 1; none on card 0.
        func brightInk(card: Int) -> Int {
            var count = 0
            for u in stride(from: -84.0, to: -44, by: 0.5) {
                for v in stride(from: -137.0, to: -128, by: 0.5) {
                    let pixel = at(card: card, u, v)
                    if pixel.allSatisfy({ $0 >= 200 }), at(card: card, u - 2, v).allSatisfy({ $0 < 150 }) { count += 1 }
                }
            }
            return count
        }
        #expect(brightInk(card: 1) >= 20 && brightInk(card: 0) == 0, "ink: card 1 \(brightInk(card: 1)), card 0 \(brightInk(card: 0))")
    }
}
