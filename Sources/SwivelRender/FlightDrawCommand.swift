/// One draw call of a flight frame (`FlightDrawList`): which program draws which quad, with every
/// uniform's value and the texture it samples, as plain numbers (texture names are GL's, made
/// elsewhere), so that what a frame draws can be worked out and looked at without GL.
/// `FlightPass.execute` binds, sets and draws each one as it is. Vectors are in the order the
/// shaders read them; pixels are the window's, top-left origin.
enum FlightDrawCommand: Equatable {
    /// `photo.vert` + `photo.frag`: `texture` (a 2D texture on unit 2) across a rectangle of whole
    /// pixels, times `opacity`. The row's layer texel for pixel, and the sharp photo's tiles where
    /// the clip covers pixels wholly.
    case photo(Photo)
    /// `photo.vert` + `layer.frag`: the card's texture layer (of the card texture array on unit 1)
    /// faded in over its colour, or the colour alone, across a rectangle of whole pixels.
    case layer(Layer)
    /// `flight.vert` + `flight.frag`: a rounded rectangle with its coverage worked out, drawn
    /// within `quad`: the veil, the border's strips round a card's or a tile's whole pixels.
    case flight(Flight)

    /// The values of `photo.vert`'s and `photo.frag`'s uniforms, and the texture.
    struct Photo: Equatable {
        /// `u_viewportPixels`: the size in pixels the quad is placed in.
        var viewportPixels: SIMD2<Float>
        /// `u_quad`: x, y, width, height in pixels.
        var quad: SIMD4<Float>
        /// `u_uv`: the texture coordinates at the quad's top-left (xy) and bottom-right (zw).
        var uv: SIMD4<Float>
        /// `u_opacity`.
        var opacity: Float
        /// The 2D texture `u_photo` samples.
        var texture: UInt32
    }

    /// The values of `photo.vert`'s and `layer.frag`'s uniforms (the texture array is the list's).
    struct Layer: Equatable {
        var viewportPixels: SIMD2<Float>
        var quad: SIMD4<Float>
        var uv: SIMD4<Float>
        /// `u_image`: the layer (−1: none) and how far it is faded in.
        var image: SIMD2<Float>
        /// `u_color`, premultiplied.
        var color: SIMD4<Float>
    }

    /// The values of `flight.vert`'s and `flight.frag`'s uniforms.
    struct Flight: Equatable {
        var viewportPixels: SIMD2<Float>
        /// `u_quad`, grown by `u_grow` pixels each way.
        var quad: SIMD4<Float>
        var grow: Float
        /// `u_rect`: the clip rectangle in pixels, and `u_radius` its corner radius.
        var rect: SIMD4<Float>
        var radius: Float
        /// `u_color`, premultiplied.
        var color: SIMD4<Float>
        /// `u_crop`: x, y, width, height in texture coordinates.
        var crop: SIMD4<Float>
        /// `u_image`: the card texture array's layer (−1: none) and how far it is faded in.
        var image: SIMD2<Float>
        /// The sharp photo's tile drawn instead of the layer (`u_sharpShown` 1), or none (0).
        var sharp: Sharp?
        /// `u_turn`: the photo's `ContentTurn` as mat2 columns (the identity: as decoded).
        var turn: SIMD4<Float> = SIMD4(1, 0, 0, 1)
    }

    /// What `flight.frag` needs to draw one tile of the sharp photo.
    struct Sharp: Equatable {
        /// `u_tileMap`: the tile's texture coordinates from the photo's, xy + photo · zw.
        var tileMap: SIMD4<Float>
        /// `u_tileShown`: the tile's own part of the photo, x0, y0, x1, y1 (0…1 across it).
        var tileShown: SIMD4<Float>
        /// `u_sharpOpacity`.
        var opacity: Float
        /// The tile's 2D texture `u_sharp` samples (unit 2).
        var texture: UInt32
    }
}
