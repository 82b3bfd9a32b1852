import CGL
import SwivelCore

/// The blurred silhouette of one card, shared by every card's shadow.
///
/// The rounded rectangle is drawn into an offscreen texture that reaches the shadow's extent (3σ)
/// beyond the card, then blurred by a separable Gaussian in two GPU passes (across, then down).
/// It is rebuilt only when what it depends on changes: card size, corner radius, σ, pixel scale.
final class ShadowTexture {
    struct Key: Equatable {
        var cardSize: Size
        var cornerRadius: Double
        var sigma: Double
        var reach: Double
        var pixelScale: Double
    }

    private(set) var texture: GLuint = 0
    private(set) var key: Key?
    /// How many times the blur has run: once per change of `Key`, never per frame.
    private(set) var buildCount = 0

    /// The silhouette and blur programs, from `init` until the texture is first drawn, and again
    /// only while a rebuild draws it: Mesa keeps heap for every linked program (these two and
    /// card.frag's, deleted too, held 0.5 MB of a 14.8 MB heap at rest), and the texture is
    /// rebuilt only when the card's size, corner radius, σ or the pixel scale changes (never per
    /// frame, nor on a resize), when compiling them again costs tens of milliseconds.
    private var programs: Programs?
    /// Whether the programs are built (for tests).
    var hasPrograms: Bool { programs != nil }
    private var vertexArray: GLuint = 0
    private var framebuffer: GLuint = 0

    private struct Programs {
        let silhouette: ShaderProgram
        let half, radius, reach, texel: Uniform
        let blur: ShaderProgram
        let sigma, direction: Uniform

        init() throws {
            silhouette = try ShaderProgram(vertex: .fullscreenVert, fragment: .silhouetteFrag)
            half = try silhouette.uniform("u_half")
            radius = try silhouette.uniform("u_radius")
            reach = try silhouette.uniform("u_reach")
            texel = try silhouette.uniform("u_texel")
            blur = try ShaderProgram(vertex: .fullscreenVert, fragment: .blurFrag)
            sigma = try blur.uniform("u_sigma")
            direction = try blur.uniform("u_direction")
            blur.bind(samplers: [(try blur.uniform("u_source"), 0)])
        }
    }

    /// Builds the programs (a shader that does not build fails here, before any frame).
    init() throws {
        programs = try Programs()
        glGenVertexArrays(1, &vertexArray)
        glGenFramebuffers(1, &framebuffer)
    }

    deinit {
        GLTextureCount.delete(&texture)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// The texture's size in texels, once built.
    private(set) var size = (width: 0, height: 0)

    /// Makes sure the texture matches `key`. Returns true if it rebuilt; a rebuild draws into its
    /// own framebuffer and puts back the GL state it changed (see `GLState`).
    /// `texelsPerPoint` overrides the resolution (tests compare with a full-resolution blur).
    @discardableResult
    func update(_ newKey: Key, texelsPerPoint override: Double? = nil) -> Bool {
        guard newKey != key || override != nil else { return false }
        GLState.preserving { rebuild(newKey, texelsPerPoint: override, with: builtPrograms()) }
        programs = nil
        return true
    }

    /// The programs, built again if a rebuild dropped them (they built once already, in `init`:
    /// failing now would be a driver out of memory).
    private func builtPrograms() -> Programs {
        if let programs { return programs }
        do { return try Programs() } catch { fatalError("\(error)") }
    }

    private func rebuild(_ newKey: Key, texelsPerPoint override: Double?, with programs: Programs) {
        key = newKey
        buildCount += 1

        let extent = Size(newKey.cardSize.width + 2 * newKey.reach, newKey.cardSize.height + 2 * newKey.reach)
        let texelsPerPoint = override ?? Self.texelsPerPoint(sigma: newKey.sigma, pixelScale: newKey.pixelScale)
        let width = max(1, Int((extent.width * texelsPerPoint).rounded(.up)))
        let height = max(1, Int((extent.height * texelsPerPoint).rounded(.up)))
        let texel = extent.width / Double(width)           // points per texel
        let sigmaTexels = max(newKey.sigma / texel, 0.3)     // below ~⅓ texel the blur is a no-op

        let source = Self.makeTexture(width, height)
        let across = Self.makeTexture(width, height)
        let result = Self.makeTexture(width, height)
        defer {
            var scratch = [source, across]
            GLTextureCount.delete(&scratch)
        }

        glBindFramebuffer(GLc.framebuffer, framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLc.blend)
        glBindVertexArray(vertexArray)

        attach(source)
        programs.silhouette.use()
        programs.half.set(Float(newKey.cardSize.width / 2), Float(newKey.cardSize.height / 2))
        programs.radius.set(Float(newKey.cornerRadius))
        programs.reach.set(Float(newKey.reach))
        programs.texel.set(Float(texel))
        glDrawArrays(GLc.triangles, 0, 3)

        programs.blur.use()
        programs.sigma.set(Float(sigmaTexels))
        glActiveTexture(GLc.texture0)
        for (input, output, step) in [(source, across, (Int32(1), Int32(0))), (across, result, (0, 1))] {
            attach(output)
            glBindTexture(GLc.texture2D, input)
            programs.direction.set(int: step.0, step.1)
            glDrawArrays(GLc.triangles, 0, 3)
        }

        GLTextureCount.delete(&texture)
        texture = result
        size = (width, height)
    }

    /// The texture's values, bottom row first (for tests; changes the pack alignment).
    func readBack() -> [Float] {
        var values = [Float](repeating: 0, count: size.width * size.height)
        GLState.preserving {
            glBindFramebuffer(GLc.framebuffer, framebuffer)
            attach(texture)
            glPixelStorei(GLc.packAlignment, 1)
            glReadPixels(0, 0, GLsizei(size.width), GLsizei(size.height), GLc.red, GLc.float, &values)
        }
        return values
    }

    /// The texture's resolution: one texel per pixel, but never finer than σ/5 points. Sampled
    /// every σ/5, a Gaussian's spectrum exp(−(2πfσ)²/2) is exp(−(5π)²/2) ≈ 5e−55 at the Nyquist
    /// frequency f = 5/(2σ), so nothing aliases, and bilinear interpolation between the texels is
    /// off by at most h²/8 times the blurred edge's curvature (≤ 0.24/σ²), under 2e−4 of the full
    /// shadow. At σ = 20 pt and scale 1 the blur then runs on 16 times fewer texels with 4 times
    /// fewer taps each than at full resolution.
    static func texelsPerPoint(sigma: Double, pixelScale: Double) -> Double {
        guard sigma > 0, sigma.isFinite else { return pixelScale }
        return min(pixelScale, 5 / sigma)
    }

    private func attach(_ target: GLuint) {
        glFramebufferTexture2D(GLc.framebuffer, GLc.colorAttachment0, GLc.texture2D, target, 0)
    }

    private static func makeTexture(_ width: Int, _ height: Int) -> GLuint {
        let id = GLTextureCount.generate(for: .shadow)
        glBindTexture(GLc.texture2D, id)
        glTexImage2D(GLc.texture2D, 0, GLc.r16f, GLsizei(width), GLsizei(height), 0, GLc.red, GLc.float, nil)
        glTexParameteri(GLc.texture2D, GLc.textureMinFilter, GLc.linear)
        glTexParameteri(GLc.texture2D, GLc.textureMagFilter, GLc.linear)
        glTexParameteri(GLc.texture2D, GLc.textureWrapS, GLc.clampToEdge)
        glTexParameteri(GLc.texture2D, GLc.textureWrapT, GLc.clampToEdge)
        return id
    }
}
