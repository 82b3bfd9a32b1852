import Glibc
import SwivelCore
import SwivelSystem
import SwivelPhotoCore


/// Decodes photos on background threads, nearest to the centre first, and hands finished ones to
/// the main thread, which only uploads them. The main thread says what it wants (`want`); workers
/// always take the first wanted card that is neither decoding nor decoded, so a fling simply
/// changes the wish list and stale work is never started; work already started on a card that
/// leaves the wish list is cancelled (`DecodeCancellation`), so it stops at its decoder's next check.
///
/// Two kinds of thread: on-screen threads, at normal priority, decode only the photos on screen
/// (the centred one first: it heads the wish list); the ahead thread, at nice 10, decodes the
/// cards off screen once every on-screen card has a thread, and never an on-screen one while
/// there are on-screen threads to take it (a visible photo left to a thread that yields to
/// everything would arrive last). A loader with no on-screen thread has its ahead thread decode
/// everything.
public final class ImageLoader: @unchecked Sendable {
    public struct Finished: Sendable {
        public let id: Int
        /// The mip levels to upload, or why the file was skipped.
        public let result: Result<MipChain, ImageLoadError>
    }

    /// Decodes card `id` at `width` × `height` (on a worker thread), stopping early once the
    /// cancellation is set.
    typealias Decode = @Sendable (_ id: Int, _ width: Int, _ height: Int,
                                  _ cancellation: DecodeCancellation) throws(ImageLoadError) -> DecodedImage

    private let condition = Condition()
    private let decode: Decode
    private var size = (width: 0, height: 0)
    private var wanted: [Int] = []
    private var onScreen: Set<Int> = []
    /// The cards being decoded, each with the cancellation its decode looks at.
    private var busy: [Int: DecodeCancellation] = [:]
    private var finished: [Finished] = []
    private var finishedIDs: Set<Int> = []
    private var generation = 0
    private var stopping = false
    private var decodeTimes: [Double] = []
    private var decodeCPUTimes: [Double] = []
    private let onFinished: @Sendable () -> Void
    private let beforeAhead: (@Sendable () -> Void)?

    /// `onScreenThreads` threads for the photos on screen and `aheadThreads` for the rest (see
    /// the type). `onFinished` runs on a worker thread after each decode (to wake the main loop).
    public convenience init(sources: [PhotoSource], onScreenThreads: Int, aheadThreads: Int,
                            onFinished: @escaping @Sendable () -> Void) {
        self.init(onScreenThreads: onScreenThreads, aheadThreads: aheadThreads, onFinished: onFinished) {
            (id, width, height, cancellation) throws(ImageLoadError) in
            try sources[id].decode(width: width, height: height, cancellation: cancellation)
        }
    }

    /// `threads` threads: with one, it decodes everything (at nice 10); with more, one of them
    /// decodes ahead and the others the photos on screen.
    public convenience init(sources: [PhotoSource], threads count: Int, onFinished: @escaping @Sendable () -> Void) {
        let count = max(1, count)
        self.init(sources: sources, onScreenThreads: count - 1, aheadThreads: 1, onFinished: onFinished)
    }

    /// The threads as above, each decode done by `decode` (the tests' stand-in for files).
    /// `beforeAhead` runs on a thread decoding ahead (cards off screen) before it takes each card,
    /// and may block it: the thumbnail writer holds it back while its queue is full.
    init(onScreenThreads: Int, aheadThreads: Int, onFinished: @escaping @Sendable () -> Void,
         beforeAhead: (@Sendable () -> Void)? = nil, decode: @escaping Decode) {
        self.decode = decode
        self.onFinished = onFinished
        self.beforeAhead = beforeAhead
        let onScreenCount = max(0, onScreenThreads)
        let count = onScreenCount + max(onScreenCount == 0 ? 1 : 0, aheadThreads)
        for index in 0..<count {
            let role: Role = index < onScreenCount ? .onScreen : onScreenCount > 0 ? .ahead : .any
            // The thread keeps the loader until it stops.
            startThread(named: "swivel-decode-\(index)") { self.work(role) }
        }
    }

    /// What a worker thread may take from the wish list.
    enum Role {
        /// Only cards on screen, at normal priority.
        case onScreen
        /// Only cards off screen, once no on-screen card waits for a thread, at nice 10.
        case ahead
        /// Any card, at nice 10 (the only thread of a loader).
        case any
    }

    /// Stops the workers: their current decodes are cancelled (each stops at its decoder's next
    /// check); waits for none of it.
    public func stop() {
        condition.withLock {
            stopping = true
            wanted = []
            cancelBusy { _ in true }
            condition.broadcast()
        }
    }

    /// Cancels the decodes of the busy cards that `unwanted` picks (called with the lock held).
    private func cancelBusy(_ unwanted: (Int) -> Bool) {
        for (id, cancellation) in busy where unwanted(id) { cancellation.cancel() }
    }

    /// The cards (ids) to decode, most urgent first; replaces the previous list. `onScreen`:
    /// those of them on screen now, whose photos the user is waiting for.
    public func want(_ ids: [Int], onScreen: Set<Int> = []) {
        condition.withLock {
            wanted = ids
            self.onScreen = onScreen
            if !busy.isEmpty {
                let kept = Set(ids)
                cancelBusy { !kept.contains($0) }
            }
            condition.broadcast()
        }
    }

    /// A new texture size (the pixel scale changed): everything decoded so far is dropped, and
    /// decodes at the old size are cancelled.
    public func resize(width: Int, height: Int) {
        condition.withLock {
            size = (width, height)
            generation += 1
            cancelBusy { _ in true }
            finished = []
            finishedIDs = []
        }
    }

    /// Up to `limit` finished decodes, oldest first. They leave the wish list too: until the next
    /// `want`, an idle worker would otherwise decode a taken card again (and a bad file would be
    /// reported twice).
    public func takeFinished(limit: Int) -> [Finished] {
        condition.withLock {
            let taken = Array(finished.prefix(limit))
            finished.removeFirst(taken.count)
            let ids = Set(taken.map(\.id))
            finishedIDs.subtract(ids)
            wanted.removeAll { ids.contains($0) }
            return taken
        }
    }

    /// The wish list as it stands (for tests).
    public var wantedIDs: [Int] { condition.withLock { wanted } }

    /// How long each decode so far took on its worker thread, in milliseconds (for `--bench`).
    public var decodeMilliseconds: [Double] { condition.withLock { decodeTimes } }

    /// The CPU time each decode so far took on its thread, in milliseconds: the decode's own cost,
    /// without the time its (lower-priority) thread waited for a core.
    public var decodeCPUMilliseconds: [Double] { condition.withLock { decodeCPUTimes } }

    /// Whether decoded photos are waiting to be taken.
    public var hasFinished: Bool { condition.withLock { !finished.isEmpty } }

    /// Whether every decode asked for has been done: nothing decodes, and no card wanted waits for a
    /// thread (the finished ones may still wait to be taken).
    public var isSettled: Bool {
        condition.withLock { busy.isEmpty && (size.width == 0 || !wanted.contains(where: isFree)) }
    }

    /// Whether anything is decoding or waiting to be uploaded.
    public var hasWork: Bool { condition.withLock { !busy.isEmpty || !finished.isEmpty } }

    private func work(_ role: Role) {
        // Decoding ahead (prefetch, cards off screen) yields to drawing: on a two-core machine
        // llvmpipe's rasteriser needs the cores during a frame, and a late prefetch is better
        // than a late frame. Photos on screen are what the user waits for: their threads decode
        // only those, at normal priority. With every thread at nice 10, a folder of 12 MP JPEGs
        // took 1.5-4.7 s to show its visible photos while other programs kept both cores busy
        // (load 5-6), with one on-screen thread 0.75-1.15 s, frame times alike (`--bench
        // --images`, interleaved runs). A thread cannot take its priority back without
        // privileges, hence a thread for each role. (Linux nice is per thread; 0: the calling
        // thread.)
        if role != .onScreen { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
        while true {
            // Only the thread that decodes nothing but cards off screen may be held back: a
            // loader's only thread (`.any`) decodes the visible cards too.
            if role == .ahead { beforeAhead?() }
            condition.lock()
            var next: Int?
            while !stopping {
                next = size.width > 0 ? nextCard(for: role) : nil
                if next != nil { break }
                condition.wait()
            }
            guard let id = next, !stopping else { condition.unlock(); return }
            let cancellation = DecodeCancellation()
            busy[id] = cancellation
            if role == .onScreen { condition.broadcast() }   // perhaps the last on-screen card: decoding ahead may start
            let (width, height) = size
            let started = generation
            condition.unlock()

            let result: Result<MipChain, ImageLoadError>
            let clock = MonotonicClock()
            let start = clock.now, startCPU = ThreadCPUClock.milliseconds
            var decoded: Duration?, decodedCPU = 0.0
            _ = WorkerCPU.take()
            do {
                let image = try decode(id, width, height, cancellation)
                decoded = clock.now - start
                // This thread's, and a decoder worker's when the decode ran in one.
                decodedCPU = ThreadCPUClock.milliseconds - startCPU + WorkerCPU.take()
                result = .success(MipChain(width: image.width, height: image.height, pixels: image.pixels))
            } catch {
                result = .failure(error)
            }

            condition.withLock {
                if let decoded {
                    decodeTimes.append(decoded.milliseconds)
                    decodeCPUTimes.append(decodedCPU)
                }
                busy[id] = nil
                // A cancelled decode reports nothing: the card is free to be decoded again when it
                // is next wanted.
                if case .failure(let error) = result, error.cancelled {
                } else if started == generation && !stopping {
                    finished.append(Finished(id: id, result: result))
                    finishedIDs.insert(id)
                }
            }
            onFinished()
        }
    }

    /// Whether card `id` is neither decoding nor decoded (called with the lock held).
    private func isFree(_ id: Int) -> Bool { busy[id] == nil && !finishedIDs.contains(id) }

    /// The first wanted card a thread in `role` may take, if any (called with the lock held).
    /// Decoding ahead waits while a photo on screen waits for a thread: on two cores it would
    /// only slow the on-screen decodes down.
    private func nextCard(for role: Role) -> Int? {
        switch role {
        case .onScreen:
            return wanted.first { isFree($0) && onScreen.contains($0) }
        case .any:
            return wanted.first { isFree($0) }
        case .ahead:
            var first: Int?
            for id in wanted where isFree(id) {
                if onScreen.contains(id) { return nil }
                if first == nil { first = id }
            }
            return first
        }
    }
}
