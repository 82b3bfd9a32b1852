import Glibc

/// The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID): what a piece of work cost its thread,
/// without the waits for a core (for `--bench`'s decode and thumbnail figures).
public enum ThreadCPUClock {
    /// CPU time of the calling thread so far, in milliseconds.
    public static var milliseconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }
}
