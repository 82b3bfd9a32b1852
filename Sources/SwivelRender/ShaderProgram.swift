import CGL

/// A shader that did not compile or a program that did not link, with the driver's info log.
public struct ShaderError: Error, CustomStringConvertible {
    public let fileName: String
    public let stage: String
    public let log: String
    public var description: String {
        let trimmed = log.split(whereSeparator: \.isNewline).joined(separator: " | ")
        return "shader \(stage) failed in \(fileName): \(trimmed.isEmpty ? "(no info log)" : trimmed)"
    }
}

/// A linked vertex + fragment program and its uniform locations.
final class ShaderProgram {
    let id: GLuint
    private var locations: [String: GLint] = [:]

    init(vertex: ShaderSource, fragment: ShaderSource) throws {
        let vs = try Self.compile(vertex, stage: GLc.vertexShader)
        defer { glDeleteShader(vs) }
        let fs = try Self.compile(fragment, stage: GLc.fragmentShader)
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glLinkProgram(program)
        var status: GLint = 0
        glGetProgramiv(program, GLc.linkStatus, &status)
        if status == 0 {
            let log = Self.infoLog(program, glGetProgramiv, glGetProgramInfoLog)
            glDeleteProgram(program)
            throw ShaderError(fileName: "\(vertex.fileName) + \(fragment.fileName)", stage: "link", log: log)
        }
        id = program
    }

    deinit { glDeleteProgram(id) }

    func use() { glUseProgram(id) }

    func location(_ name: String) -> GLint {
        if let known = locations[name] { return known }
        let found = glGetUniformLocation(id, name)
        locations[name] = found
        return found
    }

    func set(_ name: String, _ x: Float) { glUniform1f(location(name), x) }
    func set(_ name: String, _ x: Float, _ y: Float) { glUniform2f(location(name), x, y) }
    func set(_ name: String, _ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        glUniform4f(location(name), x, y, z, w)
    }
    func set(_ name: String, int x: Int32) { glUniform1i(location(name), x) }
    func set(_ name: String, int x: Int32, _ y: Int32) { glUniform2i(location(name), x, y) }

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
