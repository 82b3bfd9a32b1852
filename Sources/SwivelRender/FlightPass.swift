import CGL
import SwivelCore
import SwivelPhotoCore

/// The card flying between the row and the full view (or resting open in it), in window points:
/// its clip rectangle, corner radius, the part of its photo shown, its colour and photo; and how
/// much of everything else still shows.
public struct FlyingCard {
    public var clip: Rect
    public var cornerRadius: Double
    /// The part of the card's texture inside `clip`, 0…1 across it.
    public var crop: Rect
    public var color: RGBA8
    public var image: CardImage?
    /// The sharp photo, drawn instead of `image` where given (`crop` is then across it).
    public var sharp: FullViewTexture?
    /// Drawn where `sharp`'s tiles are not all up yet (its full resolution going up a few bands a
    /// frame): the same photo at the window's size.
    public var sharpFallback: FullViewTexture?
    /// How far the sharp photo has faded in over the card's texture, shown at `standIn` (clip and
    /// crop of the card's texture) beneath it until 1.
    public var sharpOpacity: Double = 1
    public var standIn: (clip: Rect, crop: Rect)?
    /// The other cards and all shadows: 1 shown as in the row, 0 gone (the background alone).
    public var othersOpacity: Double

    public init(clip: Rect, cornerRadius: Double, crop: Rect, color: RGBA8, image: CardImage?, sharp: FullViewTexture? = nil,
                othersOpacity: Double) {
        self.sharp = sharp
        self.clip = clip
        self.cornerRadius = cornerRadius
        self.crop = crop
        self.color = color
        self.image = image
        self.othersOpacity = othersOpacity
    }
}

/// Draws the `FlyingCard`s over the row: the row's layer (`RowLayer`) at `othersOpacity` over the
/// background, or without one a veil of the background colour at 1 − `othersOpacity` over the
/// whole window (the row fades to the background); then the card, one draw call each.
final class FlightPass {
    private let program: ShaderProgram
    private let viewportPixels, quadRect, grow, rect, radius, color, crop, image, sharpShown, tileMap, tileShown, sharpOpacity: Uniform
    private var vertexArray: GLuint = 0
    /// The sharp photo's tiles where the clip needs no coverage worked out (`photo.frag`).
    private let photoProgram: ShaderProgram
    private let photoViewportPixels, photoQuad, photoUV, photoOpacity: Uniform
    /// The card's texture (or colour) where its clip needs no coverage worked out (`layer.frag`).
    private let layerProgram: ShaderProgram
    private let layerViewportPixels, layerQuad, layerUV, layerImage, layerColor: Uniform
    /// Whether this frame draws every card and sharp photo by `flight.frag` over its whole clip
    /// (`draw`'s `coverageEverywhere`).
    private var coverageEverywhere = false

    init() throws {
        program = try ShaderProgram(vertex: .flightVert, fragment: .flightFrag)
        viewportPixels = try program.uniform("u_viewportPixels")
        quadRect = try program.uniform("u_quad")
        grow = try program.uniform("u_grow")
        rect = try program.uniform("u_rect")
        tileMap = try program.uniform("u_tileMap")
        tileShown = try program.uniform("u_tileShown")
        sharpOpacity = try program.uniform("u_sharpOpacity")
        radius = try program.uniform("u_radius")
        color = try program.uniform("u_color")
        crop = try program.uniform("u_crop")
        image = try program.uniform("u_image")
        sharpShown = try program.uniform("u_sharpShown")
        program.bind(samplers: [(try program.uniform("u_images"), 1), (try program.uniform("u_sharp"), 2)])
        photoProgram = try ShaderProgram(vertex: .photoVert, fragment: .photoFrag)
        photoViewportPixels = try photoProgram.uniform("u_viewportPixels")
        photoQuad = try photoProgram.uniform("u_quad")
        photoUV = try photoProgram.uniform("u_uv")
        photoOpacity = try photoProgram.uniform("u_opacity")
        photoProgram.bind(samplers: [(try photoProgram.uniform("u_photo"), 2)])
        layerProgram = try ShaderProgram(vertex: .photoVert, fragment: .layerFrag)
        layerViewportPixels = try layerProgram.uniform("u_viewportPixels")
        layerQuad = try layerProgram.uniform("u_quad")
        layerUV = try layerProgram.uniform("u_uv")
        layerImage = try layerProgram.uniform("u_image")
        layerColor = try layerProgram.uniform("u_color")
        layerProgram.bind(samplers: [(try layerProgram.uniform("u_images"), 1)])
        glGenVertexArrays(1, &vertexArray)
    }

    deinit { glDeleteVertexArrays(1, &vertexArray) }

    /// Returns the draw calls issued (the veil, the first card's `othersOpacity`, is left out
    /// while the row shows fully). `row`: the row's layer (texture and size in pixels), drawn at
    /// the first card's `othersOpacity` instead of the veil (the row itself was not drawn), within
    /// `drawn` (the pixels where it can differ from the cleared window) and not under a card's
    /// opaque pixels (`opaquePixels`).
    func draw(_ flying: [FlyingCard], background: RGBA8, viewport: Size, pixelScale: Double,
              images: CardTextures?, row: (texture: GLuint, width: Int, height: Int, drawn: LayerPixels)? = nil,
              hidesLayerUnderCards: Bool = true, coverageEverywhere: Bool = false) -> Int {
        self.coverageEverywhere = coverageEverywhere
        program.use()
        viewportPixels.set(Float(viewport.width * pixelScale), Float(viewport.height * pixelScale))
        glActiveTexture(GLc.texture1)
        glBindTexture(GLc.texture2DArray, images?.texture ?? 0)
        glActiveTexture(GLc.texture0)
        glBindVertexArray(vertexArray)
        var calls = 0
        let veil = 1 - min(max(flying.first?.othersOpacity ?? 1, 0), 1)
        // A whole veil of an opaque background over a row that is not drawn (`Renderer`) is the
        // clear colour again: a window of fragments for nothing (a third of an open frame's time
        // on llvmpipe).
        if let row {
            // The layer texel for pixel (its rows bottom-up, as drawn): tex · opacity over the
            // background is the row under a veil of 1 − opacity. Only where it can differ from
            // the cleared window (`row.drawn`) and no flying card covers it with opaque pixels:
            // rectangles of whole pixels, each the same texels the whole layer gives there.
            photoProgram.use()
            photoViewportPixels.set(Float(row.width), Float(row.height))
            photoOpacity.set(Float(1 - veil))
            glActiveTexture(GLc.texture2)
            glBindTexture(GLc.texture2D, row.texture)
            glActiveTexture(GLc.texture0)
            let hole = !hidesLayerUnderCards ? nil : flying.lazy.map { Self.opaquePixels(of: $0, images: images, pixelScale: pixelScale,
                                                            width: row.width, height: row.height) }
                .max { $0.count < $1.count }
            let (w, h) = (Float(row.width), Float(row.height))
            for part in row.drawn.removing(hole) {
                photoQuad.set(Float(part.x0), Float(part.y0), Float(part.x1 - part.x0), Float(part.y1 - part.y0))
                photoUV.set(Float(part.x0) / w, 1 - Float(part.y0) / h, Float(part.x1) / w, 1 - Float(part.y1) / h)
                glDrawArrays(GLc.triangleStrip, 0, 4)
                calls += 1
            }
            program.use()
        } else if veil > 0 && !(veil >= 1 && background.a == 255) {
            let whole = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
            let fill = background.premultiplied
            sharpShown.set(0)
            quad(whole, radius: 0, pixelScale: pixelScale, color: (fill.r * Float(veil), fill.g * Float(veil),
                                                                    fill.b * Float(veil), fill.a * Float(veil)),
                 crop: .unit, image: nil)
            calls += 1
        }
        for card in flying where card.clip.width > 0 && card.clip.height > 0 {
            guard let sharp = card.sharp else {
                calls += drawCard(card.clip, crop: card.crop, of: card, images: images, pixelScale: pixelScale, viewport: viewport)
                continue
            }
            let opacity = min(max(card.sharpOpacity, 0), 1)
            if opacity < 1, let standIn = card.standIn {
                calls += drawCard(standIn.clip, crop: standIn.crop, of: card, images: images, pixelScale: pixelScale, viewport: viewport)
            }
            sharpShown.set(1)
            sharpOpacity.set(Float(opacity))
            calls += drawTiles(of: sharp, card: card, pixelScale: pixelScale, viewport: viewport, opacity: opacity)
        }
        glActiveTexture(GLc.texture2)
        glBindTexture(GLc.texture2D, 0)
        glActiveTexture(GLc.texture0)
        glBindVertexArray(0)
        return calls
    }

    /// The card's colour and texture (`card.image`) inside `clip` showing `crop` of the texture:
    /// the pixels the clip covers wholly by `layer.frag`, the border round them by `flight.frag`
    /// in strips of whole pixels (as `drawTiles` does the sharp photo). Returns the calls issued.
    private func drawCard(_ clip: Rect, crop c: Rect, of card: FlyingCard, images: CardTextures?, pixelScale: Double,
                          viewport: Size) -> Int {
        let photo = images == nil ? nil : card.image
        let fill = card.color.premultiplied
        let inner = innerPixels(of: clip, radius: card.cornerRadius, pixelScale: pixelScale, viewport: viewport)
        var calls = 0
        if inner.width > 0, inner.height > 0 {
            // The texture coordinates at the rectangle's corners, as flight.frag's `uv` there.
            func u(_ x: Double) -> Float { Float(c.x + (x - clip.x) / clip.width * c.width) }
            func v(_ y: Double) -> Float { Float(c.y + (y - clip.y) / clip.height * c.height) }
            layerProgram.use()
            layerViewportPixels.set(Float(viewport.width * pixelScale), Float(viewport.height * pixelScale))
            layerQuad.set(Float(inner.x * pixelScale), Float(inner.y * pixelScale), Float(inner.width * pixelScale),
                          Float(inner.height * pixelScale))
            layerUV.set(u(inner.x), v(inner.y), u(inner.maxX), v(inner.maxY))
            layerImage.set(Float(photo?.layer ?? -1), Float(min(max(photo?.opacity ?? 0, 0), 1)))
            layerColor.set(fill.r, fill.g, fill.b, fill.a)
            glDrawArrays(GLc.triangleStrip, 0, 4)
            calls += 1
            program.use()
        }
        sharpShown.set(0)
        for strip in Self.border(of: clip, inside: inner, pixelScale: pixelScale) {
            quad(clip, radius: card.cornerRadius, pixelScale: pixelScale, color: fill, crop: c, image: photo,
                 drawn: strip, grown: 0)
            calls += 1
        }
        return calls
    }

    /// `wholePixels`, or none when this frame draws with coverage everywhere.
    private func innerPixels(of clip: Rect, radius: Double, pixelScale: Double, viewport: Size) -> Rect {
        coverageEverywhere ? Rect(x: 0, y: 0, width: 0, height: 0)
            : Self.wholePixels(of: clip, radius: radius, pixelScale: pixelScale, viewport: viewport)
    }

    /// The sharp photo's tiles inside `card.clip`, one draw call each: each tile's quad is its own
    /// part of the photo on screen, within the clip. A tile not yet up is drawn from
    /// `card.sharpFallback`'s tiles, each within their common part. Returns the calls issued.
    private func drawTiles(of sharp: FullViewTexture, card: FlyingCard, pixelScale: Double, viewport: Size,
                           opacity: Double) -> Int {
        let c = card.crop
        guard c.width > 0, c.height > 0 else { return 0 }
        // The pixels the clip covers wholly (all but a border a pixel wide where an edge falls
        // inside the window between pixels, and the rounded corners' band) are drawn by
        // `photo.frag`, the same pixels in a fraction of the time; the border by `flight.frag`, in
        // strips of whole pixels.
        let inner = innerPixels(of: card.clip, radius: card.cornerRadius, pixelScale: pixelScale, viewport: viewport)
        photoProgram.use()
        photoViewportPixels.set(Float(viewport.width * pixelScale), Float(viewport.height * pixelScale))
        photoOpacity.set(Float(opacity))
        defer { program.use() }
        // The whole photo's rectangle on screen, from the clip and the part of the photo it shows.
        let photo = Rect(x: card.clip.x - c.x / c.width * card.clip.width, y: card.clip.y - c.y / c.height * card.clip.height,
                         width: card.clip.width / c.width, height: card.clip.height / c.height)
        var calls = 0
        glActiveTexture(GLc.texture2)
        /// Draws `texture`'s tile `area` (`image` its photo's size) over `part` of the photo (0…1
        /// across it; outer edges open at ±1e6, so that the clip's antialiased edge is drawn).
        func draw(_ texture: GLuint, area: PixelArea, image: (width: Int, height: Int), part: (Double, Double, Double, Double)) {
            let (x0, y0, x1, y1) = part
            let left = max(card.clip.x, photo.x + max(x0, 0) * photo.width)
            let top = max(card.clip.y, photo.y + max(y0, 0) * photo.height)
            let right = min(card.clip.maxX, photo.x + min(x1, 1) * photo.width)
            let bottom = min(card.clip.maxY, photo.y + min(y1, 1) * photo.height)
            guard right > left, bottom > top else { return }
            let w = Double(image.width), h = Double(image.height)
            glBindTexture(GLc.texture2D, texture)
            let drawn = Rect(x: left, y: top, width: right - left, height: bottom - top)
            if let core = drawn.intersection(inner) {
                // The texture coordinates at the rectangle's corners: through the photo (0…1
                // across it) to the tile's texture.
                func u(_ x: Double) -> Float { Float(((x - photo.x) / photo.width * w - Double(area.x)) / Double(area.width)) }
                func v(_ y: Double) -> Float { Float(((y - photo.y) / photo.height * h - Double(area.y)) / Double(area.height)) }
                photoQuad.set(Float(core.x * pixelScale), Float(core.y * pixelScale), Float(core.width * pixelScale),
                              Float(core.height * pixelScale))
                photoUV.set(u(core.x), v(core.y), u(core.maxX), v(core.maxY))
                glDrawArrays(GLc.triangleStrip, 0, 4)
                calls += 1
            }
            // The border's strips, each of whole pixels, that touch this tile: its own part grown by
            // a pixel (`u_tileShown` keeps each pixel to one tile), but not past the photo's own
            // edge where that lies inside the clip (a photo smaller than its clip): there, as in
            // the middle, a pixel whose centre is outside the photo is not drawn.
            let g = 1 / pixelScale
            let (gl, gt) = (x0 < 0 && left > card.clip.x ? 0 : g, y0 < 0 && top > card.clip.y ? 0 : g)
            let (gr, gb) = (x1 > 1 && right < card.clip.maxX ? 0 : g, y1 > 1 && bottom < card.clip.maxY ? 0 : g)
            let near = Rect(x: left - gl, y: top - gt, width: right - left + gl + gr, height: bottom - top + gt + gb)
            let strips = Self.border(of: card.clip, inside: inner, pixelScale: pixelScale).compactMap { $0.intersection(near) }
            guard !strips.isEmpty else { return }
            program.use()
            tileMap.set(Float(-Double(area.x) / Double(area.width)), Float(-Double(area.y) / Double(area.height)),
                        Float(w / Double(area.width)), Float(h / Double(area.height)))
            tileShown.set(Float(x0), Float(y0), Float(x1), Float(y1))
            for strip in strips {
                quad(card.clip, radius: card.cornerRadius, pixelScale: pixelScale, color: card.color.premultiplied,
                     crop: card.crop, image: nil, drawn: strip, grown: 0)
                calls += 1
            }
            photoProgram.use()
        }
        /// A tile's own part of its photo, 0…1 across it, the photo's outer edges open.
        func part(_ shown: PixelArea, of texture: FullViewTexture) -> (Double, Double, Double, Double) {
            let w = Double(texture.width), h = Double(texture.height)
            return (shown.x == 0 ? -1e6 : Double(shown.x) / w, shown.y == 0 ? -1e6 : Double(shown.y) / h,
                    shown.x + shown.width == texture.width ? 1e6 : Double(shown.x + shown.width) / w,
                    shown.y + shown.height == texture.height ? 1e6 : Double(shown.y + shown.height) / h)
        }
        for (index, (tile, texture)) in sharp.tiles.enumerated() {
            let own = part(tile.shown, of: sharp)
            if sharp.isUp(index) {
                draw(texture, area: tile.texture, image: (sharp.width, sharp.height), part: own)
                continue
            }
            guard let fallback = card.sharpFallback else { continue }
            for (index, (other, otherTexture)) in fallback.tiles.enumerated() where fallback.isUp(index) {
                let theirs = part(other.shown, of: fallback)
                draw(otherTexture, area: other.texture, image: (fallback.width, fallback.height),
                     part: (max(own.0, theirs.0), max(own.1, theirs.1), min(own.2, theirs.2), min(own.3, theirs.3)))
            }
        }
        glActiveTexture(GLc.texture0)
        return calls
    }

    /// The pixels where `card` is drawn with alpha 255, which hides whatever is beneath (empty when
    /// none is), `LayerPixels.inside` the part drawn opaque. `flight.frag` gives the card's colour
    /// faded to its texture's layer (alpha 1 when both are opaque: `CardTextures.opaqueLayers`),
    /// or the sharp photo's texels times its opacity (alpha 1 at opacity 1 when every texel is
    /// opaque: `FullViewTexture.isOpaque`, all its tiles up, within its clip and the photo's own
    /// rectangle), times a coverage of 1; `photo.frag` the same without the coverage. llvmpipe
    /// blends in 8 bits, so alpha 255 keeps nothing of the pixel beneath. While the sharp photo
    /// fades in, its stand-in (the card's texture at its own clip) is drawn opaque beneath it.
    static func opaquePixels(of card: FlyingCard, images: CardTextures?, pixelScale: Double,
                             width: Int, height: Int) -> LayerPixels {
        let none = LayerPixels(x0: 0, y0: 0, x1: 0, y1: 0)
        func inside(_ clip: Rect) -> LayerPixels {
            guard clip.width > 0, clip.height > 0 else { return none }
            return LayerPixels.inside(clip, radius: card.cornerRadius, pixelScale: pixelScale, width: width, height: height)
        }
        let textureOpaque: Bool = {
            guard card.color.a == 255 else { return false }
            guard let images, let image = card.image, image.layer >= 0, image.opacity > 0 else { return true }
            return images.opaqueLayers.contains(image.layer)
        }()
        guard let sharp = card.sharp else { return textureOpaque ? inside(card.clip) : none }
        if min(max(card.sharpOpacity, 0), 1) < 1 {
            guard let standIn = card.standIn, textureOpaque else { return none }
            return inside(standIn.clip)
        }
        let c = card.crop
        guard sharp.isOpaque, c.width > 0, c.height > 0 else { return none }
        // The whole photo's rectangle on screen (as `drawTiles` places it): outside it within the
        // clip nothing is drawn.
        let photo = Rect(x: card.clip.x - c.x / c.width * card.clip.width, y: card.clip.y - c.y / c.height * card.clip.height,
                         width: card.clip.width / c.width, height: card.clip.height / c.height)
        return card.clip.intersection(photo).map(inside) ?? none
    }

    /// The pixels inside the window that `clip` (points) with corners rounded to `radius` covers
    /// wholly, as a rectangle of whole pixels in points (`flight.frag`'s coverage is 1 in it): with
    /// a rounded corner, within the clip inset by the radius, where the outline's distance from a
    /// pixel's centre is at least the radius plus half a pixel.
    static func wholePixels(of clip: Rect, radius: Double, pixelScale: Double, viewport: Size) -> Rect {
        // An edge within 1e-4 px of a whole pixel counts as on it (coverage 1 − 1e-4 is 255 in 8 bits).
        func up(_ x: Double) -> Double { (x - 1e-4).rounded(.up) }
        func down(_ x: Double) -> Double { (x + 1e-4).rounded(.down) }
        let r = max(radius, 0)
        let x0 = max(0, up((clip.x + r) * pixelScale)), y0 = max(0, up((clip.y + r) * pixelScale))
        let x1 = min(viewport.width * pixelScale, down((clip.maxX - r) * pixelScale))
        let y1 = min(viewport.height * pixelScale, down((clip.maxY - r) * pixelScale))
        return Rect(x: x0 / pixelScale, y: y0 / pixelScale, width: max(0, x1 - x0) / pixelScale, height: max(0, y1 - y0) / pixelScale)
    }

    /// The pixels `clip` touches outside `inner` (its `wholePixels`), as up to four strips of whole
    /// pixels in points: above and below `inner` the clip's whole width, beside it its height;
    /// with `inner` empty, one rectangle of every pixel the clip touches.
    static func border(of clip: Rect, inside inner: Rect, pixelScale: Double) -> [Rect] {
        let x0 = (clip.x * pixelScale).rounded(.down) / pixelScale, y0 = (clip.y * pixelScale).rounded(.down) / pixelScale
        let x1 = (clip.maxX * pixelScale).rounded(.up) / pixelScale, y1 = (clip.maxY * pixelScale).rounded(.up) / pixelScale
        guard inner.width > 0, inner.height > 0 else { return [Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)] }
        return [Rect(x: x0, y: y0, width: x1 - x0, height: inner.y - y0),
                Rect(x: x0, y: inner.maxY, width: x1 - x0, height: y1 - inner.maxY),
                Rect(x: x0, y: inner.y, width: inner.x - x0, height: inner.height),
                Rect(x: inner.maxX, y: inner.y, width: x1 - inner.maxX, height: inner.height)]
            .filter { $0.width > 0 && $0.height > 0 }
    }

    private func quad(_ r: Rect, radius cornerRadius: Double, pixelScale: Double,
                      color fill: (r: Float, g: Float, b: Float, a: Float), crop c: Rect, image photo: CardImage?,
                      drawn: Rect? = nil, grown: Double = 1) {
        let q = drawn ?? r
        grow.set(Float(grown))
        quadRect.set(Float(q.x * pixelScale), Float(q.y * pixelScale), Float(q.width * pixelScale), Float(q.height * pixelScale))
        rect.set(Float(r.x * pixelScale), Float(r.y * pixelScale), Float(r.width * pixelScale), Float(r.height * pixelScale))
        radius.set(Float(cornerRadius * pixelScale))
        color.set(fill.r, fill.g, fill.b, fill.a)
        crop.set(Float(c.x), Float(c.y), Float(c.width), Float(c.height))
        image.set(Float(photo?.layer ?? -1), Float(min(max(photo?.opacity ?? 0, 0), 1)))
        glDrawArrays(GLc.triangleStrip, 0, 4)
    }
}

private extension Rect {
    /// The part of this rectangle inside `other`; nil when they do not overlap.
    func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
