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

    /// What Delete takes: the open photo, else the card at the centre (where the row comes to rest
    /// when it is moving: the card the user is bringing there).
    private func trashTargets(_ deck: PhotoDeck, at now: Double) -> [FilePath] {
        if let view = fullView.shown(at: now), view.transition.isOpening {
            return deck.path(at: view.strip.destinationPage(at: now)).map { [$0] } ?? []
        }
        guard controller.layout.cardCount > 0 else { return [] }
        let centred = Int(controller.layout.centreIndex(scroll: controller.destination(at: now)).rounded())
        return deck.path(at: centred).map { [$0] } ?? []
    }

    /// Takes trashed cards out (the row closes the gap, as for a file deleted in the folder) or puts
    /// restored ones back in their sorted places, easing the first back to the centre. An open
    /// full view shows the photo after the trashed one (the one before, at the end; it closes when
    /// none is left), or the restored one.
    private mutating func applyTrashChanges(_ changes: [FolderChange], deck: PhotoDeck, centring: FilePath? = nil,
                                            at now: Double) {
        guard !changes.isEmpty else { return }
        let openPage = fullView.shown(at: now).flatMap { $0.transition.isOpening ? $0.strip.destinationPage(at: now) : nil }
        _ = driver.applyFolderChanges(changes, to: &controller, at: now)
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
