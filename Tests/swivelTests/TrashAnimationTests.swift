import Foundation
import Glibc
import SwivelTestSupport
import Testing

/// Delete's card leaving the row (`RowClosing`), read off the real binary's frame log (`row=`:
/// each card drawn, its centre's x and scale): it shrinks where it was while the card after it
/// slides to the centre, no card moving further between two frames than the ease allows.
@Suite struct TrashAnimationTests {
    /// 1280 pt window, 240 pt pitch: the centred card at x = 640.
    @Test func theTrashedCardShrinksWhileTheNextSlidesIn() throws {
        let home = TrashHome()
        for name in ["u1", "u2", "u3"] { home.photo("photos/\(name).png") }
        let app = try RunningSwivel([home.folder.path("photos").text, "--scroll", "240"], environment: home.environment,
                                    recording: "swivel-recording 1\n0 resize 1280 720\n1 key delete\n60 end\n")
        defer { app.stop() }
        let before: [Double] = [400, 640, 880], after: [Double] = [400, 640]
        #expect(app.waitFor { $0.last.map { $0.showing == ["u1", "u3"] && $0.row.map(\.x) == after } == true })
        usleep(300_000)
        let frames = app.frames
        let last = try #require(frames.last)
        #expect(last.row.map(\.x) == after && last.row.allSatisfy { $0.scale == 1 } && last.showing == ["u1", "u3"])
        let gone = try #require(frames.firstIndex { $0.cards == 2 })
        #expect(frames[gone - 1].row.map(\.x) == before && frames[gone - 1].row.allSatisfy { $0.scale == 1 })
        let settled = try #require(frames[gone...].firstIndex { $0.row.map(\.x) == after && $0.row.count == 2 })
        let closing = frames[gone..<settled]
        // Mid-animation: three cards drawn (the first frame may be the closing's start, as before),
        // the leaving one smaller, the last one between its slots: unlike both the row before and after.
        #expect(!closing.isEmpty)
        for frame in closing {
            #expect(frame.row.count == 3 && frame.row[1].scale <= 1 && frame.row[1].scale >= 0.5, "\(frame.row)")
            #expect(frame.row[0].x == 400 && frame.row[2].x >= 640 && frame.row[2].x <= 880, "\(frame.row)")
        }
        #expect(closing.contains { $0.row[1].scale < 1 && $0.row[2].x > 640 && $0.row[2].x < 880 })
        // Between two frames the card sliding in moves at most as the ease's steepest slope
        // (1.5 × 240 pt over 0.2 s) allows in the animation time between them (the frames' `at`:
        // the log's own clock `t` is read after drawing, so a slow draw under load shifts it).
        var largest = 0.0
        for (earlier, later) in zip(frames[(gone - 1)...settled], frames[gone...settled]) {
            let step = abs(later.row.last!.x - earlier.row.last!.x)
            largest = max(largest, step)
            let elapsed = later.animationTime - earlier.animationTime
            #expect(step <= 1.5 * 240 * elapsed / 0.2 + 1, "\(step) pt in \(elapsed) s")
        }
        print("TrashAnimation: \(closing.count) frames while closing (\(settled - gone + 1) to settle), largest step \(largest) pt")
    }

    /// Ctrl+Z: the card put back grows in (its scale under 1, then 1) as the row opens round it
    /// and comes back to the centre, ending as the row was before the Delete.
    @Test func theRestoredCardGrowsIn() throws {
        let home = TrashHome()
        for name in ["g1", "g2", "g3"] { home.photo("photos/\(name).png") }
        let app = try RunningSwivel([home.folder.path("photos").text, "--scroll", "240"], environment: home.environment,
                                    recording: "swivel-recording 1\n0 resize 1280 720\n1 key delete\n2 key undo\n60 end\n")
        defer { app.stop() }
        #expect(app.waitFor { $0.last.map { $0.cards == 2 } == true })
        let deleted = app.frames.count
        #expect(app.waitFor { $0.last.map { $0.cards == 3 && $0.showing == ["g1", "g2", "g3"] && $0.centreName == "g2"
                                            && $0.row.map(\.x) == [400, 640, 880] } == true })
        let back = app.frames.dropFirst(deleted)
        let restoring = back.filter { $0.cards == 3 && $0.row.contains { $0.scale < 1 } }
        #expect(!restoring.isEmpty, "frames with the card growing in")
        #expect(restoring.allSatisfy { $0.row.allSatisfy { $0.scale >= 0.5 && $0.scale <= 1 } })
        print("TrashAnimation: \(restoring.count) frames with the restored card growing")
    }

    /// With `--reduced-motion` the gap closes in one frame.
    @Test func reducedMotionClosesAtOnce() throws {
        let home = TrashHome()
        for name in ["r1", "r2", "r3"] { home.photo("photos/\(name).png") }
        let app = try RunningSwivel([home.folder.path("photos").text, "--scroll", "240", "--reduced-motion"],
                                    environment: home.environment,
                                    recording: "swivel-recording 1\n0 resize 1280 720\n1 key delete\n60 end\n")
        defer { app.stop() }
        #expect(app.waitFor { $0.last.map { $0.showing == ["r1", "r3"] } == true })
        usleep(300_000)
        let frames = app.frames
        let gone = try #require(frames.firstIndex { $0.cards == 2 })
        #expect(frames[gone...].allSatisfy { $0.row.map(\.x) == [400, 640] && $0.row.allSatisfy { $0.scale == 1 } })
    }
}
