import Foundation
import SwivelCore
import SwivelPhotos
import SwivelTestSupport
import Testing
@testable import swivel

/// The shared thumbnail cache through the real binary: thumbnails written by a cold run are valid
/// for checkers nobody here wrote (GLib's `gio info -a thumbnail::`, and scripts/check-thumbnail.py,
/// which recomputes the names and reads the PNG chunks with Python's own hashlib, urllib and zlib);
/// a warm run reads them and draws the same frame; a touched photo is decoded again and its
/// thumbnail rewritten; `--no-thumbnail-cache` reads and writes nothing.
@Suite(.serialized) struct ThumbnailCacheEndToEndTests {
    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/check-thumbnail.py").path

    /// Three 800×600 JPEGs, all on screen in the default window.
    static func photos(_ folder: TemporaryDirectory) -> [FilePath] {
        folder.makeDirectories("photos é")
        return (0..<3).map { index in
            let path = folder.path("photos é/p\(index).jpg")
            ImageFiles.write(path, ImageFiles.image(.jpeg, width: 800, height: 600) { x, y in
                [UInt8(truncatingIfNeeded: x / 3 + index * 80), UInt8(y * 255 / 600), UInt8((x / 50 % 2) * 220), 255] })
            return path
        }
    }

    static func run(_ folder: TemporaryDirectory, _ arguments: [String], frame: String) throws -> ProcessResult {
        try SwivelProcess.run([folder.path("photos é").text, "--screenshot", folder.path(frame).text] + arguments,
                              environment: ["SDL_VIDEODRIVER": "offscreen", "XDG_CACHE_HOME": folder.path("cache").text])
    }

    static func tool(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments,
                                                  environment: environment)
        return (result.status, result.stdout + result.stderr)
    }

    @Test func coldRunWritesValidThumbnailsWarmRunUsesThem() throws {
        let folder = TemporaryDirectory()
        let photos = Self.photos(folder)
        let cold = try Self.run(folder, [], frame: "cold.png")
        #expect(cold.status == 0, "\(cold.stderr)")
        let (status, report) = try Self.tool("python3", [Self.checker, folder.path("cache").text] + photos.map(\.text))
        print(report)
        #expect(status == 0, "\(report)")
        for photo in photos {
            let (_, info) = try Self.tool("gio", ["info", "-a", "thumbnail::is-valid,thumbnail::path", photo.text],
                                          environment: ["XDG_CACHE_HOME": folder.path("cache").text])
            #expect(info.contains("thumbnail::is-valid: TRUE") && info.contains("/x-large/"), "\(info)")
        }

        let warm = try Self.run(folder, [], frame: "warm.png")
        #expect(warm.status == 0)
        let coldFrame = try Data(contentsOf: folder.url("cold.png")), warmFrame = try Data(contentsOf: folder.url("warm.png"))
        // A JPEG shrunk on load to 400×300 is saved as it is: the warm card is the same pixels.
        #expect(coldFrame == warmFrame)

        // Touched after: gio calls it stale; a run rewrites it and both checkers accept it again.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, photos[0].text, &times, 0)
        let (_, stale) = try Self.tool("gio", ["info", "-a", "thumbnail::is-valid", photos[0].text],
                                       environment: ["XDG_CACHE_HOME": folder.path("cache").text])
        #expect(stale.contains("thumbnail::is-valid: FALSE"))
        _ = try Self.run(folder, [], frame: "again.png")
        let (again, _) = try Self.tool("python3", [Self.checker, folder.path("cache").text, photos[0].text])
        #expect(again == 0)
    }

    @Test func benchCountsHitsAndMisses() throws {
        let folder = TemporaryDirectory()
        _ = Self.photos(folder)
        func bench() throws -> String {
            try SwivelProcess.run(["--bench", "--images", folder.path("photos é").text, "--frames", "30"],
                                  environment: ["SDL_VIDEODRIVER": "offscreen", "XDG_CACHE_HOME": folder.path("cache").text],
                                  timeout: 120).stdout
        }
        let cold = try bench(), warm = try bench()
        #expect(cold.contains("\"thumbnail_hits\": 0") && cold.contains("\"thumbnail_misses\": 3") && cold.contains("\"thumbnails_written\": 3"), "\(cold)")
        #expect(warm.contains("\"thumbnail_hits\": 3") && warm.contains("\"thumbnail_misses\": 0"), "\(warm)")
    }

    /// A warm open, in this process on the test's clock (`LiveHarness`, drawn by the app's renderer
    /// offscreen; the cache written by a cold run of the binary): the first frame shows no photo
    /// (the window waits for none), then the 3 photos on screen, read from the cache (3 hits), all
    /// show in the next frame. (The open's upload limit is DeckOpeningTests'; here the harness's
    /// turns between frames upload too.) The frame drawn once the open is over, which
    /// builds the programs left for later (`FrameRenderer.deferredProgramsDue`), shows the same
    /// pixels as the one before it, and no frame comes after it. (Through the binary's frame log
    /// this depended on the decodes ending within the first frame's drawing, and failed beside load.)
    @Test func aWarmOpenShowsItsPhotosAtOnce() throws {
        let folder = TemporaryDirectory()
        _ = Self.photos(folder)
        #expect(try Self.run(folder, [], frame: "cold.png").status == 0)    // writes the thumbnails
        let cacheHome = folder.path("cache").text
        let found = ThumbnailCache.forApp(environment: { $0 == "XDG_CACHE_HOME" ? cacheHome : nil }, warn: { Issue.record("\($0)") })
        let cache = try #require(found)
        let app = try LiveHarness([folder.path("photos é").text, "--no-watch"], drawing: .offscreenGL, thumbnails: cache)
        app.keepPixels = true
        app.run(until: 2)    // past the open's end (0.1 s after the first frame) and its frame
        let frames = app.drawn
        let allIn = try #require(frames.firstIndex { $0.photos == $0.showing.count })
        let showing = frames[allIn].showing.count
        let steps = frames[...allIn].indices.dropFirst().count { frames[$0].photos > frames[$0 - 1].photos }
        print("\(frames.count) frames: photos \(frames.map(\.photos)) of \(showing) at \(frames.map(\.time)); \(steps) frames brought them")
        #expect(showing == 3)
        #expect(frames.first?.photos == 0)
        #expect(steps == 1)
        #expect(cache.hits == 3 && cache.misses == 0, "hits \(cache.hits), misses \(cache.misses)")
        // The frame that built the programs: one, after the photos' (which comes within the open,
        // the programs' once it is over), and no other frame; it shows the same pixels.
        let built = app.builtPrograms.indices.filter { app.builtPrograms[$0] }
        #expect(built == [allIn + 1] && frames.count == allIn + 2, "\(built) of \(frames.count)")
        if let index = built.first, index > 0 { #expect(app.drawnPixels[index] == app.drawnPixels[index - 1]) }
    }

    @Test func noThumbnailCacheReadsAndWritesNothing() throws {
        let folder = TemporaryDirectory()
        _ = Self.photos(folder)
        let result = try Self.run(folder, ["--no-thumbnail-cache"], frame: "off.png")
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("cache/thumbnails").text))
        let bench = try SwivelProcess.run(["--bench", "--images", folder.path("photos é").text, "--frames", "10", "--no-thumbnail-cache"],
                                          environment: ["SDL_VIDEODRIVER": "offscreen", "XDG_CACHE_HOME": folder.path("cache").text],
                                          timeout: 120).stdout
        #expect(bench.contains("\"thumbnail_hits\": null"), "\(bench)")
    }
}
