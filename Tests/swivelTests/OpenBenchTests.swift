import Foundation
import SwivelTestSupport
import Testing

/// `--bench --images DIR --open N`, the full view's benchmark, through the real binary on a few
/// small JPEGs: it counts what it did, it never times (shared machines are noisy; the figures are
/// printed).
@Suite struct OpenBenchTests {
    @Test func theOpenBenchReportsEveryOpenPageAndTheFloor() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        // Three photos of 640 × 480, each its own colour: 20 opens cycle the deck.
        for (i, colour) in [[200, 40, 40], [40, 200, 40], [40, 40, 200]].enumerated() {
            let photo = ImageFiles.image(.jpeg(quality: 90), width: 640, height: 480) { x, y in
                colour.map { UInt8(($0 + (x ^ y) % 32) % 256) }
            }
            ImageFiles.write(folder.path("photos/p\(i).jpg"), photo)
        }
        let result = try SwivelProcess.run(["--bench", "--images", folder.path("photos").text, "--open", "0",
                                            "--size", "320x240"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen",
                                                         "XDG_CACHE_HOME": folder.path("cache").text],
                                           timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        print(result.stdout)
        let run = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(run["mode"] as? String == "open")
        #expect(run["photos"] as? Int == 3)
        // At least 20 opens, the deck cycled to get them; every one sharp, paged and closed.
        #expect(run["opens"] as? Int == 20 && run["cycled"] as? Bool == true)
        #expect(run["open_not_sharp"] as? Int == 0)
        #expect(run["pages"] as? Int == 20 && run["neighbours_in_before_paging"] as? Bool == true)
        // A page whose photo is in shows it sharp in its first frame (its size is known ahead).
        #expect(run["page_sharp_first_frame"] as? Int == 20)
        // The first opens decode their photo after Enter: never sharp in the open's first frame.
        #expect(((run["open_to_sharp_frames"] as? [String: Double])?["p50"] ?? 0) >= 2)
        // After resting 0.5 s on the card, its photo decoded ahead shows in the open's first frame.
        #expect(run["rested_opens"] as? Int == 20)
        #expect(run["rested_open_sharp_first_frame"] as? Int == 20)
        for key in ["open_to_sharp_ms", "open_to_sharp_frames", "open_to_opaque_ms", "page_to_sharp_ms", "rested_open_to_sharp_ms",
                    "open_decode_wall_ms", "open_decode_cpu_ms", "zoom_pan_frame_ms", "zoom_pan_step_ms", "turbojpeg_ms"] {
            let figures = try #require(run[key] as? [String: Double], "\(key): \(run[key] ?? "missing")")
            let (p50, p95, max) = (figures["p50"] ?? -1, figures["p95"] ?? -1, figures["max"] ?? -1)
            #expect(p50 > 0 && p50 <= p95 && p95 <= max, "\(key): \(figures)")
        }
        // A decode's CPU time on its thread is within its wall time, so each percentile of the one
        // is within the other's: to 10 µs, as the two come from different clocks (the scheduler's
        // and CLOCK_MONOTONIC; 1.503 against 1.502 ms was seen). Swapped, they were 0.06 ms the
        // other way at p50 and 0.5–0.9 ms at p95 and the maximum here.
        let wall = try #require(run["open_decode_wall_ms"] as? [String: Double])
        let cpu = try #require(run["open_decode_cpu_ms"] as? [String: Double])
        for key in ["p50", "p95", "max"] {
            #expect((cpu[key] ?? .infinity) <= (wall[key] ?? 0) + 0.01, "\(key): \(cpu) against \(wall)")
        }
        // Two seconds at 60 Hz, every slot drawn (fewer when frames overrun their slot).
        let frames = try #require(run["zoom_pan_frames"] as? Int)
        #expect(frames >= 30 && frames <= 135, "\(frames) zoom/pan frames")
        // 640 × 480 fitted into 320 × 240 is 320 × 240: TurboJPEG's 1/2 makes exactly that.
        #expect(run["turbojpeg_scale"] as? String == "1/2 320x240")
        // The goal's bound is 1.25 × the floor + two 60 Hz frames.
        let floor = try #require((run["turbojpeg_ms"] as? [String: Double])?["p50"])
        let goal = try #require((run["goal_open_to_sharp_ms"] as? [String: Double])?["p50"])
        #expect(abs(goal - (1.25 * floor + 2000.0 / 60)) < 0.01)
    }
}
