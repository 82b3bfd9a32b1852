import SwivelCore
import SwivelPhotos
import SwivelRender

/// The app's photo deck: its photos are layers of the renderer's card textures.
typealias PhotoDeck = SwivelPhotos.PhotoDeck<CardTextures>

extension CardTextures: PhotoTextureArray {}

extension PhotoDeck {
    /// The photo for the card at `position`, as the renderer takes it, if it has arrived.
    func image(at position: Int, now: Double) -> CardImage? {
        photo(at: position, now: now).map { CardImage(layer: $0.layer, opacity: $0.opacity) }
    }
}
