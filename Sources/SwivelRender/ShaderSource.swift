/// A GLSL file from the package's Shaders/ folder, embedded at build time by the EmbedShaders
/// plugin (see the generated `ShaderSource.cardVert` and friends). The file name travels with the
/// text so that every compile error can say which file it is about.
public struct ShaderSource: Sendable, Equatable {
    public let fileName: String
    public let text: String

    public init(fileName: String, text: String) {
        self.fileName = fileName
        self.text = text
    }
}
