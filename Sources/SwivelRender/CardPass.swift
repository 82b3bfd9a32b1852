import CGL
import SwivelCore

/// Draws every card and its shadow in the seed's paint order — shadow 0, card 0, shadow 1, card 1,
/// … —, card by card, so later cards cover earlier ones with no depth buffer. llvmpipe shades every
/// fragment with every branch of its shader, so each kind of pixel gets a shader of its own:
///  - the shadow ring (an octagon reaching as far as the shadow is visible, with the card's middle
///    cut out): one texture sample (shadow.frag);
///  - for a card of one opaque colour, its middle (inset from the edge by twice the anti-aliasing
///    margin): the flat colour, not blended (interior.frag); then its anti-aliased edge band round
///    the middle: the distance function (edge.frag);
///  - for any other card (a photo, a translucent colour), its edge band and middle in one call:
///    the distance function and the photo (body.frag).
/// A marked card gets one more call right after it: its badge (`MarkBadge`, badge.vert/badge.frag),
/// in the card's plane, under the cards painted after it; its program is built when a card is
/// first marked, so frames without marks are drawn as they were. A RAW+JPEG pair's card gets its
/// tag the same way (`PairTag`, tag.vert/tag.frag: the pill and the text's coverage, bound on
/// unit 0 for the call and the shadow put back after), under the badge. A rated card gets one more
/// after the badge: its `RatingStrip` (rating.vert/rating.frag), built the same way when a card is
/// first rated.
/// Three draw calls for a colour card, two for the others; as many cards as `CarouselLayout` sends
/// (those that can show, plus one each side), whatever the deck's size. On llvmpipe a draw call
/// costs microseconds on one thread while every shaded pixel costs on all of them: drawing card by
/// card took 15 % off a frame's instructions against the three instanced calls ordered by a depth
/// buffer that this replaced (the depth test and writes on every pixel, measured with callgrind).
/// Until the split programs are built (`buildSplitPrograms`), one instanced call draws everything
/// with card.frag (the same pixels, checked on the baseline screenshots), with one program to
/// compile instead of three — what the first frame needs, since llvmpipe compiles each program's
/// code at its first draw; once they are built it is deleted (Mesa keeps heap for every linked
/// program; see `ShadowTexture`). body.frag's program is built only when a card first needs it.
final class CardPass {
    private enum Programs {
        /// card.frag's, for the frames drawn before the split programs are built.
        case oneCall(CardProgram)
        /// The shadow rings', the opaque middles' and the colour edge bands'.
        case split(shadow: CardProgram, middle: CardProgram, edge: CardProgram)
    }
    private var programs: Programs
    /// The other cards' program (body.frag), built the first time a frame has such a card: a colour
    /// deck never does, and llvmpipe compiles a program's code when it links it and keeps it.
    private var bodyProgram: CardProgram?
    /// The marked cards' badge program, built the first time a frame has a marked card.
    private var badgeProgram: BadgeProgram?
    /// The rated cards' strip program, built the first time a frame has a rated card.
    private var ratingProgram: RatingProgram?
    /// The pairs' tag program, built the first time a frame has a RAW+JPEG pair's card.
    private var tagProgram: TagProgram?
    var hasSplitPrograms: Bool {
        if case .split = programs { true } else { false }
    }
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
    /// Parts of `indices`: the shadow ring, the edge band, the middle, and the edge band with the
    /// middle (a card's body).
    private static let ring = 0..<48, band = 48..<96, middle = 96..<114, body = 48..<114

    /// Builds the split programs, or with `deferringSplit` only the one-call program.
    init(deferringSplit: Bool = false) throws {
        programs = deferringSplit ? .oneCall(try CardProgram(fragment: .cardFrag, drawsShadows: true, showsPhotos: true))
            : try Self.splitPrograms()
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
        for (location, _, _) in Self.instanceAttributes {
            glEnableVertexAttribArray(location)
            glVertexAttribDivisor(location, 1)
        }
        pointInstanceAttributes(at: 0)
        glBindVertexArray(0)
    }

    /// Compiles and links the shadow rings', opaque middles' and edge bands' programs (once), and
    /// deletes the one-call program.
    func buildSplitPrograms() throws {
        guard !hasSplitPrograms else { return }
        programs = try Self.splitPrograms()
    }

    private static func splitPrograms() throws -> Programs {
        .split(shadow: try CardProgram(fragment: .shadowFrag, drawsShadows: true, showsPhotos: false),
               middle: try CardProgram(fragment: .interiorFrag, drawsShadows: false, showsPhotos: false),
               edge: try CardProgram(fragment: .edgeFrag, drawsShadows: false, showsPhotos: false))
    }

    /// body.frag's program, built now if this is the first card that needs it (a shader that does
    /// not build is a broken build: the tests build every program).
    private func builtBody() -> CardProgram {
        if let bodyProgram { return bodyProgram }
        do {
            let program = try CardProgram(fragment: .bodyFrag, drawsShadows: false, showsPhotos: true)
            bodyProgram = program
            return program
        } catch {
            fatalError("\(error)")
        }
    }

    /// The badge's program, built now if this is the first marked card.
    private func builtBadge() -> BadgeProgram {
        if let badgeProgram { return badgeProgram }
        do {
            let program = try BadgeProgram()
            badgeProgram = program
            return program
        } catch {
            fatalError("\(error)")
        }
    }

    /// The tag's program, built now if this is the first tagged card.
    private func builtTag() -> TagProgram {
        if let tagProgram { return tagProgram }
        do {
            let program = try TagProgram()
            tagProgram = program
            return program
        } catch {
            fatalError("\(error)")
        }
    }

    /// Draws the tag of the card the instance attributes point at: one call (none without `text`).
    private func drawTag(_ frame: Frame, text: PairTagText?, shadowTexture: GLuint) -> Int {
        guard let text, text.image.width > 0 else { return 0 }
        let tag = builtTag()
        tag.set(frame, PairTag(cardSize: frame.parameters.cardSize, textSize: text.size))
        glBindTexture(GLc.texture2D, text.image.texture)
        glDrawArraysInstanced(GLc.triangleStrip, 0, 4, 1)
        glBindTexture(GLc.texture2D, shadowTexture)
        return 1
    }

    /// Draws flat badges of the seed's size centred at `centres` (window points): one call.
    func drawBadges(at centres: [Point], viewport: Size, pixelScale: Double, parameters: EffectParameters) -> Int {
        guard !centres.isEmpty else { return 0 }
        glBindVertexArray(vertexArray)
        defer { glBindVertexArray(0) }
        upload(centres.map { CardInstance(center: $0, degrees: 0, color: RGBA8(0, 0, 0, 0)) })
        pointInstanceAttributes(at: 0)
        let badge = builtBadge()
        badge.set(Frame(viewport: viewport, pixelScale: pixelScale, parameters: parameters),
                  badge: (Point(0, 0), MarkBadge.seedRadius))
        glDrawArraysInstanced(GLc.triangleStrip, 0, 4, GLsizei(centres.count))
        return 1
    }

    /// The rating strip's program, built now if this is the first rated card.
    private func builtRating() -> RatingProgram {
        if let ratingProgram { return ratingProgram }
        do {
            let program = try RatingProgram()
            ratingProgram = program
            return program
        } catch {
            fatalError("\(error)")
        }
    }

    /// Draws flat rating strips (`RatingStrip.init(fullView:…)`, centres in window points): one
    /// call each.
    func drawRatingStrips(_ strips: [RatingStrip], viewport: Size, pixelScale: Double, parameters: EffectParameters) -> Int {
        guard !strips.isEmpty else { return 0 }
        glBindVertexArray(vertexArray)
        defer { glBindVertexArray(0) }
        upload(strips.map { CardInstance(center: $0.center, degrees: 0, color: RGBA8(0, 0, 0, 0)) })
        let program = builtRating()
        for (index, strip) in strips.enumerated() {
            pointInstanceAttributes(at: index)
            program.set(Frame(viewport: viewport, pixelScale: pixelScale, parameters: parameters),
                        strip: strip, at: Point(0, 0))
            glDrawArraysInstanced(GLc.triangleStrip, 0, 4, 1)
        }
        pointInstanceAttributes(at: 0)
        return strips.count
    }

    /// Draws the pair's tag, the badge and the rating strip the card the instance attributes point
    /// at has, if any, in that order (the strip over the badge over the tag).
    private func drawMarks(_ card: CardInstance, _ frame: Frame, pairTag: PairTagText?, shadowTexture: GLuint) -> Int {
        var calls = 0
        if card.tagged > 0.5 { calls += drawTag(frame, text: pairTag, shadowTexture: shadowTexture) }
        if card.marked > 0.5 { calls += drawBadge(frame) }
        if card.isRated,
           let strip = RatingStrip(cardSize: frame.parameters.cardSize, value: Int(card.rating), label: Int(card.label)) {
            builtRating().set(frame, strip: strip, at: strip.center)
            glDrawArraysInstanced(GLc.triangleStrip, 0, 4, 1)
            calls += 1
        }
        return calls
    }

    /// Draws the badge of the card the instance attributes point at: one call.
    private func drawBadge(_ frame: Frame) -> Int {
        let badge = builtBadge()
        badge.set(frame)
        glDrawArraysInstanced(GLc.triangleStrip, 0, 4, 1)
        return 1
    }

    deinit {
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteBuffers(1, &indexBuffer)
        glDeleteBuffers(1, &meshBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// Draws `instances` in paint order: card by card once the split programs are built, else all
    /// in one call. Returns how many draw calls it made. Leaves blending on (premultiplied) and the
    /// instance attributes pointing at the first instance, as it found them.
    func draw(_ instances: [CardInstance], viewport: Size, pixelScale: Double,
              parameters: EffectParameters, shadowTexture: GLuint, images: CardTextures?, pairTag: PairTagText? = nil) -> Int {
        guard !instances.isEmpty else { return 0 }
        bind(shadowTexture: shadowTexture, images: images)
        upload(instances)
        let frame = Frame(viewport: viewport, pixelScale: pixelScale, parameters: parameters)
        defer { glBindVertexArray(0) }
        let (shadow, middle, edge): (CardProgram, CardProgram, CardProgram)
        switch programs {
        case .oneCall(let program):
            setUniforms(program, frame)
            guard instances.contains(where: { $0.marked > 0.5 || $0.isRated || $0.tagged > 0.5 }) else {
                draw(0..<Self.indices.count, instances: instances.count)
                return 1
            }
            // Card by card, each tag, badge and strip right after its card (the same pixels as the split path).
            var calls = 0
            for (index, card) in instances.enumerated() {
                pointInstanceAttributes(at: index)
                program.program.use()
                draw(0..<Self.indices.count)
                calls += 1
                calls += drawMarks(card, frame, pairTag: pairTag, shadowTexture: shadowTexture)
            }
            pointInstanceAttributes(at: 0)
            return calls
        case .split(let shadowProgram, let middleProgram, let edgeProgram):
            (shadow, middle, edge) = (shadowProgram, middleProgram, edgeProgram)
        }
        for splitProgram in [shadow, middle, edge] { setUniforms(splitProgram, frame) }
        var bodyUniformsSet = false
        var calls = 0
        for (index, card) in instances.enumerated() {
            pointInstanceAttributes(at: index)
            shadow.program.use()
            draw(Self.ring)
            if card.opaque > 0.5 {
                // Alpha 1 throughout: blending would give the same bytes at a higher cost.
                middle.program.use()
                glDisable(GLc.blend)
                draw(Self.middle)
                glEnable(GLc.blend)
                edge.program.use()
                draw(Self.band)
                calls += 3
            } else {
                let bodyProgram = builtBody()
                if !bodyUniformsSet { setUniforms(bodyProgram, frame); bodyUniformsSet = true }
                bodyProgram.program.use()
                draw(Self.body)
                calls += 2
            }
            calls += drawMarks(card, frame, pairTag: pairTag, shadowTexture: shadowTexture)
        }
        pointInstanceAttributes(at: 0)
        return calls
    }

    /// What every draw call of one frame shares.
    fileprivate struct Frame {
        let viewport: Size
        let pixelScale: Double
        let parameters: EffectParameters
    }

    /// The triangles `part` of `indices`, for `instances` instances from the one the instance
    /// attributes point at.
    private func draw(_ part: Range<Int>, instances: Int = 1) {
        glDrawElementsInstanced(GLc.triangles, GLsizei(part.count), GLc.unsignedShort,
                                UnsafeRawPointer(bitPattern: part.lowerBound * MemoryLayout<UInt16>.stride),
                                GLsizei(instances))
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

    /// Points the per-instance attributes at instance `index` of the instance buffer (bound), so
    /// that a draw of one instance draws that card: OpenGL 3.3 has no base instance.
    private func pointInstanceAttributes(at index: Int) {
        let stride = MemoryLayout<CardInstance>.stride
        for (location, count, offset) in Self.instanceAttributes {
            let byteOffset = offset + index * stride
            glVertexAttribPointer(location, count, GLc.float, GLboolean(GL_FALSE), GLsizei(stride),
                                  UnsafeRawPointer(bitPattern: byteOffset))
        }
    }

    /// The per-instance attributes: location, components, and the byte offset of the field they
    /// start at.
    private static let instanceAttributes: [(GLuint, GLint, Int)] =
        [(2, 2, MemoryLayout<CardInstance>.offset(of: \.centerX)!), (3, 1, MemoryLayout<CardInstance>.offset(of: \.angle)!),
         (4, 4, MemoryLayout<CardInstance>.offset(of: \.r)!), (6, 2, MemoryLayout<CardInstance>.offset(of: \.layer)!),
         (7, 2, MemoryLayout<CardInstance>.offset(of: \.scale)!), (8, 4, MemoryLayout<CardInstance>.offset(of: \.turnA)!)]

    private func setUniforms(_ program: CardProgram, _ frame: Frame) {
        let (viewport, parameters) = (frame.viewport, frame.parameters)
        program.program.use()
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
    let viewport, half, radius, eye, ringReach, pixel: Uniform
    let shadow: (textureReach: Uniform, opacity: Uniform)?

    init(fragment: ShaderSource, drawsShadows: Bool, showsPhotos: Bool) throws {
        program = try ShaderProgram(vertex: .cardVert, fragment: fragment)
        viewport = try program.uniform("u_viewport")
        half = try program.uniform("u_half")
        radius = try program.uniform("u_radius")
        eye = try program.uniform("u_eye")
        ringReach = try program.uniform("u_ringReach")
        pixel = try program.uniform("u_pixel")
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

/// badge.vert with badge.frag, and their uniforms, looked up once.
private struct BadgeProgram {
    let program: ShaderProgram
    let viewport, eye, pixel, center, radius, fill, mark: Uniform

    init() throws {
        program = try ShaderProgram(vertex: .badgeVert, fragment: .badgeFrag)
        viewport = try program.uniform("u_viewport")
        eye = try program.uniform("u_eye")
        pixel = try program.uniform("u_pixel")
        center = try program.uniform("u_badgeCenter")
        radius = try program.uniform("u_badgeRadius")
        fill = try program.uniform("u_fill")
        mark = try program.uniform("u_mark")
    }

    /// Uses the program with the frame's uniforms.
    /// `badge`: the disc's centre (card-local) and radius, the card's `MarkBadge` when not given.
    func set(_ frame: CardPass.Frame, badge given: (center: Point, radius: Double)? = nil) {
        program.use()
        let card = MarkBadge(cardSize: frame.parameters.cardSize)
        let badge = given ?? (card.center, card.radius)
        viewport.set(Float(frame.viewport.width), Float(frame.viewport.height))
        eye.set(Float(frame.parameters.eyeDistance))
        pixel.set(Float(1 / frame.pixelScale))
        center.set(Float(badge.center.x), Float(badge.center.y))
        radius.set(Float(badge.radius))
        let fillColor = MarkBadge.fill.premultiplied, markColor = MarkBadge.mark.premultiplied
        fill.set(fillColor.r, fillColor.g, fillColor.b, fillColor.a)
        mark.set(markColor.r, markColor.g, markColor.b, markColor.a)
    }
}

/// rating.vert with rating.frag, and their uniforms, looked up once.
private struct RatingProgram {
    let program: ShaderProgram
    let viewport, eye, pixel, center, half, pitch, items, hasLabel, rejected, pill, label, star, reject: Uniform

    init() throws {
        program = try ShaderProgram(vertex: .ratingVert, fragment: .ratingFrag)
        viewport = try program.uniform("u_viewport")
        eye = try program.uniform("u_eye")
        pixel = try program.uniform("u_pixel")
        center = try program.uniform("u_stripCenter")
        half = try program.uniform("u_stripHalf")
        pitch = try program.uniform("u_pitch")
        items = try program.uniform("u_items")
        hasLabel = try program.uniform("u_hasLabel")
        rejected = try program.uniform("u_rejected")
        pill = try program.uniform("u_pill")
        label = try program.uniform("u_label")
        star = try program.uniform("u_star")
        reject = try program.uniform("u_reject")
    }

    /// Uses the program for `strip`, its pill centred at `center` (card-local points; the origin
    /// for a flat strip whose instance sits at its centre).
    func set(_ frame: CardPass.Frame, strip: RatingStrip, at center: Point) {
        program.use()
        viewport.set(Float(frame.viewport.width), Float(frame.viewport.height))
        eye.set(Float(frame.parameters.eyeDistance))
        pixel.set(Float(1 / frame.pixelScale))
        self.center.set(Float(center.x), Float(center.y))
        half.set(Float(strip.halfSize.width), Float(strip.halfSize.height))
        pitch.set(Float(strip.pitch))
        items.set(Float(strip.items))
        hasLabel.set(strip.hasLabel ? 1 : 0)
        rejected.set(strip.rejected ? 1 : 0)
        func set(_ uniform: Uniform, _ color: RGBA8) {
            let c = color.premultiplied
            uniform.set(c.r, c.g, c.b, c.a)
        }
        set(pill, RatingStrip.pill)
        set(label, RatingStrip.labelColor(code: strip.label) ?? RatingStrip.pill)
        set(star, RatingStrip.star)
        set(reject, RatingStrip.reject)
    }
}

/// tag.vert with tag.frag, and their uniforms, looked up once; the text's coverage on unit 0.
private struct TagProgram {
    let program: ShaderProgram
    let viewport, eye, pixel, pill, text, fill, ink: Uniform

    init() throws {
        program = try ShaderProgram(vertex: .tagVert, fragment: .tagFrag)
        viewport = try program.uniform("u_viewport")
        eye = try program.uniform("u_eye")
        pixel = try program.uniform("u_pixel")
        pill = try program.uniform("u_pill")
        text = try program.uniform("u_text")
        fill = try program.uniform("u_fill")
        ink = try program.uniform("u_ink")
        program.bind(samplers: [(try program.uniform("u_coverage"), 0)])
    }

    /// Uses the program with the frame's uniforms and `tag`'s rectangles.
    func set(_ frame: CardPass.Frame, _ tag: PairTag) {
        program.use()
        viewport.set(Float(frame.viewport.width), Float(frame.viewport.height))
        eye.set(Float(frame.parameters.eyeDistance))
        pixel.set(Float(1 / frame.pixelScale))
        pill.set(Float(tag.pill.x), Float(tag.pill.y), Float(tag.pill.width), Float(tag.pill.height))
        text.set(Float(tag.text.x), Float(tag.text.y), Float(tag.text.width), Float(tag.text.height))
        let fillColor = PairTag.fill.premultiplied, inkColor = PairTag.ink.premultiplied
        fill.set(fillColor.r, fillColor.g, fillColor.b, fillColor.a)
        ink.set(inkColor.r, inkColor.g, inkColor.b, inkColor.a)
    }
}
