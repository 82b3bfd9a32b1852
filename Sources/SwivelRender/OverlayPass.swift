import CGL
import SwivelCore

/// An 8-bit coverage image on the GPU (rendered text, a HUD graph), drawn one texel per pixel, or
/// (`smooth`) sampled bilinearly where it is drawn turned (the RAW+JPEG tag in a card's plane).
public final class OverlayImage {
    private(set) var texture: GLuint = 0
    public private(set) var width = 0
    public private(set) var height = 0
    private let smooth: Bool

    public init(smooth: Bool = false) {
        self.smooth = smooth
        texture = GLTextureCount.generate(for: .overlay)
    }
    deinit { GLTextureCount.delete(&texture) }

    /// Replaces the image. `coverage` is width × height bytes, top row first. Leaves the texture
    /// binding and unpack alignment as it found them.
    public func update(width: Int, height: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height, "coverage must be width × height bytes")
        let sameSize = width == self.width && height == self.height
        TextureUploadState.preserving(GLc.texture2D) {
            glBindTexture(GLc.texture2D, texture)
            glPixelStorei(GLc.unpackAlignment, 1)
            coverage.withUnsafeBytes {
                if sameSize {
                    glTexSubImage2D(GLc.texture2D, 0, 0, 0, GLsizei(width), GLsizei(height), GLc.red,
                                    GLc.unsignedByte, $0.baseAddress)
                } else {
                    glTexImage2D(GLc.texture2D, 0, GLc.r8, GLsizei(width), GLsizei(height), 0, GLc.red,
                                 GLc.unsignedByte, $0.baseAddress)
                }
            }
            glTexParameteri(GLc.texture2D, GLc.textureMinFilter, smooth ? GLc.linear : GLc.nearest)
            glTexParameteri(GLc.texture2D, GLc.textureMagFilter, smooth ? GLc.linear : GLc.nearest)
            if smooth {
                // A bilinear sample at one edge reads nothing of the opposite edge (the default repeats).
                glTexParameteri(GLc.texture2D, GLc.textureWrapS, GLc.clampToEdge)
                glTexParameteri(GLc.texture2D, GLc.textureWrapT, GLc.clampToEdge)
            }
        }
        (self.width, self.height) = (width, height)
    }
}

/// Something drawn over the cards: a coverage image in a colour on a panel, placed in points.
public struct Overlay {
    public var image: OverlayImage
    /// The image's top-left corner in window points (snapped to whole pixels when drawn).
    public var origin: Point
    public var textColor: RGBA8
    /// The panel behind the image (clear for none).
    public var panelColor: RGBA8
    /// How far the panel reaches beyond the image, in points.
    public var padding: Double
    public var opacity: Double

    public init(image: OverlayImage, origin: Point, textColor: RGBA8, panelColor: RGBA8 = RGBA8(0, 0, 0, 0),
                padding: Double = 0, opacity: Double = 1) {
        self.image = image
        self.origin = origin
        self.textColor = textColor
        self.panelColor = panelColor
        self.padding = padding
        self.opacity = opacity
    }
}

/// Draws an `Overlay` with one draw call.
final class OverlayPass {
    private let program: ShaderProgram
    private let viewportPixels, panel, imageOrigin, imageSize, textColor, panelColor, opacity: Uniform
    private var vertexArray: GLuint = 0

    init() throws {
        program = try ShaderProgram(vertex: .overlayVert, fragment: .overlayFrag)
        viewportPixels = try program.uniform("u_viewportPixels")
        panel = try program.uniform("u_panel")
        imageOrigin = try program.uniform("u_imageOrigin")
        imageSize = try program.uniform("u_imageSize")
        textColor = try program.uniform("u_textColor")
        panelColor = try program.uniform("u_panelColor")
        opacity = try program.uniform("u_opacity")
        program.bind(samplers: [(try program.uniform("u_coverage"), 0)])
        glGenVertexArrays(1, &vertexArray)
    }

    deinit { glDeleteVertexArrays(1, &vertexArray) }

    /// Returns whether it drew (nothing for an empty image or zero opacity).
    func draw(_ overlay: Overlay, viewport: Size, pixelScale: Double) -> Bool {
        let image = overlay.image
        guard image.width > 0, image.height > 0, overlay.opacity > 0 else { return false }
        let x = (overlay.origin.x * pixelScale).rounded(), y = (overlay.origin.y * pixelScale).rounded()
        let pad = (overlay.padding * pixelScale).rounded()
        program.use()
        viewportPixels.set(Float(viewport.width * pixelScale), Float(viewport.height * pixelScale))
        panel.set(Float(x - pad), Float(y - pad), Float(Double(image.width) + 2 * pad), Float(Double(image.height) + 2 * pad))
        imageOrigin.set(Float(x), Float(y))
        imageSize.set(Float(image.width), Float(image.height))
        let text = overlay.textColor.premultiplied, panelFill = overlay.panelColor.premultiplied
        textColor.set(text.r, text.g, text.b, text.a)
        panelColor.set(panelFill.r, panelFill.g, panelFill.b, panelFill.a)
        opacity.set(Float(min(max(overlay.opacity, 0), 1)))
        glActiveTexture(GLc.texture0)
        glBindTexture(GLc.texture2D, image.texture)
        glBindVertexArray(vertexArray)
        glDrawArrays(GLc.triangleStrip, 0, 4)
        glBindVertexArray(0)
        return true
    }
}
