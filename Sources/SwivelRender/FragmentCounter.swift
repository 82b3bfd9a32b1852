import CGL

/// Counts fragment shader invocations per frame with `GL_ARB_pipeline_statistics_query`, where the
/// driver has it (Mesa's llvmpipe does): the measure of overdraw, independent of timing noise.
///
/// Queries form a small ring so a frame's count is read a few frames later without stalling the
/// pipeline; `lastCount` is the newest finished frame's count (`nil` until one has finished).
public final class FragmentCounter {
    private var queries: [GLuint]
    private var issued: [Bool]
    private var next = 0
    private var active = false
    /// Fragment shader invocations of the newest frame whose query has finished.
    public private(set) var lastCount: UInt64?

    /// Whether the current context can count fragment shader invocations.
    public static var isSupported: Bool {
        var count: GLint = 0
        glGetIntegerv(GLc.numExtensions, &count)
        return (0..<max(0, count)).contains { index in
            guard let name = glGetStringi(GLc.extensions, GLuint(index)) else { return false }
            return String(cString: name) == "GL_ARB_pipeline_statistics_query"
        }
    }

    /// nil when the context lacks the extension.
    public init?(depth: Int = 3) {
        guard Self.isSupported else { return nil }
        queries = [GLuint](repeating: 0, count: depth)
        issued = [Bool](repeating: false, count: depth)
        glGenQueries(GLsizei(depth), &queries)
    }

    deinit { glDeleteQueries(GLsizei(queries.count), &queries) }

    /// Starts counting the frame about to be drawn.
    public func begin() {
        guard !active else { return }
        if issued[next] { collect(next, wait: true) }
        glBeginQuery(GLc.fragmentShaderInvocations, queries[next])
        active = true
    }

    /// Stops counting; picks up any finished older frames.
    public func end() {
        guard active else { return }
        glEndQuery(GLc.fragmentShaderInvocations)
        issued[next] = true
        active = false
        next = (next + 1) % queries.count
        for offset in 0..<queries.count {
            let slot = (next + offset) % queries.count   // oldest first
            if issued[slot] { collect(slot, wait: false) }
        }
    }

    /// Waits for every issued query and returns the newest count (for benchmarks after glFinish).
    public func finishAll() -> UInt64? {
        for offset in 0..<queries.count {
            let slot = (next + offset) % queries.count
            if issued[slot] { collect(slot, wait: true) }
        }
        return lastCount
    }

    private func collect(_ slot: Int, wait: Bool) {
        if !wait {
            var available: GLuint = 0
            glGetQueryObjectuiv(queries[slot], GLc.queryResultAvailable, &available)
            guard available != 0 else { return }
        }
        var result: GLuint64 = 0
        glGetQueryObjectui64v(queries[slot], GLc.queryResult, &result)
        issued[slot] = false
        lastCount = UInt64(result)
    }
}
