import Foundation
import SwivelCore
import SwivelPhotos
import SwivelRender
import SwivelTestSupport
import Testing
@testable import swivel

/// Live folders in this process (`LiveHarness`): the real folder watch on real inotify, the real
/// deck decoding the real files, on the test's clock; the test changes the folder, waits for the
/// watch's batch by its signal, then runs the clock on and reads what is on screen.
@Suite struct LiveFolderTests {
    /// A new photo written into the folder appears in the first frame after its batch, in its
    /// natural-order place, and the centred card stays where it is on screen.
    @Test func aPhotoCopiedInAppearsInItsPlace() throws {
        let folder = TemporaryDirectory()
        for name in ["b02", "b04", "b06"] { _ = folder.write("\(name).png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200])) }
        // Centred on b04 (one pitch in), so the new card lands before the centred one.
        let app = try LiveHarness([folder.path.text, "--scroll", "240"])
        app.run(until: 1)
        #expect(app.showing == ["b02", "b04", "b06"])
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: folder.path("b03.png"))
        #expect(app.waitForFolderChanges())
        let (before, arrived) = (app.drawn.count, app.now)
        app.run(until: app.now + 1)
        let first = try #require(app.drawn.dropFirst(before).first)
        #expect(first.time - arrived < 0.05)
        #expect(first.showing == ["b02", "b03", "b04", "b06"])
        // b04 stays centred and flat: the offset moved on one pitch with it.
        #expect(first.centreName == "b04" && first.shift == 0)
        #expect(app.drawn.allSatisfy { $0.centreName == "b04" && $0.shift == 0 })
    }

    /// A deleted photo leaves, a renamed one moves to its new place, a rewritten one is read again
    /// (its card goes back to the placeholder and fades in anew); the centred card never moves.
    @Test func deletedRenamedAndRewrittenFiles() throws {
        let folder = TemporaryDirectory()
        for name in ["c1", "c2", "c3", "c4", "c5"] { _ = folder.write("\(name).png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200])) }
        let app = try LiveHarness([folder.path.text, "--scroll", "480"])   // c3 centred
        app.run(until: 1)
        #expect(app.drawn.last.map { $0.photos == $0.showing.count && $0.showing.count == 5 } == true)

        unlink(folder.path("c1.png").cString)
        #expect(Self.runThroughBatches(app) { app.showing == ["c2", "c3", "c4", "c5"] })
        rename(folder.path("c2.png").cString, folder.path("c9.png").cString)
        #expect(Self.runThroughBatches(app) { app.showing == ["c3", "c4", "c5", "c9"] })
        #expect(Self.onScreen(app).photos == 4)

        let before = app.drawn.count
        copy(ImageFiles.solid(.png, width: 60, height: 40, [250, 200, 0]), to: folder.path("c4.png"))
        #expect(Self.runThroughBatches(app) { app.drawn.dropFirst(before).contains { $0.photos < 4 } && Self.onScreen(app).photos == 4 })
        #expect(Self.onScreen(app).showing == ["c3", "c4", "c5", "c9"])
        #expect(app.drawn.allSatisfy { $0.centreName == "c3" && $0.shift == 0 })
        #expect(!app.effects.warnings.contains { $0.contains("skipped") })
    }

    /// A photo written in 10 pieces is never read half-written: while it is open, another photo
    /// written after its pieces arrives without it; its card appears only once the file is
    /// closed, and nothing is skipped as cut short.
    @Test func aSlowlyWrittenFileIsNeverShownHalfWritten() throws {
        let folder = TemporaryDirectory()
        _ = folder.write("d1.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        let app = try LiveHarness([folder.path.text])
        app.run(until: 1)
        #expect(app.showing == ["d1"])
        let bytes = ImageFiles.image(.png, width: 400, height: 300) { x, y in [UInt8(x % 256), UInt8(y % 256), 99] }
        let descriptor = open(folder.path("d2.png").cString, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        let piece = (bytes.count + 9) / 10
        for start in stride(from: 0, to: bytes.count, by: piece) {
            let end = min(bytes.count, start + piece)
            _ = bytes[start..<end].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: folder.path("d0.png"))
        #expect(Self.runThroughBatches(app) { app.showing.contains("d0") })
        #expect(app.showing == ["d0", "d1"])
        let closed = app.drawn.count
        close(descriptor)
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["d0", "d1", "d2"] && Self.onScreen(app).photos == 3 })
        #expect(!app.drawn.prefix(closed).contains { $0.showing.contains("d2") })
        #expect(!app.effects.warnings.contains { $0.contains("skipped") })
    }

    /// 1,000 photos written into the folder at once all arrive, in order, in a few batches (each
    /// a relayout), and the centred card stays put throughout.
    @Test func aThousandFilesAtOnce() throws {
        let folder = TemporaryDirectory()
        let png = ImageFiles.solid(.png, width: 24, height: 16, [90, 140, 200])
        for name in ["p0250", "p0750"] { _ = folder.write("\(name).png", bytes: png) }
        let app = try LiveHarness([folder.path.text, "--scroll", "240"])   // p0750 centred
        app.run(until: 1)
        #expect(app.drawn.last?.centreName == "p0750")
        for index in 0..<1000 where index != 250 && index != 750 {
            copy(png, to: folder.path(String(format: "p%04d.png", index)))
        }
        #expect(Self.runThroughBatches(app) { app.drawn.last?.cards == 1000 })
        let last = try #require(app.drawn.last)
        let batches = Set(app.drawn.map(\.cards)).count - 1
        print("1000 files in the deck in \(batches) batches")
        #expect(last.centre == 750 && last.centreName == "p0750" && last.shift == 0)
        #expect(last.showing.joined(separator: " ").contains("p0749 p0750 p0751"))
        #expect(app.drawn.allSatisfy { $0.centreName == "p0750" && $0.shift == 0 })
        #expect(batches < 1000)
    }

    /// When the inotify watch limit is reached (injected: after the first watch), one line says
    /// so; the folder watched before it still updates, the other does not (its photo, written
    /// first, is not there when the watched folder's arrives), and Swivel goes on.
    @Test func theWatchLimitIsSaidOnceAndTheRestGoesOn() throws {
        let first = TemporaryDirectory(), second = TemporaryDirectory()
        _ = first.write("e1.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        _ = second.write("f1.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        let app = try LiveHarness([first.path.text, second.path.text], watchFaults: FolderWatch.Faults(watchLimit: 1))
        app.run(until: 1)
        #expect(app.showing == ["e1", "f1"])
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: second.path("f2.png"))
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: first.path("e2.png"))
        #expect(Self.runThroughBatches(app) { app.showing.contains("e2") })
        #expect(app.showing == ["e1", "e2", "f1"])
        let said = app.effects.warnings.filter { $0.contains("inotify watch limit") }
        #expect(said == ["no live updates for \(second.path.text) and the folders after it: "
                         + "the inotify watch limit is reached (sysctl fs.inotify.max_user_watches)"])
        #expect(app.state.end == nil)
    }

    /// When events are lost (an inotify queue overflow, injected: every event after the first is
    /// lost until the test releases them), one line says so and the folder is read again: the
    /// photos written and deleted meanwhile arrive and leave in one batch, and the centred card
    /// never moves.
    @Test func aQueueOverflowRereadsTheFolder() throws {
        let folder = TemporaryDirectory()
        for name in ["q2", "q4", "q6", "q8"] { _ = folder.write("\(name).png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200])) }
        let app = try LiveHarness([folder.path.text, "--scroll", "480"], watchFaults: FolderWatch.Faults(overflowAfter: 1))   // q6 centred
        app.run(until: 1)
        #expect(app.showing == ["q2", "q4", "q6", "q8"] && Self.onScreen(app).photos == 4)
        let png = ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60])
        copy(png, to: folder.path("q5.png"))   // its IN_CREATE passes, the rest is lost
        unlink(folder.path("q2.png").cString)
        copy(png, to: folder.path("q3.png"))
        copy(png, to: folder.path("q7.png"))
        try #require(app.watch).releaseLostEvents()
        #expect(app.waitForFolderChanges())
        app.run(until: app.now + 1)
        #expect(app.showing == ["q3", "q4", "q5", "q6", "q7", "q8"] && Self.onScreen(app).photos == 6)
        #expect(app.watch?.hasChanges == false)
        #expect(Set(app.drawn.map(\.cards)) == [4, 6])   // one batch
        #expect(app.drawn.allSatisfy { $0.centreName == "q6" && $0.shift == 0 })
        let said = app.effects.warnings.filter { $0.contains("inotify queue") }
        #expect(said == ["live updates missed some changes (the inotify queue overflowed): the folders are read again"])
    }

    /// `--no-watch`: the folder is not watched at all, and a photo written into it does not appear.
    @Test func noWatchTurnsItOff() throws {
        let folder = TemporaryDirectory()
        _ = folder.write("g1.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        let app = try LiveHarness([folder.path.text, "--no-watch"])
        app.run(until: 1)
        #expect(app.drawn.last?.photos == 1)
        #expect(app.watch == nil)
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: folder.path("g2.png"))
        app.run(until: 3)
        #expect(app.drawn.allSatisfy { $0.cards == 1 })
    }

    /// A single file named on the command line is watched as a file: another file written beside
    /// it is not taken in (it came before the deletion that empties the row); deleted, it leaves
    /// (and Swivel stays open on the empty row); written again, it is back.
    @Test func aSingleFileIsWatchedAsAFile() throws {
        let folder = TemporaryDirectory()
        _ = folder.write("h1.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        _ = folder.write("other.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        let app = try LiveHarness([folder.path("h1.png").text])
        app.run(until: 1)
        #expect(app.drawn.last?.photos == 1)
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: folder.path("new.png"))
        unlink(folder.path("h1.png").cString)
        #expect(Self.runThroughBatches(app) { app.state.row.layout.cardCount == 0 })
        #expect(app.drawn.allSatisfy { !$0.showing.contains("new") })
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: folder.path("h1.png"))
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["h1"] && Self.onScreen(app).photos == 1 })
        #expect(app.state.end == nil)
    }

    /// With `--recursive` a new subfolder is watched as it comes: its photo appears after the
    /// folder's own files; the subfolder moved away takes its cards with it.
    @Test func newSubfoldersAreWatchedWithRecursive() throws {
        let folder = TemporaryDirectory()
        _ = folder.write("m1.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        _ = folder.write("m9.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        let app = try LiveHarness([folder.path.text, "--recursive"])
        app.run(until: 1)
        #expect(app.showing == ["m1", "m9"])
        folder.makeDirectories("a-sub")
        copy(ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]), to: folder.path("a-sub/m5.png"))
        #expect(Self.runThroughBatches(app) { app.showing == ["m1", "m9", "m5"] })
        let outside = TemporaryDirectory()
        rename(folder.path("a-sub").cString, outside.path("gone").cString)
        #expect(Self.runThroughBatches(app) { app.showing == ["m1", "m9"] })
    }

    /// Files that are complete when their name appears, with no IN_CLOSE_WRITE after it: a hard
    /// link (`ln`), and a photo written unnamed into the folder and linked in (`O_TMPFILE`, then
    /// `linkat`), each appear in their place; one read (opened and closed) as it appears too.
    @Test func linkedFilesAppear() throws {
        let folder = TemporaryDirectory(), outside = TemporaryDirectory()
        _ = folder.write("l1.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200]))
        let app = try LiveHarness([folder.path.text])
        app.run(until: 1)
        #expect(app.showing == ["l1"])
        let source = outside.write("source.png", bytes: ImageFiles.solid(.png, width: 60, height: 40, [200, 80, 60]))
        #expect(link(source.cString, folder.path("l3.png").cString) == 0)
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["l1", "l3"] && Self.onScreen(app).photos == 2 })

        let unnamed = open(folder.path.cString, Self.temporaryFile | O_WRONLY, 0o644)
        try #require(unnamed >= 0, "O_TMPFILE: errno \(errno)")
        let bytes = ImageFiles.solid(.png, width: 60, height: 40, [250, 200, 0])
        #expect(bytes.withUnsafeBytes { write(unnamed, $0.baseAddress, $0.count) } == bytes.count)
        #expect(linkat(AT_FDCWD, "/proc/self/fd/\(unnamed)", AT_FDCWD, folder.path("l2.png").cString, AT_SYMLINK_FOLLOW) == 0)
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["l1", "l2", "l3"] && Self.onScreen(app).photos == 3 })
        close(unnamed)

        #expect(link(source.cString, folder.path("l4.png").cString) == 0)
        let reader = open(folder.path("l4.png").cString, O_RDONLY)
        #expect(reader >= 0)
        close(reader)
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["l1", "l2", "l3", "l4"] && Self.onScreen(app).photos == 4 })
        #expect(app.effects.warnings.isEmpty, "\(app.effects.warnings)")
    }

    /// open(2)'s O_TMPFILE, which Glibc's module does not bring into Swift: __O_TMPFILE
    /// (020000000 on x86-64 and arm64, <bits/fcntl-linux.h>) with O_DIRECTORY.
    static let temporaryFile: Int32 = 0o20000000 | O_DIRECTORY

    /// A folder of the command line deleted (with the folder above it) leaves an empty deck and
    /// one line; made again, it is watched again: the photo written into it appears, so does
    /// the next, and `--pick`'s Enter picks.
    @Test func aFolderDeletedAndMadeAgainIsWatchedAgain() throws {
        let base = TemporaryDirectory()
        base.makeDirectories("a", "a/photos")
        let png = ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200])
        for name in ["r1", "r2"] { copy(png, to: base.path("a/photos/\(name).png")) }
        let photos = base.path("a/photos")
        let app = try LiveHarness([photos.text, "--pick"])
        app.run(until: 1)
        #expect(app.showing == ["r1", "r2"])
        for name in ["r1", "r2"] { unlink(base.path("a/photos/\(name).png").cString) }
        rmdir(photos.cString)
        rmdir(base.path("a").cString)
        #expect(Self.runThroughBatches(app) { app.state.row.layout.cardCount == 0 })
        #expect(app.effects.warnings == ["\(photos) is gone (deleted or moved away): its photos leave the deck until it is back"])
        base.makeDirectories("a", "a/photos")
        copy(png, to: base.path("a/photos/r3.png"))
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["r3"] && Self.onScreen(app).photos == 1 })
        copy(png, to: base.path("a/photos/r4.png"))
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["r3", "r4"] && Self.onScreen(app).photos == 2 })
        app.key("enter", at: app.now + 0.1)
        app.run(until: app.now + 1)
        #expect(PickAndMarkTests.picked(app) == ["r3.png"])
        #expect(app.effects.warnings.count == 1, "\(app.effects.warnings)")
    }

    /// A folder of the command line moved away and another moved into its place: the new one's
    /// photos are shown and it is watched; the one moved away is not any more.
    @Test func aFolderReplacedByAMoveIsWatchedAgain() throws {
        let base = TemporaryDirectory()
        base.makeDirectories("photos", "other")
        let png = ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200])
        for name in ["s1", "s2"] { copy(png, to: base.path("photos/\(name).png")) }
        for name in ["s7", "s8"] { copy(png, to: base.path("other/\(name).png")) }
        let app = try LiveHarness([base.path("photos").text])
        app.run(until: 1)
        #expect(app.showing == ["s1", "s2"])
        #expect(rename(base.path("photos").cString, base.path("old").cString) == 0)
        #expect(rename(base.path("other").cString, base.path("photos").cString) == 0)
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["s7", "s8"] && Self.onScreen(app).photos == 2 })
        copy(png, to: base.path("old/s3.png"))
        copy(png, to: base.path("photos/s9.png"))
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["s7", "s8", "s9"] && Self.onScreen(app).photos == 3 })
        #expect(app.effects.warnings == ["\(base.path("photos")) is gone (deleted or moved away): its photos leave the deck until it is back"])
    }

    /// A file named on the command line whose folder is deleted leaves; the folder made again
    /// with the file in it, the file is back.
    @Test func aFileWhoseFolderIsMadeAgainComesBack() throws {
        let base = TemporaryDirectory()
        base.makeDirectories("f")
        let png = ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200])
        copy(png, to: base.path("f/t1.png"))
        let app = try LiveHarness([base.path("f/t1.png").text])
        app.run(until: 1)
        #expect(app.showing == ["t1"])
        unlink(base.path("f/t1.png").cString)
        rmdir(base.path("f").cString)
        #expect(Self.runThroughBatches(app) { app.state.row.layout.cardCount == 0 })
        base.makeDirectories("f")
        copy(png, to: base.path("f/t1.png"))
        #expect(Self.runThroughBatches(app) { Self.onScreen(app).showing == ["t1"] && Self.onScreen(app).photos == 1 })
    }

    /// No frame for what nobody sees: once the photos on screen are in, the photos decoded ahead
    /// for the cards off screen arrive and fade without a frame drawn.
    @Test func noFrameForPhotosOffScreen() throws {
        let folder = TemporaryDirectory()
        let png = ImageFiles.image(.png, width: 600, height: 400) { x, y in [UInt8(x % 256), UInt8(y % 256), 40] }
        for index in 0..<30 { _ = folder.write(String(format: "k%02d.png", index), bytes: png) }
        let app = try LiveHarness([folder.path.text, "--no-watch"])
        app.run(until: 5)   // the 17 photos off screen (8 either side, 1 where the row rests) decode meanwhile
        let frames = app.drawn
        let allIn = try #require(frames.firstIndex { $0.photos == $0.showing.count })
        print("\(frames.count) frames drawn, \(frames.count - allIn - 1) after the last photo on screen was in")
        #expect(frames.count - allIn - 1 == 0)
    }

    /// What is on screen at `app`'s clock now, as the frame log would tell it.
    static func onScreen(_ app: LiveHarness) -> FrameFacts { FrameFacts(app.frame, state: app.state, deck: app.deck) }

    /// Runs `app` through the watch's batches, a second of its clock after each, until `condition`
    /// holds; false when a batch is waited for in vain.
    static func runThroughBatches(_ app: LiveHarness, until condition: () -> Bool) -> Bool {
        while !condition() {
            guard app.waitForFolderChanges() else { return false }
            app.run(until: app.now + 1)
        }
        return true
    }
}

/// A live folder's pixels, drawn by the app's renderer (`LiveHarness.Drawing.offscreenGL`).
@Suite(.serialized) struct LiveFolderPixelTests {
    /// A photo added off screen changes no pixel of the cards on screen: every one keeps its photo
    /// fully faded in through the batch (none goes back to the placeholder and fades in again),
    /// in a deck small enough that its texture array has a layer for every card.
    @Test func aPhotoAddedOffScreenLeavesTheVisibleCardsAsTheyAre() throws {
        let folder = TemporaryDirectory()
        let png = ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200])
        for index in 0..<12 { _ = folder.write(String(format: "v%02d.png", index), bytes: png) }
        // v00 centred: v11 and past are off screen.
        let app = try LiveHarness([folder.path.text], drawing: .offscreenGL)
        app.run(until: 1)   // the fades over
        #expect(app.drawn.last.map { $0.photos == $0.showing.count } == true)
        let settled = try #require(app.image())
        let before = app.drawn.count
        copy(png, to: folder.path("v99.png"))
        #expect(LiveFolderTests.runThroughBatches(app) { app.state.row.layout.cardCount == 13 })
        let after = app.drawn.dropFirst(before)
        print("\(after.count) frames after the batch, photos fully in: \(after.map(\.photos))")
        #expect(!after.isEmpty && after.allSatisfy { $0.photos == $0.showing.count && !$0.showing.contains("v99") })
        // A reload would fade in over the 0.15 s after the batch: the pixels through it and after.
        let taken = app.now - 1
        for time in [taken, taken + 0.05, taken + 0.1, taken + 0.2] {
            #expect(app.image(photoTime: time)?.bytes == settled.bytes, "at \(time)")
        }
    }

    /// A deck that grows past its texture array's layers while no frame is drawn (the window
    /// minimised) holds one array, the new one: the frame drawn before it does not keep the old
    /// one alive (with the last scene kept until the next frame, two were).
    @Test func aDeckThatGrowsUndrawnHoldsOnePhotoArray() throws {
        let folder = TemporaryDirectory()
        let png = ImageFiles.solid(.png, width: 60, height: 40, [90, 140, 200])
        for index in 0..<12 { _ = folder.write(String(format: "w%02d.png", index), bytes: png) }
        let app = try LiveHarness([folder.path.text], drawing: .offscreenGL)
        app.run(until: 1)
        let deck = try #require(app.deck as? swivel.PhotoDeck)
        // (Its identity and size only: a reference would keep it alive.)
        let before = try #require(deck.textures.map { (ObjectIdentifier($0), $0.layers) })
        // (Counted in this process, whose other GL suites wait for the harness's lock.)
        let arrays = GLTextureCount.alive(.photoArray)
        #expect(arrays >= 1)
        let drawn = app.drawn.count
        app.window.minimized = true
        copy(png, to: folder.path("w99.png"))
        #expect(LiveFolderTests.runThroughBatches(app) { app.state.row.layout.cardCount == 13 })
        let after = try #require(deck.textures)
        #expect(ObjectIdentifier(after) != before.0 && after.layers > before.1, "\(before.1) → \(after.layers) layers")
        #expect(app.drawn.count == drawn)
        #expect(GLTextureCount.alive(.photoArray) == arrays)
    }
}

/// Writes `bytes` to `path` as cp does: created, written, closed.
func copy(_ bytes: [UInt8], to path: FilePath) {
    let descriptor = open(path.cString, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(descriptor >= 0, "open \(path)")
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}
