import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelSystem

/// `--bench --open`'s RAW figures, in the same run: the full demosaic the full view asks for when
/// zoomed past a RAW's preview (`PhotoSource.decodeForView` at the whole size, in a decoder
/// worker: LibRaw's unpack, AHD, the camera matrix to sRGB, then RGBA for the texture), beside
/// LibRaw's own converter, `dcraw_emu`, making the same image of the same file with the same
/// settings (-w as-shot white balance, -g 2.4 12.92 sRGB's curve, AHD by default) into /dev/null.
/// Alternating, `runs` times each; the medians. Not a decoder Swivel uses: its reference.
enum RAWDemosaicReference {
    static let dcrawEmu = "/usr/bin/dcraw_emu"

    struct Times {
        var wall: [Double] = [], cpu: [Double] = []
        var median: (wall: Double?, cpu: Double?) { (Percentiles(wall).value(50), Percentiles(cpu).value(50)) }
    }

    /// Swivel's and dcraw_emu's full demosaics of the RAW `file`, wall and CPU milliseconds
    /// (dcraw_emu's nil where it is not installed or fails).
    static func measure(_ file: FilePath, runs: Int = 3) -> (swivel: Times, dcrawEmu: Times?) {
        var swivel = Times()
        var reference: Times? = access(dcrawEmu, X_OK) == 0 ? Times() : nil
        let whole = DecodeTarget.fit(width: Int(Int32.max), height: Int(Int32.max))
        for _ in 0..<max(1, runs) {
            _ = WorkerCPU.take()
            let (start, startCPU) = (MonotonicClock.now, ThreadCPUClock.milliseconds)
            if (try? PhotoSource(file: file).decodeForView(target: whole)) != nil {
                swivel.wall.append((MonotonicClock.now - start).milliseconds)
                swivel.cpu.append(ThreadCPUClock.milliseconds - startCPU + WorkerCPU.take())
            }
            if reference != nil {
                if let times = run(dcrawEmu, ["-w", "-g", "2.4", "12.92", "-Z", "-", file.text]) {
                    reference?.wall.append(times.wall)
                    reference?.cpu.append(times.cpu)
                } else {
                    reference = nil
                }
            }
        }
        return (swivel, reference)
    }

    /// Runs `program` with `arguments`, its output to /dev/null (as the bench's own process does
    /// not get it); its wall time and its user + system CPU time (wait4's), or nil when it fails.
    private static func run(_ program: String, _ arguments: [String]) -> (wall: Double, cpu: Double)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        TerminationSignals.resetForChild(&attributes)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let start = MonotonicClock.now
        guard posix_spawn(&child, program, &actions, &attributes, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = (MonotonicClock.now - start).milliseconds
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }   // exited, status 0
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return (wall, milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime))
    }
}
