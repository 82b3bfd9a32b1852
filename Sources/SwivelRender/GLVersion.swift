import CGL

/// The current context's OpenGL version and profile, and the check that it can run Swivel.
public struct GLVersion: CustomStringConvertible, Sendable {
    public let major: Int
    public let minor: Int
    public let isCore: Bool
    public let renderer: String
    public let versionString: String

    /// Reads the version of the context that is current on this thread.
    public static func current() -> GLVersion {
        var major: GLint = 0, minor: GLint = 0, mask: GLint = 0
        glGetIntegerv(GLc.majorVersion, &major)
        glGetIntegerv(GLc.minorVersion, &minor)
        glGetIntegerv(GLc.contextProfileMask, &mask)
        func string(_ name: GLenum) -> String {
            guard let pointer = glGetString(name) else { return "unknown" }
            return String(cString: pointer)
        }
        return GLVersion(major: Int(major), minor: Int(minor),
                         isCore: mask & GLc.contextCoreProfileBit != 0,
                         renderer: string(GLc.renderer), versionString: string(GLc.version))
    }

    public var description: String { "OpenGL \(versionString) (\(renderer))" }

    /// Swivel needs OpenGL 3.3 with the core profile.
    public var meetsRequirement: Bool { (major, minor) >= (3, 3) && isCore }
}
