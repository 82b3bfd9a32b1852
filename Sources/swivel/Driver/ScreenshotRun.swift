import Glibc
import SwivelCore
import SwivelPlatform
import SwivelSystem

/// `--screenshot FILE`: the session on a clock of its own, one frame into a PNG. A photo deck
/// first waits (up to 60 s) until every visible card's photo is on the GPU or known to be
/// unreadable, and the open card's sharp photo too. With `--replay`, the recording's entries are
/// played in time order with the frame step every 1/120 s (a 120 Hz display's frames) while
/// anything moves, and straight on to the next entry or timer when nothing does (`ReplayClock`), as
/// fast as the CPU allows, the photos left as they are meanwhile, so that the frame depends on the
/// recording alone; the frame drawn is the one at its end (or where it ended the session).
struct ScreenshotRun {
    let session: Session
    let renderer: FrameRenderer

    /// Steps only, no photos, no frames: the replay's.
    private static let replayStep = Session.Photos(update: false)
    /// Every photo that is ready goes up at once, for the cards on screen whatever the row's speed.
    private static let waitingStep = Session.Photos(update: true, prepares: false, settled: true, uploads: (.max, .infinity))

    /// Replays `recording` (if any; an open card's photos waited for first, as a user would see
    /// them), then draws the frame at its end into `path` and says so on stdout.
    func run(_ recording: Recording?, opened: Bool, path: String) {
        var time = 0.0
        if recording != nil, opened { waitForPhotos(at: 0) }
        if let recording { time = Self.replay(recording, session: session).end }
        render(at: time, path: path)
    }

    /// Plays `recording` through `session`: the time it ended at (its end, or where the session
    /// ended), and how many frame steps that took.
    static func replay(_ recording: Recording, session: Session) -> (end: Double, steps: Int) {
        var entries = recording.entries[...]
        var clock = ReplayClock()
        var steps = 0
        while true {
            let time = clock.time
            var events: [AppEvent] = []
            while let entry = entries.first, entry.time <= time {
                entries = entries.dropFirst()
                switch entry {
                case .input(let input):
                    events.append(.input(input))
                case .resize(let size, let at):
                    // Handled in order with the input before it.
                    for event in events { session.state.handle(event, at: time, deck: session.deck, effects: session.effects) }
                    events = []
                    session.state.replayResize(to: size, at: at)
                case .end:
                    break
                }
            }
            if time > recording.endTime {
                // The entries of the last step, without its time: the recording is over.
                for event in events { session.state.handle(event, at: time, deck: session.deck, effects: session.effects) }
                return (recording.endTime, steps)
            }
            session.advance(events, at: time, photos: Self.replayStep)
            steps += 1
            if session.state.end != nil { return (time, steps) }
            let still = !session.state.isAnimating(at: time)
            clock.advance()
            if still {
                // Nothing moves: nothing changes until the next entry or timer (or, with none, the end).
                var timers = Timers()
                session.state.timers(into: &timers, at: time, deck: session.deck)
                clock.skip(to: min(timers.next ?? .infinity, entries.first?.time ?? .infinity))
            }
        }
    }

    /// Waits (up to 60 s) until every visible card's photo is on the GPU or known to be unreadable,
    /// and the open page's sharp photo too (its full resolution when the view asked for it). The
    /// frame's time stands still meanwhile; the retries of photos that failed for want of
    /// descriptors or memory go by the seconds waited, so they come due and end (`RetryBackoff`).
    private func waitForPhotos(at time: Double) {
        guard let deck = session.deck else { return }
        let clock = MonotonicClock()
        let start = clock.now, deadline = start + .seconds(60)
        while true {
            TerminationSignals.exitIfRequested()
            var step = Self.waitingStep
            step.retriesAt = time + (clock.now - start).milliseconds / 1000
            session.advance([], at: time, photos: step)
            if case .failed(let message) = session.state.end { fail(.failure, message) }
            let row = session.state.row
            if deck.isReady(layout: row.layout, scroll: row.offset(at: time)), !session.state.sharp.isWaiting { break }
            if clock.now > deadline { Console.error("photos still loading after 60 s; drawing placeholders") ; break }
            usleep(2_000)
        }
    }

    /// The frame at `time`, its photos long arrived (all faded in), into the PNG at `path`, and how
    /// long it took: the first draw includes building the blurred shadow, the second is a steady frame.
    private func render(at time: Double, path: String) {
        waitForPhotos(at: time)
        let pixels = renderer.windowPixels
        let clock = MonotonicClock()
        var times: [Duration] = []
        let scene = renderer.buildScene(session.state.frame(at: time, photoTime: .infinity, deck: session.deck), for: pixels)
        for _ in 0..<2 {
            let start = clock.now
            renderer.renderScene(scene, into: pixels)
            renderer.finish()
            times.append(clock.now - start)
        }
        if let error = renderer.takeError() { fail(.failure, error) }
        let rgba = renderer.readPixels(pixels)
        do {
            try PNGFile.write(rgba, width: pixels.width, height: pixels.height, to: path)
        } catch {
            fail(.failure, "\(error)")
        }
        func ms(_ d: Duration) -> String { d.milliseconds.fixed(2) }
        Console.out("wrote \(path) (\(pixels.width)x\(pixels.height) px, \(renderer.cardsDrawn) cards; "
            + "first frame \(ms(times[0])) ms with the shadow blur, next frame \(ms(times[1])) ms)")
    }
}
