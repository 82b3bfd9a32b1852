import SwivelCore
import SwivelPhotos
import SwivelRender

/// The app's photo deck: its photos are layers of the renderer's card textures.
typealias PhotoDeck = SwivelPhotos.PhotoDeck<CardTextures>

extension CardTextures: PhotoTextureArray {}
