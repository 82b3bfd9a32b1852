import SwivelCore
import SwivelPhotos

/// What Delete and Ctrl+Z do to the row and the full view (the files: `DeckTrash`).
extension FrameLoop {
    /// Acts on `input`, a key `DeckTrash.takes`, at `now`.
    mutating func handleTrashKey(_ input: InputEvent, trash: DeckTrash, at now: Double) {
        guard let deck = driver.content.deck else { return }
        let notice = driver.content.notice
        switch input {
        case .keyDown(.delete, _):
            guard trash.pending == nil else { return }    // the question already waits
            applyTrashChanges(trash.delete(trashTargets(deck, at: now), notice: notice, at: now), deck: deck, at: now)
        case .keyDown(.enter, _):
            applyTrashChanges(trash.answer(true, notice: notice, at: now), deck: deck, at: now)
        case .keyDown(.escape, _):
            _ = trash.answer(false, notice: notice, at: now)
        case .keyDown(.undo, _):
            let (changes, first) = trash.undo(deck: deck, notice: notice, at: now)
            applyTrashChanges(changes, deck: deck, centring: first, at: now)
        default:
            break
        }
    }

    /// What Delete takes: the marked photos when any are marked (`DeckTrash` asks first when
    /// there are several), else the card the deck's keys act on (`DeckKeys.currentCard`: the open
    /// photo, or the card at or heading for the centre).
    private func trashTargets(_ deck: PhotoDeck, at now: Double) -> [FilePath] {
        let marked = driver.content.deckKeys.marks.markedPaths
        if !marked.isEmpty { return marked }
        guard let card = DeckKeys.currentCard(row: controller, fullView: fullView, at: now) else { return [] }
        return deck.path(at: card).map { [$0] } ?? []
    }

    /// Takes trashed cards out (they shrink and fade while the row closes the gap: `RowClosing`) or puts
    /// restored ones back in their sorted places, easing the first back to the centre. An open
    /// full view shows the photo after the trashed one (the one before, at the end; it closes when
    /// none is left), or the restored one.
    private mutating func applyTrashChanges(_ changes: [FolderChange], deck: PhotoDeck, centring: FilePath? = nil,
                                            at now: Double) {
        guard !changes.isEmpty else { return }
        let openPage = fullView.openPage(at: now)
        _ = driver.applyFolderChanges(changes, to: &controller, at: now, closingGaps: true)
        let target = centring.flatMap(deck.position(of:))
        if let openPage {
            if deck.count == 0 {
                fullView.close()
            } else {
                fullView.open(target ?? min(openPage, deck.count - 1), row: &controller, at: now, flying: false)
            }
        } else if let target {
            controller.centre(target, at: now)
        }
    }
}
