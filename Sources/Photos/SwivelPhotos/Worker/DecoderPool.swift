import Glibc
import SwivelBox
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// The decoder workers of a run: started at launch and kept warm, one per decode thread, each
/// lent to one decode at a time. The app opens each file (`OpenFile`: a regular file, opened
/// without following a FIFO's block) and passes the descriptor; the worker parses it.
public final class DecoderPool: @unchecked Sendable {
    private let condition = Condition()
    private var idle: [WorkerDecoder] = []
    private var all: [WorkerDecoder] = []
    private let warn: @Sendable (String) -> Void
    private var warnedMissing = false

    /// The argument that starts this binary as a decoder worker (never in `--help`).
    public static let workerArgument = "--decode-worker"

    /// `size` workers started from `program` (this process's executable by default) with
    /// `environment` (nil: this process's). `warn` gets the one line of a run whose workers
    /// could not set up all of their confinement.
    public init(size: Int, program: String = WorkerProcess.program, environment: [String]? = nil,
                warn: @escaping @Sendable (String) -> Void) {
        let start: @Sendable () -> Result<WorkerProcess, WorkerStartFailure> = {
            WorkerProcess.start(program: program, [Self.workerArgument], environment: environment)
        }
        self.warn = warn
        all = (0..<max(1, size)).map { _ in WorkerDecoder(start: start) }
        idle = all
    }

    /// Waits until every worker has said it is ready (at most `timeout` seconds), so a measured
    /// run does not count their start; reports missing confinement. False if one did not come.
    @discardableResult
    public func warmUp(timeout: Double = 10) -> Bool {
        let workers = condition.withLock { idle }
        var allReady = true
        for worker in workers { allReady = worker.waitUntilReady(timeout: timeout) && allReady }
        reportMissingConfinement(workers)
        return allReady
    }

    /// The process IDs of the workers (tests).
    public var processIDs: [pid_t] { condition.withLock { all.compactMap(\.processID) } }

    /// Decodes `path` for `target` in a worker, as `ImageDecoder.decode` would in this process:
    /// the same pixels, the same one-line failures, and the thumbnail of a `ThumbnailCapture`
    /// when the calling thread has one.
    public func decode(_ path: FilePath, target: DecodeTarget, unresampledUpTo: Double = 1,
                       cancellation: DecodeCancellation = .never, limits: DecodeLimits = .standard) throws(ImageLoadError) -> DecodedImage {
        let file: OpenFile
        do { file = try OpenFile(path) } catch { throw ImageLoadError(path: path, failure: error) }
        defer { file.close() }
        let capture = ThumbnailCapture.current
        let request = DecodeRequest(target: target, unresampledUpTo: unresampledUpTo, capture: capture != nil,
                                    limits: limits, pathExtension: path.pathExtension)
        let outcome = withWorker { $0.ask(request.text, file: file.descriptor, cpuSeconds: limits.cpuSeconds,
                                          cancellation: cancellation) }
        switch outcome {
        case .cancelled:
            throw ImageLoadError(path: path, failure: .cancelled)
        case .failed(let reason, let transient):
            throw ImageLoadError(path: path, reason: reason, transient: transient)
        case .reply(let text, let fds):
            WorkerCPU.add(MessageWords(text, verb: String(text.prefix { $0 != " " }), last: "reason")?
                .decoded("cpu").flatMap { Double($0) } ?? 0)
            do throws(DecodeFailure) {
                return try Self.image(text, fds, capture: capture)
            } catch {
                throw ImageLoadError(path: path, failure: error)
            }
        }
    }

    /// `PhotoInfo.read`, in a worker: a file that cannot be opened, or whose worker fails, gives
    /// its name alone.
    public func info(_ path: FilePath) -> PhotoInfo {
        let fileName = String(decoding: path.lastComponent, as: UTF8.self)
        return metadata(path, request: InfoMessages.infoRequest(pathExtension: path.pathExtension))
            .flatMap { InfoMessages.info($0, fileName: fileName) } ?? PhotoInfo(fileName: fileName)
    }

    /// `DateTaken.dateTaken`, in a worker.
    public func dateTaken(_ path: FilePath) -> String? {
        metadata(path, request: InfoMessages.takenRequest).flatMap(InfoMessages.taken)
    }

    /// The reply to the metadata `request` about `path` (which comes with no pixels); nil when
    /// the file cannot be opened or its worker fails.
    private func metadata(_ path: FilePath, request: String) -> String? {
        guard let file = try? OpenFile(path) else { return nil }
        defer { file.close() }
        guard case .reply(let text, let fds) = withWorker({
            $0.ask(request, file: file.descriptor, cpuSeconds: DecodeLimits.standard.cpuSeconds, cancellation: .never)
        }) else { return nil }
        fds.forEach { close($0) }
        return text
    }

    /// Runs `body` with a worker of its own, waiting for one to be free.
    func withWorker<T>(_ body: (WorkerDecoder) -> T) -> T {
        let worker = condition.withLock { () -> WorkerDecoder in
            while idle.isEmpty { condition.wait() }
            return idle.removeLast()
        }
        defer {
            condition.withLock { idle.append(worker) }
            condition.broadcast()
        }
        let result = body(worker)
        reportMissingConfinement([worker])
        return result
    }

    /// The reply's image, its pixels mapped from the first memfd; with a capture, the capture
    /// given what the worker kept. Closes the memfds.
    static func image(_ text: String, _ fds: [Int32], capture: ThumbnailCapture?) throws(DecodeFailure) -> DecodedImage {
        var fds = fds[...]   // each taken by `pixels` as it is mapped; the rest closed here
        defer { fds.forEach { close($0) } }
        guard let reply = DecodeReply(text) else { throw DecodeFailure(reason: "the decoder's reply made no sense") }
        switch reply {
        case .failed(let failure):
            throw failure
        case .image(let width, let height, let original, let facts):
            guard let card = fds.popFirst() else { throw DecodeFailure(reason: "the decoder sent no pixels") }
            let image = DecodedImage(width: width, height: height, buffer: try pixels(card, count: width * height * 4),
                                     original: original)
            if let capture, let facts {
                var thumbnail: (ThumbnailSize, DecodedImage, (width: Int, height: Int))?
                if let kept = facts.thumbnail, let fd = fds.popFirst() {
                    let pixels = try Self.pixels(fd, count: kept.width * kept.height * 4)
                    thumbnail = (kept.size, DecodedImage(width: kept.width, height: kept.height, buffer: pixels), kept.original)
                }
                capture.adopt(format: facts.format, storedSize: facts.storedSize, captured: thumbnail,
                              cpuMilliseconds: facts.milliseconds)
            }
            return image
        }
    }

    /// The `count` bytes of the sealed memfd `fd` (taken), mapped: read in place, not copied.
    private static func pixels(_ fd: Int32, count: Int) throws(DecodeFailure) -> PixelBuffer {
        switch SealedPixels.map(fd, count: count) {
        case .failure(let refusal): throw DecodeFailure(reason: refusal.description)
        case .success(let mapping):
            return PixelBuffer(mapped: mapping.address, count: mapping.count, owner: mapping) { _, range in
                mapping.giveBack(range)
            }
        }
    }

    private func reportMissingConfinement(_ workers: [WorkerDecoder]) {
        guard let missing = workers.lazy.compactMap(\.missingConfinement).first else { return }
        let first = condition.withLock { () -> Bool in
            defer { warnedMissing = true }
            return !warnedMissing
        }
        if first { warn("decoders run with less confinement than they should: \(missing)") }
    }

    /// Ends every worker.
    public func stop() {
        condition.withLock { all }.forEach { $0.stop() }
    }
}
