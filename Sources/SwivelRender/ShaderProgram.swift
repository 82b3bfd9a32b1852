import CGL

/// A shader that did not compile or a program that did not link, with the driver's info log.
public struct ShaderError: Error, CustomStringConvertible {
    public let fileName: String
    public let stage: String
    public let log: String
    public var description: String {
        if stage == Self.uniformStage { return "shader program \(fileName): \(log)" }
        let trimmed = log.split(whereSeparator: \.isNewline).joined(separator: " | ")
        return "shader \(stage) failed in \(fileName): \(trimmed.isEmpty ? "(no info log)" : trimmed)"
    }

    /// The `stage` of a uniform the program does not have.
    static let uniformStage = "uniform"
}

/// A linked vertex + fragment program. Its users look their uniforms up once, when they make it
/// (`uniform(_:)`): a name the program does not have is an error then, not a silent write to −1
/// every frame.
final class ShaderProgram {
    let id: GLuint
    /// The two files, "card.vert + edge.frag", for messages.
    let name: String

    init(vertex: ShaderSource, fragment: ShaderSource) throws {
        let vs = try Self.compile(vertex, stage: GLc.vertexShader)
        defer { glDeleteShader(vs) }
        let fs = try Self.compile(fragment, stage: GLc.fragmentShader)
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glLinkProgram(program)
        // The linked program keeps what it needs. Deleting a shader that is still attached only
        // marks it: Mesa keeps its compiled IR until it is detached.
        glDetachShader(program, vs)
        glDetachShader(program, fs)
        var status: GLint = 0
        glGetProgramiv(program, GLc.linkStatus, &status)
        if status == 0 {
            let log = Self.infoLog(program, glGetProgramiv, glGetProgramInfoLog)
            glDeleteProgram(program)
            throw ShaderError(fileName: "\(vertex.fileName) + \(fragment.fileName)", stage: "link", log: log)
        }
        id = program
        name = "\(vertex.fileName) + \(fragment.fileName)"
    }

    deinit { glDeleteProgram(id) }

    func use() { glUseProgram(id) }

    /// The uniform called `name`. Throws when the linked program has no such active uniform: the
    /// name is misspelt, or the shaders never use it and the linker removed it.
    func uniform(_ name: String) throws(ShaderError) -> Uniform {
        let location = glGetUniformLocation(id, name)
        guard location >= 0 else {
            throw ShaderError(fileName: self.name, stage: ShaderError.uniformStage,
                              log: "no active uniform \(name) (misspelt, or unused by the shaders and removed when linking)")
        }
        return Uniform(location: location)
    }

    /// Points each sampler uniform at its texture unit, once (they never change); puts back the
    /// program that was in use.
    func bind(samplers: [(uniform: Uniform, unit: Int32)]) {
        var previous: GLint = 0
        glGetIntegerv(GLc.currentProgram, &previous)
        use()
        for sampler in samplers { sampler.uniform.set(int: sampler.unit) }
        glUseProgram(GLuint(previous))
    }

    /// Compiles one stage; on failure the error carries the file name and GL's info log.
    static func compile(_ source: ShaderSource, stage: GLenum) throws -> GLuint {
        let shader = glCreateShader(stage)
        source.text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var status: GLint = 0
        glGetShaderiv(shader, GLc.compileStatus, &status)
        if status == 0 {
            let log = infoLog(shader, glGetShaderiv, glGetShaderInfoLog)
            glDeleteShader(shader)
            throw ShaderError(fileName: source.fileName, stage: "compile", log: log)
        }
        return shader
    }

    private static func infoLog(
        _ object: GLuint,
        _ getParameter: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        _ getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var length: GLint = 0
        getParameter(object, GLc.infoLogLength, &length)
        guard length > 1 else { return "" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        getLog(object, length, nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A uniform's location in its program, looked up once. Set it while its program is in use.
struct Uniform {
    let location: GLint

    func set(_ x: Float) { glUniform1f(location, x) }
    func set(_ x: Float, _ y: Float) { glUniform2f(location, x, y) }
    func set(_ x: Float, _ y: Float, _ z: Float, _ w: Float) { glUniform4f(location, x, y, z, w) }
    func set(int x: Int32) { glUniform1i(location, x) }
    func set(int x: Int32, _ y: Int32) { glUniform2i(location, x, y) }
}
