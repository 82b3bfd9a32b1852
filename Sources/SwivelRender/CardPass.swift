import CGL
import SwivelCore

/// A card's photo: its layer in `CardTextures` and how far it has faded in.
public struct CardImage: Equatable, Sendable {
    public var layer: Int
    public var opacity: Double
    public init(layer: Int, opacity: Double) {
        self.layer = layer
        self.opacity = opacity
    }
}

/// What the GPU needs of one card: where its centre is, how far it is turned, its colour.
public struct CardInstance: Equatable, Sendable {
    public var centerX: Float
    public var centerY: Float
    /// Rotation about y, radians.
    public var angle: Float
    /// Premultiplied colour (a photo card's placeholder).
    public var r: Float, g: Float, b: Float, a: Float
    /// The photo's layer in the card textures, −1 for none.
    public var layer: Float
    /// How far the photo has faded in over the colour, 0…1.
    public var imageOpacity: Float

    public init(center: Point, degrees: Double, color: RGBA8, image: CardImage? = nil) {
        centerX = Float(center.x)
        centerY = Float(center.y)
        angle = Float(radians(degrees))
        (r, g, b, a) = color.premultiplied
        layer = image.map { Float($0.layer) } ?? -1
        imageOpacity = image.map { Float(min(max($0.opacity, 0), 1)) } ?? 0
    }
}

/// Draws every card and its shadow in one instanced call. The mesh holds, per card, the shadow
/// ring (an octagon reaching as far as the shadow is visible, with the card's always-opaque middle
/// cut out so those pixels are not shaded twice) followed by the card quad, so paint order is
/// shadow 0, card 0, shadow 1, …
final class CardPass {
    private let program: ShaderProgram
    private var vertexArray: GLuint = 0
    private var meshBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var instanceCapacity = 0

    /// Per vertex: corner (±1, ±1), layer, edge. The shadow ring's outer and inner octagons (8
    /// vertices each, clockwise from the left edge next to the top-left corner), then the card's
    /// corners TL, TR, BR, BL.
    private static let mesh: [Float] = {
        let octagon: [(Float, Float, Float)] = [(-1, -1, 1), (-1, -1, 0), (1, -1, 0), (1, -1, 1),
                                               (1, 1, 1), (1, 1, 0), (-1, 1, 0), (-1, 1, 1)]
        let ring = [Float(0), 1].flatMap { layer -> [Float] in
            octagon.flatMap { vertex -> [Float] in [vertex.0, vertex.1, layer, vertex.2] }
        }
        let corners: [(Float, Float)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        let card = corners.flatMap { corner -> [Float] in [corner.0, corner.1, 2, -1] }
        return ring + card
    }()
    /// The ring between the octagons as eight trapezoids, then the card's two triangles.
    private static let indices: [UInt16] = (0..<8).flatMap { side -> [UInt16] in
        let o0 = UInt16(side), o1 = UInt16((side + 1) % 8)
        return [o0, o1, o1 + 8, o0, o1 + 8, o0 + 8]
    } + [16, 17, 18, 16, 18, 19]

    init() throws {
        program = try ShaderProgram(vertex: .cardVert, fragment: .cardFrag)
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)

        glGenBuffers(1, &meshBuffer)
        glBindBuffer(GLc.arrayBuffer, meshBuffer)
        Self.mesh.withUnsafeBytes {
            glBufferData(GLc.arrayBuffer, $0.count, $0.baseAddress, GLc.staticDraw)
        }
        let meshStride = GLsizei(4 * MemoryLayout<Float>.stride)
        for (location, count, offset) in [(0, 2, 0), (1, 1, 2), (5, 1, 3)] {
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribPointer(GLuint(location), GLint(count), GLc.float, GLboolean(GL_FALSE), meshStride,
                                  UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.stride))
        }

        glGenBuffers(1, &indexBuffer)
        glBindBuffer(GLc.elementArrayBuffer, indexBuffer)
        Self.indices.withUnsafeBytes {
            glBufferData(GLc.elementArrayBuffer, $0.count, $0.baseAddress, GLc.staticDraw)
        }

        glGenBuffers(1, &instanceBuffer)
        glBindBuffer(GLc.arrayBuffer, instanceBuffer)
        let stride = GLsizei(MemoryLayout<CardInstance>.stride)
        for (location, count, offset) in [(2, 2, \CardInstance.centerX), (3, 1, \.angle), (4, 4, \.r),
                                          (6, 2, \.layer)] {
            let byteOffset = MemoryLayout<CardInstance>.offset(of: offset)!
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribPointer(GLuint(location), GLint(count), GLc.float, GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: byteOffset))
            glVertexAttribDivisor(GLuint(location), 1)
        }
        glBindVertexArray(0)
    }

    deinit {
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteBuffers(1, &indexBuffer)
        glDeleteBuffers(1, &meshBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// Draws `instances` in order. One draw call.
    func draw(_ instances: [CardInstance], viewport: Size, pixelScale: Double,
              parameters: EffectParameters, shadowTexture: GLuint, images: CardTextures?) {
        guard !instances.isEmpty else { return }
        program.use()
        program.set("u_viewport", Float(viewport.width), Float(viewport.height))
        program.set("u_half", Float(parameters.cardSize.width / 2), Float(parameters.cardSize.height / 2))
        program.set("u_radius", Float(parameters.cardOutline.cornerRadius))
        program.set("u_eye", Float(parameters.eyeDistance))
        program.set("u_ringReach", Float(parameters.shadowVisibleReach))
        program.set("u_textureReach", Float(parameters.shadowReach))
        program.set("u_pixel", Float(1 / pixelScale))
        program.set("u_shadowOpacity", Float(parameters.shadowOpacity))
        program.set("u_shadow", int: 0)
        program.set("u_images", int: 1)
        glActiveTexture(GLc.texture0)
        glBindTexture(GLc.texture2D, shadowTexture)
        glActiveTexture(GLc.texture1)
        glBindTexture(GLc.texture2DArray, images?.texture ?? 0)
        glActiveTexture(GLc.texture0)

        glBindVertexArray(vertexArray)
        glBindBuffer(GLc.arrayBuffer, instanceBuffer)
        instances.withUnsafeBytes { bytes in
            if instances.count > instanceCapacity {
                instanceCapacity = max(instances.count, 2 * instanceCapacity)
                glBufferData(GLc.arrayBuffer, instanceCapacity * MemoryLayout<CardInstance>.stride,
                             nil, GLc.streamDraw)
            }
            glBufferSubData(GLc.arrayBuffer, 0, bytes.count, bytes.baseAddress)
        }
        glDrawElementsInstanced(GLc.triangles, GLsizei(Self.indices.count), GLc.unsignedShort, nil,
                                GLsizei(instances.count))
        glBindVertexArray(0)
    }
}
