import CGL
import SwivelCore

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

/// Draws the `FlyingCard`s over the row: a veil of the background colour at 1 − `othersOpacity`
/// over the whole window (the row fades to the background), then the card, one draw call each.
final class FlightPass {
    private let program: ShaderProgram
    private let viewportPixels, quadRect, rect, radius, color, crop, image, sharpShown, tileMap, tileShown, sharpOpacity: Uniform
    private var vertexArray: GLuint = 0

    init() throws {
        program = try ShaderProgram(vertex: .flightVert, fragment: .flightFrag)
        viewportPixels = try program.uniform("u_viewportPixels")
        quadRect = try program.uniform("u_quad")
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
        glGenVertexArrays(1, &vertexArray)
    }

    deinit { glDeleteVertexArrays(1, &vertexArray) }

    /// Returns the draw calls issued (the veil, the first card's `othersOpacity`, is left out
    /// while the row shows fully).
    func draw(_ flying: [FlyingCard], background: RGBA8, viewport: Size, pixelScale: Double,
              images: CardTextures?) -> Int {
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
        if veil > 0 && !(veil >= 1 && background.a == 255) {
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
                sharpShown.set(0)
                quad(card.clip, radius: card.cornerRadius, pixelScale: pixelScale, color: card.color.premultiplied,
                     crop: card.crop, image: images == nil ? nil : card.image)
                calls += 1
                continue
            }
            let opacity = min(max(card.sharpOpacity, 0), 1)
            if opacity < 1, let standIn = card.standIn {
                sharpShown.set(0)
                quad(standIn.clip, radius: card.cornerRadius, pixelScale: pixelScale, color: card.color.premultiplied,
                     crop: standIn.crop, image: images == nil ? nil : card.image)
                calls += 1
            }
            sharpShown.set(1)
            sharpOpacity.set(Float(opacity))
            calls += drawTiles(of: sharp, card: card, pixelScale: pixelScale)
        }
        glActiveTexture(GLc.texture2)
        glBindTexture(GLc.texture2D, 0)
        glActiveTexture(GLc.texture0)
        glBindVertexArray(0)
        return calls
    }

    /// The sharp photo's tiles inside `card.clip`, one draw call each: each tile's quad is its own
    /// part of the photo on screen, within the clip. Returns the calls issued.
    private func drawTiles(of sharp: FullViewTexture, card: FlyingCard, pixelScale: Double) -> Int {
        let c = card.crop
        guard c.width > 0, c.height > 0 else { return 0 }
        // The whole photo's rectangle on screen, from the clip and the part of the photo it shows.
        let photo = Rect(x: card.clip.x - c.x / c.width * card.clip.width, y: card.clip.y - c.y / c.height * card.clip.height,
                         width: card.clip.width / c.width, height: card.clip.height / c.height)
        let w = Double(sharp.width), h = Double(sharp.height)
        var calls = 0
        glActiveTexture(GLc.texture2)
        for (tile, texture) in sharp.tiles {
            let shown = tile.shown, area = tile.texture
            // The photo's outer edges are left open, so that the clip's antialiased edge is drawn.
            let x0 = shown.x == 0 ? -1e6 : Double(shown.x) / w, y0 = shown.y == 0 ? -1e6 : Double(shown.y) / h
            let x1 = shown.x + shown.width == sharp.width ? 1e6 : Double(shown.x + shown.width) / w
            let y1 = shown.y + shown.height == sharp.height ? 1e6 : Double(shown.y + shown.height) / h
            let left = max(card.clip.x, photo.x + max(x0, 0) * photo.width)
            let top = max(card.clip.y, photo.y + max(y0, 0) * photo.height)
            let right = min(card.clip.maxX, photo.x + min(x1, 1) * photo.width)
            let bottom = min(card.clip.maxY, photo.y + min(y1, 1) * photo.height)
            guard right > left, bottom > top else { continue }
            glBindTexture(GLc.texture2D, texture)
            tileMap.set(Float(-Double(area.x) / Double(area.width)), Float(-Double(area.y) / Double(area.height)),
                        Float(w / Double(area.width)), Float(h / Double(area.height)))
            tileShown.set(Float(x0), Float(y0), Float(x1), Float(y1))
            quad(card.clip, radius: card.cornerRadius, pixelScale: pixelScale, color: card.color.premultiplied,
                 crop: card.crop, image: nil, drawn: Rect(x: left, y: top, width: right - left, height: bottom - top))
            calls += 1
        }
        glActiveTexture(GLc.texture0)
        return calls
    }

    private func quad(_ r: Rect, radius cornerRadius: Double, pixelScale: Double,
                      color fill: (r: Float, g: Float, b: Float, a: Float), crop c: Rect, image photo: CardImage?,
                      drawn: Rect? = nil) {
        let q = drawn ?? r
        quadRect.set(Float(q.x * pixelScale), Float(q.y * pixelScale), Float(q.width * pixelScale), Float(q.height * pixelScale))
        rect.set(Float(r.x * pixelScale), Float(r.y * pixelScale), Float(r.width * pixelScale), Float(r.height * pixelScale))
        radius.set(Float(cornerRadius * pixelScale))
        color.set(fill.r, fill.g, fill.b, fill.a)
        crop.set(Float(c.x), Float(c.y), Float(c.width), Float(c.height))
        image.set(Float(photo?.layer ?? -1), Float(min(max(photo?.opacity ?? 0, 0), 1)))
        glDrawArrays(GLc.triangleStrip, 0, 4)
    }
}
