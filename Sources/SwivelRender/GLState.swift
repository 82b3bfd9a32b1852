import CGL

/// The OpenGL state Swivel's drawing changes, read with `glGet*` and put back, the way Dear ImGui's
/// OpenGL backend saves and restores what it touches around each frame. Exactly what
/// `Renderer.setFrameState` and the passes set, no more: the depth test is here because the frame
/// state switches it off; the depth function, depth writes and clear depth are not, as nothing
/// sets them (the window has no depth buffer).
///
/// Who restores what:
/// - `Renderer.render` reads this at the start of a frame, sets the frame state
///   (`Renderer.setFrameState` says what that is) and puts this back at the end, so a frame leaves
///   GL as it found it. `Renderer.init` does the same round the passes' creation.
/// - Inside a frame the passes rely on the frame state and leave its enables, blend, viewport and
///   framebuffer as they found them; program, vertex array, buffer and texture bindings are theirs
///   to set before they draw, and the frame's end puts them back.
/// - The shadow's rebuild (its own framebuffer and viewport, blending off) reads and restores
///   this round itself; texture uploads between frames (`CardTextures`, `OverlayImage`) restore
///   what they change with `TextureUploadState`; `Renderer.readPixels` restores its pack state.
struct GLState: Equatable {
    var program: GLint = 0
    var vertexArray: GLint = 0
    var arrayBuffer: GLint = 0
    var activeTexture: GLint = 0
    /// The 2D and 2D-array textures bound on units 0 and 1, the ones Swivel draws with.
    var textures: SIMD4<GLint> = .zero
    var drawFramebuffer: GLint = 0
    var readFramebuffer: GLint = 0
    var viewport: SIMD4<GLint> = .zero
    var blend = false, cullFace = false, depthTest = false, scissorTest = false, stencilTest = false
    /// Source and destination factors for colour, then alpha.
    var blendFunction: SIMD4<GLint> = .zero
    /// Equations for colour and alpha.
    var blendEquation: SIMD2<GLint> = .zero
    var colorMask: SIMD4<UInt8> = .zero
    var clearColor: SIMD4<Float> = .zero

    /// The current context's state.
    static func current() -> GLState {
        var state = GLState()
        func integer(_ name: GLenum) -> GLint {
            var value: GLint = 0
            glGetIntegerv(name, &value)
            return value
        }
        state.program = integer(GLc.currentProgram)
        state.vertexArray = integer(GLc.vertexArrayBinding)
        state.arrayBuffer = integer(GLc.arrayBufferBinding)
        state.activeTexture = integer(GLc.activeTexture)
        for unit in 0..<2 {
            glActiveTexture(GLc.texture0 + GLenum(unit))
            state.textures[2 * unit] = integer(GLc.textureBinding2D)
            state.textures[2 * unit + 1] = integer(GLc.textureBinding2DArray)
        }
        glActiveTexture(GLenum(state.activeTexture))
        state.drawFramebuffer = integer(GLc.drawFramebufferBinding)
        state.readFramebuffer = integer(GLc.readFramebufferBinding)
        withUnsafeMutableBytes(of: &state.viewport) { glGetIntegerv(GLc.viewport, $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
        state.blend = glIsEnabled(GLc.blend) != 0
        state.cullFace = glIsEnabled(GLc.cullFace) != 0
        state.depthTest = glIsEnabled(GLc.depthTest) != 0
        state.scissorTest = glIsEnabled(GLc.scissorTest) != 0
        state.stencilTest = glIsEnabled(GLc.stencilTest) != 0
        state.blendFunction = SIMD4(integer(GLc.blendSrcRGB), integer(GLc.blendDstRGB),
                                    integer(GLc.blendSrcAlpha), integer(GLc.blendDstAlpha))
        state.blendEquation = SIMD2(integer(GLc.blendEquationRGB), integer(GLc.blendEquationAlpha))
        withUnsafeMutableBytes(of: &state.colorMask) { glGetBooleanv(GLc.colorWritemask, $0.baseAddress!.assumingMemoryBound(to: GLboolean.self)) }
        withUnsafeMutableBytes(of: &state.clearColor) { glGetFloatv(GLc.colorClearValue, $0.baseAddress!.assumingMemoryBound(to: GLfloat.self)) }
        return state
    }

    /// Makes this the context's state.
    func restore() {
        glUseProgram(GLuint(program))
        glBindVertexArray(GLuint(vertexArray))
        glBindBuffer(GLc.arrayBuffer, GLuint(arrayBuffer))
        for unit in 0..<2 {
            glActiveTexture(GLc.texture0 + GLenum(unit))
            glBindTexture(GLc.texture2D, GLuint(textures[2 * unit]))
            glBindTexture(GLc.texture2DArray, GLuint(textures[2 * unit + 1]))
        }
        glActiveTexture(GLenum(activeTexture))
        glBindFramebuffer(GLc.drawFramebuffer, GLuint(drawFramebuffer))
        glBindFramebuffer(GLc.readFramebuffer, GLuint(readFramebuffer))
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        Self.set(GLc.blend, blend)
        Self.set(GLc.cullFace, cullFace)
        Self.set(GLc.depthTest, depthTest)
        Self.set(GLc.scissorTest, scissorTest)
        Self.set(GLc.stencilTest, stencilTest)
        glBlendFuncSeparate(GLenum(blendFunction[0]), GLenum(blendFunction[1]),
                            GLenum(blendFunction[2]), GLenum(blendFunction[3]))
        glBlendEquationSeparate(GLenum(blendEquation[0]), GLenum(blendEquation[1]))
        glColorMask(colorMask[0], colorMask[1], colorMask[2], colorMask[3])
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
    }

    private static func set(_ capability: GLenum, _ on: Bool) {
        if on { glEnable(capability) } else { glDisable(capability) }
    }

    /// Runs `body` and puts back whatever of this state it changed.
    static func preserving<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let saved = current()
        defer { saved.restore() }
        return try body()
    }
}

/// What a texture upload changes: the texture bound to its target on the active unit, and the
/// unpack alignment. Uploads between frames save it and put it back.
struct TextureUploadState {
    let target: GLenum
    var texture: GLint = 0
    var unpackAlignment: GLint = 0

    init(_ target: GLenum) {
        self.target = target
        glGetIntegerv(target == GLc.texture2DArray ? GLc.textureBinding2DArray : GLc.textureBinding2D, &texture)
        glGetIntegerv(GLc.unpackAlignment, &unpackAlignment)
    }

    func restore() {
        glBindTexture(target, GLuint(texture))
        glPixelStorei(GLc.unpackAlignment, unpackAlignment)
    }

    /// Runs `body`, which may bind a `target` texture and set the unpack alignment, and puts both back.
    static func preserving<Result, Failure: Error>(_ target: GLenum,
                                                   _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let saved = TextureUploadState(target)
        defer { saved.restore() }
        return try body()
    }
}
