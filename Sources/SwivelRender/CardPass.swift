import CGL
import SwivelCore

/// Draws every card and its shadow with a few instanced calls, as many whatever the deck's size.
/// llvmpipe shades every fragment with every branch of its shader, so each kind of pixel gets a
/// shader of its own:
///  1. the opaque middle of every opaque card (inset from its edge by twice the anti-aliasing
///     margin): its flat colour — only opaque colour cards have one —, no blending, writing depth (interior.frag);
///  2. every card's shadow ring (an octagon reaching as far as the shadow is visible, with the
///     middle cut out): one texture sample (shadow.frag);
///  3. every card's anti-aliased edge band round its middle: the distance function (edge.frag).
/// Each card's shadow and card have their own depth (later cards nearer, see card.vert), so a
/// later card's middle hides what is under it from calls 2 and 3, which are then not shaded, and
/// the frame is the one painted in the seed's order — shadow 0, card 0, shadow 1, … . When some
/// card is not opaque (a photo, a translucent colour), calls 2 and 3 become one call that draws
/// shadows, edges and the remaining middles card by card in paint order (card.frag); without a
/// depth buffer that one call draws everything. Until the three split programs are built
/// (`buildSplitPrograms`), every frame takes that one call too: the same bytes (checked on the
/// baseline screenshots), with one program to compile instead of four — what the first frame
/// needs, since llvmpipe compiles each program's code at its first draw.
final class CardPass {
    private let program: CardProgram
    /// The opaque middles', the shadow rings' and the edge bands' programs, once built.
    private var split: (middle: CardProgram, shadow: CardProgram, edge: CardProgram)?
    var hasSplitPrograms: Bool { split != nil }
    private var vertexArray: GLuint = 0
    private var meshBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var instanceCapacity = 0

    /// Per vertex: corner (±1, ±1), layer, edge. Five octagons of 8 vertices each, clockwise from
    /// the left edge next to the top-left corner: the shadow's outer edge (layer 0), the middle's
    /// outline as the ring's hole (1), the card's outline (2; its cuts are zero), the middle's
    /// outline as the edge band's inner edge (3), and as the middle itself (4).
    private static let mesh: [Float] = {
        let octagon: [(Float, Float, Float)] = [(-1, -1, 1), (-1, -1, 0), (1, -1, 0), (1, -1, 1),
                                               (1, 1, 1), (1, 1, 0), (-1, 1, 0), (-1, 1, 1)]
        return (0..<5).flatMap { layer -> [Float] in
            octagon.flatMap { vertex -> [Float] in [vertex.0, vertex.1, Float(layer), vertex.2] }
        }
    }()
    /// The band between two octagons as eight trapezoids.
    private static func band(outer: UInt16, inner: UInt16) -> [UInt16] {
        (0..<8).flatMap { side -> [UInt16] in
            let o0 = UInt16(side), o1 = UInt16((side + 1) % 8)
            return [outer + o0, outer + o1, inner + o1, outer + o0, inner + o1, inner + o0]
        }
    }
    /// The shadow ring, the card's edge band, then the middle as a fan of six triangles.
    private static let indices: [UInt16] = band(outer: 0, inner: 8) + band(outer: 16, inner: 24)
        + (1...6).flatMap { k -> [UInt16] in [32, 32 + UInt16(k), 33 + UInt16(k)] }
    /// Where the edge band's and the middle's triangles start in `indices`, and how many they take.
    private static let ringCount = 48, bandStart = 48, bandCount = 48, middleStart = 96, middleCount = 18

    /// Builds the one-call program, and the split ones unless `deferringSplit`.
    init(deferringSplit: Bool = false) throws {
        program = try CardProgram(fragment: .cardFrag, drawsShadows: true, showsPhotos: true)
        if !deferringSplit { try buildSplitPrograms() }
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
                                          (6, 2, \.layer), (7, 1, \.opaque)] {
            let byteOffset = MemoryLayout<CardInstance>.offset(of: offset)!
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribPointer(GLuint(location), GLint(count), GLc.float, GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: byteOffset))
            glVertexAttribDivisor(GLuint(location), 1)
        }
        glBindVertexArray(0)
    }

    /// Compiles and links the opaque middles', shadow rings' and edge bands' programs (once).
    func buildSplitPrograms() throws {
        guard split == nil else { return }
        split = (try CardProgram(fragment: .interiorFrag, drawsShadows: false, showsPhotos: false),
                 try CardProgram(fragment: .shadowFrag, drawsShadows: true, showsPhotos: false),
                 try CardProgram(fragment: .edgeFrag, drawsShadows: false, showsPhotos: false))
    }

    deinit {
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteBuffers(1, &indexBuffer)
        glDeleteBuffers(1, &meshBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// Draws `instances` in paint order: up to three draw calls when the framebuffer has a depth
    /// buffer (`depthOrdered`), else one. Returns how many draw calls it made. Leaves blending on
    /// (premultiplied) and the depth test off, as it found them.
    func draw(_ instances: [CardInstance], viewport: Size, pixelScale: Double,
              parameters: EffectParameters, shadowTexture: GLuint, images: CardTextures?,
              depthOrdered: Bool, depthStart: Double = 1, depthStep: Double = 1.0 / 1024) -> Int {
        guard !instances.isEmpty else { return 0 }
        depth = (depthStart, depthStep)
        bind(shadowTexture: shadowTexture, images: images)
        upload(instances)
        let frame = Frame(count: GLsizei(instances.count), viewport: viewport, pixelScale: pixelScale,
                          parameters: parameters)
        let anyOpaqueMiddle = depthOrdered && split != nil && instances.contains { $0.opaque > 0.5 }
        var calls = 0
        if anyOpaqueMiddle, let split {
            drawOpaqueMiddles(frame, split.middle)
            calls += 1
        }
        if anyOpaqueMiddle, let split, instances.allSatisfy({ $0.opaque > 0.5 }) {
            calls += drawRingsThenBands(frame, shadow: split.shadow, edge: split.edge)
        } else {
            // 2. Shadows, edges and the middles not drawn in 1, card by card in paint order, with
            // one shader for all (photo decks, translucent colours, no depth buffer).
            setUniforms(program, pass: 1, middlesFirst: anyOpaqueMiddle, frame)
            glDrawElementsInstanced(GLc.triangles, GLsizei(Self.indices.count), GLc.unsignedShort, nil, frame.count)
            calls += 1
        }
        if anyOpaqueMiddle {
            glDepthMask(GLboolean(GL_TRUE))
            glDisable(GLc.depthTest)
        }
        glBindVertexArray(0)
        return calls
    }

    /// What every draw call of one frame shares.
    private struct Frame {
        let count: GLsizei
        let viewport: Size
        let pixelScale: Double
        let parameters: EffectParameters
    }

    /// The shadow on unit 0, the photo array (or none) on unit 1, and the card mesh's vertex array.
    private func bind(shadowTexture: GLuint, images: CardTextures?) {
        glActiveTexture(GLc.texture0)
        glBindTexture(GLc.texture2D, shadowTexture)
        glActiveTexture(GLc.texture1)
        glBindTexture(GLc.texture2DArray, images?.texture ?? 0)
        glActiveTexture(GLc.texture0)
        glBindVertexArray(vertexArray)
    }

    /// Copies the instances into the instance buffer, growing it (at least doubling) when they do
    /// not fit.
    private func upload(_ instances: [CardInstance]) {
        glBindBuffer(GLc.arrayBuffer, instanceBuffer)
        instances.withUnsafeBytes { bytes in
            if instances.count > instanceCapacity {
                instanceCapacity = max(instances.count, 2 * instanceCapacity)
                glBufferData(GLc.arrayBuffer, instanceCapacity * MemoryLayout<CardInstance>.stride,
                             nil, GLc.streamDraw)
            }
            glBufferSubData(GLc.arrayBuffer, 0, bytes.count, bytes.baseAddress)
        }
    }

    /// 1. Opaque middles: written, not blended (their alpha is 1, so blending would give the same
    /// bytes at a higher cost), nearest (latest) card wins. Leaves the depth test on with writes
    /// off, and blending on.
    private func drawOpaqueMiddles(_ frame: Frame, _ middleProgram: CardProgram) {
        glEnable(GLc.depthTest)
        glDepthFunc(GLc.less)
        glDepthMask(GLboolean(GL_TRUE))
        glDisable(GLc.blend)
        setUniforms(middleProgram, pass: 0, middlesFirst: true, frame)
        glDrawElementsInstanced(GLc.triangles, GLsizei(Self.middleCount), GLc.unsignedShort,
                                UnsafeRawPointer(bitPattern: Self.middleStart * MemoryLayout<UInt16>.stride),
                                frame.count)
        glEnable(GLc.blend)
        glDepthMask(GLboolean(GL_FALSE))
    }

    /// 2. Every shadow ring, in order, with a shader that only samples the shadow; then 3. every
    /// card's edge band, in order, with one that only has the distance function. (A later card's
    /// shadow is thus drawn under, not over, an earlier card's edge band where the two meet — the
    /// two are never both visible in the seed's layout, where frames come out the same as with
    /// calls 2 and 3 merged in paint order.) Returns the draw calls made: 2.
    private func drawRingsThenBands(_ frame: Frame, shadow shadowProgram: CardProgram, edge edgeProgram: CardProgram) -> Int {
        setUniforms(shadowProgram, pass: 1, middlesFirst: true, frame)
        glDrawElementsInstanced(GLc.triangles, GLsizei(Self.ringCount), GLc.unsignedShort, nil, frame.count)
        setUniforms(edgeProgram, pass: 1, middlesFirst: true, frame)
        glDrawElementsInstanced(GLc.triangles, GLsizei(Self.bandCount), GLc.unsignedShort,
                                UnsafeRawPointer(bitPattern: Self.bandStart * MemoryLayout<UInt16>.stride),
                                frame.count)
        return 2
    }

    private var depth = (start: 1.0, step: 1.0 / 1024)

    private func setUniforms(_ program: CardProgram, pass: Int32, middlesFirst: Bool, _ frame: Frame) {
        let (viewport, parameters) = (frame.viewport, frame.parameters)
        program.program.use()
        program.depth.set(Float(depth.start), Float(depth.step))
        program.pass.set(int: middlesFirst ? pass : 1)
        program.middlesFirst.set(int: middlesFirst ? 1 : 0)
        program.viewport.set(Float(viewport.width), Float(viewport.height))
        program.half.set(Float(parameters.cardSize.width / 2), Float(parameters.cardSize.height / 2))
        program.radius.set(Float(parameters.cardOutline.cornerRadius))
        program.eye.set(Float(parameters.eyeDistance))
        program.ringReach.set(Float(parameters.shadowVisibleReach))
        program.pixel.set(Float(1 / frame.pixelScale))
        if let shadow = program.shadow {
            shadow.textureReach.set(Float(parameters.shadowReach))
            shadow.opacity.set(Float(parameters.shadowOpacity))
        }
    }
}

/// card.vert with one of the card fragment shaders, and the uniforms the pair uses, looked up once.
/// Which ones that is depends on the fragment shader: only those that draw shadows read the shadow
/// texture coordinates (so only they have `u_textureReach`) and the shadow's opacity. The samplers
/// are pointed at their units here, once: the shadow texture on unit 0, the photos on unit 1.
private struct CardProgram {
    let program: ShaderProgram
    let viewport, half, radius, eye, ringReach, pixel, pass, middlesFirst, depth: Uniform
    let shadow: (textureReach: Uniform, opacity: Uniform)?

    init(fragment: ShaderSource, drawsShadows: Bool, showsPhotos: Bool) throws {
        program = try ShaderProgram(vertex: .cardVert, fragment: fragment)
        viewport = try program.uniform("u_viewport")
        half = try program.uniform("u_half")
        radius = try program.uniform("u_radius")
        eye = try program.uniform("u_eye")
        ringReach = try program.uniform("u_ringReach")
        pixel = try program.uniform("u_pixel")
        pass = try program.uniform("u_pass")
        middlesFirst = try program.uniform("u_middlesFirst")
        depth = try program.uniform("u_depth")
        var samplers: [(uniform: Uniform, unit: Int32)] = []
        if drawsShadows {
            shadow = (try program.uniform("u_textureReach"), try program.uniform("u_shadowOpacity"))
            samplers.append((try program.uniform("u_shadow"), 0))
        } else {
            shadow = nil
        }
        if showsPhotos { samplers.append((try program.uniform("u_images"), 1)) }
        program.bind(samplers: samplers)
    }
}
