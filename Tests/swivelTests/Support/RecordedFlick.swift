import Foundation

/// What a live session's mouse drags do to the row, worked out from its `--record` file by the
/// rules the docs give, without the app's own code (`ScrollController`, `VelocityTracker`): so a
/// test can tell whether the input the app saw was a flick at all (SDL stamps pointer events when
/// it reads them, and on a loaded machine a flick can arrive as a pause), and where the row must
/// then come to rest.
///
/// The rules (README "Using it", docs/design.md "Input", GestureConstants' sources):
/// - a mouse drag follows the pointer 1:1 once it is more than 4 pt from the press, trailing it
///   by those 4 pt;
/// - the release velocity is Flutter's and Android's: a least-squares quadratic through the
///   pointer's samples (the press, each move, the release if it moved) of the last 100 ms, its
///   slope at the release (the straight line's where the quadratic's runs against the travel);
///   no samples before a gap of more than 40 ms; none at all when the release came more than
///   40 ms after the newest; the newest 20 samples at most; held to ±8000 pt/s; times with 10 µs
///   of slack;
/// - a release slower than 50 pt/s does not fling;
/// - a fling loses 0.2 % of its speed every millisecond (UIScrollView's normal rate), so it
///   glides v / λ further, λ = −1000·ln 0.998 per second.
struct RecordedFlick {
    /// One pointer sample: seconds into the recording, x in window points.
    struct Sample: Equatable {
        var time: Double
        var x: Double
    }

    /// One press to release of mouse 0.
    struct Gesture {
        var press: Sample
        var moves: [Sample] = []
        var release: Sample

        /// How far the row moved while the button was down, in points (the offset grows as the
        /// pointer moves left).
        var dragged: Double {
            let travel = release.x - press.x
            return abs(travel) > RecordedFlick.slop ? -(travel - (travel > 0 ? 1 : -1) * RecordedFlick.slop) : 0
        }

        /// The row's velocity when the button came up, in points per second (0: no fling).
        var releaseVelocity: Double {
            var samples = [press] + moves
            if release.x != samples.last!.x { samples.append(release) }
            let newest = samples.last!
            guard release.time - newest.time <= RecordedFlick.stopGap + RecordedFlick.slack else { return 0 }
            var recent: [Sample] = []
            var newer = newest
            for sample in samples.reversed().prefix(RecordedFlick.maximumSamples) {
                if release.time - sample.time > RecordedFlick.horizon + RecordedFlick.slack
                    || newer.time - sample.time > RecordedFlick.stopGap + RecordedFlick.slack { break }
                recent.append(sample)
                newer = sample
            }
            let ages = recent.map { $0.time - release.time }, xs = recent.map(\.x)
            let line = RecordedFlick.slopeAtZero(ages, xs, degree: 1)
            guard var slope = RecordedFlick.slopeAtZero(ages, xs, degree: 2) ?? line else { return 0 }
            let travel = newest.x - recent.last!.x
            if let line, slope * travel < 0 { slope = line }
            let pointer = min(max(slope, -RecordedFlick.maximumSpeed), RecordedFlick.maximumSpeed)
            let row = -pointer
            return abs(row) < RecordedFlick.minimumFlingSpeed ? 0 : row
        }

        /// How far a fling from this release glides on a row without ends, in points.
        var glide: Double { releaseVelocity / RecordedFlick.decay }
    }

    static let slop = 4.0, horizon = 0.100, stopGap = 0.040, slack = 0.000_010, maximumSamples = 20
    static let maximumSpeed = 8000.0, minimumFlingSpeed = 50.0
    /// λ = −1000·ln 0.998 per second.
    static let decay = -1000 * log(0.998)

    /// The gestures of mouse 0 in a recording's text, in order.
    static func gestures(in recording: String) -> [Gesture] {
        var gestures: [Gesture] = []
        var open: Gesture?
        for line in recording.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 6, fields[2] == "mouse", fields[3] == "0",
                  let time = Double(fields[0]), let x = Double(fields[4]) else { continue }
            let sample = Sample(time: time, x: x)
            switch fields[1] {
            case "down": open = Gesture(press: sample, release: sample)
            case "move": open?.moves.append(sample)
            case "up":
                if var gesture = open {
                    gesture.release = sample
                    gestures.append(gesture)
                }
                open = nil
            default: break
            }
        }
        return gestures
    }

    /// The slope at 0 of the least-squares polynomial of `degree` (1 or 2) through (x, y), or nil
    /// when fewer than degree + 1 distinct x determine it. Normal equations in x scaled to [−1, 1],
    /// solved by Cramer's rule.
    static func slopeAtZero(_ x: [Double], _ y: [Double], degree: Int) -> Double? {
        guard Set(x).count > degree, let scale = x.map(abs).max(), scale > 0 else { return nil }
        let u = x.map { $0 / scale }
        func sum(_ power: Int, times values: [Double]? = nil) -> Double {
            u.indices.reduce(0) { $0 + pow(u[$1], Double(power)) * (values?[$1] ?? 1) }
        }
        if degree == 1 {
            let (n, su, suu, sy, suy) = (Double(u.count), sum(1), sum(2), sum(0, times: y), sum(1, times: y))
            let determinant = n * suu - su * su
            guard abs(determinant) > 1e-12 else { return nil }
            return (n * suy - su * sy) / determinant / scale
        }
        let s = (0...4).map { sum($0) }
        let b = (0...2).map { sum($0, times: y) }
        func det3(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let a = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let determinant = det3(a)
        guard abs(determinant) > 1e-12 else { return nil }
        // c₁ by Cramer: column 1 replaced by b.
        let c1 = det3([[a[0][0], b[0], a[0][2]], [a[1][0], b[1], a[1][2]], [a[2][0], b[2], a[2][2]]]) / determinant
        return c1 / scale
    }
}
