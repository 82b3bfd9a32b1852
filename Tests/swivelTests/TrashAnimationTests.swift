import Foundation
import Glibc
import SwivelTestSupport
import Testing
@testable import swivel

/// Delete's card leaving the row (`RowClosing`), in this process on the test's clock
/// (`LiveHarness`; its frames' facts as the frame log gives them: each card drawn, its centre's x
/// and scale): it shrinks where it was while the card after it slides to the centre, no card
/// moving further between two frames than the ease allows.
@Suite struct TrashAnimationTests {
    /// The app on `home`'s photos folder with `arguments`, its trash in `home`, `keys` pressed at their times, run to `end`.
    static func run(_ home: TrashHome, _ arguments: [String], _ keys: [(Double, String)], until end: Double = 3) throws -> LiveHarness {
        let app = try LiveHarness([home.folder.path("photos").text] + arguments, trash: home.folder)
        for (time, key) in keys { app.key(key, at: time) }
        app.run(until: end)
        return app
    }

    /// 1280 pt window, 240 pt pitch: the centred card at x = 640.
    @Test func theTrashedCardShrinksWhileTheNextSlidesIn() throws {
        let home = TrashHome()
        for name in ["u1", "u2", "u3"] { home.photo("photos/\(name).png") }
        let app = try Self.run(home, ["--scroll", "240"], [(1, "delete")])
        let before: [Double] = [400, 640, 880], after: [Double] = [400, 640]
        let frames = app.drawn
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
        // (1.5 × 240 pt over 0.2 s) allows in the animation time between them.
        var largest = 0.0
        for (earlier, later) in zip(frames[(gone - 1)...settled], frames[gone...settled]) {
            let step = abs(later.row.last!.x - earlier.row.last!.x)
            largest = max(largest, step)
            let elapsed = later.time - earlier.time
            #expect(step <= 1.5 * 240 * elapsed / 0.2 + 1, "\(step) pt in \(elapsed) s")
        }
        print("TrashAnimation: \(closing.count) frames while closing (\(settled - gone + 1) to settle), largest step \(largest) pt")
    }

    /// Ctrl+Z: the card put back grows in (its scale under 1, then 1) as the row opens round it
    /// and comes back to the centre, ending as the row was before the Delete.
    @Test func theRestoredCardGrowsIn() throws {
        let home = TrashHome()
        for name in ["g1", "g2", "g3"] { home.photo("photos/\(name).png") }
        let app = try Self.run(home, ["--scroll", "240"], [(1, "delete"), (2, "undo")])
        let frames = app.drawn
        let deleted = try #require(frames.firstIndex { $0.cards == 2 })
        let last = try #require(frames.last)
        #expect(last.cards == 3 && last.showing == ["g1", "g2", "g3"] && last.centre == 1 && last.row.map(\.x) == [400, 640, 880])
        #expect(FileManager.default.fileExists(atPath: home.folder.path("photos/g2.png").text))
        let back = frames[deleted...]
        let restoring = back.filter { $0.cards == 3 && $0.row.contains { $0.scale < 1 } }
        #expect(!restoring.isEmpty, "frames with the card growing in")
        #expect(restoring.allSatisfy { $0.row.allSatisfy { $0.scale >= 0.5 && $0.scale <= 1 } })
        print("TrashAnimation: \(restoring.count) frames with the restored card growing")
    }

    /// With `--reduced-motion` the gap closes in one frame.
    @Test func reducedMotionClosesAtOnce() throws {
        let home = TrashHome()
        for name in ["r1", "r2", "r3"] { home.photo("photos/\(name).png") }
        let app = try Self.run(home, ["--scroll", "240", "--reduced-motion"], [(1, "delete")])
        let frames = app.drawn
        #expect(frames.last?.showing == ["r1", "r3"])
        let gone = try #require(frames.firstIndex { $0.cards == 2 })
        #expect(frames[gone...].allSatisfy { $0.row.map(\.x) == [400, 640] && $0.row.allSatisfy { $0.scale == 1 } })
    }
}
