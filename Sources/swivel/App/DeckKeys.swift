import SwivelCore
import SwivelPhotos
import SwivelPlatform

/// The keys that act on the deck's cards and files rather than on the row or the full view: M
/// marks or unmarks the centred card (the open photo in the full view), Ctrl+A marks all, U clears
/// the marks, Ctrl+C copies the centred or open photo's path, I shows or hides its information
/// (`InfoPanel`); with `--pick`, Enter picks (in the
/// row and in the full view, where it would otherwise close it). They get each event before the
/// full view and the row, live and replayed alike.
final class DeckKeys {
    /// How a `--pick` session ended: with Enter, and these files chosen.
    private(set) var picked: [FilePath]?
    let marks: CardMarks
    let notice: NoticeLine
    let info: InfoPanel
    private let deck: PhotoDeck?
    private let picking: Bool

    init(deck: PhotoDeck?, notice: NoticeLine, info: InfoPanel, picking: Bool) {
        self.deck = deck
        self.notice = notice
        self.info = info
        self.picking = picking
        marks = CardMarks(deck: deck)
    }

    /// Whether `event` was one of these keys (and was acted on).
    func handle(_ event: InputEvent, row: ScrollController, fullView: FullViewState) -> Bool {
        let time = event.time
        let cardCount = row.layout.cardCount
        switch event {
        case .keyDown(.mark, _):
            if let card = Self.currentCard(row: row, fullView: fullView, at: time) { marks.toggle(card, cardCount: cardCount) }
        case .keyDown(.markAll, _):
            marks.markAll(cardCount: cardCount)
        case .keyDown(.clearMarks, _):
            marks.clear()
        case .keyDown(.info, _):
            info.isVisible.toggle()
        case .keyDown(.copyPath, _):
            copyPath(of: Self.currentCard(row: row, fullView: fullView, at: time), at: time)
        case .keyDown(.enter, _) where picking:
            guard let card = Self.currentCard(row: row, fullView: fullView, at: time), let deck else { return true }
            let marked = marks.markedPaths
            picked = marked.isEmpty ? deck.path(at: card).map { [$0] } ?? [] : marked
        default:
            return false
        }
        changedSinceFrame = true
        return true
    }

    /// Whether a key changed something shown (a badge, the count, a notice) since the last call.
    func takeChange() -> Bool {
        defer { changedSinceFrame = false }
        return changedSinceFrame
    }
    private var changedSinceFrame = false

    /// The card the keys act on at `time`: the photo open in the full view, else the row's centred
    /// card; while either moves, the one heading for the centre (End then M marks the last card,
    /// not the one passing the centre when M came).
    static func currentCard(row: ScrollController, fullView: FullViewState, at time: Double) -> Int? {
        guard row.layout.cardCount > 0 else { return nil }
        if let page = fullView.openPage(at: time) { return page }
        return row.layout.nearestCard(to: row.destination(at: time))
    }

    /// Ctrl+C: the photo's path on the clipboard, said in the notice line (the path as messages show it).
    private func copyPath(of card: Int?, at time: Double) {
        guard let card else { return }
        guard let deck, let path = deck.path(at: card) else {
            notice.show("Card \(card + 1) is a colour card: no file to copy", at: time, for: NoticeLine.briefDuration)
            return
        }
        if let error = Clipboard.setText(path.bytes) {
            Console.error("\(error)")
            notice.show("Could not copy the path", at: time, for: NoticeLine.briefDuration)
        } else {
            notice.show("Copied \(path)", at: time, for: NoticeLine.briefDuration)
        }
    }
}
