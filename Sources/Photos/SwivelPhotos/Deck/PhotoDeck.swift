import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// Where a deck's photos go to be drawn: one array of equal layers, each a photo with all its mip
/// levels (in the app, an OpenGL texture array; this module makes no GL calls).
public protocol PhotoTextureArray: AnyObject {
    /// The most layers one array may have (the context's limit).
    static var maximumLayers: Int { get }
    /// Bytes one layer of `width` × `height` pixels takes with all its mip levels.
    static func bytesPerLayer(width: Int, height: Int) -> Int
    /// Allocates the array; throws when there is no memory for it.
    init(width: Int, height: Int, layers: Int) throws
    var layers: Int { get }
    /// Bytes the whole array takes.
    var byteCount: Int { get }
    /// Puts a photo's levels into `layer`; throws (and the layer keeps what it had) when it cannot.
    func upload(_ chain: MipChain, to layer: Int) throws
    /// Copies layers `0..<count` of `other`, an array of the same layer size, into the same
    /// layers here; throws when it cannot (the photos are then decoded again).
    func copyLayers(_ count: Int, from other: Self) throws
}

extension PhotoTextureArray {
    public func copyLayers(_ count: Int, from other: Self) throws {
        throw PhotoTextureCopyUnsupported()
    }
}

/// The error of an array that cannot copy its layers.
public struct PhotoTextureCopyUnsupported: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "cannot copy texture layers" }
}

/// A deck of photos as cards: which files are in it, which have textures, what to decode next.
///
/// Files are known by id (their place in the scanned list); the deck is the ordered ids still in
/// it, so a file that turns out unreadable leaves the deck without disturbing the others' ids.
/// Textures live in one array whose layers an LRU cache hands out to the cards nearest the centre;
/// decoded pixels go to the GPU and are dropped.
///
/// The pipeline: `DeckScanner` finds the files, `ImageLoader`'s threads decode the wanted ones
/// (`LoadPlan` says which) to card-sized `MipChain`s, the `SlotCache` hands out layers of a
/// `Textures` array sized for the pixel scale and the budget, and `update` uploads into them.
public final class PhotoDeck<Textures: PhotoTextureArray> {
    /// Cards beyond the visible ones, on each side, whose photos are decoded ahead of time.
    public static var prefetch: Int { 8 }
    /// Above this speed (points per second) no `prefetch` is decoded either side, only the cards
    /// the row shows on its way (`readAhead`) and where it will stop.
    public static var decodeSpeedLimit: Double { 1500 }
    /// How far ahead of a moving row's leading edge its photos are decoded at the least, in
    /// seconds of its speed (a drag's rest is where it is; a fling reads ahead to its rest).
    public static var readAhead: Double { 0.5 }
    /// How long a photo takes to fade in over its placeholder, in seconds.
    public static var fadeDuration: Double { 0.15 }
    /// Photos that arrive within this many seconds of the window's first frame (`firstFrameShown`,
    /// else the deck's first update) appear at once, without the fade; later ones fade in. A card seen blank for less than
    /// 0.1 s does not read as a card that was empty and then filled: 0.1 s is the limit under which
    /// a response feels instantaneous (Card, Moran & Newell, "The Psychology of Human-Computer
    /// Interaction", 1983; Nielsen, "Usability Engineering", 1993, ch. 5), and here the photos
    /// come in as part of the window opening. The rule is on arrival time alone, so a photo read
    /// from the thumbnail cache and one decoded from its file are drawn alike. The window never
    /// waits for them: warm, the photos on screen arrive in the frame after the first, 0–50 ms
    /// later under a loaded Xvfb (docs/performance.md), inside it; cold they mostly come later
    /// and fade as before.
    public static var instantArrivalAfterOpen: Double { 0.1 }
    /// Uploads per frame at most, so a frame never stalls on textures (about 0.3 ms each at 1×).
    public static var uploadsPerFrame: Int { 2 }
    /// Just after the open (`isOpening`), a frame uploads every photo that is ready rather than
    /// `uploadsPerFrame`, until this many seconds of uploading are spent: the photos a warm open
    /// has decoded by the end of the first frame then appear together in the frame after it,
    /// rather than 2 a frame over the next 5 frames (80 ms at 60 Hz).
    public static var openingUploadSeconds: Double { 0.008 }
    /// Threads decoding the photos on screen, at normal priority, beside the one decoding ahead:
    /// one a core, up to 3. The 7 photos a 1280-point window shows cost 7 × 34 ms of CPU at
    /// 12 MP; on one thread that alone is 250 ms, on two about half.
    public static func onScreenThreads(cores: Int) -> Int { max(1, min(3, cores)) }
    /// After a transient failure (the process out of descriptors or memory when it opened the
    /// file) a photo is tried again no sooner than this many seconds later, doubled at each
    /// failure in a row up to `retryDelayLimit`: a process out of descriptors does not spin on
    /// opens that cannot succeed, and gets its photos within a second once it has them again.
    public static var retryDelay: Double { 1 }
    public static var retryDelayLimit: Double { 16 }
    /// The placeholder shown until a card's photo is ready (iOS systemGray5).
    public static var placeholder: RGBA8 { RGBA8(229, 229, 234) }

    /// Every file the deck has had, by id; a file that appears or changes while the deck is open
    /// gets a new id, so a decode of its old bytes still running is never shown for it.
    private let sources: PhotoSources
    public private(set) var order: [Int]
    /// Where files that appear while the deck is open go (`apply`), and the place of each one in it.
    private var placement: DeckPlacement?
    private var keys: [Int: DeckPlacement.Key] = [:]
    /// The ids in `order`, by path (for `apply`).
    private var idsByPath: [FilePath: Int] = [:]
    /// The ids of the cards on screen at the last update (a photo arriving or fading for any
    /// other card changes no pixel).
    private var onScreen: Set<Int> = []
    private let loader: ImageLoader
    private let budgetBytes: Int
    public private(set) var textures: Textures?
    private var cache = SlotCache<Int>(slotCount: 0)
    private var arrivedAt: [Int: Double] = [:]
    private var unusable: Set<Int> = []
    /// Photos whose last decode failed transiently: when they may be tried again, and how many
    /// times in a row they failed.
    private var retries: [Int: (after: Double, failures: Int)] = [:]
    /// The `now` of the last update.
    private var updatedAt = -Double.infinity
    /// The `now` of the first update, and when the window's first frame went up (`firstFrameShown`):
    /// `instantArrivalAfterOpen` counts from the latter, else from the former.
    private var firstUpdateAt: Double?, firstFrameAt: Double?
    private var textureSize = (width: 0, height: 0)
    private var pinned: Set<Int> = []
    private var failedTextures = (0, 0, 0)
    /// The context's limit on array layers, asked once rather than every frame.
    private lazy var maximumLayers = Textures.maximumLayers
    /// Texture arrays that could not be allocated and photos that could not be uploaded, so far.
    public private(set) var textureFailures = 0
    /// Where one-line warnings go (a file skipped, photos left blank).
    private let warn: (String) -> Void
    /// The shared thumbnail cache the photos are read from and saved to, if any.
    public private(set) var thumbnails: ThumbnailCache?

    /// A deck of `sources` whose textures take at most `budgetMiB`. `warn` gets each one-line
    /// warning; `onFinished` runs on a decoding thread after each decode (to wake the main loop).
    /// With `thumbnails`, photos come from the shared thumbnail cache where it has them, and are
    /// saved to it after they are decoded.
    public convenience init(sources: [PhotoSource], budgetMiB: Int, thumbnails: ThumbnailCache? = nil,
                            warn: @escaping (String) -> Void, onFinished: @escaping @Sendable () -> Void) {
        let sources = PhotoSources(sources)
        var beforeAhead: (@Sendable () -> Void)?
        if let thumbnails { beforeAhead = { thumbnails.writer.waitForRoom() } }
        self.init(sources: sources, budgetMiB: budgetMiB, warn: warn, onFinished: onFinished, beforeAhead: beforeAhead) {
            (id, width, height, cancellation) throws(ImageLoadError) in
            try sources[id].decode(width: width, height: height, cancellation: cancellation, thumbnails: thumbnails)
        }
        self.thumbnails = thumbnails
    }

    /// The deck as above, each photo decoded by `decode` (the tests' stand-in for a failing open).
    convenience init(sources: [PhotoSource], budgetMiB: Int, warn: @escaping (String) -> Void,
                     onFinished: @escaping @Sendable () -> Void, decode: @escaping ImageLoader.Decode) {
        self.init(sources: PhotoSources(sources), budgetMiB: budgetMiB, warn: warn, onFinished: onFinished,
                  decode: decode)
    }

    private init(sources: PhotoSources, budgetMiB: Int, warn: @escaping (String) -> Void,
                 onFinished: @escaping @Sendable () -> Void, beforeAhead: (@Sendable () -> Void)? = nil,
                 decode: @escaping ImageLoader.Decode) {
        self.sources = sources
        order = Array(0..<sources.count)
        for id in order { idsByPath[sources[id].path] = id }
        budgetBytes = budgetMiB * 1_048_576
        self.warn = warn
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))   // the processors online
        loader = ImageLoader(onScreenThreads: Self.onScreenThreads(cores: cores), aheadThreads: 1,
                             onFinished: onFinished, beforeAhead: beforeAhead, decode: decode)
        fullViewPhotos = FullViewPhotos(onFinished: onFinished, path: { sources[$0].path }) {
            (id, target, near, cancellation) throws(ImageLoadError) in
            try ImageDecoder.decode(sources[id].path, target: target, unresampledUpTo: near, cancellation: cancellation)
        }
    }

    deinit {
        loader.stop()
        fullViewPhotos.stop()
    }

    /// The full view's sharp photos, by photo id (`photoID(at:)`), decoded on their own thread.
    public let fullViewPhotos: FullViewPhotos

    /// The id of the photo at `position` (what `fullViewPhotos` takes), nil past the deck's end.
    public func photoID(at position: Int) -> Int? { order.indices.contains(position) ? order[position] : nil }

    public var count: Int { order.count }

    /// The file of the card at `position`, nil past the deck's end.
    public func path(at position: Int) -> FilePath? {
        order.indices.contains(position) ? sources[order[position]].path : nil
    }

    /// The files of the cards, in the deck's order.
    public var paths: [FilePath] { order.map { sources[$0].path } }

    /// Whether a card of the deck shows `path`.
    public func contains(_ path: FilePath) -> Bool { idsByPath[path] != nil }

    /// The caption for the card at `position`: its file name without the extension.
    public func name(at position: Int) -> String {
        guard order.indices.contains(position) else { return "" }
        return sources[order[position]].name
    }

    /// The position of the card showing the file at `path`, nil when none does.
    public func position(of path: FilePath) -> Int? { idsByPath[path].flatMap { order.firstIndex(of: $0) } }

    /// The change (for `apply`) that brings back a file that was at `path` before (a trashed file
    /// restored): a card in the place the scan and the sort give it.
    public func returned(_ path: FilePath) -> FolderChange {
        .written(path, root: placement.map { $0.root(of: path) ?? $0.roots.count } ?? 0)
    }

    public struct Update {
        /// Deck positions of files that could not be read, already removed, highest first, so
        /// the caller can keep the user's place.
        public var removed: [Int] = []
        /// Photos that went to the GPU.
        public var uploaded = 0
        /// Of those, the ones for cards on screen (the others change no pixel).
        public var uploadedOnScreen = 0
    }

    /// Once per frame, before drawing. Sizes the textures for the pixel scale, tells the decoders
    /// what is wanted, uploads up to `uploadLimit` finished photos, and stops uploading once
    /// `uploadSeconds` have been spent on it.
    ///
    /// What is wanted: the cards the row shows from now until it comes to rest, in the order it
    /// shows them (`LoadPlan.passing`: a fling's end, `destination`, is known the moment it
    /// starts; a drag reads `readAhead` ahead), decoded first; the cards where it will rest and
    /// one more each side; and, unless the row is flying past faster than `decodeSpeedLimit`,
    /// `prefetch` either side of the cards on screen now.
    public func update(layout: CarouselLayout, scroll: Double, destination: Double? = nil, velocity: Double,
                pixelScale: Double, now: Double, uploadLimit: Int = PhotoDeck.uploadsPerFrame,
                uploadSeconds: Double = .infinity) -> Update {
        if firstUpdateAt == nil { firstUpdateAt = now }
        prepareTextures(layout: layout, pixelScale: pixelScale)
        guard let textures else { return Update() }

        /// An endless row's planned slots as its cards, each once (a slot past a turn is card slot % n).
        func eachCardOnce(_ slots: [Int]) -> [Int] {
            var seen = Set<Int>()
            return slots.map { $0 % order.count }.filter { seen.insert($0).inserted }
        }
        func plan(around offset: Double, prefetch: Int) -> [Int] {
            guard layout.isEndless else {
                return LoadPlan.wanted(visible: layout.visibleIndices(scroll: offset), centre: layout.centreIndex(scroll: offset),
                                       direction: velocity, prefetch: prefetch, cardCount: order.count)
            }
            // An endless row: plan over its slots as a straight row long enough that no end is
            // near (shifted by whole turns to start past one turn), then each card once.
            let slots = layout.visibleIndices(scroll: offset), n = order.count
            let shift = n - (slots.lowerBound - layout.card(atSlot: slots.lowerBound))
            let planned = LoadPlan.wanted(visible: (slots.lowerBound + shift)..<(slots.upperBound + shift),
                                          centre: offset / layout.parameters.pitch + Double(shift),
                                          direction: velocity, prefetch: prefetch,
                                          cardCount: slots.upperBound + shift + prefetch + n)
            return eachCardOnce(planned)
        }
        let end = destination ?? scroll
        /// The cards the row shows until it rests (`LoadPlan.passing`), each once: the visible ones first.
        func passing() -> (cards: [Int], visible: Int) {
            let heading = velocity != 0 ? velocity : end - scroll
            let ahead = abs(velocity) * Self.readAhead / max(layout.parameters.pitch, 1)   // cards
            let lead = ahead.isFinite ? Int(min(ahead, 1e6).rounded(.up)) : 0
            let slots = layout.visibleIndices(scroll: scroll), resting = layout.visibleIndices(scroll: end)
            guard layout.isEndless else {
                let cards = LoadPlan.passing(visible: slots, resting: resting, centre: layout.centreIndex(scroll: scroll),
                                             direction: heading, lead: lead, cardCount: order.count)
                return (cards, slots.count)
            }
            // An endless row, as in `plan`: shifted by whole turns so that no slot it passes is below 0.
            let n = order.count, lowest = min(slots.lowerBound - lead, resting.lowerBound)
            let shift = n - (lowest - layout.card(atSlot: lowest))
            let planned = LoadPlan.passing(visible: (slots.lowerBound + shift)..<(slots.upperBound + shift),
                                           resting: (resting.lowerBound + shift)..<(resting.upperBound + shift),
                                           centre: scroll / layout.parameters.pitch + Double(shift), direction: heading,
                                           lead: lead, cardCount: max(slots.upperBound + lead, resting.upperBound) + shift + n)
            return (eachCardOnce(planned), layout.cards(inSlots: slots).count)
        }
        let shown = passing()
        let here = abs(velocity) <= Self.decodeSpeedLimit ? plan(around: scroll, prefetch: Self.prefetch) : []
        let resting = plan(around: end, prefetch: 1)
        var seen = Set<Int>()
        var positions = (here + shown.cards + resting).filter { seen.insert($0).inserted }
        // Too many for the layers (a long fling): the cards passed on the way that it shows last go.
        if positions.count > textures.layers {
            let kept = Set(here + shown.cards.prefix(shown.visible) + resting)
            var excess = positions.count - textures.layers
            for index in positions.indices.reversed() where excess > 0 && !kept.contains(positions[index]) {
                positions.remove(at: index)
                excess -= 1
            }
        }
        let wanted = positions.prefix(textures.layers).map { order[$0] }
        pinned = Set(wanted)
        // Decoded on the on-screen threads: the cards the row shows until it rests, the visible
        // ones first. (`self.onScreen`, the cards that can touch the window, is what a frame is
        // drawn for.)
        let decodedFirst = Set(shown.cards.map { order[$0] })
        self.onScreen = Set(layout.cards(inSlots: layout.showingIndices(scroll: scroll)).filter { order.indices.contains($0) }.map { order[$0] })
        updatedAt = now
        // A retry that is due goes on the wish list below; one no longer wanted is forgotten.
        let wantedSet = Set(wanted)
        retries = retries.filter { id, retry in retry.after > now || wantedSet.contains(id) }
        loader.want(wanted.filter { id in
            cache.slot(for: id) == nil && !unusable.contains(id) && (retries[id].map { now >= $0.after } ?? true)
        }, onScreen: decodedFirst)

        var update = Update()
        let uploadStart = MonotonicClock.now
        var taken = 0
        while taken < uploadLimit, (MonotonicClock.now - uploadStart).milliseconds < uploadSeconds * 1000,
              let finished = loader.takeFinished(limit: 1).first {
            taken += 1
            switch finished.result {
            case .failure(let error) where error.transient:
                // Not the file's fault: nothing is said, the card stays, and it is wanted again
                // once the delay has passed.
                let failures = (retries[finished.id]?.failures ?? 0) + 1
                let delay = min(Self.retryDelayLimit, Self.retryDelay * Double(1 << min(failures - 1, 16)))
                retries[finished.id] = (now + delay, failures)
            case .failure(let error):
                retries[finished.id] = nil
                // Said once is enough; a file gone or rewritten since is no longer this card.
                guard !unusable.contains(finished.id), let position = order.firstIndex(of: finished.id) else { continue }
                warn("skipped \(error)")
                order.remove(at: position)
                update.removed.append(position)
                forget(finished.id)
                unusable.insert(finished.id)
            case .success(let chain):
                retries[finished.id] = nil
                guard pinned.contains(finished.id), cache.slot(for: finished.id) == nil,
                      let (slot, evicted) = cache.acquire(finished.id, pinned: pinned) else { continue }
                if let evicted { arrivedAt[evicted] = nil }
                do {
                    try Self.injectedUploadFailure(sources[finished.id])
                    try textures.upload(chain, to: slot)
                    // Just after the open: as if long arrived, whole at once (see `instantArrivalAfterOpen`;
                    // not `now - fadeDuration`, whose difference from `now` can round to just under the fade).
                    arrivedAt[finished.id] = isOpening(at: now) ? -.infinity : now
                    update.uploaded += 1
                    if self.onScreen.contains(finished.id) { update.uploadedOnScreen += 1 }
                } catch {
                    textureFailures += 1
                    warn("skipped \(sources[finished.id]): \(error)")
                    _ = cache.remove(finished.id)
                    unusable.insert(finished.id)
                }
            }
        }
        for id in wanted { if cache.slot(for: id) != nil { cache.touch(id) } }
        update.removed.sort(by: >)
        return update
    }

    /// Tells the deck when the window's first frame was shown (on `update`'s clock): the first
    /// frame can take 100 ms to draw (the shaders and the shadow), so its start is not when the
    /// user first sees the row. Only the first call counts.
    public func firstFrameShown(at time: Double) {
        if firstFrameAt == nil { firstFrameAt = time }
    }

    /// Whether `now` is just after the open: within `instantArrivalAfterOpen` of the window's
    /// first frame (`firstFrameShown`), else of the deck's first update.
    public func isOpening(at now: Double) -> Bool {
        now - (firstFrameAt ?? firstUpdateAt ?? now) <= Self.instantArrivalAfterOpen
    }

    /// When the open ends (`isOpening`), once the deck has had its first update.
    public var openingEnd: Double? { (firstFrameAt ?? firstUpdateAt).map { $0 + Self.instantArrivalAfterOpen } }

    /// What the frame at `now` may upload (`update`'s `uploadLimit` and `uploadSeconds`): nothing
    /// in the window's first frame, which never waits for photos; just after the open, every
    /// photo that is ready, for up to `openingUploadSeconds`; later `uploadsPerFrame`.
    public func uploads(firstFrame: Bool, at now: Double) -> (limit: Int, seconds: Double) {
        firstFrame ? (0, .infinity) : isOpening(at: now) ? (.max, Self.openingUploadSeconds) : (Self.uploadsPerFrame, .infinity)
    }

    /// `update` for the row that `controller` moves, at `time`. The deck only reads the
    /// controller: the caller takes `removed` out of it (`ScrollController.removeCard`), so that
    /// the centred card stays centred. `settled` asks for the cards on screen whatever the row's
    /// speed (for screenshots and measurements).
    public func update(for controller: ScrollController, at time: Double, pixelScale: Double, settled: Bool = false,
                       uploadLimit: Int = PhotoDeck.uploadsPerFrame, uploadSeconds: Double = .infinity) -> Update {
        update(layout: controller.layout, scroll: controller.offset(at: time),
               destination: controller.destination(at: time),
               velocity: settled ? 0 : controller.velocity(at: time),
               pixelScale: pixelScale, now: time, uploadLimit: uploadLimit, uploadSeconds: uploadSeconds)
    }

    /// Files that appear while the deck is open go where `placement` says; `times` are the times
    /// the deck's files were sorted by, in the deck's order (`DeckOrder.ordered`).
    public func placeNewFiles(_ placement: DeckPlacement, times: [Double]) {
        self.placement = placement
        for (position, id) in order.enumerated() {
            keys[id] = placement.key(for: sources[id].path, time: times.indices.contains(position) ? times[position] : 0)
        }
    }

    /// Applies what the folder watch saw, in order: a file written that is in the deck is read
    /// again in its place (under a new id, so no decode of its old bytes is shown); one that is not
    /// becomes a card where `placeNewFiles`'s placement puts it; a file or folder removed takes its
    /// cards out; a folder listed again (after lost events) adds its files not in the deck and takes
    /// out its cards whose file it no longer has, leaving the others as they are. `centred` is the
    /// position of the card at the centre; returns the deck's new size and that card's new position
    /// (where it went, or, if it left, the card that followed it), or nil when nothing changed.
    public func apply(_ changes: [FolderChange], centred: Int) -> (count: Int, centred: Int)? {
        let before = order
        var replaced: [Int: Int] = [:]
        var changed = false
        func add(_ path: FilePath, root: Int) {
            let id = sources.append(PhotoSource(file: path))
            let key = placement?.key(for: path, root: root, time: DeckOrder.sortTime(path, by: placement?.sort ?? .name))
            keys[id] = key
            order.insert(id, at: insertionPoint(for: key))
            idsByPath[path] = id
            changed = true
        }
        func remove(_ leaving: Set<Int>) {
            guard !leaving.isEmpty else { return }
            order.removeAll { leaving.contains($0) }
            for id in leaving { forget(id) }
            changed = true
        }
        for change in changes {
            switch change {
            case .written(let path, let root):
                if let old = idsByPath[path], let position = order.firstIndex(of: old) {
                    let id = sources.append(PhotoSource(file: path))
                    keys[id] = keys[old]
                    order[position] = id
                    replaced[old] = id
                    forget(old)
                    idsByPath[path] = id
                    changed = true
                } else {
                    add(path, root: root)
                }
            case .removed(let path):
                guard let id = idsByPath[path], order.contains(id) else { continue }
                remove([id])
            case .removedFolder(let folder):
                let prefix = folder.bytes.last == UInt8(ascii: "/") ? folder.bytes : folder.bytes + [UInt8(ascii: "/")]
                remove(Set(order.filter { sources[$0].path.bytes.starts(with: prefix) }))
            case .listed(let folder, let files, let root):
                let listed = Set(files)
                let prefix = folder.bytes.last == UInt8(ascii: "/") ? folder.bytes : folder.bytes + [UInt8(ascii: "/")]
                remove(Set(order.filter { id in
                    let path = sources[id].path.bytes
                    return path.starts(with: prefix) && !path[prefix.count...].contains(UInt8(ascii: "/"))
                        && !listed.contains(sources[id].path)
                }))
                for path in files where idsByPath[path] == nil { add(path, root: root) }
            case .present(let path, let root):
                if idsByPath[path] == nil { add(path, root: root) }
            }
        }
        guard changed else { return nil }
        // The centred card's new place; if it left, the one after it (else before it) that stayed.
        let positions = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        func now(_ id: Int) -> Int? {
            var id = id
            while let next = replaced[id] { id = next }
            return positions[id]
        }
        let start = min(max(0, centred), before.count)
        let after = before[start...].lazy.compactMap(now).first
        let earlier = before[..<start].reversed().lazy.compactMap(now).first
        return (order.count, after ?? earlier.map { $0 + 1 } ?? 0)
    }

    /// Where a card with `key` goes in `order`: after every card that comes before it.
    private func insertionPoint(for key: DeckPlacement.Key?) -> Int {
        guard let placement, let key, !placement.appendsNewFiles else { return order.count }
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if let other = keys[order[middle]], placement.areInIncreasingOrder(key, other) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    /// Drops what the deck holds for card `id`, which has left `order`.
    private func forget(_ id: Int) {
        if cache.slot(for: id) != nil { _ = cache.remove(id) }
        arrivedAt[id] = nil
        retries[id] = nil
        keys[id] = nil
        pinned.remove(id)
        onScreen.remove(id)
        if idsByPath[sources[id].path] == id { idsByPath[sources[id].path] = nil }
    }

    /// Debug builds only, for the tests: `SWIVEL_TEST_GPU_FULL=NAME` makes the upload of the photo
    /// whose caption is NAME fail as a driver out of memory does (no GL driver can be made to run
    /// out on demand). Release builds never read it.
    private static func injectedUploadFailure(_ source: PhotoSource) throws {
        #if DEBUG
        if let name = getenv("SWIVEL_TEST_GPU_FULL").map({ String(cString: $0) }), name == source.name {
            throw InjectedOutOfMemory()
        }
        #endif
    }

    /// The photo for the card at `position`, if it has arrived: its layer of `textures`, and how
    /// far it has faded in over the placeholder (0…1).
    public func photo(at position: Int, now: Double) -> (layer: Int, opacity: Double)? {
        guard order.indices.contains(position) else { return nil }
        let id = order[position]
        guard let slot = cache.slot(for: id), let arrived = arrivedAt[id] else { return nil }
        return (slot, min(1, max(0, (now - arrived) / Self.fadeDuration)))
    }

    /// Whether a card holds texture layer `layer`: a layer no card holds keeps the photo it was
    /// last given until another card's upload takes it (what a card leaving the row shows).
    public func holdsLayer(_ layer: Int) -> Bool { cache.isHeld(layer) }

    /// Whether every visible card's photo is on the GPU (or its file was found unreadable).
    public func isReady(layout: CarouselLayout, scroll: Double) -> Bool {
        cardsWithoutPhoto(layout: layout, scroll: scroll) == 0
    }

    /// The visible cards showing the grey placeholder: their photo is not on the GPU and their
    /// file was not found unreadable.
    public func cardsWithoutPhoto(layout: CarouselLayout, scroll: Double) -> Int {
        guard textures != nil else { return 0 }
        return layout.cards(inSlots: layout.visibleIndices(scroll: scroll)).count { position in
            guard order.indices.contains(position) else { return false }
            return cache.slot(for: order[position]) == nil && !unusable.contains(order[position])
        }
    }

    /// Whether a photo on screen is still fading in (the frame loop keeps drawing until it is not;
    /// a fade off screen changes no pixel).
    public func isFading(now: Double) -> Bool {
        onScreen.contains { id in arrivedAt[id].map { now - $0 < Self.fadeDuration } ?? false }
    }

    /// The earliest time a photo that failed transiently may be tried again (the frame loop wakes
    /// then to ask for it), if one waits.
    /// Retries already due (on the wish list since the last update) are not waited for again.
    public var nextRetry: Double? { retries.values.map(\.after).filter { $0 > updatedAt }.min() }

    /// Whether decoded photos are waiting to be uploaded.
    public var hasUploads: Bool { loader.hasFinished }

    /// Whether every decode asked for, the cards' and the full view's, has been done (for tests that
    /// run the app on a clock of their own: the decodes then take none of its time).
    public var decodesSettled: Bool { loader.isSettled && fullViewPhotos.isSettled }

    /// Whether decodes are running or waiting to be uploaded.
    public var hasWork: Bool { loader.hasWork }

    /// Milliseconds each photo decoded so far took (file to card pixels, on a worker thread).
    public var decodeMilliseconds: [Double] { loader.decodeMilliseconds }

    /// The CPU time of each of those decodes, in milliseconds.
    public var decodeCPUMilliseconds: [Double] { loader.decodeCPUMilliseconds }

    /// Photos on the GPU now.
    public var texturesInUse: Int { cache.count }

    /// GPU bytes held for photos.
    public var textureBytes: Int { textures?.byteCount ?? 0 }

    /// What `--texture-budget` leaves the full view's photos: the budget less the cards' array.
    public var fullViewBudgetBytes: Int { max(0, budgetBytes - textureBytes) }

    /// Makes (or remakes, after a change of pixel scale or a much wider window) the texture array:
    /// as many layers as the visible cards and the prefetch need, within the budget.
    private func prepareTextures(layout: CarouselLayout, pixelScale: Double) {
        let full = AspectFill.textureSize(cardSize: layout.parameters.cardSize, pixelScale: pixelScale)
        // Every card on screen needs a layer (else it stays grey and a screenshot waits for it):
        // when the budget cannot pay for that many at full size, the photos get softer instead.
        let onScreen = min(order.count, layout.maximumVisibleCount, maximumLayers)
        let size = AspectFill.textureSize(full, layers: onScreen, budgetBytes: budgetBytes,
                                          bytesPerLayer: Textures.bytesPerLayer)
        let pitch = max(layout.parameters.pitch, 1)
        // The cards on screen and the prefetch either side, plus those where a fling will stop.
        let visible = layout.viewport.width / pitch + 4
        let needed = min(order.count, max(onScreen, Int(2 * visible) + 2 * Self.prefetch + 2))
        let layers = SlotCache<Int>.slotCount(
            budgetBytes: budgetBytes, bytesPerSlot: Textures.bytesPerLayer(width: size.width, height: size.height),
            needed: needed, maximum: maximumLayers)
        if let textures, size == textureSize, textures.layers >= layers { return }
        guard layers > 0, size.width > 0, size.height > 0, failedTextures != (size.width, size.height, layers) else {
            return
        }
        // More layers of the same size (the deck grew): the photos already on the GPU are copied
        // into the new array, so that no card on screen goes back to the placeholder and fades in
        // again. Both arrays are held for that moment; if that is more than the GPU has, the old
        // one goes first and its photos are decoded again.
        if let old = textures, size == textureSize, layers > old.layers,
           let grown = try? Textures(width: size.width, height: size.height, layers: layers) {
            if (try? grown.copyLayers(old.layers, from: old)) != nil {
                textures = grown
                cache.grow(to: layers)
                return
            }
        }
        textures = nil
        do {
            textures = try Textures(width: size.width, height: size.height, layers: layers)
        } catch {
            textureFailures += 1
            warn("photos stay blank: \(error)")
            failedTextures = (size.width, size.height, layers)
            return
        }
        if size != textureSize { loader.resize(width: size.width, height: size.height) }
        textureSize = size
        cache = SlotCache(slotCount: layers)
        arrivedAt = [:]
    }
}

/// The error `SWIVEL_TEST_GPU_FULL` injects, worded as the GL upload's own out-of-memory error.
private struct InjectedOutOfMemory: Error, CustomStringConvertible {
    var description: String { "out of GPU memory" }
}

/// A deck's files by id, shared with the decoding threads: ids are places in a list that only
/// grows, so an id read on one thread is the same file on every other.
final class PhotoSources: @unchecked Sendable {
    private let lock = Condition()
    private var sources: [PhotoSource]

    init(_ sources: [PhotoSource]) { self.sources = sources }

    var count: Int { lock.withLock { sources.count } }

    subscript(id: Int) -> PhotoSource { lock.withLock { sources[id] } }

    /// Adds `source`; its id.
    func append(_ source: PhotoSource) -> Int {
        lock.withLock {
            sources.append(source)
            return sources.count - 1
        }
    }
}
