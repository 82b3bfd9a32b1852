import Glibc
import SwivelSystem

/// When each step towards the first frame on screen finished, in milliseconds since the process
/// started: what `--bench` reports as `first_frame_phases` and `SWIVEL_STARTUP_TRACE=1` prints to
/// stderr once the first frame is presented. Main thread only.
///
/// The process's start is estimated when the first step is marked (at the top of `main`) as that
/// moment less the CPU time the process has used (`CLOCK_PROCESS_CPUTIME_ID`, in ns): everything
/// between exec and `main` — mapping and relocating the shared libraries, running their
/// initialisers and the Swift runtime's — is CPU work, and /proc/self/stat's start time has only
/// the clock tick's 10 ms resolution. Time spent waiting before `main` (for a core on a busy
/// machine, for a library on a cold disk) is not counted, so "before main" is a lower bound.
public enum StartupTimeline {
    /// The steps, in the order they finish; the raw value is `--bench`'s key.
    public enum Phase: String, Sendable {
        case main, options, sdlVideo = "sdl_video", window, glContext = "gl_context", shaders
        case firstFrameDrawn = "first_frame_drawn", firstFramePresented = "first_frame_presented"
        case deferredPrograms = "deferred_programs"

        var description: String {
            switch self {
            case .main: "exec to main: libraries loaded and relocated, runtime started"
            case .options: "options and config read"
            case .sdlVideo: "SDL video started"
            case .window: "window created (loads the GL driver)"
            case .glContext: "GL context created"
            case .shaders: "shaders compiled and linked (those the first frame needs)"
            case .firstFrameDrawn: "first frame drawn (GL calls made; llvmpipe compiles each program's code at its first draw)"
            case .firstFramePresented: "first frame presented (swapped)"
            case .deferredPrograms: "the other programs compiled and linked (after the first frame)"
            }
        }
    }

    nonisolated(unsafe) private static var start: Double?
    nonisolated(unsafe) private static var marks: [(phase: Phase, milliseconds: Double)] = []

    /// Whether `SWIVEL_STARTUP_TRACE=1` asks for the phases on stderr.
    public static let traced: Bool = getenv("SWIVEL_STARTUP_TRACE").map { String(cString: $0) == "1" } ?? false

    /// Records that `phase` has just finished, the first time only (a later window's first frame,
    /// as `--bench`'s latency probe opens, is not the process's). The first call (at the top of
    /// `main`) also fixes the process's start.
    public static func mark(_ phase: Phase) {
        guard !marks.contains(where: { $0.phase == phase }) else { return }
        let now = MonotonicClock.now.sinceZero.milliseconds / 1000
        if start == nil { start = now - cpuSeconds() }
        marks.append((phase, (now - start!) * 1000))
    }

    /// Every phase so far, in order, with the milliseconds since the process started at its end.
    public static var phases: [(phase: Phase, milliseconds: Double)] { marks }

    /// The phases as one line each, "  12.3 ms  +4.5  phase", for stderr; once (later calls return nil).
    public static func report() -> String? {
        guard !reported, !marks.isEmpty else { return nil }
        reported = true
        var previous = 0.0
        return marks.map { mark in
            defer { previous = mark.milliseconds }
            return "startup: " + pad(format(mark.milliseconds), 7) + " ms  +" + format(mark.milliseconds - previous)
                + "  " + mark.phase.description
        }.joined(separator: "\n")
    }
    nonisolated(unsafe) private static var reported = false

    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// CPU time the process has used so far.
    private static func cpuSeconds() -> Double {
        var used = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &used)
        return Double(used.tv_sec) + Double(used.tv_nsec) / 1e9
    }
}
