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
    private let viewportPixels, rect, radius, color, crop, image, sharpShown: Uniform
    private var vertexArray: GLuint = 0

    init() throws {
        program = try ShaderProgram(vertex: .flightVert, fragment: .flightFrag)
        viewportPixels = try program.uniform("u_viewportPixels")
        rect = try program.uniform("u_rect")
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
        if veil > 0 {
            let whole = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
            let fill = background.premultiplied
            sharpShown.set(0)
            quad(whole, radius: 0, pixelScale: pixelScale, color: (fill.r * Float(veil), fill.g * Float(veil),
                                                                    fill.b * Float(veil), fill.a * Float(veil)),
                 crop: .unit, image: nil)
            calls += 1
        }
        for card in flying where card.clip.width > 0 && card.clip.height > 0 {
            if let sharp = card.sharp {
                glActiveTexture(GLc.texture2)
                glBindTexture(GLc.texture2D, sharp.texture)
                glActiveTexture(GLc.texture0)
            }
            sharpShown.set(card.sharp == nil ? 0 : 1)
            quad(card.clip, radius: card.cornerRadius, pixelScale: pixelScale, color: card.color.premultiplied,
                 crop: card.crop, image: images == nil ? nil : card.image)
            calls += 1
        }
        glActiveTexture(GLc.texture2)
        glBindTexture(GLc.texture2D, 0)
        glActiveTexture(GLc.texture0)
        glBindVertexArray(0)
        return calls
    }

    private func quad(_ r: Rect, radius cornerRadius: Double, pixelScale: Double,
                      color fill: (r: Float, g: Float, b: Float, a: Float), crop c: Rect, image photo: CardImage?) {
        rect.set(Float(r.x * pixelScale), Float(r.y * pixelScale), Float(r.width * pixelScale), Float(r.height * pixelScale))
        radius.set(Float(cornerRadius * pixelScale))
        color.set(fill.r, fill.g, fill.b, fill.a)
        crop.set(Float(c.x), Float(c.y), Float(c.width), Float(c.height))
        image.set(Float(photo?.layer ?? -1), Float(min(max(photo?.opacity ?? 0, 0), 1)))
        glDrawArrays(GLc.triangleStrip, 0, 4)
    }
}
