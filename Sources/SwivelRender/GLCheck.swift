import CGL
import Glibc

/// A debugging aid: with `SWIVEL_GL_CHECK=1` in the environment, every OpenGL call SwivelRender
/// makes (all go through the wrappers in GLCalls.swift) is followed by `glGetError`, and each
/// failed call is reported by name on stderr, e.g.
/// `swivel: OpenGL error GL_INVALID_ENUM (0x0500) in glBindTexture`.
/// Off by default, where it costs one test of a flag per call: asking after every call makes the
/// driver finish each call's checks before the next (cheap on Mesa, a pipeline stall on some GPUs).
///
/// An error the check takes from GL stays pending for the code's own `glGetError` (this module's
/// `glGetError` hands pending errors out first), so code that handles an error itself — a photo the
/// GPU has no memory for is skipped — behaves the same with the check on. Main thread only, like
/// every GL call in the app: the statics are not locked.
enum GLCheck {
    /// Read once from the environment; tests switch it on and off.
    nonisolated(unsafe) static var isEnabled = getenv("SWIVEL_GL_CHECK").map { String(cString: $0) == "1" } ?? false
    /// Where failed calls go: by default a line on stderr; tests collect them.
    nonisolated(unsafe) static var report: (GLCallError) -> Void = { error in
        let line = "swivel: \(error)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
    /// Errors taken by the check and not yet handed to a `glGetError` caller, oldest first; like
    /// GL's own error flags, at most one of each kind.
    nonisolated(unsafe) static var pending: [GLenum] = []

    /// Takes every error GL has raised since the last check and reports each against `call`.
    static func check(_ call: StaticString) {
        for code in GLErrorFlags.drain(CGL.glGetError) {
            if !pending.contains(code) { pending.append(code) }
            report(GLCallError(call: call.description, code: code))
        }
    }
}

/// Clearing GL's error flags, in a bounded number of reads.
enum GLErrorFlags {
    /// The most reads one drain makes. An error flag, once set, records no other error until
    /// `glGetError` returns and clears it, and a distributed implementation may keep several flags,
    /// one cleared a read (glGetError's reference page). Mesa keeps one. Eight reads clear as many
    /// flags as there are kinds of error (seven, `GLCallError.name`) and see GL_NO_ERROR. A lost
    /// context may report an error on every read: it costs eight reads, not a hang; a flag left
    /// set at worst fails the upload that next reads it.
    static let maximumReads = 8

    /// Reads `next` until it gives GL_NO_ERROR, at most `maximumReads` times, and returns the
    /// errors it gave, oldest first.
    @discardableResult
    static func drain(_ next: () -> GLenum) -> [GLenum] {
        var errors: [GLenum] = []
        for _ in 0..<maximumReads {
            let code = next()
            guard code != GLc.noError else { break }
            errors.append(code)
        }
        return errors
    }
}

/// Calls through a GL function's result (its call has run by now) and, when `GLCheck.isEnabled`,
/// reports any error the call raised.
@inline(__always) func checked<Result>(_ call: StaticString, _ result: Result) -> Result {
    if GLCheck.isEnabled { GLCheck.check(call) }
    return result
}

/// `glGetError`, seeing first the errors `GLCheck` has taken from GL.
func glGetError() -> GLenum {
    GLCheck.pending.isEmpty ? CGL.glGetError() : GLCheck.pending.removeFirst()
}

/// An OpenGL call that raised an error: which call, and the error.
struct GLCallError: Equatable, CustomStringConvertible {
    let call: String
    let code: GLenum

    /// The error's name from the GL specification.
    var name: String {
        switch code {
        case 0x0500: "GL_INVALID_ENUM"
        case 0x0501: "GL_INVALID_VALUE"
        case 0x0502: "GL_INVALID_OPERATION"
        case 0x0503: "GL_STACK_OVERFLOW"
        case 0x0504: "GL_STACK_UNDERFLOW"
        case 0x0505: "GL_OUT_OF_MEMORY"
        case 0x0506: "GL_INVALID_FRAMEBUFFER_OPERATION"
        default: "an unknown error"
        }
    }

    var description: String {
        let hex = String(code, radix: 16)
        return "OpenGL error \(name) (0x\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)) in \(call)"
    }
}
