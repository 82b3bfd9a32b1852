import Glibc
import SwivelBox
import SwivelPhotos

/// `swivel --decode-worker`: the decoder worker mode, chosen before anything else starts (the
/// termination-signal thread would make a system call the filter refuses). Descriptor 3 is its
/// socket to the app; the argument after the mode, if any, names the decoder libraries to load.
enum DecodeWorker {
    /// Whether this process was started as a worker.
    static var isRequested: Bool {
        (2...3).contains(CommandLine.arguments.count) && CommandLine.arguments[1] == DecoderPool.workerArgument
    }

    static func run() -> Never {
        // The Swift runtime's crash handler reads /proc and starts a debugger-like backtracer:
        // a worker's crash is the app's to report, so it ends at the signal itself.
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT] { Glibc.signal(signal, SIG_DFL) }
        DecodeService.serve(WorkerChannel(descriptor: 3), libraries: CommandLine.arguments.dropFirst(2).first,
                            unconfined: TestConfiguration.current.unconfined)
        exit(0)
    }
}
