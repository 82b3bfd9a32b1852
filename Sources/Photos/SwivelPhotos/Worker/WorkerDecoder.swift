import Glibc
import SwivelBox
import SwivelCore
import SwivelPhotoCore

/// The app's side of one decoder worker: sends it a file and a request, waits for the reply, and
/// maps the pixels. A worker that dies on a request (a crash, a forbidden call, its CPU time
/// spent) costs that request alone: its end becomes the failure's reason, and a new worker is
/// started at once. A cancelled request kills the worker (no library need look at a flag).
/// One request at a time: the pool hands each to one thread.
final class WorkerDecoder: @unchecked Sendable {
    private let start: @Sendable (Set<DecoderLibrary>) -> Result<WorkerProcess, WorkerStartFailure>
    private var process: WorkerProcess?
    /// The decoder libraries the worker loads (and the next one started will).
    private(set) var libraries: Set<DecoderLibrary>
    /// The confinement the workers reported missing, for the pool's one line (`ready missing=`).
    private(set) var missingConfinement: String?
    /// Whether the current worker has sent its `ready` yet.
    private var ready = false

    init(start: @escaping @Sendable (Set<DecoderLibrary>) -> Result<WorkerProcess, WorkerStartFailure>,
         libraries: Set<DecoderLibrary>) {
        (self.start, self.libraries) = (start, libraries)
        process = try? start(libraries).get()
    }

    /// The worker's process ID, for tests (nil while none could be started).
    var processID: pid_t? { process?.processID }

    /// Waits for the worker's `ready` (the pool's warm start): false if it did not come.
    func waitUntilReady(timeout: Double) -> Bool {
        guard let process else { return false }
        if ready { return true }
        switch process.channel.receive(timeout: timeout) {
        case .message(let message) where noteReady(message): return true
        default: return false
        }
    }

    /// One reply: the text, and the memfds with it (the caller's to close).
    enum Outcome {
        case reply(String, [Int32])
        /// The request ended without a reply: cancelled, or the worker failed (`reason`), or this
        /// process was out of descriptors or processes (`transient`: a later try may succeed).
        case cancelled
        case failed(String, transient: Bool = false)
        /// The worker did not load libraries the file needs (`DecoderLibrary.needsMessage`).
        case needs(Set<DecoderLibrary>)
    }

    /// Sends `request` (with `file`, which stays the caller's: `sent` is called once the worker
    /// has it, so the caller may close it then) and waits for the reply, killing the worker as
    /// soon as `cancellation` is set.
    func ask(_ request: String, file: Int32?, cpuSeconds: Int, cancellation: DecodeCancellation,
             sent: () -> Void = {}) -> Outcome {
        if process == nil {
            switch start(libraries) {
            case .success(let started): (process, ready) = (started, false)
            case .failure(let failure): return .failed(failure.description, transient: failure.isTransient)
            }
        }
        guard let process else { return .failed("cannot start a decoder process") }
        guard process.channel.send(request, descriptors: file.map { [$0] } ?? []) else {
            return .failed(replace(report: nil, cpuSeconds: cpuSeconds))
        }
        sent()
        while true {
            switch process.channel.receive(stop: { cancellation.isCancelled }) {
            case .message(let message):
                if noteReady(message) { continue }
                if WorkerFailure.forbiddenCall(message.text) != nil {
                    message.descriptors.forEach { close($0) }
                    return .failed(replace(report: message.text, cpuSeconds: cpuSeconds))
                }
                if let needed = DecoderLibrary.needed(inMessage: message.text) {
                    message.descriptors.forEach { close($0) }
                    return .needs(needed)
                }
                return .reply(message.text, message.descriptors)
            case .stopped:
                // No status wanted: the next worker starts while the kernel ends this one.
                process.killAndReapLater()
                startNext()
                return .cancelled
            case .failed(let code) where code == EMFILE || code == ENFILE:
                // The reply came, but this process had no descriptor for its pixels: the worker
                // is sound and waits for the next request.
                return .failed("cannot receive the decoded pixels: \(String(cString: strerror(code)))", transient: true)
            case .closed, .timedOut, .failed:
                return .failed(replace(report: nil, cpuSeconds: cpuSeconds))
            }
        }
    }

    /// Ends the worker and starts the next one at once; returns why the old one ended. It is
    /// killed either way: one that died is exiting already (SIGKILL does not change its status,
    /// set when its exit began, before its socket closed), and one that closed its socket but
    /// lives on must not be waited for.
    @discardableResult
    private func replace(report: String?, cpuSeconds: Int) -> String {
        guard let old = process else { return "no decoder process" }
        let end = old.kill()
        startNext()
        return WorkerFailure.reason(end, report: report, cpuSeconds: cpuSeconds)
    }

    /// Starts the worker that takes the next request (none when the system cannot: the next
    /// request tries again).
    private func startNext() {
        process = try? start(libraries).get()
        ready = false
    }

    /// Ends the worker, idle, and starts one that loads `libraries` in its place.
    func restart(libraries: Set<DecoderLibrary>) {
        self.libraries = libraries
        process?.killAndReapLater()
        startNext()
    }

    /// Takes a `ready` message: notes what confinement is missing. False for any other message.
    private func noteReady(_ message: WorkerChannel.Message) -> Bool {
        guard message.text == "ready" || message.text.hasPrefix("ready ") else { return false }
        ready = true
        if let words = MessageWords(message.text, verb: "ready", last: "missing"), let missing = words["missing"] {
            missingConfinement = missing
        }
        return true
    }

    /// Ends the worker (the pool closing).
    func stop() {
        process?.kill()
        process = nil
    }
}
