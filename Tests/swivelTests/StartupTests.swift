import Foundation
import SwivelTestSupport
import Testing

/// What the first frame waits for: the photo and text libraries are loaded on first use only, and
/// `--bench` reports when each step to the first frame ended.
@Suite struct StartupTests {
    static let lazyLibraries = ["libheif.so.1", "libjxl.so.0.7", "libturbojpeg.so.0", "liblcms2.so.2", "libexif.so.12",
                                "libSDL2_image-2.0.so.0", "libSDL2_ttf-2.0.so.0", "libgif.so.7", "libwebp.so.7", "libwebpdemux.so.2",
                                "libnetpbm.so.11", "libtiff.so.6", "libpng16.so.16", "libavif.so.15",
                                "libjpeg.so.62"]

    /// The libraries the dynamic loader initialised while `arguments` ran (its LD_DEBUG=files log).
    static func librariesInitialised(_ arguments: [String]) throws -> [String] {
        let result = try SwivelProcess.run(arguments, environment: ["SDL_VIDEODRIVER": "offscreen", "LD_DEBUG": "files"])
        #expect(result.status == 0, "stderr: \(result.stderr.suffix(2000))")
        return result.stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...].split(separator: "/").last ?? "")
        }
    }

    /// (Not with --screenshot, which writes its PNG with SDL2_image.)
    @Test func theColourDeckLoadsNoPhotoOrTextLibrary() throws {
        let loaded = try Self.librariesInitialised(["--bench", "--frames", "5"])
        #expect(loaded.contains("libSDL2-2.0.so.0"), "the log was read: \(loaded)")
        for library in Self.lazyLibraries { #expect(!loaded.contains(library), "\(library) was loaded") }
    }

    @Test func aPhotoDeckLoadsWhatItDecodesWith() throws {
        let directory = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The demo deck is PNGs (libpng) with captions (SDL2_ttf); the screenshot is written by SDL2_image.
        let loaded = try Self.librariesInitialised(["--demo", "--screenshot", directory.appendingPathComponent("f.png").path])
        #expect(loaded.contains("libpng16.so.16"))
        #expect(loaded.contains("libSDL2_image-2.0.so.0"))
        #expect(loaded.contains("libSDL2_ttf-2.0.so.0"))
    }

    @Test func benchReportsTheStepsToTheFirstFrameInOrder() throws {
        let report = try PerformanceCountTests.bench(cards: 7)
        let phases = try #require(report["startup_phases_ms"] as? [String: Double])
        let order = ["main", "options", "sdl_video", "window", "gl_context", "shaders", "first_frame_drawn",
                     "first_frame_presented", "deferred_programs"]
        let times = order.map { phases[$0] ?? -1 }
        #expect(times.allSatisfy { $0 > 0 }, "\(phases)")
        #expect(times == times.sorted(), "\(phases)")
        // The first frame is one call (card.frag); once the split programs are built, three per card.
        #expect(report["draw_calls"] as? Int == 21, "the split programs draw every frame after the first")
    }
}
