import Foundation
import SwivelCore
import SwivelPhotos
import SwivelPlatform
import SwivelRender

/// A deck of photos as cards: which files are in it, which have textures, what to decode next.
///
/// Files are known by id (their place in the scanned list); the deck is the ordered ids still in
/// it, so a file that turns out unreadable leaves the deck without disturbing the others' ids.
/// Textures live in one array whose layers an LRU cache hands out to the cards nearest the centre;
/// decoded pixels go to the GPU and are dropped.
final class PhotoDeck {
    /// Cards beyond the visible ones, on each side, whose photos are decoded ahead of time.
    static let prefetch = 8
    /// Above this speed (points per second) the cards on screen are not decoded, only those where
    /// the row will stop: they would be gone before their photos were ready.
    static let decodeSpeedLimit = 1500.0
    /// How long a photo takes to fade in over its placeholder, in seconds.
    static let fadeDuration = 0.15
    /// Uploads per frame at most, so a frame never stalls on textures (about 0.3 ms each at 1×).
    static let uploadsPerFrame = 2
    /// The placeholder shown until a card's photo is ready (iOS systemGray5).
    static let placeholder = RGBA8(229, 229, 234)

    private let sources: [PhotoSource]
    private(set) var order: [Int]
    private let loader: ImageLoader
    private let budgetBytes: Int
    private(set) var textures: CardTextures?
    private var cache = SlotCache<Int>(slotCount: 0)
    private var arrivedAt: [Int: Double] = [:]
    private var unusable: Set<Int> = []
    private var textureSize = (width: 0, height: 0)
    private var pinned: Set<Int> = []
    private var failedTextures = (0, 0, 0)
    /// The context's limit on array layers, asked once rather than every frame.
    private lazy var maximumLayers = CardTextures.maximumLayers
    /// Texture arrays that could not be allocated and photos that could not be uploaded, so far.
    private(set) var textureFailures = 0

    init(sources: [PhotoSource], budgetMiB: Int) {
        self.sources = sources
        order = Array(sources.indices)
        budgetBytes = budgetMiB * 1_048_576
        let cores = ProcessInfo.processInfo.activeProcessorCount
        loader = ImageLoader(sources: sources, threads: max(1, min(4, cores)), onFinished: { EventPump.wake() })
    }

    deinit { loader.stop() }

    var count: Int { order.count }

    /// The caption for the card at `position`: its file name without the extension.
    func name(at position: Int) -> String {
        guard order.indices.contains(position) else { return "" }
        return sources[order[position]].name
    }

    struct Update {
        /// Deck positions of files that could not be read, already removed, highest first, so
        /// the caller can keep the user's place.
        var removed: [Int] = []
        /// Photos that went to the GPU.
        var uploaded = 0
    }

    /// Once per frame, before drawing. Sizes the textures for the pixel scale, tells the decoders
    /// what is wanted, uploads up to `uploadLimit` finished photos.
    ///
    /// What is wanted: the cards where the row will come to rest (`destination`: a fling's end is
    /// known the moment it starts), and, unless the row is flying past faster than
    /// `decodeSpeedLimit`, the cards on screen now and `prefetch` either side. Cards that only
    /// flash by during a fling are not decoded at all.
    func update(layout: CarouselLayout, scroll: Double, destination: Double? = nil, velocity: Double,
                pixelScale: Double, now: Double, uploadLimit: Int = PhotoDeck.uploadsPerFrame) -> Update {
        prepareTextures(layout: layout, pixelScale: pixelScale)
        guard let textures else { return Update() }

        func plan(around offset: Double, prefetch: Int) -> [Int] {
            LoadPlan.wanted(visible: layout.visibleIndices(scroll: offset), centre: layout.centreIndex(scroll: offset),
                            direction: velocity, prefetch: prefetch, cardCount: order.count)
        }
        let end = destination ?? scroll
        let here = abs(velocity) <= Self.decodeSpeedLimit ? plan(around: scroll, prefetch: Self.prefetch) : []
        var seen = Set<Int>()
        let positions = (here + plan(around: end, prefetch: 1)).filter { seen.insert($0).inserted }
            .prefix(textures.layers)
        let wanted = positions.map { order[$0] }
        pinned = Set(wanted)
        // On screen: the visible cards, unless the row is flying past too fast to decode them.
        let onScreen = abs(velocity) <= Self.decodeSpeedLimit
            ? Set(layout.visibleIndices(scroll: scroll).filter { order.indices.contains($0) }.map { order[$0] }) : []
        loader.want(wanted.filter { cache.slot(for: $0) == nil && !unusable.contains($0) }, onScreen: onScreen)

        var update = Update()
        for finished in loader.takeFinished(limit: uploadLimit) {
            switch finished.result {
            case .failure(let error):
                guard !unusable.contains(finished.id) else { continue }   // said once is enough
                Console.error("skipped \(error)")
                if let position = order.firstIndex(of: finished.id) {
                    order.remove(at: position)
                    update.removed.append(position)
                }
                unusable.insert(finished.id)
            case .success(let chain):
                guard pinned.contains(finished.id), cache.slot(for: finished.id) == nil,
                      let (slot, evicted) = cache.acquire(finished.id, pinned: pinned) else { continue }
                if let evicted { arrivedAt[evicted] = nil }
                do {
                    try Self.injectedUploadFailure(sources[finished.id])
                    try textures.upload(chain, to: slot)
                    arrivedAt[finished.id] = now
                    update.uploaded += 1
                } catch {
                    textureFailures += 1
                    Console.error("skipped \(sources[finished.id]): \(error)")
                    _ = cache.remove(finished.id)
                    unusable.insert(finished.id)
                }
            }
        }
        for id in wanted { if cache.slot(for: id) != nil { cache.touch(id) } }
        update.removed.sort(by: >)
        return update
    }

    /// `update` for the row that `controller` moves, at `time`: cards whose files turn out
    /// unreadable leave the controller's layout too, so the centred card stays centred. `settled`
    /// asks for the cards on screen whatever the row's speed (for screenshots and measurements).
    func update(_ controller: inout ScrollController, at time: Double, pixelScale: Double, settled: Bool = false,
                uploadLimit: Int = PhotoDeck.uploadsPerFrame) -> Update {
        let update = update(layout: controller.layout, scroll: controller.offset(at: time),
                            destination: controller.destination(at: time),
                            velocity: settled ? 0 : controller.velocity(at: time),
                            pixelScale: pixelScale, now: time, uploadLimit: uploadLimit)
        for position in update.removed { controller.removeCard(position, at: time) }
        return update
    }

    /// Debug builds only, for the tests: `SWIVEL_TEST_GPU_FULL=NAME` makes the upload of the photo
    /// whose caption is NAME fail as a driver out of memory does (no GL driver can be made to run
    /// out on demand). Release builds never read it.
    private static func injectedUploadFailure(_ source: PhotoSource) throws {
        #if DEBUG
        struct OutOfMemory: Error, CustomStringConvertible { var description: String { "out of GPU memory" } }
        if let name = ProcessInfo.processInfo.environment["SWIVEL_TEST_GPU_FULL"], name == source.name {
            throw OutOfMemory()
        }
        #endif
    }

    /// The photo for the card at `position`, if it has arrived.
    func image(at position: Int, now: Double) -> CardImage? {
        guard order.indices.contains(position) else { return nil }
        let id = order[position]
        guard let slot = cache.slot(for: id), let arrived = arrivedAt[id] else { return nil }
        return CardImage(layer: slot, opacity: min(1, max(0, (now - arrived) / Self.fadeDuration)))
    }

    /// Whether every visible card's photo is on the GPU (or its file was found unreadable).
    func isReady(layout: CarouselLayout, scroll: Double) -> Bool {
        guard textures != nil else { return true }
        return layout.visibleIndices(scroll: scroll).allSatisfy { position in
            guard order.indices.contains(position) else { return true }
            return cache.slot(for: order[position]) != nil || unusable.contains(order[position])
        }
    }

    /// Whether a visible photo is still fading in (the frame loop keeps drawing until it is not).
    func isFading(now: Double) -> Bool {
        pinned.contains { id in arrivedAt[id].map { now - $0 < Self.fadeDuration } ?? false }
    }

    /// Whether decoded photos are waiting to be uploaded.
    var hasUploads: Bool { loader.hasFinished }

    /// Whether decodes are running or waiting to be uploaded.
    var hasWork: Bool { loader.hasWork }

    /// Milliseconds each photo decoded so far took (file to card pixels, on a worker thread).
    var decodeMilliseconds: [Double] { loader.decodeMilliseconds }

    /// The CPU time of each of those decodes, in milliseconds.
    var decodeCPUMilliseconds: [Double] { loader.decodeCPUMilliseconds }

    /// Photos on the GPU now.
    var texturesInUse: Int { cache.count }

    /// GPU bytes held for photos.
    var textureBytes: Int { textures?.byteCount ?? 0 }

    /// Makes (or remakes, after a change of pixel scale or a much wider window) the texture array:
    /// as many layers as the visible cards and the prefetch need, within the budget.
    private func prepareTextures(layout: CarouselLayout, pixelScale: Double) {
        let size = AspectFill.textureSize(cardSize: layout.parameters.cardSize, pixelScale: pixelScale)
        let pitch = max(layout.parameters.pitch, 1)
        // The cards on screen and the prefetch either side, plus those where a fling will stop.
        let visible = layout.viewport.width / pitch + 4
        let needed = min(order.count, Int(2 * visible) + 2 * Self.prefetch + 2)
        let layers = SlotCache<Int>.slotCount(
            budgetBytes: budgetBytes, bytesPerSlot: CardTextures.bytesPerLayer(width: size.width, height: size.height),
            needed: needed, maximum: maximumLayers)
        if let textures, size == textureSize, textures.layers >= layers { return }
        guard layers > 0, size.width > 0, size.height > 0, failedTextures != (size.width, size.height, layers) else {
            return
        }
        textures = nil
        do {
            textures = try CardTextures(width: size.width, height: size.height, layers: layers)
        } catch {
            textureFailures += 1
            Console.error("photos stay blank: \(error)")
            failedTextures = (size.width, size.height, layers)
            return
        }
        if size != textureSize { loader.resize(width: size.width, height: size.height) }
        textureSize = size
        cache = SlotCache(slotCount: layers)
        arrivedAt = [:]
    }
}
