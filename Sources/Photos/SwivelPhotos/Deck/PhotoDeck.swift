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

/// A deck of photos as cards: the effects of the deck's decisions. Which files are cards is its
/// `membership` (`DeckMembership`), what to decode next its `DeckDecodePlan`, the array's size
/// `DeckTextureSize`, the retries `RetryBackoff`, the open's uploads and fades `DeckOpening`: plain
/// values in SwivelPhotoCore. The deck holds them and does what they say: the decode threads, the
/// uploads, the fades, the warnings.
///
/// Textures live in one array whose layers an LRU cache hands out to the cards nearest the centre;
/// decoded pixels go to the GPU and are dropped. The pipeline: `DeckScanner` finds the files,
/// `ImageLoader`'s threads decode the wanted ones to card-sized `MipChain`s, the `SlotCache` hands
/// out layers of a `Textures` array sized for the pixel scale and the budget, and `update` uploads
/// into them.
public final class PhotoDeck<Textures: PhotoTextureArray> {
    /// How long a photo takes to fade in over its placeholder, in seconds.
    public static var fadeDuration: Double { 0.15 }
    /// The placeholder shown until a card's photo is ready (iOS systemGray5).
    public static var placeholder: RGBA8 { RGBA8(229, 229, 234) }

    /// Every card the deck has had, by id (`membership.cards`), shared with the decoding threads.
    private let sources: PhotoSources
    /// Which files are cards, in the row's order. Set, the deck takes in the change: the files
    /// new to it are decoded when wanted, what it held for the cards that left is let go.
    public var membership: DeckMembership {
        didSet { adopt(membership, after: oldValue) }
    }
    public var order: [Int] { membership.order }
    /// The ids of the cards on screen at the last update (a photo arriving or fading for any
    /// other card changes no pixel).
    private var onScreen: Set<Int> = []
    private let loader: ImageLoader
    private let budgetBytes: Int
    public private(set) var textures: Textures?
    private var cache = SlotCache<Int>(slotCount: 0)
    private var arrivedAt: [Int: Double] = [:]
    private var unusable: Set<Int> = []
    /// Photos whose last decode failed transiently.
    private var retries = RetryBackoff()
    /// The `now` of the last update.
    private var updatedAt = -Double.infinity
    private var opening = DeckOpening()
    private var textureSize = (width: 0, height: 0)
    private var pinned: Set<Int> = []
    /// Photos read again (`DeckMembership.reread`) whose old photo stands in until they are up: new
    /// id → the old id, whose texture layer is kept (pinned) meanwhile.
    private var standIns: [Int: Int] = [:]
    private var failedTextures = (0, 0, 0)
    /// The context's limit on array layers, asked once rather than every frame.
    private lazy var maximumLayers = Textures.maximumLayers
    /// Texture arrays that could not be allocated and photos that could not be uploaded, so far.
    public private(set) var textureFailures = 0
    /// Where one-line warnings go (a file skipped, photos left blank).
    private let warn: (String) -> Void
    /// The shared thumbnail cache the photos are read from and saved to, if any.
    public private(set) var thumbnails: ThumbnailCache?
    /// A test's faults (none in the app).
    private let faults: InjectedFaults

    /// A deck of `sources` whose textures take at most `budgetMiB`. `warn` gets each one-line
    /// warning; `onFinished` runs on a decoding thread after each decode (to wake the main loop).
    /// With `thumbnails`, photos come from the shared thumbnail cache where it has them, and are
    /// saved to it after they are decoded. `faults`: a test's. RAW+JPEG files that appear later
    /// pair as `pairing` says (`DeckMembership`).
    public convenience init(sources: [PhotoSource], budgetMiB: Int, thumbnails: ThumbnailCache? = nil, faults: InjectedFaults = .none,
                            pairing: RAWPairing = .together,
                            warn: @escaping (String) -> Void, onFinished: @escaping @Sendable () -> Void) {
        let sources = PhotoSources(sources)
        var beforeAhead: (@Sendable () -> Void)?
        if let thumbnails { beforeAhead = { thumbnails.writer.waitForRoom() } }
        self.init(sources: sources, budgetMiB: budgetMiB, faults: faults, pairing: pairing, warn: warn, onFinished: onFinished,
                  beforeAhead: beforeAhead) { (id, width, height, cancellation) throws(ImageLoadError) in
            try sources[id].decode(width: width, height: height, cancellation: cancellation, thumbnails: thumbnails, faults: faults)
        }
        self.thumbnails = thumbnails
    }

    /// The deck as above, each photo decoded by `decode` (the tests' stand-in for a failing open).
    convenience init(sources: [PhotoSource], budgetMiB: Int, warn: @escaping (String) -> Void,
                     onFinished: @escaping @Sendable () -> Void, decode: @escaping ImageLoader.Decode) {
        self.init(sources: PhotoSources(sources), budgetMiB: budgetMiB, warn: warn, onFinished: onFinished,
                  decode: decode)
    }

    private init(sources: PhotoSources, budgetMiB: Int, faults: InjectedFaults = .none, pairing: RAWPairing = .together,
                 warn: @escaping (String) -> Void,
                 onFinished: @escaping @Sendable () -> Void, beforeAhead: (@Sendable () -> Void)? = nil,
                 decode: @escaping ImageLoader.Decode) {
        self.sources = sources
        membership = DeckMembership(cards: (0..<sources.count).map { sources[$0].files }, pairing: pairing)
        self.faults = faults
        budgetBytes = budgetMiB * 1_048_576
        self.warn = warn
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))   // the processors online
        loader = ImageLoader(onScreenThreads: DeckThreads.onScreen(cores: cores), aheadThreads: 1,
                             onFinished: onFinished, beforeAhead: beforeAhead, decode: decode)
        fullViewPhotos = FullViewPhotos(onFinished: onFinished, path: { sources[$0].path }) {
            (id, target, near, cancellation) throws(ImageLoadError) in
            try sources[id].decodeForView(target: target, unresampledUpTo: near, cancellation: cancellation)
        }
    }

    deinit {
        loader.stop()
        fullViewPhotos.stop()
    }

    /// The full view's sharp photos, by photo id (`photoID(at:)`), decoded on their own thread.
    public let fullViewPhotos: FullViewPhotos

    /// The id of the photo at `position` (what `fullViewPhotos` takes), nil past the deck's end.
    public func photoID(at position: Int) -> Int? { membership.id(at: position) }

    public var count: Int { membership.count }

    /// The file the card at `position` draws, nil past the deck's end.
    public func path(at position: Int) -> FilePath? { membership.path(at: position) }

    /// The files of the card at `position` (a RAW+JPEG pair's two), nil past the deck's end.
    public func files(at position: Int) -> CardFiles? { membership.files(at: position) }

    /// The files the cards draw, in the deck's order.
    public var paths: [FilePath] { membership.orderedPaths }

    /// The cards' files, in the deck's order.
    public var cards: [CardFiles] { membership.orderedCards }

    /// Whether `path` is one of a card's files.
    public func contains(_ path: FilePath) -> Bool { membership.contains(path) }

    /// The files of the card that `path` is one of.
    public func card(containing path: FilePath) -> CardFiles? { membership.card(containing: path) }

    /// The caption for the card at `position`: its file name without the extension.
    public func name(at position: Int) -> String { membership.id(at: position).map { sources[$0].name } ?? "" }

    /// The position of the card that the file at `path` is one of, nil when none is.
    public func position(of path: FilePath) -> Int? { membership.position(of: path) }

    public struct Update {
        /// The ids of the cards whose files turned out unreadable (said once each), in the order
        /// found: still in `membership` until the caller takes them out (`DeckMembership.remove`,
        /// which gives each one's position, so the caller can keep the user's place).
        public var unreadable: [Int] = []
        /// Photos that went to the GPU.
        public var uploaded = 0
        /// Of those, the ones for cards on screen (the others change no pixel).
        public var uploadedOnScreen = 0
    }

    /// Once per frame, before drawing. Sizes the textures for the pixel scale, tells the decoders
    /// what is wanted, uploads up to `uploadLimit` finished photos, and stops uploading once
    /// `uploadSeconds` have been spent on it. What is wanted: `DeckDecodePlan`. `retriesAt`: the
    /// time the retries of transient failures are judged by when it is not `now` (a screenshot's
    /// wait for its photos, whose frame time stands still while the real seconds pass).
    public func update(layout: CarouselLayout, scroll: Double, destination: Double? = nil, velocity: Double,
                pixelScale: Double, now: Double, retriesAt: Double? = nil, uploadLimit: Int = DeckOpening.uploadsPerFrame,
                uploadSeconds: Double = .infinity) -> Update {
        let retryTime = retriesAt ?? now
        opening.updated(at: now)
        prepareTextures(layout: layout, pixelScale: pixelScale)
        guard let textures else { return Update() }

        let order = membership.order
        let plan = DeckDecodePlan(layout: layout, scroll: scroll, destination: destination, velocity: velocity,
                                  cardCount: order.count, layers: textures.layers)
        let wanted = plan.wanted.map { order[$0] }
        pinned = Set(wanted).union(standIns.values)
        // Decoded on the on-screen threads: the cards the row shows until it rests, the visible
        // ones first. (`self.onScreen`, the cards that can touch the window, is what a frame is
        // drawn for.)
        let decodedFirst = Set(plan.shownFirst.map { order[$0] })
        self.onScreen = Set(layout.cards(inSlots: layout.showingIndices(scroll: scroll)).filter { order.indices.contains($0) }.map { order[$0] })
        updatedAt = retryTime
        // A retry that is due goes on the wish list below; one no longer wanted is forgotten.
        retries.keep(wanted: Set(wanted), at: retryTime)
        loader.want(wanted.filter { id in
            cache.slot(for: id) == nil && !unusable.contains(id) && retries.mayTry(id, at: retryTime)
        }, onScreen: decodedFirst)

        var update = Update()
        let uploadStart = MonotonicClock.now
        var taken = 0
        while taken < uploadLimit, (MonotonicClock.now - uploadStart).milliseconds < uploadSeconds * 1000,
              let finished = loader.takeFinished(limit: 1).first {
            taken += 1
            switch finished.result {
            case .failure(let error):
                // A transient failure is not the file's fault: nothing is said, the card stays,
                // and it is wanted again once the delay has passed, up to its last try
                // (`RetryBackoff`), after which it is skipped with its line like any other.
                if error.transient, retries.failed(finished.id, at: retryTime) { continue }
                retries.forget(finished.id)
                dropStandIn(for: finished.id)
                // Said once is enough; a file gone or rewritten since is no longer this card.
                guard !unusable.contains(finished.id), membership.order.contains(finished.id) else { continue }
                warn("skipped \(error)")
                update.unreadable.append(finished.id)
                unusable.insert(finished.id)
            case .success(let chain):
                retries.forget(finished.id)
                guard pinned.contains(finished.id), cache.slot(for: finished.id) == nil,
                      let (slot, evicted) = cache.acquire(finished.id, pinned: pinned) else { continue }
                if let evicted { arrivedAt[evicted] = nil }
                do {
                    try faults.upload(sources[finished.id])
                    try textures.upload(chain, to: slot)
                    // Just after the open: as if long arrived, whole at once (see `instantArrivalAfterOpen`;
                    // not `now - fadeDuration`, whose difference from `now` can round to just under the fade).
                    // In place of a stand-in, whole at once too: the same photo, shown all along.
                    arrivedAt[finished.id] = opening.isOpening(at: now) || standIns[finished.id] != nil ? -.infinity : now
                    dropStandIn(for: finished.id)
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
        return update
    }

    /// Tells the deck when the window's first frame was shown (on `update`'s clock; `DeckOpening`).
    public func firstFrameShown(at time: Double) { opening.firstFrameShown(at: time) }

    /// Whether `now` is just after the open (`DeckOpening.isOpening`).
    public func isOpening(at now: Double) -> Bool { opening.isOpening(at: now) }

    /// When the open ends, once the deck has had its first update.
    public var openingEnd: Double? { opening.end }

    /// What the frame at `now` may upload (`update`'s `uploadLimit` and `uploadSeconds`; `DeckOpening.uploads`).
    public func uploads(firstFrame: Bool, at now: Double) -> (limit: Int, seconds: Double) {
        opening.uploads(firstFrame: firstFrame, at: now)
    }

    /// `update` for the row that `controller` moves, at `time`. The deck only reads the
    /// controller: the caller takes the `unreadable` cards out of the membership and the row
    /// (`ScrollController.removeCard`), so that the centred card stays centred. `settled` asks for the cards on screen whatever the row's
    /// speed (for screenshots and measurements).
    public func update(for controller: ScrollController, at time: Double, retriesAt: Double? = nil, pixelScale: Double,
                       settled: Bool = false, uploadLimit: Int = DeckOpening.uploadsPerFrame,
                       uploadSeconds: Double = .infinity) -> Update {
        update(layout: controller.layout, scroll: controller.offset(at: time),
               destination: controller.destination(at: time),
               velocity: settled ? 0 : controller.velocity(at: time),
               pixelScale: pixelScale, now: time, retriesAt: retriesAt, uploadLimit: uploadLimit, uploadSeconds: uploadSeconds)
    }

    /// Files that appear while the deck is open go where `placement` says; `times` are the times
    /// the deck's files were sorted by, in the deck's order (`DeckOrder.ordered`).
    public func placeNewFiles(_ placement: DeckPlacement, times: [Double]) {
        membership.placeNewFiles(placement, times: times)
    }

    /// Takes in a new membership: the files new to the deck become sources (decoded when wanted),
    /// and what the deck held for the cards that left (a texture layer, a fade, a retry) goes.
    private func adopt(_ new: DeckMembership, after old: DeckMembership) {
        while sources.count < new.cards.count { _ = sources.append(PhotoSource(files: new.cards[sources.count])) }
        guard new.order != old.order else { return }
        let staying = Set(new.order)
        // A photo read again keeps its old one (or what stood in for that) showing until it is up.
        for (id, previous) in new.standIns where staying.contains(id) && standIns[id] == nil && cache.slot(for: id) == nil {
            let shown = cache.slot(for: previous) != nil && arrivedAt[previous] != nil ? previous : standIns[previous]
            if let shown { standIns[id] = shown }
        }
        for id in standIns.keys where !staying.contains(id) { dropStandIn(for: id) }
        let standing = Set(standIns.values)
        for id in old.order where !staying.contains(id) && !standing.contains(id) { forget(id) }
    }

    /// Lets go of what stood in for `id` (it is up, failed or gone).
    private func dropStandIn(for id: Int) {
        guard let old = standIns.removeValue(forKey: id) else { return }
        if !standIns.values.contains(old) && !membership.order.contains(old) { forget(old) }
    }

    /// Drops what the deck holds for card `id`, which has left the row.
    private func forget(_ id: Int) {
        if cache.slot(for: id) != nil { _ = cache.remove(id) }
        arrivedAt[id] = nil
        retries.forget(id)
        pinned.remove(id)
        onScreen.remove(id)
    }

    /// The photo for the card at `position`, if it has arrived: its layer of `textures`, and how
    /// far it has faded in over the placeholder (0…1).
    public func photo(at position: Int, now: Double) -> (layer: Int, opacity: Double)? {
        guard let id = shownPhotoID(at: position), let slot = cache.slot(for: id), let arrived = arrivedAt[id] else { return nil }
        return (slot, min(1, max(0, (now - arrived) / Self.fadeDuration)))
    }

    /// The id of the photo whose pixels the card at `position` shows: its own once up, else the
    /// one standing in for it (`standIns`); nil past the deck's end.
    public func shownPhotoID(at position: Int) -> Int? {
        guard order.indices.contains(position) else { return nil }
        let id = order[position]
        if cache.slot(for: id) == nil, let old = standIns[id], cache.slot(for: old) != nil { return old }
        return id
    }

    /// The ids whose pixels the deck keeps for a card: the cards' own and those standing in.
    public var photoIDsInUse: Set<Int> { Set(membership.order).union(standIns.values) }

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
    public var nextRetry: Double? { retries.next(after: updatedAt) }

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

    /// Makes (or remakes, after a change of pixel scale or a much wider window) the texture array
    /// `DeckTextureSize` gives.
    private func prepareTextures(layout: CarouselLayout, pixelScale: Double) {
        let planned = DeckTextureSize(layout: layout, pixelScale: pixelScale, cardCount: membership.count,
                                      prefetch: DeckDecodePlan.prefetch, budgetBytes: budgetBytes, maximumLayers: maximumLayers,
                                      bytesPerLayer: Textures.bytesPerLayer)
        let size = (width: planned.width, height: planned.height), layers = planned.layers
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
