import SwivelPhotoCore

/// What a flight frame's draw list needs of a sharp photo (`FullViewTexture.tileLayout`): its size,
/// its tiles with their textures' names and whether each is up, and whether it hides what is
/// beneath it. A plain value, so that the list is made without GL.
struct SharpPhotoTiles: Equatable {
    /// One tile: the part of the photo it draws, the photo's pixels its texture holds (`shown` and
    /// a pixel of each neighbour, `ImageTile`), its texture's name and whether it is wholly up.
    struct Tile: Equatable {
        var shown: PixelArea
        var area: PixelArea
        var texture: UInt32
        var isUp: Bool
    }

    var width: Int, height: Int
    /// Row by row, top-left first; their `shown` areas cover the photo once.
    var tiles: [Tile]
    /// Every tile up and every pixel of alpha 255 (`FullViewTexture.isOpaque`).
    var isOpaque: Bool
}
