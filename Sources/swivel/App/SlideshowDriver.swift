import SwivelCore
import SwivelPhotos

/// The slideshow (`Slideshow`) applied to the row, or to the full view's pages when a card is open.
struct SlideshowDriver {
    var show: Slideshow

    /// Steps the slideshow at `time`: the row (or the open card) moves on one card when it is
    /// due. The centred photo counts as on screen once the row is at rest and its photo is on the
    /// GPU (`deck` nil: a colour card, at once); an open card once the full view is still.
    mutating func step(_ controller: inout ScrollController, fullView: inout FullViewState, deck: PhotoDeck?,
                       at time: Double) {
        guard show.isRunning else { return }
        if let view = fullView.shown(at: time) {
            let strip = view.strip
            let atEnd = strip.destinationPage(at: time) >= strip.pageCount - 1
            guard show.step(at: time, photoShown: !view.isAnimating(at: time), atEnd: atEnd) == .advance else { return }
            _ = fullView.handle(.keyDown(atEnd ? .home : .right, time: time), row: &controller)
            return
        }
        let card = controller.destinationCard(at: time)
        let shown = !controller.isAnimating(at: time) && !controller.isDragging
            && (deck.map { $0.photo(at: card, now: time) != nil } ?? true)
        let atEnd = controller.isAtEnd(at: time)
        guard show.step(at: time, photoShown: shown, atEnd: atEnd) == .advance else { return }
        // From the last card of a looping show on a row that does not wrap (one card): back to the first.
        _ = atEnd ? controller.handle(.keyDown(.home, time: time)) : controller.advance(at: time)
    }

    /// S starts or stops the show; other input that the row or the full view `used` pauses it (a
    /// pointer moving over the window with no button down does not).
    mutating func handle(_ input: InputEvent, used: Bool, at time: Double) {
        if case .keyDown(.slideshow, _) = input { show.toggle() } else if used { show.noteInput(at: time) }
    }

    /// `--replay` with `--screenshot`: the recording's entries and the slideshow's
    /// steps in time order, the steps every 1/120 s (a 120 Hz display's frames), as fast as the
    /// CPU allows: the result depends on the recording alone. Photos count as on screen at once
    /// (the screenshot waits for them).
    mutating func replay(_ recording: Recording, to controller: inout ScrollController,
                         fullView: inout FullViewState, deckKeys: DeckKeys? = nil) {
        var entries = recording.entries[...]
        var tick = 0
        while true {
            let time = Double(tick) / 120
            while let entry = entries.first, entry.time <= time {
                let used = Recording.apply(entry, to: &controller, fullView: &fullView, deckKeys: deckKeys, shift: 0)
                if case .input(let input) = entry { handle(input, used: used, at: entry.time) }
                entries = entries.dropFirst()
            }
            if time > recording.endTime { break }
            step(&controller, fullView: &fullView, deck: nil, at: time)
            tick += 1
        }
    }
}
