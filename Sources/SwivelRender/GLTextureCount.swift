import CGL

/// How many GL texture names SwivelRender holds: every `glGenTextures` and `glDeleteTextures` in
/// this module goes through `generate` and `delete` here, so `alive` is created minus deleted.
/// `swivel --soak` checks it stays within what the deck needs (texture leaks show up as growth).
///
/// Main thread only, like all GL calls in this app (one context, made current on the main thread):
/// the counters are plain statics without locking.
public enum GLTextureCount {
    /// Texture names generated so far.
    nonisolated(unsafe) public private(set) static var created = 0
    /// Texture names deleted so far (names that were 0 are not counted: deleting 0 does nothing).
    nonisolated(unsafe) public private(set) static var deleted = 0

    /// Textures alive now.
    public static var alive: Int { created - deleted }

    /// `glGenTextures(1, …)`, counted.
    static func generate() -> GLuint {
        var name: GLuint = 0
        glGenTextures(1, &name)
        if name != 0 { created += 1 }
        return name
    }

    /// `glDeleteTextures` on every non-zero name, counted; the names are set to 0.
    static func delete(_ names: inout [GLuint]) {
        let real = names.filter { $0 != 0 }
        guard !real.isEmpty else { return }
        glDeleteTextures(GLsizei(real.count), real)
        deleted += real.count
        names = names.map { _ in 0 }
    }

    /// Deletes one texture name (nothing for 0), counted; the name is set to 0.
    static func delete(_ name: inout GLuint) {
        var names = [name]
        delete(&names)
        name = 0
    }
}
