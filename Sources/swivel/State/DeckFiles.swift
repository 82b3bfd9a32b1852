import SwivelCore
import SwivelPhotoCore
import SwivelPhotos

/// What the app's state reads of a photo deck's files: which file each card shows, and which files
/// it stands for (a RAW+JPEG pair's two: `CardFiles`).
protocol DeckFiles {
    var count: Int { get }
    /// The cards' files, in the deck's order.
    var cards: [CardFiles] { get }
    /// The file the card at `position` draws, nil past the deck's end.
    func path(at position: Int) -> FilePath?
    /// The files of the card at `position`, nil past the deck's end.
    func files(at position: Int) -> CardFiles?
    /// The caption of the card at `position` ("" past the end).
    func name(at position: Int) -> String
    /// Whether `path` is one of a card's files.
    func contains(_ path: FilePath) -> Bool
    /// The files of the card that `path` is one of, nil when none is.
    func card(containing path: FilePath) -> CardFiles?
    /// The position of the card that `path` is one of, nil when none is.
    func position(of path: FilePath) -> Int?
}

/// The photo deck as the app's state uses it: its files, the photos on the GPU (which layer and how
/// far faded in), and the changes the state makes to which files it holds.
protocol DeckModel: AnyObject, DeckFiles {
    /// The id of the photo at `position` (what the full view's decodes are asked for by).
    func photoID(at position: Int) -> Int?
    /// The photo for the card at `position`, if it has arrived: its texture layer and fade.
    func photo(at position: Int, now: Double) -> (layer: Int, opacity: Double)?
    /// The id of the photo whose pixels the card at `position` shows (its own, or the one standing
    /// in for it while it is read again).
    func shownPhotoID(at position: Int) -> Int?
    /// The ids whose pixels the deck keeps for its cards.
    var photoIDsInUse: Set<Int> { get }
    /// Whether a card holds texture layer `layer` (a card leaving the row shows its photo until then).
    func holdsLayer(_ layer: Int) -> Bool
    /// Whether the deck has its texture array (photos can show at all).
    var hasTextures: Bool { get }
    /// The visible cards still showing the grey placeholder.
    func cardsWithoutPhoto(layout: CarouselLayout, scroll: Double) -> Int
    /// What `--texture-budget` leaves the full view's photos.
    var fullViewBudgetBytes: Int { get }
    /// Which files are cards, in the row's order: the state's (`AppState.membership`), which the
    /// deck is given after each change to take in (decodes for the new files, textures let go).
    var membership: DeckMembership { get set }
}

extension SwivelPhotos.PhotoDeck: DeckModel {
    var hasTextures: Bool { textures != nil }
}

extension DeckModel {
    /// The photo for the card at `position`, as the renderer takes it, if it has arrived.
    func image(at position: Int, now: Double) -> CardImage? {
        photo(at: position, now: now).map { CardImage(layer: $0.layer, opacity: $0.opacity) }
    }
}
