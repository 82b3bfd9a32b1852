import Glibc
import SwivelCore
import SwivelSystem

/// Writes thumbnails and failure entries into the shared cache on its own thread at nice 19, below
/// drawing (normal priority) and decoding (on-screen threads at 0, the ahead thread at 10): a
/// thumbnail is a favour to the next run and to other programs, never worth a late card.
///
/// Each file is written as the spec asks (0.9.0, "Concurrent Thumbnail Creation" and
/// "Permissions"): into a temporary file in its final folder, made 0600, then renamed over its
/// name, so another reader sees the old file or the whole new one, never part of one; folders
/// made 0700. The first write that fails (a read-only or full disk, a folder that is not ours)
/// gives one warning and ends writing for the run; nothing else notices.
public final class ThumbnailWriter: @unchecked Sendable {
    enum Job {
        case thumbnail(ThumbnailSubject, ThumbnailSize, DecodedImage, original: (width: Int, height: Int), mimeType: String?)
        case failure(ThumbnailSubject, reason: String)

        var bytes: Int {
            if case .thumbnail(_, _, let image, _, _) = self { return image.buffer.count }
            return 0
        }
    }

    /// Pixels queued past which decoding ahead waits for the writer (`waitForRoom`) before it
    /// takes its next card. 64 MiB: twenty 12 MP photos' thumbnails at 2x (xx-large, 1000 x 750),
    /// eighty at 1x (x-large). At 32 MiB with drops instead of waits, a cold `--bench` of 12 MP
    /// JPEGs at 2x wrote 19-28 of the ~37 thumbnails it made, the rest dropped while both cores decoded.
    static let aheadLimitBytes = 64 << 20

    /// Pixels queued at most: a thumbnail past it is dropped (and made again on a later run).
    /// Only decodes of cards on screen, which never wait, can queue past `aheadLimitBytes`: a
    /// cold fling through a folder decodes card after card at normal priority while the writer,
    /// at nice 19, gets no core. 128 MiB, half the default texture budget.
    static let maxQueuedBytes = 128 << 20

    private let condition = Condition()
    private var jobs: [Job] = []
    private var queuedBytes = 0
    private var busy = 0
    private var stopping = false
    private var gaveUp = false
    private var writtenCount = 0, droppedCount = 0
    private var writingCPU = 0.0
    private let directory: ThumbnailDirectory
    private let software: String
    private let aheadLimit: Int, maxQueued: Int
    private let warn: @Sendable (String) -> Void

    /// `software`: the `Software` text of every file written (the program and its version).
    /// `warn` gets the one warning of a run whose writes fail.
    /// `aheadLimit` and `maxQueued`: the queue's bounds in bytes (smaller in tests).
    init(directory: ThumbnailDirectory, software: String, warn: @escaping @Sendable (String) -> Void,
         aheadLimit: Int = aheadLimitBytes, maxQueued: Int = maxQueuedBytes) {
        self.directory = directory
        self.software = software
        self.warn = warn
        (self.aheadLimit, self.maxQueued) = (aheadLimit, maxQueued)
        _ = startThread(named: "swivel-thumbnails") { [self] in
            // Linux's nice is per thread; 0: the calling thread. 19: the lowest there is.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            while let job = next(waiting: true) { write(job) }
        }
    }

    /// Files written so far (thumbnails and failure entries).
    public var written: Int { condition.withLock { writtenCount } }

    /// Thumbnails dropped because `maxQueuedBytes` were queued (`--bench`).
    public var dropped: Int { condition.withLock { droppedCount } }

    /// CPU time spent encoding and writing files so far, in milliseconds, on whichever thread
    /// wrote them (`--bench`).
    public var cpuMilliseconds: Double { condition.withLock { writingCPU } }

    func add(_ job: Job) {
        condition.withLock {
            guard !stopping, !gaveUp else { return }
            guard queuedBytes + job.bytes <= maxQueued else { droppedCount += 1; return }
            jobs.append(job)
            queuedBytes += job.bytes
            condition.broadcast()
        }
    }

    /// Waits while more than `aheadLimitBytes` are queued (and the writer is still writing). For
    /// the thread decoding ahead, before it takes a card: a card off screen may wait for the
    /// writer, a card on screen never does, so every photo decoded gets its thumbnail queued.
    public func waitForRoom() {
        condition.withLock {
            while queuedBytes > aheadLimit && !stopping && !gaveUp { condition.wait() }
        }
    }

    /// Writes what is still queued on the calling thread (at its priority), waits at most until
    /// `deadline` seconds from now for the writer thread's current file, then stops the thread.
    /// For runs that end as soon as their photos are shown (`--screenshot`, `--bench`).
    public func finish(within seconds: Double = 5) {
        while let job = next(waiting: false) { write(job) }
        let clock = MonotonicClock(), start = clock.now
        while condition.withLock({ busy > 0 }) && (clock.now - start).milliseconds < seconds * 1000 { usleep(1000) }
        stop()
    }

    /// Ends the writer thread once it has finished its current file; queued jobs are dropped.
    public func stop() {
        condition.withLock {
            stopping = true
            jobs = []
            queuedBytes = 0
            condition.broadcast()
        }
    }

    private func next(waiting: Bool) -> Job? {
        condition.withLock {
            while jobs.isEmpty && !stopping && waiting { condition.wait() }
            guard !jobs.isEmpty, !stopping || !waiting else { return nil }
            let job = jobs.removeFirst()
            queuedBytes -= job.bytes
            busy += 1
            condition.broadcast()   // room for decoding ahead, perhaps
            return job
        }
    }

    private func write(_ job: Job) {
        let startCPU = ThreadCPUClock.milliseconds
        defer {
            let spent = ThreadCPUClock.milliseconds - startCPU
            condition.withLock { busy -= 1; writingCPU += spent }
        }
        let folder: FilePath, name: String, png: [UInt8]?
        switch job {
        case .thumbnail(let subject, let size, let image, let original, let mimeType):
            folder = directory.folder(size)
            name = ThumbnailDirectory.fileName(uri: subject.uri)
            var texts = attributes(subject)
            texts += [(ThumbnailSubject.Keys.imageWidth, "\(original.width)"),
                      (ThumbnailSubject.Keys.imageHeight, "\(original.height)")]
            if let mimeType { texts.append((ThumbnailSubject.Keys.mimeType, mimeType)) }
            texts.append((ThumbnailSubject.Keys.software, software))
            png = ThumbnailPNG.encode(width: image.width, height: image.height, premultiplied: image.pixels, texts: texts)
        case .failure(let subject, let reason):
            // The spec's failure entry: any small PNG carrying the attributes.
            folder = directory.failures
            name = ThumbnailDirectory.fileName(uri: subject.uri)
            png = ThumbnailPNG.encode(width: 1, height: 1, premultiplied: [0, 0, 0, 0],
                                      texts: attributes(subject) + [(ThumbnailSubject.Keys.software, software),
                                                                    (ThumbnailSubject.Keys.reason, reason)])
        }
        guard let png else { return }
        if let problem = Self.writeAtomically(png, folder: folder, name: name) {
            let first = condition.withLock { () -> Bool in
                defer { gaveUp = true; jobs = []; queuedBytes = 0; condition.broadcast() }
                return !gaveUp
            }
            if first { warn("thumbnail cache \(directory.root) not written (\(problem)); thumbnails are not saved this run") }
        } else {
            condition.withLock { writtenCount += 1 }
        }
    }

    private func attributes(_ subject: ThumbnailSubject) -> [(String, String)] {
        [(ThumbnailSubject.Keys.uri, subject.uri), (ThumbnailSubject.Keys.modified, "\(subject.modified)"),
         (ThumbnailSubject.Keys.size, "\(subject.size)")]
    }

    /// `bytes` as `folder/name`: folders made 0700 as needed, a temporary file in `folder` made
    /// 0600, written whole, then renamed into place. Nil when done, else what failed.
    static func writeAtomically(_ bytes: [UInt8], folder: FilePath, name: String) -> String? {
        if let problem = makeFolders(folder) { return problem }
        var template = folder.appending(Array(".\(name).XXXXXX".utf8)).cString
        let fd = mkstemp(&template)
        guard fd >= 0 else { return "cannot create a file in \(folder): \(String(cString: strerror(errno)))" }
        let temporary = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        var problem: String?
        if fchmod(fd, 0o600) != 0 { problem = "chmod: \(String(cString: strerror(errno)))" }
        var done = 0
        while problem == nil && done < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if count > 0 { done += count } else if count < 0 && errno == EINTR { continue } else {
                problem = "cannot write \(temporary): \(String(cString: strerror(count < 0 ? errno : EIO)))"
            }
        }
        if close(fd) != 0 && problem == nil { problem = "cannot write \(temporary): \(String(cString: strerror(errno)))" }
        if problem == nil && rename(temporary.cString, folder.appending(Array(name.utf8)).cString) != 0 {
            problem = "cannot rename \(temporary): \(String(cString: strerror(errno)))"
        }
        if problem != nil { unlink(temporary.cString) }
        return problem
    }

    /// `folder` and every missing folder above it, each made 0700 (existing ones are left as they are).
    private static func makeFolders(_ folder: FilePath) -> String? {
        var path: [UInt8] = []
        for component in folder.bytes.split(separator: UInt8(ascii: "/")) {
            path += [UInt8(ascii: "/")] + component
            let made = FilePath(bytes: path).cString.withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o700) }
            if made != 0 && errno != EEXIST { return "cannot make \(FilePath(bytes: path)): \(String(cString: strerror(errno)))" }
        }
        return nil
    }
}
