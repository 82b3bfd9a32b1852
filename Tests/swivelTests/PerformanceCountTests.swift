import Foundation
import SwivelTestSupport
import Testing

/// The perf regression check: it counts, it never times (shared machines are noisy). Draw calls per
/// frame, cards sent to the GPU per frame, and fragment shader invocations per pixel (overdraw,
/// where the driver has GL_ARB_pipeline_statistics_query), from short `--bench` runs offscreen.
@Suite(.serialized) struct PerformanceCountTests {
    static func bench(cards: Int) throws -> [String: Any] {
        let result = try SwivelProcess.run(["--bench", "--cards", "\(cards)", "--frames", "90", "--size", "1280x720"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func drawCallsCardsAndOverdrawStayPut() throws {
        let seven = try Self.bench(cards: 7), thousand = try Self.bench(cards: 1000)
        let million = try Self.bench(cards: 1_000_000)
        for run in [seven, thousand, million] {
            // Three instanced calls draw every card and its shadow, whatever the deck's size: the
            // cards' opaque middles, the shadow rings, the edge bands (see CardPass).
            #expect(run["draw_calls"] as? Int == 3)
            // Each screen pixel shaded well under once (full shadow quads would give about 1.25).
            if let overdraw = run["overdraw"] as? [String: Double] {
                #expect(try #require(overdraw["max"]) <= 0.8, "overdraw \(overdraw)")
            }
        }
        // Only the cards that can show, plus one each side: 9 in a 1280 pt window whatever the
        // deck's size; the seven-card deck is all of it (its neighbours past the ends do not exist).
        #expect(thousand["cards_submitted"] as? Int == 9)
        #expect(million["cards_submitted"] as? Int == 9)
        #expect(seven["cards_submitted"] as? Int == 7)
        print("overdraw (max per frame): 7 → \(seven["overdraw"] ?? "n/a"), 10⁶ → \(million["overdraw"] ?? "n/a")")
    }
}
