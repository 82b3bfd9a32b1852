import Glibc
import SwivelBox
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// The decoder workers of a run: started at launch and kept warm, one per decode thread, each
/// lent to one decode at a time. The app opens each file (`OpenFile`: a regular file, opened
/// without following a FIFO's block) and passes the descriptor; the worker parses it.
///
/// A worker loads the decoder libraries the deck's files are expected to need (by their names)
/// before it is confined, and no other after: a file that needs another gets the answer `needs`,
/// and the pool widens its set, starts a worker with it in place of that one and asks again. The
/// other workers are started afresh with the wider set when they are next lent.
public final class DecoderPool: @unchecked Sendable {
    private let condition = Condition()
    private var idle: [WorkerDecoder] = []
    private var all: [WorkerDecoder] = []
    /// The libraries a worker started now loads.
    private var libraries: Set<DecoderLibrary>
    private let warn: @Sendable (String) -> Void
    private var warnedMissing = false

    /// The argument that starts this binary as a decoder worker (never in `--help`); the one after
    /// it, if any, names the libraries to load (`DecodeService.serve`).
    public static let workerArgument = "--decode-worker"

    /// `size` workers started from `program` (this process's executable by default) with
    /// `environment` (nil: this process's), loading the libraries that files named with
    /// `pathExtensions` are expected to need (nil: every library). `warn` gets the one line of a
    /// run whose workers could not set up all of their confinement.
    public init(size: Int, program: String = WorkerProcess.program, environment: [String]? = nil,
                pathExtensions: [String]? = nil, warn: @escaping @Sendable (String) -> Void) {
        let start: @Sendable (Set<DecoderLibrary>) -> Result<WorkerProcess, WorkerStartFailure> = { libraries in
            WorkerProcess.start(program: program, [Self.workerArgument, DecoderLibrary.names(libraries)],
                                environment: environment)
        }
        let libraries = pathExtensions.map(DecoderLibrary.expected) ?? Set(DecoderLibrary.allCases)
        self.libraries = libraries
        self.warn = warn
        let count = max(1, size)
        // Started on a thread of their own, one after another, each lent once it has said it is
        // ready: spawning four took the calling thread 5-8 ms (the window and the first frame
        // waited for it at launch), and four starting at once took both cores of a 2-core machine
        // from the window's start, where one at a time leaves it one.
        let spawn: @Sendable () -> Void = { [self] in
            for _ in 0..<count {
                let worker = WorkerDecoder(start: start, libraries: libraries)
                _ = worker.waitUntilReady(timeout: 10)
                condition.withLock {
                    all.append(worker)
                    idle.append(worker)
                    condition.broadcast()
                }
            }
            condition.withLock {
                starting = false
                condition.broadcast()
            }
        }
        if !startThread(named: "swivel-workers", spawn) { spawn() }
    }

    /// Whether the workers are still being spawned (`all` growing).
    private var starting = true

    /// Every worker, once all have been spawned.
    private var started: [WorkerDecoder] {
        condition.withLock {
            while starting { condition.wait() }
            return all
        }
    }

    /// How many workers a run has for `threads` decode threads under a limit of `descriptors`
    /// open files (nil: none): each holds its socket here, and while it decodes, the file and up
    /// to two memfds of pixels; eight are kept for the rest of the app (the standard three, the
    /// display's, the fonts, the folder watch, the thumbnail writer). At least one: with fewer
    /// workers than threads, a thread waits for one to be free, where a descriptor it could not
    /// get would fail its photo.
    public static func size(threads: Int, descriptors: Int?) -> Int {
        guard let descriptors else { return max(1, threads) }
        return max(1, min(threads, (descriptors - 8) / 4))
    }

    /// Waits until every worker has said it is ready (at most `timeout` seconds), so a measured
    /// run does not count their start; reports missing confinement. False if one did not come.
    @discardableResult
    public func warmUp(timeout: Double = 10) -> Bool {
        let workers = started
        var allReady = true
        for worker in workers { allReady = worker.waitUntilReady(timeout: timeout) && allReady }
        reportMissingConfinement(workers)
        return allReady
    }

    /// The process IDs of the workers (tests).
    public var processIDs: [pid_t] { started.compactMap(\.processID) }

    /// Decodes `path` for `target` in a worker, as `ImageDecoder.decode` would in this process:
    /// the same pixels, the same one-line failures, and the thumbnail of a `ThumbnailCapture`
    /// when the calling thread has one.
    public func decode(_ path: FilePath, target: DecodeTarget, unresampledUpTo: Double = 1,
                       cancellation: DecodeCancellation = .never, limits: DecodeLimits = .standard) throws(ImageLoadError) -> DecodedImage {
        let capture = ThumbnailCapture.current
        let request = DecodeRequest(target: target, unresampledUpTo: unresampledUpTo, capture: capture != nil,
                                    limits: limits, pathExtension: path.pathExtension)
        let outcome = ask(request.text, path: path, cpuSeconds: limits.cpuSeconds, cancellation: cancellation)
        switch outcome {
        case .cancelled:
            throw ImageLoadError(path: path, failure: .cancelled)
        case .failed(let reason, let transient):
            throw ImageLoadError(path: path, reason: reason, transient: transient)
        case .needs(let libraries):   // `ask` asks again instead
            throw ImageLoadError(path: path, reason: Self.askedAgain(for: libraries))
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
    /// its name and why.
    public func info(_ path: FilePath) -> PhotoInfo {
        let fileName = String(decoding: path.lastComponent, as: UTF8.self)
        switch metadata(path, request: InfoMessages.infoRequest(pathExtension: path.pathExtension)) {
        case .success(let text):
            return InfoMessages.info(text, fileName: fileName) ?? PhotoInfo(fileName: fileName, unreadable: "the decoder's reply made no sense")
        case .failure(let failure):
            return PhotoInfo(fileName: fileName, unreadable: failure.reason)
        }
    }

    /// `PhotoTurner.turn` of the file at `path`, in a worker: the new file's bytes.
    public func turn(_ path: FilePath, by turn: PhotoTurn) throws(ImageLoadError) -> PhotoTurner.Turned {
        let request = TurnMessages.request(turn, pathExtension: path.pathExtension)
        switch ask(request, path: path, cpuSeconds: DecodeLimits.standard.cpuSeconds, cancellation: .never) {
        case .cancelled:
            throw ImageLoadError(path: path, failure: .cancelled)
        case .failed(let reason, let transient):
            throw ImageLoadError(path: path, reason: reason, transient: transient)
        case .needs(let libraries):
            throw ImageLoadError(path: path, reason: Self.askedAgain(for: libraries))
        case .reply(let text, let fds):
            var fds = fds[...]
            defer { fds.forEach { close($0) } }
            if case .failed(let failure)? = DecodeReply(text) { throw ImageLoadError(path: path, failure: failure) }
            guard let (method, count) = TurnMessages.parse(reply: text), let fd = fds.popFirst() else {
                throw ImageLoadError(path: path, reason: "the decoder's reply made no sense")
            }
            switch SealedPixels.map(fd, count: count) {
            case .failure(let refusal): throw ImageLoadError(path: path, reason: refusal.description)
            case .success(let mapping):
                return PhotoTurner.Turned(bytes: mapping.withBytes { Array($0) }, method: method)
            }
        }
    }

    /// `DateTaken.dateTaken`, in a worker.
    public func dateTaken(_ path: FilePath) -> String? {
        try? metadata(path, request: InfoMessages.takenRequest).map(InfoMessages.taken).get()
    }

    /// `ThumbnailCache.chunks`, in a worker: the texts of `needing` and `wanting` alone.
    func thumbnailChunks(_ path: FilePath, needing: [String], wanting: [String]) -> PNGTextChunks? {
        (try? metadata(path, request: InfoMessages.chunksRequest(needing: needing, wanting: wanting)).get())
            .flatMap { InfoMessages.chunks($0, keys: needing + wanting) }
    }

    /// Why a metadata request got no reply.
    struct MetadataFailure: Error { let reason: String }

    /// The reply to the metadata `request` about `path` (which comes with no pixels); why not,
    /// when the file cannot be opened or its worker fails.
    private func metadata(_ path: FilePath, request: String) -> Result<String, MetadataFailure> {
        switch ask(request, path: path, cpuSeconds: DecodeLimits.standard.cpuSeconds, cancellation: .never) {
        case .reply(let text, let fds):
            fds.forEach { close($0) }
            return .success(text)
        case .failed(let reason, _): return .failure(MetadataFailure(reason: reason))
        case .cancelled: return .failure(MetadataFailure(reason: "cancelled"))
        case .needs(let libraries): return .failure(MetadataFailure(reason: Self.askedAgain(for: libraries)))
        }
    }

    /// `request` with the file at `path` answered by a worker that has the libraries it needs: one
    /// that says it `needs` others is replaced by one with them, and asked again. The file is
    /// opened once a worker is free and closed once it is sent (the worker has it then): a thread
    /// waiting for a worker holds no descriptor, and none is held while the pixels come back in
    /// theirs. Under a low limit on open files (`prlimit --nofile=7`, one worker for four decode
    /// threads) the waiting threads' files had left none for the reply's memfds.
    private func ask(_ request: String, path: FilePath, cpuSeconds: Int, cancellation: DecodeCancellation) -> WorkerDecoder.Outcome {
        withWorker { worker in
            while true {
                let file: OpenFile
                do throws(Failure) { file = try OpenFile(path) } catch { return .failed(error.reason, transient: error.transient) }
                var open = true
                let outcome = worker.ask(request, file: file.descriptor, cpuSeconds: cpuSeconds, cancellation: cancellation,
                                         sent: { file.close(); open = false })
                if open { file.close() }
                guard case .needs(let more) = outcome else { return outcome }
                // Ends: each round starts the worker with what it asked for, and a library a worker
                // was started with but could not load answers as not installed, not as wanted.
                guard !more.isSubset(of: worker.libraries) else { return .failed(Self.askedAgain(for: more)) }
                let widened = condition.withLock { () -> Set<DecoderLibrary> in
                    libraries.formUnion(more)
                    return libraries
                }
                worker.restart(libraries: widened)
            }
        }
    }

    /// Why a request failed whose worker asked for `libraries` it had been started with.
    private static func askedAgain(for libraries: Set<DecoderLibrary>) -> String {
        "the decoder asked again for " + DecoderLibrary.names(libraries)
    }

    /// Runs `body` with a worker of its own, waiting for one to be free; one started with fewer
    /// libraries than the pool's now is started afresh first.
    func withWorker<T>(_ body: (WorkerDecoder) -> T) -> T {
        let (worker, libraries) = condition.withLock { () -> (WorkerDecoder, Set<DecoderLibrary>) in
            while idle.isEmpty { condition.wait() }
            return (idle.removeLast(), self.libraries)
        }
        defer {
            condition.withLock { idle.append(worker) }
            condition.broadcast()
        }
        if !worker.libraries.isSuperset(of: libraries) { worker.restart(libraries: libraries) }
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
        started.forEach { $0.stop() }
    }
}
