import Glibc

/// Looks at `condition` every `every` seconds until it holds (true) or `ceiling` seconds have
/// passed (false): for a condition only another process's state shows (its CPU time, whether it
/// is gone), where there is nothing to wait on. The ceiling is generous: it turns a hang into a
/// failure, and a loaded machine only takes longer.
public func waitUntil(ceiling: Double, every: Double = 0.002, _ condition: () throws -> Bool) rethrows -> Bool {
    var start = timespec(), now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    while true {
        if try condition() { return true }
        clock_gettime(CLOCK_MONOTONIC, &now)
        if Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9 > ceiling { return false }
        usleep(useconds_t(every * 1_000_000))
    }
}
