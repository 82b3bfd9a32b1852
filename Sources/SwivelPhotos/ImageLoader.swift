import Glibc
import SwivelCore


/// Decodes photos on background threads, nearest to the centre first, and hands finished ones to
/// the main thread, which only uploads them. The main thread says what it wants (`want`); workers
/// always take the first wanted card that is neither decoding nor decoded, so a fling simply
/// changes the wish list and stale work is never started.
public final class ImageLoader: @unchecked Sendable {
    public struct Finished: Sendable {
        public let id: Int
        /// The mip levels to upload, or why the file was skipped.
        public let result: Result<MipChain, ImageLoadError>
    }

    private let condition = Condition()
    private let sources: [PhotoSource]
    private var size = (width: 0, height: 0)
    private var wanted: [Int] = []
    private var onScreen: Set<Int> = []
    private var busy: Set<Int> = []
    private var finished: [Finished] = []
    private var finishedIDs: Set<Int> = []
    private var generation = 0
    private var stopping = false
    private var decodeTimes: [Double] = []
    private var decodeCPUTimes: [Double] = []
    private let onFinished: @Sendable () -> Void

    /// `onFinished` runs on a worker thread after each decode (to wake the main loop).
    public init(sources: [PhotoSource], threads count: Int, onFinished: @escaping @Sendable () -> Void) {
        self.sources = sources
        self.onFinished = onFinished
        let count = max(1, count)
        for index in 0..<count {
            // With two or more threads, the first decodes only on-screen photos, at normal priority.
            let onScreenOnly = count > 1 && index == 0
            // The thread keeps the loader until it stops.
            startThread(named: "swivel-decode-\(index)") { self.work(onScreenOnly: onScreenOnly) }
        }
    }

    /// Stops the workers after their current decode; waits for none of it.
    public func stop() {
        condition.withLock {
            stopping = true
            wanted = []
            condition.broadcast()
        }
    }

    /// The cards (ids) to decode, most urgent first; replaces the previous list. `onScreen`:
    /// those of them on screen now, whose photos the user is waiting for.
    public func want(_ ids: [Int], onScreen: Set<Int> = []) {
        condition.withLock {
            wanted = ids
            self.onScreen = onScreen
            condition.broadcast()
        }
    }

    /// A new texture size (the pixel scale changed): everything decoded so far is dropped.
    public func resize(width: Int, height: Int) {
        condition.withLock {
            size = (width, height)
            generation += 1
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

    /// Whether anything is decoding or waiting to be uploaded.
    public var hasWork: Bool { condition.withLock { !busy.isEmpty || !finished.isEmpty } }

    private func work(onScreenOnly: Bool) {
        // Decoding ahead (prefetch, cards off screen) yields to drawing: on a two-core machine
        // llvmpipe's rasteriser needs the cores during a frame, and a late prefetch is better
        // than a late frame. Photos on screen are what the user waits for: one thread decodes only
        // those, at normal priority. With every thread at nice 10, a folder of 12 MP JPEGs took
        // 1.5-4.7 s to show its visible photos while other programs kept both cores busy (load
        // 5-6), with this thread 0.75-1.15 s, frame times alike (`--bench --images`, interleaved
        // runs). A thread cannot take its priority back without privileges, hence a thread for
        // each role. (Linux nice is per thread; 0: the calling thread.)
        if !onScreenOnly { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
        while true {
            condition.lock()
            var next: Int?
            while !stopping {
                next = size.width > 0
                    ? wanted.first { !busy.contains($0) && !finishedIDs.contains($0) && (!onScreenOnly || onScreen.contains($0)) }
                    : nil
                if next != nil { break }
                condition.wait()
            }
            guard let id = next, !stopping else { condition.unlock(); return }
            busy.insert(id)
            let (width, height) = size
            let started = generation
            condition.unlock()

            let result: Result<MipChain, ImageLoadError>
            let clock = ContinuousClock()
            let start = clock.now, startCPU = Self.threadCPUMilliseconds()
            var decoded: Duration?, decodedCPU = 0.0
            do {
                let image = try sources[id].decode(width: width, height: height)
                decoded = clock.now - start
                decodedCPU = Self.threadCPUMilliseconds() - startCPU
                result = .success(MipChain(width: image.width, height: image.height, pixels: image.pixels))
            } catch {
                result = .failure(error)
            }

            condition.withLock {
                if let decoded {
                    decodeTimes.append(Double(decoded.components.seconds) * 1000
                                       + Double(decoded.components.attoseconds) / 1e15)
                    decodeCPUTimes.append(decodedCPU)
                }
                busy.remove(id)
                if started == generation && !stopping {
                    finished.append(Finished(id: id, result: result))
                    finishedIDs.insert(id)
                }
            }
            onFinished()
        }
    }

    /// CPU time of the calling thread so far, in milliseconds.
    private static func threadCPUMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }
}
