import CGL

/// Reads and sets the GL state with CGL alone (not through SwivelRender's `GLState` or its GL
/// wrappers), for `GLStateTests`.
enum GLStateProbe {
    /// The state, read by the test itself with glGet* (not through `GLState`), by name: everything
    /// the frame state and the passes set, which `GLState` puts back; the read buffer and the pack
    /// and unpack alignments, which pixel reads and texture uploads put back themselves; and state
    /// nothing in Swivel sets, which `GLState` leaves alone (the depth function, depth writes, clear
    /// depth and scissor box): should a frame start setting one, it shows here as a difference.
    static func observe() -> [String: [Double]] {
        var state: [String: [Double]] = [:]
        func integers(_ name: String, _ pname: Int32, count: Int = 1) {
            var values = [GLint](repeating: 0, count: 4)
            glGetIntegerv(GLenum(pname), &values)
            state[name] = values.prefix(count).map(Double.init)
        }
        func floats(_ name: String, _ pname: Int32, count: Int = 1) {
            var values = [GLfloat](repeating: 0, count: 4)
            glGetFloatv(GLenum(pname), &values)
            state[name] = values.prefix(count).map(Double.init)
        }
        func booleans(_ name: String, _ pname: Int32, count: Int = 1) {
            var values = [GLboolean](repeating: 0, count: 4)
            glGetBooleanv(GLenum(pname), &values)
            state[name] = values.prefix(count).map(Double.init)
        }
        integers("program", GL_CURRENT_PROGRAM)
        integers("vertex array", GL_VERTEX_ARRAY_BINDING)
        integers("array buffer", GL_ARRAY_BUFFER_BINDING)
        integers("active texture", GL_ACTIVE_TEXTURE)
        var active: GLint = 0
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        for unit in 0..<4 {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            integers("unit \(unit) 2D", GL_TEXTURE_BINDING_2D)
            integers("unit \(unit) 2D array", GL_TEXTURE_BINDING_2D_ARRAY)
        }
        glActiveTexture(GLenum(active))
        integers("draw framebuffer", GL_DRAW_FRAMEBUFFER_BINDING)
        integers("read framebuffer", GL_READ_FRAMEBUFFER_BINDING)
        integers("read buffer", GL_READ_BUFFER)
        integers("viewport", GL_VIEWPORT, count: 4)
        integers("scissor box", GL_SCISSOR_BOX, count: 4)
        for (name, capability) in [("blend", GL_BLEND), ("cull face", GL_CULL_FACE), ("depth test", GL_DEPTH_TEST),
                                   ("scissor test", GL_SCISSOR_TEST), ("stencil test", GL_STENCIL_TEST)] {
            state[name] = [Double(glIsEnabled(GLenum(capability)))]
        }
        integers("blend src rgb", GL_BLEND_SRC_RGB)
        integers("blend dst rgb", GL_BLEND_DST_RGB)
        integers("blend src alpha", GL_BLEND_SRC_ALPHA)
        integers("blend dst alpha", GL_BLEND_DST_ALPHA)
        integers("blend equation rgb", GL_BLEND_EQUATION_RGB)
        integers("blend equation alpha", GL_BLEND_EQUATION_ALPHA)
        integers("depth func", GL_DEPTH_FUNC)
        booleans("depth mask", GL_DEPTH_WRITEMASK)
        booleans("colour mask", GL_COLOR_WRITEMASK, count: 4)
        floats("clear colour", GL_COLOR_CLEAR_VALUE, count: 4)
        floats("clear depth", GL_DEPTH_CLEAR_VALUE)
        integers("unpack alignment", GL_UNPACK_ALIGNMENT)
        integers("pack alignment", GL_PACK_ALIGNMENT)
        return state
    }

    /// Names of the entries that differ.
    static func differences(_ a: [String: [Double]], _ b: [String: [Double]]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted().map { "\($0): \(a[$0] ?? []) → \(b[$0] ?? [])" }
    }

    /// GL objects bound by `unusualState` (kept alive while it is in force).
    final class Objects {
        var program: GLuint = 0
        var names = [GLuint](repeating: 0, count: 8)
        var framebuffers = [GLuint](repeating: 0, count: 2)
        var vertexArray: GLuint = 0
        var buffer: GLuint = 0

        /// A program of its own (a point in red), linked with CGL alone.
        init() {
            program = glCreateProgram()
            for (stage, text) in [(GL_VERTEX_SHADER, "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }"),
                                  (GL_FRAGMENT_SHADER, "#version 330 core\nout vec4 c; void main() { c = vec4(1.0); }")] {
                let shader = glCreateShader(GLenum(stage))
                text.withCString { pointer in
                    var source: UnsafePointer<GLchar>? = pointer
                    glShaderSource(shader, 1, &source, nil)
                }
                glCompileShader(shader)
                glAttachShader(program, shader)
                glDeleteShader(shader)
            }
            glLinkProgram(program)
        }
    }

    /// Sets every state `observe` reads to something other than GL's default and Swivel's own.
    static func unusualState() -> Objects {
        let objects = Objects()
        var linked: GLint = 0
        glGetProgramiv(objects.program, GLenum(GL_LINK_STATUS), &linked)
        precondition(linked != 0)
        glUseProgram(objects.program)
        glGenVertexArrays(1, &objects.vertexArray)
        glBindVertexArray(objects.vertexArray)
        glGenBuffers(1, &objects.buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), objects.buffer)
        glGenTextures(GLsizei(objects.names.count), &objects.names)
        for unit in 0..<4 {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            glBindTexture(GLenum(GL_TEXTURE_2D), objects.names[2 * unit])
            glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), objects.names[2 * unit + 1])
        }
        glActiveTexture(GLenum(GL_TEXTURE3))
        glGenFramebuffers(2, &objects.framebuffers)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), objects.framebuffers[0])
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), objects.framebuffers[1])
        glViewport(3, 5, 77, 66)
        glScissor(1, 2, 3, 4)
        for capability in [GL_BLEND, GL_CULL_FACE, GL_DEPTH_TEST, GL_SCISSOR_TEST, GL_STENCIL_TEST] {
            glEnable(GLenum(capability))
        }
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ZERO), GLenum(GL_DST_ALPHA))
        glBlendEquationSeparate(GLenum(GL_FUNC_REVERSE_SUBTRACT), GLenum(GL_MAX))
        glDepthFunc(GLenum(GL_GREATER))
        glDepthMask(GLboolean(GL_FALSE))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_FALSE))
        glClearColor(0.25, 0.5, 0.75, 1)
        glClearDepth(0.5)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 2)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8)
        return objects
    }

    /// GL's defaults for what `unusualState` changes (framebuffer 0, nothing bound).
    static func defaultState() {
        glUseProgram(0)
        glBindVertexArray(0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        for unit in 0..<4 {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), 0)
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        for capability in [GL_BLEND, GL_CULL_FACE, GL_DEPTH_TEST, GL_SCISSOR_TEST, GL_STENCIL_TEST] {
            glDisable(GLenum(capability))
        }
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ZERO))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glDepthFunc(GLenum(GL_LESS))
        glDepthMask(GLboolean(GL_TRUE))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glClearColor(0, 0, 0, 0)
        glClearDepth(1)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
    }

    static let texture3 = Double(GL_TEXTURE3)

    /// Paints the whole window magenta (what a frame drawn in the wrong state would leave showing).
    static func paintWindow() {
        defaultState()
        glClearColor(1, 0, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glClearColor(0, 0, 0, 0)
    }
}
