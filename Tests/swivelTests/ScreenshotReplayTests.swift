import SwivelCore
import SwivelTestSupport
import Testing
@testable import swivel

/// `--replay` with `--screenshot` in this process, without a window (the frames kept as values):
/// the replay's clock steps every 1/120 s while anything moves and goes straight on to the next
/// entry or timer when nothing does (`ReplayClock`), and what it ends with is what stepping every
/// 1/120 s to the end gives — worked out here by that stepping, as the replay did it before.
@Suite struct ScreenshotReplayTests {
    /// A session as `swivel ARGUMENTS --screenshot FILE` starts it (the colour deck, 1280×720).
    static func session(_ arguments: [String]) throws -> Session {
        let folder = TemporaryDirectory()
        let all = arguments + ["--screenshot", folder.path("shot.png").text]
        let options = try Options.resolve(OptionParser.scan(all.map { Array($0.utf8) }), config: nil)
        let state = App.state(options, cards: nil, viewport: Size(1280, 720), pixels: FramePixels(width: 1280, height: 720))
        return Session(state: state, deck: nil, display: RecordingDisplay(), sharpPhotos: nil,
                       effects: TestEffects(trash: folder))
    }

    /// A recording of `lines` after its header.
    static func recording(_ lines: [String]) throws -> Recording {
        Recording(entries: try RecordedEntry.parseRecording(([RecordedEntry.header] + lines).joined(separator: "\n") + "\n"))
    }

    /// The reference: a frame step at every k/120 s from 0 to the end, the entries due by each taken
    /// in it (a resize at once), the entries past the end without one; where it ended.
    static func stepEvery120th(_ recording: Recording, session: Session) -> Double {
        var entries = recording.entries[...]
        for step in 0... {
            let time = Double(step) / 120
            var events: [AppEvent] = []
            while let entry = entries.first, entry.time <= time {
                entries = entries.dropFirst()
                if case .input(let input) = entry { events.append(.input(input)) }
                if case .resize(let size, let at) = entry {
                    for event in events { session.state.handle(event, at: time, deck: nil, effects: session.effects) }
                    events = []
                    session.state.replayResize(to: size, at: at)
                }
            }
            if time > recording.endTime {
                for event in events { session.state.handle(event, at: time, deck: nil, effects: session.effects) }
                return recording.endTime
            }
            session.advance(events, at: time, photos: Session.Photos(update: false))
            if session.state.end != nil { return time }
        }
        return recording.endTime
    }

    /// The replay of `lines` under `arguments` against the reference's (of `reference` lines, the
    /// same when not given): whether their frames at their ends show the same, the row's offsets
    /// there, and the replay's steps.
    static func compare(_ arguments: [String], _ lines: [String], reference: [String]? = nil) throws
        -> (same: Bool, offsets: (Double, Double), steps: Int) {
        let replayed = try session(arguments), stepped = try session(arguments)
        let (end, steps) = ScreenshotRun.replay(try recording(lines), session: replayed)
        let referenceEnd = stepEvery120th(try recording(reference ?? lines), session: stepped)
        let frames = (replayed.state.frame(at: end, deck: nil), stepped.state.frame(at: referenceEnd, deck: nil))
        return (!frames.0.differs(from: frames.1),
                (replayed.state.row.offset(at: end), stepped.state.row.offset(at: referenceEnd)), steps)
    }

    /// → at 0.5 s, then nothing until the end: whatever the end (2 s, ten minutes, 1e9 s, the
    /// largest a Double holds), the replay takes the same few steps — one at 0, the 0.15 s ease's
    /// 18 or 19 from the key on, one at the end — and ends on the frame stepping to 2 s gives
    /// (which takes 241 steps; to 1e9 s it would take 1.2e11).
    @Test(arguments: ["2", "600", "1e9", "1.7976931348623157e308"])
    func aFarEndTakesNoStepsOfItsOwn(end: String) throws {
        let key = ["0 resize 1280 720", "0.5 key right"]
        let (same, offsets, steps) = try Self.compare([], key + ["\(end) end"], reference: key + ["2 end"])
        #expect(same)
        #expect(offsets.0 == offsets.1 && offsets.0 > 0, "\(offsets)")
        #expect((20...21).contains(steps), "\(steps) steps")
    }

    /// The slideshow (every 0.5 s over 7 cards, then stopped at the last) is a timer the clock goes
    /// to: ended at any moment, mid-move or at rest, the frame is the stepping's; ended long after
    /// the show stopped, it is the stepping's at 30 s, in a few steps a card.
    @Test(arguments: ["1.3", "2.01", "3.337", "4.1", "9.9", "1e9"])
    func slideshowStepsAreTimersToo(end: String) throws {
        let lines = ["0 resize 1280 720", "\(end) end"]
        let reference = Double(end)! > 30 ? ["0 resize 1280 720", "30 end"] : nil
        let (same, offsets, steps) = try Self.compare(["--cards", "7", "--slideshow", "0.5"], lines, reference: reference)
        #expect(same)
        #expect(offsets.0 == offsets.1, "\(offsets)")
        #expect(steps < 6 * 25, "\(steps) steps")
    }

    /// The notice line (Ctrl+C on a colour card: 1.5 s) goes at its timer: the frame either side of
    /// its end is the stepping's.
    @Test(arguments: ["1.99", "2.0", "2.0001", "2.01", "1e9"])
    func theNoticeGoesAtItsTimer(end: String) throws {
        let lines = ["0 resize 1280 720", "0.5 key ctrl+c", "\(end) end"]
        let reference = Double(end)! > 30 ? ["0 resize 1280 720", "0.5 key ctrl+c", "30 end"] : nil
        let (same, _, steps) = try Self.compare([], lines, reference: reference)
        #expect(same)
        #expect(steps <= 4, "\(steps) steps")
    }

    /// Input far off (a second → after 1e9 s): it moves the row as the first did, and the steps
    /// are those of the two moves.
    @Test func inputFarOffMovesTheRow() throws {
        let far = ["0 resize 1280 720", "0.5 key right", "1000000000 key right", "1000000001 end"]
        let near = ["0 resize 1280 720", "0.5 key right", "1 key right", "2 end"]
        let (same, offsets, steps) = try Self.compare([], far, reference: near)
        #expect(same)
        #expect(offsets.0 == offsets.1 && offsets.0 > 0, "\(offsets)")
        #expect(steps <= 2 * 20 + 2, "\(steps) steps")
    }

    /// The clock's step for a time is the first step k whose k/120 reaches it, as stepping one by
    /// one finds it: (31/120) × 120 is 31.000000000000004 in doubles and (1000/120) × 120 is
    /// 1000.0000000000001, yet steps 31 and 1000 are at exactly those times; (123/120) × 120 is
    /// 122.99999999999999.
    @Test func theStepForATimeIsTheFirstThatReachesIt() {
        for target in [0.0, 0.1, 0.5, 1.0 / 3, 0.65, 2.0000001, 7.3, 123.456, 31.0 / 120, 1000.0 / 120, 123.0 / 120] {
            var clock = ReplayClock()
            clock.skip(to: target)
            let first = (0...200_000).first { Double($0) / 120 >= target }!
            #expect(clock.step == Double(first), "\(target)")
        }
        var clock = ReplayClock()
        clock.skip(to: 5)
        clock.skip(to: 1)   // never back
        #expect(clock.time == 5)
        clock.skip(to: 1e307)   // past the grid
        #expect(clock.time == .infinity)
    }

    /// Past 2⁵³ steps a step of one is lost in rounding; the clock still moves on each time.
    @Test func theClockMovesOnPastTheExactSteps() {
        var clock = ReplayClock()
        clock.skip(to: 1e15)
        for _ in 0..<5 {
            let before = clock.time
            clock.advance()
            #expect(clock.time > before)
        }
    }
}
