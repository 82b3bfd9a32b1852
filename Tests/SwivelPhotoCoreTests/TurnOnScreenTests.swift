import Foundation
import Testing
import SwivelCore
import SwivelPhotoCore

/// A photo's turns on screen as a pure function of time (`TurnOnScreen`): the numbers are closed
/// forms (the ease from rest is 3s² − 2s³, so half its time is half its way), not the code's.
@Suite struct TurnOnScreenTests {
    static func close(_ m: Matrix2, _ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Bool {
        abs(m.a - a) < 1e-9 && abs(m.b - b) < 1e-9 && abs(m.c - c) < 1e-9 && abs(m.d - d) < 1e-9
    }

    /// --reduced-motion: a quarter turn is whole at once, nothing moves.
    @Test func reducedMotionJumps() {
        var turn = TurnOnScreen(reducesMotion: true)
        turn.add(.clockwise, at: 5)
        #expect(Self.close(turn.shape(at: 5), 0, -1, 1, 0))
        #expect(!turn.isAnimating(at: 5))
    }

    /// A quarter turn eases over 0.25 s: at 0.125 s it is 45° round (x right, y down: clockwise
    /// takes (1, 0) to (cos 45°, sin 45°)), at 0.25 s whole and at rest.
    @Test func aQuarterTurnEasesOverAQuarterSecond() {
        var turn = TurnOnScreen(reducesMotion: false)
        turn.add(.clockwise, at: 1)
        let h = 0.5.squareRoot()
        #expect(Self.close(turn.shape(at: 1), 1, 0, 0, 1))
        #expect(Self.close(turn.shape(at: 1.125), h, -h, h, h))
        #expect(turn.isAnimating(at: 1.2))
        #expect(Self.close(turn.shape(at: 1.25), 0, -1, 1, 0))
        #expect(!turn.isAnimating(at: 1.25))
        // A mirror swivels through edge on at half time (its width 0, kept at 1e-4 to be inverted).
        var mirror = TurnOnScreen(reducesMotion: false)
        mirror.add(.mirror, at: 0)
        #expect(Self.close(mirror.shape(at: 0.125), 1e-4, 0, 0, 1))
        #expect(Self.close(mirror.shape(at: 0.25), -1, 0, 0, 1))
    }

    /// A second R while the first still turns: both together, a half turn, once both are over.
    @Test func turnsGivenMeanwhileCompose() {
        var turn = TurnOnScreen(reducesMotion: false)
        turn.add(.clockwise, at: 0)
        turn.add(.clockwise, at: 0.1)
        #expect(turn.target == DihedralMatrix(-1, 0, 0, -1))
        #expect(turn.turnedSize(Size(96, 64)) == Size(96, 64))
        #expect(Self.close(turn.shape(at: 0.35), -1, 0, 0, -1))
        turn.add(.anticlockwise, at: 1)
        #expect(turn.turnedSize(Size(96, 64)) == Size(64, 96))
    }

    /// A 60 × 90 card's texture turned clockwise at rest is 90 × 60, shown at 1.5 times (135 × 90)
    /// to cover the card, which shows its middle 60 of 135 points across and all of its height. The
    /// card's top-left corner is then the texture's left edge (u = −½: a clockwise turn brings the
    /// photo's left edge to the top) at 30/135 = 2/9 below its middle (its bottom comes to the left).
    @Test func aTurnedCardStillCoversItsCard() {
        var turn = TurnOnScreen(reducesMotion: true)
        turn.add(.clockwise, at: 0)
        let map = turn.covering(Size(60, 90), texture: Size(60, 90), at: 0)
        let corner = map.apply(Point(-0.5, -0.5))
        #expect(abs(corner.x - -0.5) < 1e-9 && abs(corner.y - 2.0 / 9) < 1e-9)
        for x in [-0.5, 0.5] {
            for y in [-0.5, 0.5] {
                let p = map.apply(Point(x, y))
                #expect(abs(p.x) <= 0.5 + 1e-9 && abs(p.y) <= 0.5 + 1e-9)
            }
        }
        #expect(TurnOnScreen(reducesMotion: true).covering(Size(60, 90), texture: Size(60, 90), at: 0) == .identity)
    }
}
