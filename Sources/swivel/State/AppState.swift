import SwivelCore
import SwivelPhotoCore
import SwivelPhotos

/// The app's state in one value: the row, the full view and its sharp photos, the marks, the
/// trash's undo stack, the notice line, the panels, the slideshow, fullscreen, and how the session
/// ends. Every event goes through `handle` (as the Composable Architecture's reducer takes every
/// action), which decides what it means — a key through the one key table (`KeyTable`), then the
/// command — and asks for the few effects it needs through `AppEffects`; `frame(at:)` says what to
/// draw, as a value; `timers(at:)` when to wake. The photo deck's files and its photos on the GPU
/// are read through `DeckModel`.
struct AppState {
    /// What does not change during a session.
    struct Settings {
        var keys = KeyTable.standard
        /// `--pick`: Enter picks.
        var picking = false
        var background = RGBA8.white
        /// File names under the photos.
        var captions = true
        /// A deck emptied by unreadable files ends the session (`--bench` reports it instead).
        var emptyIsFatal = true
        /// The slideshow counts the centred photo as on screen at once (`--screenshot`, which waits
        /// for the photos before it draws).
        var photosShownAtOnce = false
        /// Whether turns are written into the photos' files (`--screenshot` leaves files alone).
        var savesTurns = true
        /// `--editor`: what E opens a photo with (nil: the desktop's default application).
        var editor: String?
        /// `--print0`: the key handler's paths end with NUL, not newline.
        var nulTerminated = false
    }

    /// What Ctrl+Z undoes next, the latest last: a Delete (`TrashState`'s stack), a turn (by its
    /// ticket in `PhotoTurns`' stack) or a rating (`CardRatings`' stack).
    enum UndoStep: Equatable, Sendable {
        case trash
        case turn(Int)
        case rating
    }

    let settings: Settings
    var row: ScrollController
    /// A photo deck's cards: which files, in the row's order (nil: the colour deck). The state
    /// changes it (a folder's changes, its own trash moves, cards found unreadable) and gives the
    /// deck each new value to take in (`DeckModel.membership`).
    var membership: DeckMembership?
    var fullView: FullViewState
    var sharp = SharpPhotoPlan()
    var marks = CardMarks()
    /// The photos' stars, labels and rejections (0–9, P, X), kept in their XMP sidecars.
    var ratings = CardRatings()
    /// Which photos show, by their ratings (`--min-rating`, `--label`, `--rejected`, Alt with the
    /// rating keys): the others are out of `membership`, hidden until they pass.
    private(set) var filter = RatingFilter.off
    /// The filter is still to be applied to the deck (it was given at start: the first tick does it).
    private var filterStale = false
    var trash: TrashState
    /// R, Shift+R and the flips: the photos turned on screen and their files' writes.
    var turns: PhotoTurns
    /// Ctrl+Z's order across Deletes and turns.
    private(set) var undoSteps: [UndoStep] = []
    /// Ctrl+X was pressed: the next key is the key handler's.
    private(set) var keyHandlerWaits = false
    /// What the state asks to be done off the frame loop, not yet handed over (`takeRequests`).
    private(set) var requests: [ActionRequest] = []
    var notice = Notice()
    var overlays: Overlays
    var slideshow: Slideshow
    /// Whether the window is to be fullscreen (the window reports what it is: `.resized`).
    private(set) var fullscreen: Bool
    /// The window's size in points and its drawable.
    private(set) var window: (size: Size, pixels: FramePixels)
    /// How the session ends, once it does.
    private(set) var end: SessionEnd?
    /// F12s not yet acted on (the driver saves the frame it draws next).
    var screenshotsWanted = 0

    init(settings: Settings, row: ScrollController, fullView: FullViewState = FullViewState(),
         slideshow: Slideshow = Slideshow(interval: Slideshow.standardInterval), overlays: Overlays = Overlays(),
         fullscreen: Bool = false, watching: Bool = false, pixels: FramePixels) {
        self.settings = settings
        self.row = row
        self.fullView = fullView
        self.slideshow = slideshow
        self.overlays = overlays
        self.fullscreen = fullscreen
        trash = TrashState(watching: watching)
        turns = PhotoTurns(reducesMotion: row.reducesMotion, saves: settings.savesTurns)
        window = (row.layout.viewport, pixels)
    }

    /// The requests made since the last call, for the session to hand to its `ActionPerformer`.
    mutating func takeRequests() -> [ActionRequest] {
        defer { requests = [] }
        return requests
    }

    /// Goes on after the session ended (`--soak`, whose random keys pick and quit many times).
    mutating func resume() { end = nil }

    // MARK: Events

    /// Takes `event` at `now` (input is taken at its own time).
    mutating func handle(_ event: AppEvent, at now: Double, deck: DeckModel?, effects: AppEffects) {
        switch event {
        case .input(.keyDown(let chord, let time)):
            key(chord, isRepeat: false, at: time, deck: deck, effects: effects)
        case .keyRepeat(let chord, let time):
            key(chord, isRepeat: true, at: time, deck: deck, effects: effects)
        case .input(let input):
            // An open full view takes the pointer and the wheel (and a click on the centred card opens it).
            let used = fullView.handle(input, row: &row) || row.handle(input)
            if used { slideshow.noteInput(at: input.time) }
        case .resized(let size, let pixels, let fullscreen):
            resize(to: size, pixels: pixels, at: now)
            self.fullscreen = fullscreen
        case .folderChanged(let changes):
            guard let deck else { return }
            // Swivel's own trash moves and turns' writes are in the row already.
            let changes = turns.withoutEchoes(trash.withoutEchoes(changes, at: now), at: now)
            applyFolderChanges(changes, deck: deck, effects: effects, at: now)
        case .actionsFinished(let results):
            for result in results { actionFinished(result, deck: deck, effects: effects, at: now) }
        case .cardsUnreadable(let ids):
            guard let deck, var cards = membership, !ids.isEmpty else { return }
            for id in ids {
                if let position = cards.remove(id) { row.removeCard(position, at: now) }
            }
            membership = cards
            deck.membership = cards
            marks.keepCardsOf(cards)
            ratings.keepCardsOf(cards)
            // (A deck emptied by files deleted while it is open stays open, waiting for new ones; one
            // whose readable photos the rating filter hides stays open too.)
            if settings.emptyIsFatal && cards.count == 0 && cards.hidden.isEmpty { end = .failed("none of the images could be read") }
        case .sharpPhotos(let events):
            let turns = turns
            sharp.take(events, fullView: &fullView, at: now) { id, size in turns.shown[id]?.turnedSize(size) ?? size }
        case .ratings(let events):
            var rated: [FilePath] = []
            defer { refilter(only: rated, deck: deck, at: now) }
            for event in events {
                ratings.took(event)
                switch event {
                case .read(let path, _), .saved(let path, _), .notSaved(let path, _, _): rated.append(path)
                }
                if case .notSaved(let path, _, let reason) = event {
                    effects.warn(reason)
                    notice.show("Not saved: \(String(decoding: path.lastComponent, as: UTF8.self))'s rating (kept until Swivel quits): \(reason)",
                                at: now)
                }
            }
        case .tick:
            if filterStale { refilter(deck: deck, at: now) }
            stepSlideshow(at: now, deck: deck)
            notice.expire(at: now)
        case .quit:
            end = .quit
        }
    }

    /// A recording's `resize` replayed without a window (`--screenshot`): the layout takes the
    /// size, the pixels stay the window's.
    mutating func replayResize(to size: Size, at now: Double) {
        var layout = row.layout
        layout.viewport = size
        row.updateLayout(layout, at: now)
        fullView.resize(row: row.layout, pixelsPerPoint: fullView.pixelsPerPoint, at: now)
    }

    /// Lays the row out for a window of `size` points (when it differs) with `pixels`' drawable:
    /// the full view is laid out afresh for it.
    private mutating func resize(to size: Size, pixels: FramePixels, at now: Double) {
        if size != row.layout.viewport {
            var layout = row.layout
            layout.viewport = size
            row.updateLayout(layout, at: now)
        }
        window = (size, pixels)
        fullView.resize(row: row.layout, pixelsPerPoint: pixels.scale(for: row.layout.viewport), at: now)
    }

    /// Whether a folder's changes may be taken in at `now`: not while the row flies, bounces or
    /// snaps (the new layout would stop it).
    func takesFolderChanges(at now: Double) -> Bool { !row.isAnimating(at: now) }

    /// A key: its command in the modes the app is in at `time` (`KeyTable`), performed; a held
    /// key repeats only the commands that repeat.
    private mutating func key(_ chord: KeyChord, isRepeat: Bool, at time: Double, deck: DeckModel?, effects: AppEffects) {
        // (A modifier pressed alone, on its way to Shift+A, is a key with no name: it keeps waiting.)
        if keyHandlerWaits, !isRepeat, chord.key != .other {
            keyHandlerWaits = false
            notice.clear()
            // Esc takes Ctrl+X back; any other key goes to the handler.
            guard chord != KeyChord(.escape), let name = KeyHandler.name(chord) else { return }
            guard let card = currentCard(at: time), let deck else { return }
            let marked = marks.markedPaths(deck: deck)
            let paths = marked.isEmpty ? deck.files(at: card)?.all ?? [] : marked   // a pair: both, the RAW first, as --pick
            guard !paths.isEmpty else { return }
            requests.append(.runKeyHandler(key: name, input: PickOutput.bytes(paths.map(\.bytes),
                                                                              nulTerminated: settings.nulTerminated)))
            return
        }
        guard let command = command(for: chord, at: time), !isRepeat || command.repeats else { return }
        perform(command, at: time, deck: deck, effects: effects)
    }

    /// The command `chord` would give at `time`, in the modes the app is in then.
    func command(for chord: KeyChord, at time: Double) -> Command? {
        settings.keys.command(for: chord, in: KeyTable.Modes(fullView: fullView.shown(at: time) != nil,
                                                             question: trash.pending != nil, picking: settings.picking))
    }

    /// Performs `command`, given by a key at `time`.
    mutating func perform(_ command: Command, at time: Double, deck: DeckModel?, effects: AppEffects) {
        switch command {
        case .previous, .next, .pageBack, .pageForward, .first, .last:
            let used = fullView.shown(at: time) != nil ? fullView.perform(command, at: time, row: &row)
                : row.perform(command, at: time)
            if used { slideshow.noteInput(at: time) }
        case .open, .close, .closeOrReopen, .zoomIn, .zoomOut, .fit, .actualSize:
            if fullView.perform(command, at: time, row: &row) { slideshow.noteInput(at: time) }
        case .toggleSlideshow:
            slideshow.toggle()
        case .toggleFullscreen:
            fullscreen.toggle()
        case .toggleHUD:
            overlays.hud.toggle()
        case .toggleKeyList:
            overlays.keyList.toggle()
        case .toggleInfo:
            overlays.info.toggle()
        case .toggleClipping:
            overlays.clipping.toggle()
        case .screenshot:
            screenshotsWanted += 1
        case .back:
            // Esc closes the key list, then leaves fullscreen, then quits.
            if overlays.keyList {
                overlays.keyList = false
            } else if fullscreen {
                fullscreen = false
            } else {
                end = .quit
            }
        case .mark:
            if let card = currentCard(at: time) { marks.toggle(card, cardCount: row.layout.cardCount, deck: deck) }
        case .markAll:
            marks.markAll(cardCount: row.layout.cardCount, deck: deck)
        case .clearMarks:
            marks.clear()
        case .copyPath:
            copyPath(of: currentCard(at: time), deck: deck, effects: effects, at: time)
        case .pick:
            guard let card = currentCard(at: time), let deck else { return }
            let marked = marks.markedPaths(deck: deck)
            end = .picked(marked.isEmpty ? deck.files(at: card)?.all ?? [] : marked)
        case .trash, .confirm, .cancel:
            guard let deck else { return }
            let before = trash.undoStack.count
            trashCommand(command, deck: deck, effects: effects, at: time)
            if trash.undoStack.count > before { undoSteps.append(.trash) }
        case .undo:
            undo(deck: deck, effects: effects, at: time)
        case .turnClockwise, .turnAnticlockwise, .mirror, .flip:
            let turn: PhotoTurn = switch command {
            case .turnClockwise: .clockwise
            case .turnAnticlockwise: .anticlockwise
            case .mirror: .mirror
            default: .flip
            }
            turnCurrent(by: turn, deck: deck, at: time)
        case .openElsewhere:
            guard let card = currentCard(at: time) else { return }
            guard let path = deck?.path(at: card) else {
                notice.show("Card \(card + 1) is a colour card: nothing to open", at: time, for: Notice.briefDuration)
                return
            }
            requests.append(.open(path, editor: settings.editor))
        case .keyHandler:
            keyHandlerWaits = true
            notice.show("Ctrl+X: the key handler's key (Esc: none)", at: time, for: .infinity)
        case .rate0, .rate1, .rate2, .rate3, .rate4, .rate5, .labelRed, .labelYellow, .labelGreen, .labelBlue, .labelPurple,
             .reject:
            guard let card = currentCard(at: time) else { return }
            guard let path = deck?.path(at: card) else {
                notice.show("Card \(card + 1) is a colour card: no file to rate", at: time, for: Notice.briefDuration)
                return
            }
            if ratings.perform(command, on: path) {
                undoSteps.append(.rating)
                // Rated out of the filter, it leaves at once (as in Lightroom's filtered grid).
                refilter(only: [path], deck: deck, at: time)
            }
        case .showStars0, .showStars1, .showStars2, .showStars3, .showStars4, .showStars5, .showRed, .showYellow,
             .showGreen, .showBlue, .showPurple, .cycleRejected:
            guard deck != nil else {
                notice.show("The colour cards have no ratings to show by", at: time, for: Notice.briefDuration)
                return
            }
            var changed = filter
            if let stars = command.minimumStars {
                changed.showAtLeast(stars)
            } else if let colour = command.shownLabel {
                changed.toggle(colour)
            } else {
                changed.cycleRejected()
            }
            setFilter(changed, deck: deck, at: time)
        }
    }

    // MARK: The rating filter

    /// Starts with `filter` (the options'); the first tick applies it, once the deck is there.
    mutating func startFiltering(_ filter: RatingFilter) {
        self.filter = filter
        filterStale = !filter.isOff
    }

    /// Shows the photos `filter` lets through, at once, and says so in the notice line: "Showing
    /// ★★★ or more: 12 of 250 photos".
    mutating func setFilter(_ filter: RatingFilter, deck: DeckModel?, at time: Double) {
        self.filter = filter
        refilter(deck: deck, at: time)
        guard let cards = membership else { return }
        let total = cards.count + cards.hidden.count
        notice.show(filter.isOff ? "Showing all \(total) photos"
                        : "Showing \(filter.text): \(cards.count) of \(total) photos", at: time)
    }

    /// What the title says of the filter while one is on: "★★★ or more: 2 of 6" ("" when off).
    var filterTitle: String {
        guard !filter.isOff, let cards = membership else { return "" }
        return "\(filter.text): \(cards.count) of \(cards.count + cards.hidden.count)"
    }

    /// Whether the filter lets `path` through: every photo when it is off; else a photo whose
    /// rating is known (read, or set by a key) and passes.
    func passesFilter(_ path: FilePath) -> Bool {
        filter.isOff || (ratings.isKnown(path) && filter.passes(ratings.rating(of: path)))
    }

    /// Hides the cards the filter leaves out and shows the hidden photos it lets through (of
    /// `only`, when given: the photos whose ratings changed; else all), each in its sorted place.
    /// The centred card (the open photo) stays where it is when it passes, and the row moves
    /// under it; when it does not, the one after it takes its place. An open full view shows the
    /// same photo, or that one, and closes when no photo passes.
    private mutating func refilter(only given: [FilePath]? = nil, deck: DeckModel?, at now: Double) {
        guard let deck, var cards = membership else { return }
        // Before the filter given at start has been applied to every card, a few photos' reads
        // would leave the others (unread, which do not pass) in the row: all of them are judged.
        let changed = filterStale ? nil : given
        filterStale = false
        guard !filter.isOff || !cards.hidden.isEmpty else { return }
        let leaving: [FilePath], returning: [FilePath]
        if let changed {
            leaving = changed.filter { cards.contains($0) && !passesFilter($0) }
            returning = changed.filter { cards.hidden[$0] != nil && passesFilter($0) }
        } else {
            leaving = cards.orderedPaths.filter { !passesFilter($0) }
            returning = cards.hidden.keys.filter(passesFilter)
        }
        guard !leaving.isEmpty || !returning.isEmpty else { return }
        let openPage = fullView.openPage(at: now)
        let centred = openPage ?? Int(row.layout.centreIndex(scroll: row.offset(at: now)).rounded())
        guard let (count, moved) = cards.filter(hiding: leaving, showing: returning, centred: centred) else { return }
        membership = cards
        deck.membership = cards
        row.replaceCards(count: count, centredMovedBy: moved - centred, taken: [], grown: [], at: now)
        marks.keepCardsOf(cards)
        if openPage != nil {
            if count == 0 {
                fullView.close()
            } else {
                fullView.open(min(moved, count - 1), row: &row, at: now, flying: false)
            }
        }
    }

    /// The card the keys act on at `time`: the photo open in the full view, else the row's centred
    /// card; while either moves, the one heading for the centre (End then M marks the last card,
    /// not the one passing the centre when M came).
    func currentCard(at time: Double) -> Int? {
        guard row.layout.cardCount > 0 else { return nil }
        if let page = fullView.openPage(at: time) { return page }
        return row.layout.nearestCard(to: row.destination(at: time))
    }

    /// Ctrl+C: the photo's path on the clipboard (a RAW+JPEG pair's two, one a line, the RAW
    /// first, as `--pick` prints them), said in the notice line (the paths as messages show them).
    private mutating func copyPath(of card: Int?, deck: DeckModel?, effects: AppEffects, at time: Double) {
        guard let card else { return }
        guard let deck, let files = deck.files(at: card)?.all else {
            notice.show("Card \(card + 1) is a colour card: no file to copy", at: time, for: Notice.briefDuration)
            return
        }
        if let error = effects.copyToClipboard(Array(files.map(\.bytes).joined(separator: [UInt8(ascii: "\n")]))) {
            effects.warn(error)
            notice.show(files.count == 1 ? "Could not copy the path" : "Could not copy the paths", at: time,
                        for: Notice.briefDuration)
        } else {
            notice.show("Copied " + files.map(\.description).joined(separator: " and "), at: time, for: Notice.briefDuration)
        }
    }

    // MARK: Turns

    /// R, Shift+R, L, Shift+L: the current photo turned on screen at once, and its file asked to be
    /// written (`PhotoTurns`).
    private mutating func turnCurrent(by turn: PhotoTurn, deck: DeckModel?, at time: Double) {
        guard let card = currentCard(at: time) else { return }
        guard let deck, let path = deck.path(at: card), let id = deck.photoID(at: card) else {
            notice.show("Card \(card + 1) is a colour card: nothing to turn", at: time, for: Notice.briefDuration)
            return
        }
        let start = fullViewStart(card: card, at: time)
        let before = turns.undoStack.last?.ticket
        requests += turns.turn(id, path: path, by: turn, fullView: start, at: time)
        // The same turn on what shows for the card meanwhile: the photo standing in for it, and
        // the full view's sharp photo (each the file's pixels as they were when decoded).
        for other in photoIDs(showing: card, deck: deck) where other != id { turns.show(turn, on: other, fullView: start, at: time) }
        if let ticket = turns.undoStack.last?.ticket, ticket != before { undoSteps.append(.turn(ticket)) }
        showTurnedSize(card: card, deck: deck, at: time)
    }

    /// The photo ids whose pixels show for `card` now: the card's, its stand-in's, its sharp photo's.
    private func photoIDs(showing card: Int, deck: DeckModel) -> [Int] {
        var ids: [Int] = []
        for id in [deck.photoID(at: card), deck.shownPhotoID(at: card), sharp.pages[card]?.id].compactMap({ $0 })
            where !ids.contains(id) { ids.append(id) }
        return ids
    }

    /// Where the full view shows `card` now, for a turn's animation there (scale: screen points a
    /// pixel of its sharp photo), nil when it does not show it with its sharp photo.
    private func fullViewStart(card: Int, at time: Double) -> PhotoTurns.FullViewStart? {
        guard let view = fullView.shown(at: time), view.openPage(at: time) == card, view.hasImageSize,
              let page = sharp.pages[card] else { return nil }
        let rect = view.openFrame(at: time).photo
        let shownSize = turns.shown[page.id]?.turnedSize(page.imageSize) ?? page.imageSize
        guard shownSize.width > 0 else { return nil }
        return PhotoTurns.FullViewStart(scale: rect.width / shownSize.width, center: rect.center)
    }

    /// The open view placed at the turned photo's fit (width and height traded for a quarter turn).
    private mutating func showTurnedSize(card: Int, deck: DeckModel, at time: Double) {
        guard let view = fullView.shown(at: time), view.openPage(at: time) == card, view.hasImageSize,
              let page = sharp.pages[card] else { return }
        fullView.setImageSize(displayedSize(page.id, page.imageSize), forCard: card)
        fullView.setSharpSizes(sharp.pages.mapValues { displayedSize($0.id, $0.imageSize) })
    }

    /// The size photo `id` of `size` shows at, turned on screen.
    func displayedSize(_ id: Int, _ size: Size) -> Size { turns.shown[id]?.turnedSize(size) ?? size }

    /// Ctrl+Z: the latest Delete or turn undone.
    private mutating func undo(deck: DeckModel?, effects: AppEffects, at time: Double) {
        while let step = undoSteps.popLast() {
            switch step {
            case .trash:
                guard let deck else { continue }
                trashCommand(.undo, deck: deck, effects: effects, at: time)
                return
            case .turn(let ticket):
                guard let entry = turns.undoStack.last, entry.ticket == ticket else { continue }
                let position = deck?.position(of: entry.path)
                let ids = deck.flatMap { deck in position.map { photoIDs(showing: $0, deck: deck) } } ?? []
                let start = position.flatMap { fullViewStart(card: $0, at: time) }
                requests += turns.undo(currentID: ids.first, fullView: start, at: time) ?? []
                for other in ids.dropFirst() { turns.show(entry.turn.inverse, on: other, fullView: start, at: time) }
                if let position, let deck { showTurnedSize(card: position, deck: deck, at: time) }
                return
            case .rating:
                guard let path = ratings.undo() else { continue }
                // A photo the filter hid shows again when its old rating passes.
                refilter(only: [path], deck: deck, at: time)
                if let deck, let position = deck.position(of: path) {
                    // The photo whose rating came back is the one shown.
                    if fullView.openPage(at: time) != nil {
                        fullView.open(position, row: &row, at: time, flying: false)
                    } else {
                        row.centre(position, at: time)
                    }
                }
                return
            }
        }
        // Nothing of this session's left: the trash says so as it did.
        guard let deck else { return }
        trashCommand(.undo, deck: deck, effects: effects, at: time)
    }

    /// What came of a request: a turn's write, an undo's.
    private mutating func actionFinished(_ result: ActionResult, deck: DeckModel?, effects: AppEffects, at time: Double) {
        if case .keyHandled(let key, let result) = result {
            // What the handler changed, the folder watch shows.
            if case .failure(let failure) = result {
                let warning = "the key handler failed for \(key): \(failure.reason)"
                effects.warn(warning)
                notice.show(Self.capitalised(warning), at: time)
            }
            return
        }
        if case .opened(let path, let result) = result {
            // What the program writes, the folder watch shows, as any other program's write.
            if case .failure(let failure) = result {
                let warning = "cannot open \(path) in another program: \(failure.reason)"
                effects.warn(warning)
                notice.show(Self.capitalised(warning), at: time)
            }
            return
        }
        let outcome = turns.finished(result, at: time)
        requests += outcome.requests
        if let warning = outcome.warning {
            effects.warn(warning)
            notice.show(Self.capitalised(warning), at: time)
        }
        guard let deck else { return }
        if let (path, turn) = outcome.showAgain, let position = deck.position(of: path) {
            for id in photoIDs(showing: position, deck: deck) { turns.show(turn, on: id, fullView: nil, at: time) }
            showTurnedSize(card: position, deck: deck, at: time)
        }
        // The file holds its turns: read again, the old photo standing in until the new is up.
        if let path = outcome.reread, var cards = membership, let (old, new) = cards.reread(path) {
            turns.reread(path, old: old, new: new)
            membership = cards
            deck.membership = cards
        }
    }

    private static func capitalised(_ line: String) -> String { line.prefix(1).uppercased() + line.dropFirst() }

    // MARK: Trash

    /// Delete, Ctrl+Z, and Enter or Esc for the question a Delete of several photos asks.
    private mutating func trashCommand(_ command: Command, deck: DeckModel, effects: AppEffects, at now: Double) {
        switch command {
        case .trash:
            guard trash.pending == nil else { return }    // the question already waits
            let changes = trash.delete(trashTargets(deck, at: now), notice: &notice, effects: effects, at: now)
            applyTrashChanges(changes, deck: deck, effects: effects, at: now)
        case .confirm:
            applyTrashChanges(trash.answer(true, notice: &notice, effects: effects, at: now), deck: deck, effects: effects, at: now)
        case .cancel:
            _ = trash.answer(false, notice: &notice, effects: effects, at: now)
        case .undo:
            let cards = membership ?? deck.membership
            let (changes, first) = trash.undo(returned: cards.returned, notice: &notice, effects: effects, at: now)
            applyTrashChanges(changes, deck: deck, effects: effects, centring: first, at: now)
        default:
            break
        }
    }

    /// What Delete takes, each photo its card's files (a RAW+JPEG pair's two): the marked photos
    /// when any are marked (the trash asks first when there are several), else the card the keys
    /// act on (`currentCard`).
    private func trashTargets(_ deck: DeckModel, at now: Double) -> [[FilePath]] {
        if !marks.isEmpty {
            let marked = deck.cards.filter { marks.isMarked(files: $0) }.map(\.all)
            if !marked.isEmpty { return marked }
        }
        guard let card = currentCard(at: now) else { return [] }
        return deck.files(at: card).map { [$0.all] } ?? []
    }

    /// Takes trashed cards out (they shrink and fade while the row closes the gap: `RowClosing`) or
    /// puts restored ones back in their sorted places, easing the first back to the centre. An open
    /// full view shows the photo after the trashed one (the one before, at the end; it closes when
    /// none is left), or the restored one.
    private mutating func applyTrashChanges(_ changes: [FolderChange], deck: DeckModel, effects: AppEffects,
                                            centring: FilePath? = nil, at now: Double) {
        guard !changes.isEmpty else { return }
        let openPage = fullView.openPage(at: now)
        applyFolderChanges(changes, deck: deck, effects: effects, at: now, closingGaps: true)
        let target = centring.flatMap(deck.position(of:))
        if let openPage {
            if deck.count == 0 {
                fullView.close()
            } else {
                fullView.open(target ?? min(openPage, deck.count - 1), row: &row, at: now, flying: false)
            }
        } else if let target {
            row.centre(target, at: now)
        }
    }

    /// Applies `changes` to the deck and the row, whose offset moves with the centred card so that
    /// it stays where it is on screen. With `closingGaps` (Swivel's own Delete and Ctrl+Z), the
    /// removed cards shrink and fade out while the row closes round them, the restored ones grow
    /// in as it opens (`RowClosing`); otherwise the row changes at once.
    private mutating func applyFolderChanges(_ changes: [FolderChange], deck: DeckModel, effects: AppEffects, at time: Double,
                                             closingGaps: Bool = false) {
        let centred = Int(row.layout.centreIndex(scroll: row.offset(at: time)).rounded())
        // (A pair's two files are one card: one ghost, one card grown.)
        let taken: [RowClosing.Ghost] = !closingGaps ? [] : Self.positions(changes, deck: deck, removed: true).map { position in
            RowClosing.Ghost(position: position, color: PhotoDeck.placeholder,
                             image: deck.hasTextures ? deck.image(at: position, now: time) : nil)
        }
        guard var cards = membership,
              let (count, moved) = cards.apply(changes, centred: centred, sortTime: effects.sortTime) else { return }
        membership = cards
        deck.membership = cards
        let grown: [Int] = !closingGaps ? [] : Self.positions(changes, deck: deck, removed: false)
        row.replaceCards(count: count, centredMovedBy: moved - centred, taken: taken, grown: grown, at: time)
        marks.keepCardsOf(cards)
        ratings.keepCardsOf(cards)
        turns.keepOnly(deck.photoIDsInUse.union(sharp.pages.values.map(\.id)))
        // New and rewritten files are judged once their ratings are read.
        if !filter.isOff { refilter(deck: deck, at: time) }
    }

    /// The positions in `deck` of the cards of the files `changes` remove (or write), each once.
    private static func positions(_ changes: [FolderChange], deck: DeckModel, removed: Bool) -> [Int] {
        var seen: Set<Int> = []
        return changes.compactMap { change in
            switch change {
            case .removed(let path) where removed, .written(let path, _) where !removed:
                guard let position = deck.position(of: path), seen.insert(position).inserted else { return nil }
                return position
            default:
                return nil
            }
        }
    }

    // MARK: Time

    /// The slideshow at `time`: the row (or the open card) moves on one card when it is due. The
    /// centred photo counts as on screen once the row is at rest and its photo is on the GPU (a
    /// colour card, or with `photosShownAtOnce`: at once); an open card once the full view is still.
    private mutating func stepSlideshow(at time: Double, deck: DeckModel?) {
        guard slideshow.isRunning else { return }
        let (shown, atEnd) = slideshowPlace(at: time, deck: deck)
        guard slideshow.step(at: time, photoShown: shown, atEnd: atEnd) == .advance else { return }
        if fullView.shown(at: time) != nil {
            fullView.perform(atEnd ? .first : .next, at: time, row: &row)
        } else {
            // From the last card of a looping show on a row that does not wrap (one card): back to the first.
            _ = atEnd ? row.perform(.first, at: time) : row.advance(at: time)
        }
    }

    /// Whether the slideshow's photo is on screen at `time` (the open card once the full view is
    /// still; the row's centred card once the row is at rest and its photo is on the GPU, a colour
    /// card, or with `photosShownAtOnce`, at once), and whether it is the last.
    private func slideshowPlace(at time: Double, deck: DeckModel?) -> (shown: Bool, atEnd: Bool) {
        if let view = fullView.shown(at: time) {
            let strip = view.strip
            return (!view.isAnimating(at: time), strip.destinationPage(at: time) >= strip.pageCount - 1)
        }
        let card = row.destinationCard(at: time)
        let photoShown = settings.photosShownAtOnce || deck.map { $0.photo(at: card, now: time) != nil } ?? true
        return (!row.isAnimating(at: time) && !row.isDragging && photoShown, row.isAtEnd(at: time))
    }

    /// Whether anything moves at `time` without input: the row, the full view, a sharp photo's fade
    /// or its full resolution going up (the photo deck's own fades and uploads are the deck's).
    func isAnimating(at time: Double) -> Bool {
        row.isAnimating(at: time) || fullView.shown(at: time)?.isAnimating(at: time) == true
            || sharp.isFading(now: time) || sharp.hasUploads || turns.isAnimating(at: time)
    }

    /// When the state next changes by itself, as of `time`: the notice line goes, the slideshow
    /// moves on (or starts counting, now, once its photo shows: the row came to rest between steps).
    func timers(into timers: inout Timers, at time: Double, deck: DeckModel?) {
        timers.set(.notice, notice.hideTime)
        let waiting = slideshow.isRunning && slideshow.due == nil && slideshowPlace(at: time, deck: deck).shown
        timers.set(.slideshow, waiting ? time : slideshow.due)
    }

    // MARK: The frame

    /// What to draw at `time` (photos faded in as at `photoTime`: `.infinity` for long arrived;
    /// `time` when not given).
    func frame(at time: Double, photoTime: Double? = nil, deck: DeckModel?) -> Frame {
        let layout = row.layout, scroll = row.offset(at: time), now = photoTime ?? time
        let view = fullView.shown(at: time)
        let open = view?.pages(at: time) ?? []
        let marked = { (position: Int) in marks.isMarked(position, deck: deck) }
        let rated = { (position: Int) -> Rating in
            guard !ratings.isEmpty, let path = deck?.path(at: position) else { return .none }
            return ratings.rating(of: path)
        }
        let cards: [CardInstance], cardsShowing: [CardInstance]
        if let deck {
            // A leaving card's photo shows while no other card's upload has taken its layer.
            let closing = row.closing?.withImages { !deck.hasTextures || deck.holdsLayer($0.layer) ? nil : $0 }
            let showing = Set(layout.cards(inSlots: layout.showingIndices(scroll: scroll)))
            let paired = { (position: Int) in deck.files(at: position)?.isPair ?? false }
            func instances(_ image: @escaping (Int) -> CardImage?) -> [CardInstance] {
                layout.instances(scroll: scroll, closing: closing, at: time, color: { _ in PhotoDeck.placeholder },
                                 image: image, marked: marked, rating: rated, tagged: paired)
            }
            let cardSize = layout.parameters.cardSize
            let image = { (position: Int) -> CardImage? in
                guard deck.hasTextures, var image = deck.image(at: position, now: now) else { return nil }
                image.turn = turns.covering(deck.shownPhotoID(at: position), rect: cardSize, texture: cardSize, at: time)
                return image
            }
            cards = instances(image)
            cardsShowing = instances { showing.contains($0) ? image($0) : nil }
        } else {
            cards = layout.instances(scroll: scroll, marked: marked)
            cardsShowing = cards
        }
        let flying = open.map { index, frame in
            var frame = frame
            var sharpTurn = ContentTurn.identity
            if let page = sharp.pages[index], let turned = turns.shown[page.id] {
                // The open page turning: drawn round the photo as it turns, from where it stood to its new fit.
                if let view, let start = turns.fullViewStart[page.id], turned.isAnimating(at: time), view.openPage(at: time) == index {
                    let fit = view.fitFrame.photo, shownSize = turned.turnedSize(page.imageSize)
                    let e = turned.latestProgress(at: time)
                    let scale = start.scale + (fit.width / max(shownSize.width, 1e-9) - start.scale) * e
                    let center = Point(start.center.x + (fit.center.x - start.center.x) * e,
                                       start.center.y + (fit.center.y - start.center.y) * e)
                    let (rect, turn) = turned.fitted(texture: page.imageSize, scale: scale, center: center, at: time)
                    let others = frame.othersOpacity
                    frame = .fullView(photo: rect, window: layout.viewport)
                    frame.othersOpacity = others
                    sharpTurn = turn
                } else {
                    sharpTurn = turned.covering(frame.photo.size, texture: page.imageSize, at: time)
                }
            }
            var image = deck.flatMap { $0.hasTextures ? $0.image(at: index, now: now) : nil }
            if let deck, image != nil {
                image?.turn = turns.covering(deck.shownPhotoID(at: index), rect: frame.photo.size,
                                             texture: layout.parameters.cardSize, at: time)
            }
            return Frame.FlyingPage(index: index, frame: frame,
                                    color: deck == nil ? SystemColor.seedDeckColor(index) : PhotoDeck.placeholder,
                                    image: image, sharp: sharp.showing(page: index, frame: frame, view: view, now: now),
                                    sharpTurn: sharpTurn)
        }
        var caption: (name: String, opacity: Double)?
        if open.isEmpty, settings.captions, let deck, deck.count > 0 {
            let centre = layout.centreIndex(scroll: scroll)
            let position = min(max(Int(centre.rounded()), 0), deck.count - 1)
            caption = (deck.name(at: position), 1 - 2 * abs(centre - Double(position)))
        }
        let infoCard = view?.openPage(at: time) ?? layout.nearestCard(to: scroll)
        let strips = open.compactMap { page -> RatingStrip? in
            let rating = rated(page.index)
            return RatingStrip(fullView: page.frame.clip, value: rating.value, label: RatingStrip.labelCode(rating))
        }
        let rating = deck.map { _ in rated(infoCard).text } ?? ""
        return Frame(time: time, photoTime: now, layout: layout, pixels: window.pixels, cards: cards, cardsShowing: cardsShowing,
                     flying: flying, badges: open.filter { marked($0.index) }.map { MarkBadge.fullView(clip: $0.frame.clip) },
                     ratingStrips: strips, clipping: overlays.clipping && view != nil,
                     caption: caption, keyList: overlays.keyList,
                     info: overlays.info ? (infoCard, deck?.files(at: infoCard),
                                            view.flatMap { _ in sharp.histogram(ofPage: infoCard) }) : nil,
                     notice: notice.text, hud: overlays.hud ? Frame.HUDFacts(marked: marks.count, rating: rating) : nil,
                     title: Self.title(view, deck: deck, marked: marks.count, rating: rating, filter: filterTitle, at: time),
                     sharpVersion: sharp.drawnVersion)
    }

    /// "NAME — Swivel" while a photo is open (its file name; "Card N" in the colour deck), with its
    /// rating when it has one ("NAME ★★★ Red — Swivel"), else "Swivel"; "Swivel (N marked)" when N
    /// cards are marked; with a rating filter on, what it shows: "Swivel (★★★ or more: 2 of 6)".
    static func title(_ view: FullView?, deck: DeckFiles?, marked: Int = 0, rating: String = "", filter: String = "",
                      at time: Double) -> String {
        let notes = [marked > 0 ? "\(marked) marked" : "", filter].filter { !$0.isEmpty }
        let normal = "Swivel" + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
        guard let page = view?.openPage(at: time) else { return normal }
        let name = deck.map { $0.name(at: page) } ?? "Card \(page + 1)"
        return "\(name)\(rating.isEmpty ? "" : " " + rating) — \(normal)"
    }
}
