import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// The full view's photos, decoded on their own thread: the open photo at the window's pixel size
/// first, its full resolution when asked for (zoomed past the window's size), and its two
/// neighbours at window size ahead of time, so that paging shows a sharp photo at once.
///
/// All of it counts against a budget in bytes (what `--texture-budget` leaves the full view), RGBA
/// at 4 bytes a pixel: the open photo's window-size decode is shrunk to fit it, a neighbour that
/// does not fit is not decoded, and a full resolution that does not fit is refused with one line
/// (the photo stays at the size it has). The caller takes the results (`takeFinished`) and tells
/// what it no longer holds by opening another photo or closing: what leaves the three is freed.
///
/// With the view closed, one photo may be decoded at window size ahead (`prepare`: the card the
/// row rests on), so that opening it finds its sharp photo decoded or under way. It is the least
/// urgent work, counts against the budget like the rest, and is held here until that photo opens
/// at that size (then it is the open photo's decode, finished or not) or is freed: another photo
/// prepared, another opened, or the view closed.
public final class FullViewPhotos: @unchecked Sendable {
    public enum Resolution: Hashable, Sendable {
        /// Within the window's pixel size.
        case window
        /// The photo's own size.
        case full
    }

    /// One decode the view asks for.
    public struct Image: Hashable, Sendable {
        public let id: Int
        public let resolution: Resolution

        public init(id: Int, resolution: Resolution) {
            self.id = id
            self.resolution = resolution
        }
    }

    public struct Finished: Sendable {
        public let image: Image
        /// The pixels (RGBA, premultiplied, top row first, their size in the image), or why not.
        public let result: Result<DecodedImage, ImageLoadError>
        /// How long the decode took on its thread, in milliseconds: wall clock, and the thread's
        /// own CPU time (without its waits for a core: what sharing the cores cost it is the
        /// difference; `--bench --open` reports both).
        public var wallMilliseconds = 0.0, cpuMilliseconds = 0.0
        /// The window-size decode's histogram (the photo as the view shows it at fit), worked out
        /// on the decode thread; nil for the full resolution and a failure.
        public var histogram: Histogram?

        /// The one line for stderr when the full resolution failed ("swivel: PATH: cannot show at
        /// full size: reason"; the photo stays at the size it has); nil otherwise. A photo that
        /// fails at window size is a bad file, told as the cards tell it (`swivel: skipped`).
        public var fullSizeWarning: String? {
            guard image.resolution == .full, case .failure(let error) = result else { return nil }
            return "swivel: \(error.path): cannot show at full size: \(error.reason)"
        }
    }

    /// Decodes photo `id` for `target` (`unresampledUpTo`: see `ImageDecoder.decode`) on the
    /// decode thread, stopping once `cancellation` is set.
    typealias Decode = @Sendable (_ id: Int, _ target: DecodeTarget, _ unresampledUpTo: Double,
                                  _ cancellation: DecodeCancellation) throws(ImageLoadError) -> DecodedImage

    /// How much larger than the fitted size, each way, a window-size decode may come out when a
    /// decoder scales while decoding (JPEG's DCT in eighths): drawn as it is, through the GPU's
    /// bilinear filter, rather than area-averaged to the fitted size on the decode thread (7.8 ms
    /// of a 12 MP photo's 40.5 ms at 1/4 for 1280×720, 10.5 of a 24 MP one's 81, thread CPU time).
    /// At 1.5 a bilinear sample at fit still reads every texel (each pixel's 2×2 texels span 1.5);
    /// a 12 MP photo's 1/4 is 1.04× its fit in 1280×720, a 24 MP one's 1.39×.
    static let unresampledUpTo = 1.5

    private let condition = Condition()
    private let decode: Decode
    private let path: @Sendable (Int) -> FilePath
    private let onFinished: @Sendable () -> Void
    private var open: Int?
    private var neighbours: [Int] = []
    private var window = (width: 0, height: 0)
    private var budget = 0
    private var fullWanted = false
    /// Bytes of each image decoded and not yet freed (taken or waiting to be taken).
    private var held: [Image: Int] = [:]
    /// The image being decoded, with its cancellation and the bytes set aside for it.
    private var busy: (image: Image, cancellation: DecodeCancellation, bytes: Int)?
    /// Images that failed (a line was given) or were refused: not tried again while wanted.
    private var given: Set<Image> = []
    private var finished: [Finished] = []
    /// The photo asked for ahead with the view closed, and its decode once finished (held, not yet
    /// the caller's: `takeFinished` gives it once that photo opens).
    private var prepared: Int?
    private var preparedResult: Finished?
    private var stopping = false

    /// The decodes done from `sources`' files.
    public convenience init(sources: [PhotoSource], onFinished: @escaping @Sendable () -> Void) {
        self.init(onFinished: onFinished, path: { sources[$0].path }) { (id, target, near, cancellation) throws(ImageLoadError) in
            try sources[id].decodeForView(target: target, unresampledUpTo: near, cancellation: cancellation)
        }
    }

    /// The decodes done by `decode` (the tests' stand-in for files).
    init(onFinished: @escaping @Sendable () -> Void, path: @escaping @Sendable (Int) -> FilePath,
         decode: @escaping Decode) {
        self.decode = decode
        self.path = path
        self.onFinished = onFinished
        startThread(named: "swivel-fullview") { self.work() }
    }

    /// Opens photo `id` in a window of `window` pixels with `neighbours` (the photos paging reaches
    /// next, nearest first), within `budgetBytes`. Returns what the caller is to free: the images
    /// of photos no longer among the three. A decode of one of those stops; the full resolution is
    /// wanted again only when asked for (`wantFullResolution`).
    /// A photo prepared ahead at that window size is the open photo's decode: at once in
    /// `takeFinished` when finished, otherwise still under way; anything else prepared is freed.
    @discardableResult
    public func open(_ id: Int, window: (width: Int, height: Int), neighbours: [Int], budgetBytes: Int) -> [Image] {
        condition.withLock {
            let kept = Set([id] + neighbours)
            if open != id || self.window != window { fullWanted = false }
            let sizeChanged = self.window != window
            if let prepared {
                // Never the caller's: freed here, not returned.
                if prepared != id || sizeChanged { forget(Image(id: prepared, resolution: .window)) }
                else if let preparedResult { finished.append(preparedResult) }
                (self.prepared, preparedResult) = (nil, nil)
            }
            (open, self.neighbours, self.window, budget) = (id, neighbours, window, budgetBytes)
            let freed = held.keys.filter {
                !kept.contains($0.id) || sizeChanged || ($0.resolution == .full && $0.id != id)
            }
            for image in freed { held[image] = nil }
            finished.removeAll { freed.contains($0.image) || !kept.contains($0.image.id) }
            given = given.filter { kept.contains($0.id) && !sizeChanged }
            if let busy, !wanted.contains(busy.image) || sizeChanged { busy.cancellation.cancel() }
            condition.broadcast()
            return freed
        }
    }

    /// With the view closed, decodes photo `id` at the size of a window of `window` pixels ahead,
    /// within `budgetBytes`, once nothing else is to be done; nil: none. What was prepared for
    /// another photo or size stops or is freed. Ignored while a photo is open.
    public func prepare(_ id: Int?, window: (width: Int, height: Int), budgetBytes: Int) {
        condition.withLock {
            guard open == nil, id != prepared || (id != nil && (self.window != window || budget != budgetBytes)) else { return }
            if let prepared, prepared != id || self.window != window {
                forget(Image(id: prepared, resolution: .window))
                preparedResult = nil
            }
            prepared = id
            if id != nil { (self.window, budget) = (window, budgetBytes) }
            condition.broadcast()
        }
    }

    /// Frees `image`, held or given up on here, and stops its decode (called with the lock held).
    private func forget(_ image: Image) {
        held[image] = nil
        given.remove(image)
        if let busy, busy.image == image { busy.cancellation.cancel() }
    }

    /// Asks for the open photo at its full resolution (the view zoomed past the window's size).
    public func wantFullResolution() {
        condition.withLock {
            fullWanted = true
            condition.broadcast()
        }
    }

    /// Closes the view: every decode stops, and the caller frees all it holds.
    public func close() {
        condition.withLock {
            open = nil
            neighbours = []
            fullWanted = false
            held = [:]
            given = []
            finished = []
            (prepared, preparedResult) = (nil, nil)
            busy?.cancellation.cancel()
        }
    }

    /// Stops the thread (the deck closing); waits for none of it.
    public func stop() {
        close()
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    /// The decodes finished since the last call, oldest first.
    public func takeFinished() -> [Finished] {
        condition.withLock {
            defer {
                // The open photo taken: the neighbours may start.
                if !finished.isEmpty { condition.broadcast() }
                finished = []
            }
            return finished
        }
    }

    /// The bytes the full view's images hold now, decoded or being decoded (for tests and the HUD).
    public var heldBytes: Int { condition.withLock { held.values.reduce(0, +) + (busy?.bytes ?? 0) } }

    /// Whether every decode asked for has been done (the finished ones may still wait to be taken).
    public var isSettled: Bool { condition.withLock { busy == nil && nextDecode() == nil } }

    /// Whether a decode is under way or waiting to be taken.
    public var hasWork: Bool { condition.withLock { busy != nil || !finished.isEmpty } }

    /// The images wanted, most urgent first (called with the lock held). The neighbours only once
    /// the open photo's window-size decode has been taken (or given up on): until then it is on
    /// its way to the screen, and the frame that takes it in, uploads and draws it shares the
    /// cores with whatever decodes (on llvmpipe, drawing is on the CPU too). With the view closed,
    /// the photo prepared ahead.
    private var wanted: [Image] {
        guard let open else { return prepared.map { [Image(id: $0, resolution: .window)] } ?? [] }
        let shown = Image(id: open, resolution: .window)
        let taken = (held[shown] != nil || given.contains(shown)) && !finished.contains { $0.image == shown }
        return [shown] + (fullWanted ? [Image(id: open, resolution: .full)] : [])
            + (taken ? neighbours.map { Image(id: $0, resolution: .window) } : [])
    }

    private func work() {
        while true {
            condition.lock()
            var next: (image: Image, target: DecodeTarget, near: Double, bytes: Int)?
            while !stopping {
                next = nextDecode()
                if next != nil { break }
                condition.wait()
            }
            guard let next, !stopping else { condition.unlock(); return }
            let (image, target, near, bytes) = (next.image, next.target, next.near, next.bytes)
            let cancellation = DecodeCancellation()
            busy = (image, cancellation, bytes)
            let budgetLeft = budget - held.values.reduce(0, +)
            let decodedWindow = window
            condition.unlock()

            var result: Result<DecodedImage, ImageLoadError>
            let (startedAt, startedCPU) = (MonotonicClock.now, ThreadCPUClock.milliseconds)
            _ = WorkerCPU.take()
            do {
                result = .success(try decode(image.id, target, near, cancellation))
            } catch {
                result = .failure(error)
            }
            // The CPU time's span inside the wall clock's: read last at the start, first at the end.
            let cpu = ThreadCPUClock.milliseconds - startedCPU + WorkerCPU.take()   // and its worker's
            let wall = (MonotonicClock.now - startedAt).milliseconds
            // The full resolution's size is known only once decoded: refused when over the budget.
            if case .success(let decoded) = result, image.resolution == .full, decoded.buffer.count > budgetLeft {
                result = .failure(ImageLoadError(path: path(image.id), reason: "\(decoded.width)×\(decoded.height) needs "
                    + "\(decoded.buffer.count >> 20) MiB, over the \(max(0, budgetLeft) >> 20) MiB of texture budget left"))
            }
            // The histogram here, off the frame step (1280×720 is 0.9 M pixels).
            var histogram: Histogram?
            if case .success(let decoded) = result, image.resolution == .window {
                histogram = decoded.buffer.withUnsafeBytes { Histogram(rgba: $0, width: decoded.width, height: decoded.height) }
            }
            let taken = condition.withLock {
                busy = nil
                if case .failure(let error) = result, error.cancelled { return false }
                // (Finished just as the window's size changed: asked for again at the new size.)
                guard wanted.contains(image), window == decodedWindow else { return false }
                switch result {
                case .success(let decoded): held[image] = decoded.buffer.count
                case .failure: given.insert(image)
                }
                // Prepared ahead: kept until its photo opens; nothing for the caller to take now.
                guard open != nil else {
                    preparedResult = Finished(image: image, result: result, wallMilliseconds: wall, cpuMilliseconds: cpu,
                                              histogram: histogram)
                    return false
                }
                finished.append(Finished(image: image, result: result, wallMilliseconds: wall, cpuMilliseconds: cpu,
                                         histogram: histogram))
                return true
            }
            if taken { onFinished() }
        }
    }

    /// The first wanted image neither held nor given up on, with its target, how much larger it may
    /// come out unresampled, and the bytes set aside for it; nil when there is none or the budget
    /// leaves no room (called with the lock held).
    private func nextDecode() -> (image: Image, target: DecodeTarget, near: Double, bytes: Int)? {
        guard busy == nil, window.width > 0, window.height > 0 else { return nil }
        let left = budget - held.values.reduce(0, +)
        for image in wanted where held[image] == nil && !given.contains(image) {
            let windowBytes = window.width * window.height * 4
            // The largest a window-size decode may come out unresampled.
            let largestBytes = Int((Double(windowBytes) * Self.unresampledUpTo * Self.unresampledUpTo).rounded(.up))
            switch image.resolution {
            case .full:
                return (image, .fit(width: Int(Int32.max), height: Int(Int32.max)), 1, 0)
            case .window where largestBytes <= left:
                return (image, .fit(width: window.width, height: window.height), Self.unresampledUpTo, largestBytes)
            case .window where windowBytes <= left:
                return (image, .fit(width: window.width, height: window.height), 1, windowBytes)
            case .window where image.id == open && left >= 4:
                // The open photo is shown softer rather than not at all: the window shrunk by one
                // factor until it fits.
                let scale = (Double(left) / Double(windowBytes)).squareRoot()
                let width = max(1, Int(Double(window.width) * scale)), height = max(1, Int(Double(window.height) * scale))
                return (image, .fit(width: width, height: height), 1, width * height * 4)
            case .window:
                continue   // a neighbour that does not fit is not decoded ahead
            }
        }
        return nil
    }
}
