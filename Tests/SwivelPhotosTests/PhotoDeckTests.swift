import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// A deck's texture array kept in memory: each layer holds the mip chain the deck put there, so a
/// test sees which photo went where. The sizes are the app's (`CardTextures`): every mip level,
/// halved down to 1×1, four bytes a pixel.
final class MemoryTextures: PhotoTextureArray {
    static var maximumLayers: Int { 2048 }
    static func bytesPerLayer(width: Int, height: Int) -> Int {
        var total = 0, w = width, h = height
        while true {
            total += w * h * 4
            if w == 1 && h == 1 { return total }
            (w, h) = (max(1, w / 2), max(1, h / 2))
        }
    }

    let width: Int, height: Int, layers: Int
    private(set) var stored: [Int: MipChain] = [:]

    init(width: Int, height: Int, layers: Int) throws {
        (self.width, self.height, self.layers) = (width, height, layers)
    }

    var byteCount: Int { layers * Self.bytesPerLayer(width: width, height: height) }

    func upload(_ chain: MipChain, to layer: Int) throws {
        guard (0..<layers).contains(layer), chain.levels[0].width == width, chain.levels[0].height == height else {
            throw DeckTestError(description: "image of the wrong size for the card textures")
        }
        stored[layer] = chain
    }

    /// (r, g, b, a) of the middle pixel of `layer`'s full-size level.
    func middle(of layer: Int) -> [UInt8]? {
        guard let level = stored[layer]?.levels.first else { return nil }
        let i = ((level.height / 2) * level.width + level.width / 2) * 4
        return Array(level.pixels[i..<i + 4])
    }
}

/// A GPU with no memory for the array at all.
final class UnallocatableTextures: PhotoTextureArray {
    static var maximumLayers: Int { 2048 }
    static func bytesPerLayer(width: Int, height: Int) -> Int { MemoryTextures.bytesPerLayer(width: width, height: height) }
    init(width: Int, height: Int, layers: Int) throws { throw DeckTestError(description: "out of GPU memory") }
    var layers: Int { 0 }
    var byteCount: Int { 0 }
    func upload(_ chain: MipChain, to layer: Int) throws {}
}

/// A GPU that allocates the array but has no memory left for any photo put into it.
final class FullTextures: PhotoTextureArray {
    static var maximumLayers: Int { 2048 }
    static func bytesPerLayer(width: Int, height: Int) -> Int { MemoryTextures.bytesPerLayer(width: width, height: height) }
    let layers: Int
    init(width: Int, height: Int, layers: Int) throws { self.layers = layers }
    var byteCount: Int { 0 }
    func upload(_ chain: MipChain, to layer: Int) throws { throw DeckTestError(description: "out of GPU memory") }
}

struct DeckTestError: Error, CustomStringConvertible { let description: String }

/// Photo decks in process, with real files and the real decoders, their textures in memory:
/// what is decoded, where it goes, what happens to files that cannot be read or photos the GPU
/// has no room for. (Through the binary, with GL, in swivelTests' PhotoDeckTests.)
@Suite struct PhotoDeckTests {
    /// The warnings a deck gave, in order.
    final class Warnings: @unchecked Sendable {
        var lines: [String] = []
    }

    /// Solid-colour PNGs named `names`, the n-th red n × 40 (mod 256).
    static func deck<T: PhotoTextureArray>(_ files: TemporaryDirectory, _ names: [String], budgetMiB: Int = 256,
                                            warnings: Warnings, as: T.Type = MemoryTextures.self) -> PhotoDeck<T> {
        let sources = names.enumerated().map { index, name in
            PhotoSource(file: files.write(name + ".png", .png, width: 20, height: 30) { _, _ in
                RGBA8(UInt8(truncatingIfNeeded: index * 40), 100, 50)
            })
        }
        return PhotoDeck<T>(sources: sources, budgetMiB: budgetMiB, warn: { warnings.lines.append($0) },
                            onFinished: {})
    }

    static let viewport = Size(1280, 720)

    /// Updates as `--screenshot` does (every photo on screen wanted, no upload limit) until the
    /// visible photos are in and no decode is left; at most 10 s.
    static func settle<T>(_ deck: PhotoDeck<T>, _ controller: inout ScrollController, at time: Double = 0) {
        for _ in 0..<5000 {
            let update = deck.update(for: controller, at: time, pixelScale: 1, settled: true, uploadLimit: .max)
            for id in update.unreadable {
                if let position = deck.membership.remove(id) { controller.removeCard(position, at: time) }
            }
            if deck.isReady(layout: controller.layout, scroll: controller.offset(at: time)) && !deck.hasWork { return }
            usleep(2_000)
        }
        Issue.record("the deck did not settle in 10 s")
    }

    /// Photos that arrive within 0.1 s of the deck's first update are whole at once (no fade);
    /// one that arrives later fades in over 0.15 s.
    @Test func photosArrivingJustAfterTheOpenAreNotFaded() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, ["a", "b", "c", "d", "e"], warnings: warnings)
        let controller = ScrollController(layout: CarouselLayout(viewport: Self.viewport, cardCount: 5))
        _ = deck.update(for: controller, at: 5, pixelScale: 1, settled: true, uploadLimit: 0)   // opened at 5 s
        // Four photos at 5.1 s, the fifth at 5.101 s, as their decodes finish (within 10 s; the
        // decode threads may not have picked the work up yet when this starts).
        for _ in 0..<5000 where deck.texturesInUse < 5 {
            let time = deck.texturesInUse < 4 ? 5.1 : 5.101
            _ = deck.update(for: controller, at: time, pixelScale: 1, settled: true, uploadLimit: deck.texturesInUse < 4 ? 4 - deck.texturesInUse : 1)
            usleep(2_000)
        }
        #expect(deck.texturesInUse == 5)
        let opacities = (0..<5).map { deck.photo(at: $0, now: 5.101)?.opacity }
        #expect(opacities.filter { $0 == 1 }.count == 4)
        #expect(opacities.filter { $0 == 0 }.count == 1)
        let late = try #require(opacities.firstIndex { $0 == 0 })
        #expect(abs((deck.photo(at: late, now: 5.176)?.opacity ?? -1) - 0.5) < 1e-9)
        #expect(deck.photo(at: late, now: 5.251)?.opacity == 1)
    }

    @Test func eachPhotoGoesIntoItsOwnLayerAndFadesIn() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, ["a", "b", "c", "d", "e"], warnings: warnings)
        var controller = ScrollController(layout: CarouselLayout(viewport: Self.viewport, cardCount: 5))
        _ = deck.update(for: controller, at: 0, pixelScale: 1, settled: true, uploadLimit: 0)   // opened at 0 s
        Self.settle(deck, &controller, at: 10)
        let textures = try #require(deck.textures)
        #expect((textures.width, textures.height) == (200, 300))     // the card's 200×300 points at 1×
        #expect(deck.texturesInUse == 5)                             // prefetch covers the whole deck
        var layers = Set<Int>()
        for position in 0..<5 {
            let photo = try #require(deck.photo(at: position, now: 10))
            layers.insert(photo.layer)
            #expect(textures.middle(of: photo.layer) == [UInt8(position * 40), 100, 50, 255])
        }
        #expect(layers.count == 5)
        // Arrived at 10 s: transparent then, half in 75 ms later, whole after 150 ms.
        #expect(deck.photo(at: 2, now: 10)?.opacity == 0)
        #expect(abs((deck.photo(at: 2, now: 10.075)?.opacity ?? -1) - 0.5) < 1e-9)
        #expect(deck.photo(at: 2, now: 10.2)?.opacity == 1)
        #expect(deck.isFading(now: 10.1) && !deck.isFading(now: 10.2))
        #expect(deck.photo(at: 5, now: 11) == nil)
        #expect(deck.name(at: 3) == "d")
        #expect(deck.textureBytes == textures.layers * 319_840)
        #expect(warnings.lines.isEmpty)
    }

    /// A file that turns out unreadable leaves the deck and the row with one warning, and the
    /// card that was centred stays centred.
    @Test func anUnreadableFileLeavesTheDeckAndKeepsTheCentredCard() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, ["a", "b", "c", "d"], warnings: warnings)
        files.write("b.png", bytes: Array("not a png".utf8))
        let layout = CarouselLayout(viewport: Self.viewport, cardCount: 4)
        var controller = ScrollController(layout: layout, offset: 2 * layout.parameters.pitch)
        #expect(deck.name(at: 2) == "c")
        Self.settle(deck, &controller)
        #expect(deck.count == 3)
        #expect(controller.layout.cardCount == 3)
        #expect(controller.layout.centreIndex(scroll: controller.offset(at: 0)) == 1)
        #expect(deck.name(at: 1) == "c")
        #expect(deck.order == [0, 2, 3])
        #expect(warnings.lines.count == 1)
        #expect(warnings.lines.first?.hasPrefix("skipped \(files.path)/b.png") == true, "\(warnings.lines)")
    }

    /// Attempts to open one photo, with the deck's time at each (decode threads record them).
    final class Attempts: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0.0
        private var times: [Double] = []
        var clock: Double {
            get { lock.withLock { now } }
            set { lock.withLock { now = newValue } }
        }
        func record() -> Int { lock.withLock { times.append(now); return times.count } }
        var recorded: [Double] { lock.withLock { times } }
    }

    /// A photo whose open fails for want of descriptors (EMFILE, as open(2) says it) is no
    /// verdict on the file: no warning, the card stays, and it is tried again, no sooner than 1 s
    /// later, then 2 s, then 4 s, until it opens and arrives.
    @Test func aPhotoThatCannotBeOpenedForWantOfDescriptorsIsTriedAgainLater() throws {
        let files = TemporaryDirectory(), warnings = Warnings(), attempts = Attempts()
        let sources = ["a", "b", "c"].enumerated().map { index, name in
            PhotoSource(file: files.write(name + ".png", .png, width: 20, height: 30) { _, _ in
                RGBA8(UInt8(index * 40), 100, 50)
            })
        }
        let deck = PhotoDeck<MemoryTextures>(sources: sources, budgetMiB: 256, warn: { warnings.lines.append($0) },
                                             onFinished: {}) { (id, width, height, _) throws(ImageLoadError) in
            // The first three opens of b fail as open(2) does in a process out of descriptors.
            if sources[id].name == "b" && attempts.record() <= 3 {
                let failure = OpenFile.openFailure(errno: EMFILE)
                throw ImageLoadError(path: sources[id].path, reason: failure.reason, transient: failure.transient)
            }
            return try sources[id].decode(width: width, height: height)
        }
        let layout = CarouselLayout(viewport: Self.viewport, cardCount: 3)
        // The deck's clock advances by 0.25 s; at each time it is updated until its decodes are done.
        var arrived: Double?
        for step in 0...40 where arrived == nil {
            let now = Double(step) * 0.25
            attempts.clock = now
            // Up to 10 s for the decodes of a step: the ahead thread runs at nice 10, and at a load
            // of 10-12 on two cores a 20 × 30 PNG once took over 2 s to come back.
            let deadline = Date().addingTimeInterval(10), least = Date().addingTimeInterval(0.02)
            repeat {
                let update = deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1, now: now,
                                         uploadLimit: .max)
                #expect(update.unreadable.isEmpty)
                usleep(2_000)
            } while Date() < deadline && (Date() < least || deck.hasWork)
            if step == 0 { #expect(deck.nextRetry == 1, "b is asked for again 1 s after it failed") }
            if deck.photo(at: 1, now: now) != nil { arrived = now }
        }
        let times = attempts.recorded
        #expect(times.count == 4, "\(times)")
        // Each retry waits 1, 2, then 4 s (the next 0.25 s step, or one later on a busy machine).
        for (gap, delay) in zip(zip(times.dropFirst(), times).map { $0 - $1 }, [1.0, 2, 4]) {
            #expect(gap >= delay && gap <= delay + 0.5, "\(times)")
        }
        #expect(arrived != nil && arrived == times.last)
        #expect(deck.count == 3 && deck.order == [0, 1, 2])
        #expect(deck.nextRetry == nil)
        #expect(warnings.lines.isEmpty, "\(warnings.lines)")
        let textures = try #require(deck.textures)
        let photo = try #require(deck.photo(at: 1, now: 100))
        #expect(textures.middle(of: photo.layer) == [40, 100, 50, 255])
    }

    /// A photo still out of descriptors at its fourth try (at 0, 1, 3 and 7 s on the deck's clock)
    /// is given up: skipped with the one line open(2)'s error makes, so a run waiting for it (a
    /// screenshot) ends. Before, it was tried every 16 s for ever and nothing was said.
    @Test func aPhotoStillOutOfDescriptorsAtItsFourthTryIsSkippedWithItsLine() throws {
        let files = TemporaryDirectory(), warnings = Warnings(), attempts = Attempts()
        let sources = ["a", "b", "c"].map { name in
            PhotoSource(file: files.write(name + ".png", .png, width: 20, height: 30) { _, _ in RGBA8(40, 100, 50) })
        }
        let deck = PhotoDeck<MemoryTextures>(sources: sources, budgetMiB: 256, warn: { warnings.lines.append($0) },
                                             onFinished: {}) { (id, width, height, _) throws(ImageLoadError) in
            if sources[id].name == "b" {
                _ = attempts.record()
                let failure = OpenFile.openFailure(errno: EMFILE)
                throw ImageLoadError(path: sources[id].path, reason: failure.reason, transient: failure.transient)
            }
            return try sources[id].decode(width: width, height: height)
        }
        let layout = CarouselLayout(viewport: Self.viewport, cardCount: 3)
        var unreadable: [Int] = []
        for step in 0...48 {
            let now = Double(step) * 0.25
            attempts.clock = now
            // Each step's decodes are done before the clock moves on (a generous ceiling).
            let settled = waitUntil(ceiling: 30) {
                unreadable += deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1, now: now,
                                          uploadLimit: .max).unreadable
                return deck.decodesSettled && !deck.hasWork
            }
            #expect(settled, "the decodes at \(now) s did not end")
        }
        let times = attempts.recorded
        #expect(times.count == 4, "\(times)")
        for (time, due) in zip(times, [0.0, 1, 3, 7]) { #expect(time >= due && time <= due + 0.5, "\(times)") }
        #expect(unreadable == [1])
        #expect(warnings.lines == ["skipped \(files.path.text)/b.png: cannot open: Too many open files"])
        #expect(deck.nextRetry == nil)
        #expect(deck.photo(at: 0, now: 100) != nil && deck.photo(at: 2, now: 100) != nil)
    }

    /// Only running out of descriptors or memory is transient; any other reason to fail an open
    /// is the file's.
    @Test func onlyOpenFailuresForWantOfResourcesAreTransient() {
        #expect([EMFILE, ENFILE, ENOMEM].allSatisfy { OpenFile.openFailure(errno: $0).transient })
        #expect(![ENOENT, EACCES, ELOOP, ENAMETOOLONG, EIO].contains { OpenFile.openFailure(errno: $0).transient })
        #expect(OpenFile.openFailure(errno: EMFILE).reason == "cannot open: Too many open files")
    }

    /// At most `uploadLimit` photos go to the GPU per update; 0 (the first frame) sends none.
    @Test func uploadsPerUpdateAreLimited() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, ["a", "b", "c", "d", "e"], warnings: warnings)
        let layout = CarouselLayout(viewport: Self.viewport, cardCount: 5)
        for _ in 0..<5000 where deck.decodeMilliseconds.count < 5 {
            let update = deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1, now: 0, uploadLimit: 0)
            #expect(update.uploaded == 0)
            usleep(2_000)
        }
        #expect(deck.decodeMilliseconds.count == 5)
        #expect(deck.texturesInUse == 0 && deck.hasUploads)
        let uploads = (0..<4).map { _ in deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1, now: 0).uploaded }
        #expect(uploads == [2, 2, 1, 0])
        #expect(deck.texturesInUse == 5 && !deck.hasUploads)
    }

    /// Just after the open, a frame uploads every photo that is ready, for up to 8 ms of uploading
    /// (`uploads(firstFrame:at:)`); the first frame uploads none, and from 0.1 s after the first
    /// frame went up, 2 a frame again.
    @Test func justAfterTheOpenEveryReadyPhotoGoesUpAtOnce() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, ["a", "b", "c", "d", "e"], warnings: warnings)
        let layout = CarouselLayout(viewport: Self.viewport, cardCount: 5)
        #expect(deck.uploads(firstFrame: true, at: 0).limit == 0)
        for _ in 0..<5000 where deck.decodeMilliseconds.count < 5 {
            _ = deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1, now: 0, uploadLimit: 0)
            usleep(2_000)
        }
        #expect(deck.decodeMilliseconds.count == 5)
        deck.firstFrameShown(at: 0.05)
        // No time to upload in: nothing goes up, whatever the count allows.
        #expect(deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1, now: 0.06, uploadLimit: .max,
                            uploadSeconds: 0).uploaded == 0)
        let opening = deck.uploads(firstFrame: false, at: 0.06)
        #expect(opening.limit == .max && opening.seconds == 0.008)
        let update = deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1, now: 0.06,
                                 uploadLimit: opening.limit, uploadSeconds: opening.seconds)
        #expect(update.uploaded == 5)
        #expect((0..<5).allSatisfy { deck.photo(at: $0, now: 0.06)?.opacity == 1 })
        let later = deck.uploads(firstFrame: false, at: 0.151)
        #expect(later.limit == 2 && later.seconds == .infinity)
    }

    /// The texture array holds as many photos as the budget pays for at the pixel scale, and the
    /// photos get softer when it cannot pay for every card on screen: a 1280-point window shows up
    /// to all 6 (5 at scroll 0, the 6th as the row moves), and 1 MiB pays for three 200×300 layers with their mip levels (319,840
    /// bytes each) at 1×, one 300×450 at 1.5×. So both become 147×221 (172,524 bytes each, 6 of
    /// them 1,035,144); 148×222 would be 6 × 174,956 = 1,049,736, over 1,048,576.
    @Test func theTextureArrayFitsTheBudget() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, (0..<6).map { "photo \($0)" }, budgetMiB: 1, warnings: warnings)
        let layout = CarouselLayout(viewport: Self.viewport, cardCount: 6)
        #expect(layout.visibleIndices(scroll: 0) == 0..<5 && layout.maximumVisibleCount == 6)
        _ = deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1, now: 0)
        var textures = try #require(deck.textures)
        #expect((textures.width, textures.height, textures.layers) == (147, 221, 6))
        #expect(deck.textureBytes == 1_035_144)
        _ = deck.update(layout: layout, scroll: 0, velocity: 0, pixelScale: 1.5, now: 0)
        textures = try #require(deck.textures)
        #expect((textures.width, textures.height, textures.layers) == (147, 221, 6))
        #expect(deck.textureBytes <= 1_048_576)
    }

    /// Updates `deck` with the row at `scroll`, headed for `destination` at `velocity`, until
    /// `positions` have their photos on the GPU (at most 10 s), then 0.2 s more: which positions
    /// have a photo then.
    static func photos<T>(_ deck: PhotoDeck<T>, layout: CarouselLayout, scroll: Double, destination: Double? = nil,
                          velocity: Double, awaiting positions: [Int]) -> Set<Int> {
        func update() {
            _ = deck.update(layout: layout, scroll: scroll, destination: destination, velocity: velocity,
                            pixelScale: 1, now: 0, uploadLimit: .max)
            usleep(2_000)
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && !positions.allSatisfy({ deck.photo(at: $0, now: 1) != nil }) { update() }
        let settle = Date().addingTimeInterval(0.2)
        while Date() < settle || deck.hasWork { update() }
        return Set((0..<deck.count).filter { deck.photo(at: $0, now: 1) != nil })
    }

    /// The cards decoded ahead are the visible ones and 8 either side: at card 30 of 60 in a
    /// 1280-point window the visible range is cards 26 to 34 (the cards that can show plus one each
    /// side: 9, as `PerformanceCountTests` pins), so cards 18 to 42 get their photos, and no others.
    @Test func theVisibleCardsAndEightEitherSideAreDecoded() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, (0..<60).map { "photo \($0)" }, warnings: warnings)
        let layout = CarouselLayout(viewport: Self.viewport, cardCount: 60)
        #expect(layout.visibleIndices(scroll: 30 * 240) == 26..<35)
        let decoded = Self.photos(deck, layout: layout, scroll: 30 * 240, velocity: 0, awaiting: Array(18...42))
        #expect(decoded == Set(18...42), "photos at \(decoded.sorted())")
        #expect(deck.decodeMilliseconds.count == 25)
        #expect(warnings.lines.isEmpty)
    }

    /// During a fast fling (over 1500 pt/s) the cards the row shows on its way are decoded, and
    /// those where it will rest, but none behind it and no prefetch: flung from card 0 towards
    /// card 40 at 3000 pt/s, cards 0 to 45 would be shown (card 40 rests with 36 to 44 visible,
    /// and 35 and 45 are its one more each side), more than the 36 layers of a 60-card deck at
    /// 1280 points, so the 10 cards passed last before the rest (25 to 34) wait. Flung from card
    /// 20 towards card 30, nothing below the cards visible there (16 to 24) is decoded. At
    /// 1000 pt/s the 8 cards either side of those on screen are decoded as well (8 to 32).
    @Test func aFastFlingDecodesTheCardsOnItsWayAndWhereItWillStop() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let layout = CarouselLayout(viewport: Self.viewport, cardCount: 60)
        let fast = Self.deck(files, (0..<60).map { "photo \($0)" }, warnings: warnings)
        let landing = Self.photos(fast, layout: layout, scroll: 0, destination: 40 * 240, velocity: 3000,
                                  awaiting: [0, 24, 35, 40, 45])
        print("fling at 3000 pt/s from card 0 towards card 40: photos at \(landing.sorted())")
        #expect(fast.textures?.layers == 36)
        #expect(landing == Set(0...24).union(35...45), "photos at \(landing.sorted())")
        #expect(fast.decodeMilliseconds.count == landing.count, "decoded \(fast.decodeMilliseconds.count), uploaded \(landing.count)")

        let midway = Self.deck(files, (0..<60).map { "photo \($0)" }, warnings: warnings)
        #expect(layout.visibleIndices(scroll: 20 * 240) == 16..<25)
        let ahead = Self.photos(midway, layout: layout, scroll: 20 * 240, destination: 30 * 240, velocity: 3000,
                                awaiting: [16, 30, 35])
        #expect(ahead == Set(16...35), "photos at \(ahead.sorted())")

        let slow = Self.deck(files, (0..<60).map { "photo \($0)" }, warnings: warnings)
        let both = Self.photos(slow, layout: layout, scroll: 20 * 240, destination: 23 * 240, velocity: 1000,
                               awaiting: [8, 28, 32])
        #expect(both == Set(8...32), "photos at \(both.sorted())")
        #expect(warnings.lines.isEmpty)
    }

    /// No memory for the array: one warning, the photos stay placeholders, and the same array is
    /// not asked for again every frame.
    @Test func noMemoryForTheArrayLeavesPlaceholdersWithOneWarning() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, ["a", "b"], warnings: warnings, as: UnallocatableTextures.self)
        let controller = ScrollController(layout: CarouselLayout(viewport: Self.viewport, cardCount: 2))
        for _ in 0..<5 { #expect(deck.update(for: controller, at: 0, pixelScale: 1, settled: true, uploadLimit: .max).unreadable.isEmpty) }
        #expect(deck.textureFailures == 1)
        #expect(warnings.lines == ["photos stay blank: out of GPU memory"])
        #expect(deck.photo(at: 0, now: 1) == nil)
        #expect(deck.isReady(layout: controller.layout, scroll: 0))
        #expect(deck.count == 2)
    }

    /// No memory for a photo: it is skipped with a warning and stays a placeholder card (the deck
    /// keeps its place), and is not decoded again.
    @Test func aPhotoTheGPUHasNoRoomForIsSkipped() throws {
        let files = TemporaryDirectory(), warnings = Warnings()
        let deck = Self.deck(files, ["a", "b", "c"], warnings: warnings, as: FullTextures.self)
        var controller = ScrollController(layout: CarouselLayout(viewport: Self.viewport, cardCount: 3))
        Self.settle(deck, &controller)
        #expect(deck.textureFailures == 3)
        #expect(deck.count == 3 && controller.layout.cardCount == 3)
        #expect(deck.photo(at: 0, now: 1) == nil && deck.texturesInUse == 0)
        #expect(warnings.lines.sorted() == ["a", "b", "c"].map { "skipped \(files.path)/\($0).png: out of GPU memory" })
        #expect(deck.update(for: controller, at: 1, pixelScale: 1, settled: true, uploadLimit: .max).unreadable.isEmpty)
        usleep(50_000)
        #expect(!deck.hasWork && deck.decodeMilliseconds.count == 3)
    }
}
