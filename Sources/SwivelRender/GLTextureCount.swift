import CGL

/// How many GL texture names SwivelRender holds, and for what: every `glGenTextures` and
/// `glDeleteTextures` in this module goes through `generate` and `delete` here, so `alive` is
/// created minus deleted. `swivel --soak` checks each use stays within what the deck needs
/// (texture leaks show up as growth).
///
/// Main thread only, like all GL calls in this app (one context, made current on the main thread):
/// the counters are plain statics without locking.
public enum GLTextureCount {
    /// What a texture is for.
    public enum Use: String, CaseIterable, Sendable {
        /// The blurred shadow (and, while it is built, its two scratch textures).
        case shadow
        /// An overlay's image: captions, HUD, key list, information panel, notice line.
        case overlay
        /// The row drawn once under the full view's flight.
        case rowLayer
        /// A photo deck's texture array.
        case photoArray
        /// A tile of a full view's sharp photo.
        case sharpPhoto
    }

    /// Texture names generated so far.
    nonisolated(unsafe) public private(set) static var created = 0
    /// Texture names deleted so far (names that were 0 are not counted: deleting 0 does nothing).
    nonisolated(unsafe) public private(set) static var deleted = 0
    /// The use of each name alive.
    nonisolated(unsafe) private static var uses: [GLuint: Use] = [:]

    /// Textures alive now.
    public static var alive: Int { created - deleted }

    /// Textures alive now for `use`.
    public static func alive(_ use: Use) -> Int { uses.values.lazy.filter { $0 == use }.count }

    /// `glGenTextures(1, …)` for `use`, counted.
    static func generate(for use: Use) -> GLuint {
        var name: GLuint = 0
        glGenTextures(1, &name)
        if name != 0 {
            created += 1
            uses[name] = use
        }
        return name
    }

    /// `glDeleteTextures` on every non-zero name, counted; the names are set to 0.
    static func delete(_ names: inout [GLuint]) {
        let real = names.filter { $0 != 0 }
        guard !real.isEmpty else { return }
        glDeleteTextures(GLsizei(real.count), real)
        deleted += real.count
        for name in real { uses[name] = nil }
        names = names.map { _ in 0 }
    }

    /// Deletes one texture name (nothing for 0), counted; the name is set to 0.
    static func delete(_ name: inout GLuint) {
        var names = [name]
        delete(&names)
        name = 0
    }
}
