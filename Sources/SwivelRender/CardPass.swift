import CGL
import SwivelCore

/// What the GPU needs of one card: where its centre is, how far it is turned, its colour.
public struct CardInstance: Equatable, Sendable {
    public var centerX: Float
    public var centerY: Float
    /// Rotation about y, radians.
    public var angle: Float
    /// Premultiplied colour.
    public var r: Float, g: Float, b: Float, a: Float

    public init(center: Point, degrees: Double, color: RGBA8) {
        centerX = Float(center.x)
        centerY = Float(center.y)
        angle = Float(radians(degrees))
        (r, g, b, a) = color.premultiplied
    }
}

/// Draws every card and its shadow in one instanced call. The mesh holds, per card, the shadow
/// ring (the blurred quad grown by 3σ, with the opaque middle of the card cut out so those pixels
/// are not shaded twice) followed by the card quad, so paint order is shadow 0, card 0, shadow 1, …
final class CardPass {
    private let program: ShaderProgram
    private var vertexArray: GLuint = 0
    private var meshBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var instanceCapacity = 0

    /// Corners TL, TR, BR, BL of three layers: shadow outer (0), shadow inner (1), card (2).
    private static let mesh: [Float] = [0, 1, 2].flatMap { layer in
        [(-1, -1), (1, -1), (1, 1), (-1, 1)].flatMap { [Float($0.0), Float($0.1), Float(layer)] }
    }
    /// The ring between outer and inner rectangles as four trapezoids, then the card's two triangles.
    private static let indices: [UInt16] = (0..<4).flatMap { side -> [UInt16] in
        let o0 = UInt16(side), o1 = UInt16((side + 1) % 4)
        return [o0, o1, o1 + 4, o0, o1 + 4, o0 + 4]
    } + [8, 9, 10, 8, 10, 11]

    init() throws {
        program = try ShaderProgram(vertex: .cardVert, fragment: .cardFrag)
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)

        glGenBuffers(1, &meshBuffer)
        glBindBuffer(GLc.arrayBuffer, meshBuffer)
        Self.mesh.withUnsafeBytes {
            glBufferData(GLc.arrayBuffer, $0.count, $0.baseAddress, GLc.staticDraw)
        }
        let meshStride = GLsizei(3 * MemoryLayout<Float>.stride)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLc.float, GLboolean(GL_FALSE), meshStride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(1, 1, GLc.float, GLboolean(GL_FALSE), meshStride,
                              UnsafeRawPointer(bitPattern: 2 * MemoryLayout<Float>.stride))

        glGenBuffers(1, &indexBuffer)
        glBindBuffer(GLc.elementArrayBuffer, indexBuffer)
        Self.indices.withUnsafeBytes {
            glBufferData(GLc.elementArrayBuffer, $0.count, $0.baseAddress, GLc.staticDraw)
        }

        glGenBuffers(1, &instanceBuffer)
        glBindBuffer(GLc.arrayBuffer, instanceBuffer)
        let stride = GLsizei(MemoryLayout<CardInstance>.stride)
        for (location, count, offset) in [(2, 2, \CardInstance.centerX), (3, 1, \.angle), (4, 4, \.r)] {
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
              parameters: EffectParameters, shadowTexture: GLuint) {
        guard !instances.isEmpty else { return }
        program.use()
        program.set("u_viewport", Float(viewport.width), Float(viewport.height))
        program.set("u_half", Float(parameters.cardSize.width / 2), Float(parameters.cardSize.height / 2))
        program.set("u_radius", Float(parameters.cardOutline.cornerRadius))
        program.set("u_eye", Float(parameters.eyeDistance))
        program.set("u_shadowReach", Float(parameters.shadowReach))
        program.set("u_pixel", Float(1 / pixelScale))
        program.set("u_shadowOpacity", Float(parameters.shadowOpacity))
        program.set("u_shadow", int: 0)
        glActiveTexture(GLc.texture0)
        glBindTexture(GLc.texture2D, shadowTexture)

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
