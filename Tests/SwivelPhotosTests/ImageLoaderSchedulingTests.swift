import Foundation
import Glibc
import SwivelCore
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore
import SwivelTestSupport

/// Which decoding thread takes which card, and at what priority: the photos on screen go to the
/// normal-priority threads, nearest the centre first, two at once; the thread decoding ahead
/// (nice 10) takes only cards off screen, once every on-screen card has a thread. Decodes are held by `HeldDecodes` until the test lets
/// them finish, so what runs at once is known.
@Suite struct ImageLoaderSchedulingTests {
    /// The deck of these tests: cards 0…9 centred on 4, cards 2…6 on screen; the wish list in
    /// `LoadPlan`'s order (nearest the centre first, the scroll direction winning ties).
    static let wanted = [4, 5, 3, 6, 2, 7, 1, 8, 0, 9]
    static let onScreen: Set<Int> = [2, 3, 4, 5, 6]

    /// With two on-screen threads, the first two decodes are the centred card and its nearest
    /// neighbour, both at the test's own priority and at the same time; decoding ahead waits
    /// while on-screen cards 3, 6 and 2 wait for a thread. As each decode finishes, its thread
    /// takes the next nearest on-screen card; once the last (2) has its thread, the ahead thread
    /// starts card 7, the first off screen, at nice 10.
    @Test func twoOnScreenDecodesRunAtOnceCentreFirst() throws {
        let held = HeldDecodes()
        let loader = ImageLoader(onScreenThreads: 2, aheadThreads: 1, onFinished: {}, decode: held.decode)
        defer { held.releaseAll(); loader.stop() }
        loader.resize(width: 4, height: 6)
        loader.want(Self.wanted, onScreen: Self.onScreen)

        try #require(held.waitForStarts(2))
        usleep(100_000)   // time for a wrongly scheduled ahead decode to start
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #expect(held.started.count == 2)
        #expect(Set(held.started.map(\.id)) == [4, 5] && held.started.allSatisfy { $0.nice == base })
        #expect(held.mostAtOnce == 2)

        held.release(5)
        try #require(held.waitForStarts(3))
        #expect(held.started[2].id == 3 && held.started[2].nice == base)
        held.release(4)
        try #require(held.waitForStarts(4))
        #expect(held.started[3].id == 6 && held.started[3].nice == base)
        usleep(50_000)
        #expect(held.started.count == 4)   // card 2 still waits for an on-screen thread
        held.release(3)
        try #require(held.waitForStarts(6))
        #expect(held.started.filter { $0.nice == base }.map(\.id).sorted() == [2, 3, 4, 5, 6])
        #expect(held.started.filter { $0.nice == 10 }.map(\.id) == [7])
        #expect(held.mostAtOnce == 3)

        held.releaseAll()
        var taken = 0
        #expect(waitUntil { taken += loader.takeFinished(limit: 10).count; return taken == 10 })
        #expect(held.started.map(\.id).sorted() == Array(0...9))   // each card once
    }

    /// The thread decoding ahead asks `beforeAhead` before each card and waits while it blocks
    /// (the thumbnail writer's queue full); the on-screen threads never ask: every card on screen
    /// is decoded while the gate is shut, none off screen until it opens.
    @Test func onlyDecodingAheadWaitsForItsGate() throws {
        let held = HeldDecodes(), gate = Gate()
        let loader = ImageLoader(onScreenThreads: 2, aheadThreads: 1, onFinished: {}, beforeAhead: gate.pass,
                                 decode: held.decode)
        defer { gate.open(); held.releaseAll(); loader.stop() }
        held.releaseAll()
        loader.resize(width: 4, height: 6)
        loader.want(Self.wanted, onScreen: Self.onScreen)
        try #require(held.waitForStarts(5))
        usleep(100_000)   // time for an ahead decode to start if the gate did not hold it
        #expect(held.started.map(\.id).sorted() == [2, 3, 4, 5, 6])
        #expect(gate.waiting)
        gate.open()
        try #require(held.waitForStarts(10))
        #expect(held.started.dropFirst(5).map(\.id) == [7, 1, 8, 0, 9] && held.started.dropFirst(5).allSatisfy { $0.nice == 10 })
    }

    /// With one on-screen thread, the cards on screen are decoded one after another from the
    /// centre out (4, 5, 3, 6, 2); the ahead thread starts (card 7) only once the last of them
    /// has its thread.
    @Test func theCentredCardIsDecodedFirst() throws {
        let held = HeldDecodes()
        let loader = ImageLoader(onScreenThreads: 1, aheadThreads: 1, onFinished: {}, decode: held.decode)
        defer { held.releaseAll(); loader.stop() }
        loader.resize(width: 4, height: 6)
        loader.want(Self.wanted, onScreen: Self.onScreen)
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        for (index, id) in [4, 5, 3, 6].enumerated() {
            try #require(held.waitForStarts(index + 1))
            #expect(held.started.map(\.id) == Array([4, 5, 3, 6].prefix(index + 1)))
            #expect(held.started[index].nice == base)
            held.release(id)
        }
        try #require(held.waitForStarts(6))
        #expect(held.started.filter { $0.nice == base }.map(\.id) == [4, 5, 3, 6, 2])
        #expect(held.started.filter { $0.nice == 10 }.map(\.id) == [7])
    }

    /// The thread decoding ahead never takes a card on screen, even when it is idle and three
    /// on-screen cards wait: they are the on-screen thread's, one after another. Once they no
    /// longer count as on screen, it takes them.
    @Test func theAheadThreadLeavesOnScreenCardsAlone() throws {
        let held = HeldDecodes()
        let loader = ImageLoader(onScreenThreads: 1, aheadThreads: 1, onFinished: {}, decode: held.decode)
        defer { held.releaseAll(); loader.stop() }
        loader.resize(width: 4, height: 6)
        loader.want([4, 5, 3], onScreen: [3, 4, 5])
        try #require(held.waitForStarts(1))
        usleep(100_000)   // the idle ahead thread had time to take 5 or 3, and must not have
        #expect(held.started.map(\.id) == [4])

        loader.want([4, 5, 3], onScreen: [])   // wanted, none of them on screen
        try #require(held.waitForStarts(2))
        #expect(held.started[1].id == 5 && held.started[1].nice == 10)
    }

    /// A loader of one thread decodes everything, on-screen cards included, at nice 10.
    @Test func aSingleThreadTakesEveryCard() throws {
        let held = HeldDecodes()
        let loader = ImageLoader(onScreenThreads: 0, aheadThreads: 1, onFinished: {}, decode: held.decode)
        defer { held.releaseAll(); loader.stop() }
        loader.resize(width: 4, height: 6)
        loader.want([4, 5], onScreen: [4, 5])
        try #require(held.waitForStarts(1))
        #expect(held.started.map(\.id) == [4] && held.started[0].nice == 10)
        held.release(4)
        try #require(held.waitForStarts(2))
        #expect(held.started.map(\.id) == [4, 5])
    }

    /// The deck's on-screen threads: one a core, at most three (beside the one decoding ahead).
    @Test func onScreenThreadsFollowTheCores() {
        #expect([1, 2, 3, 4, 64].map { DeckThreads.onScreen(cores: $0) } == [1, 2, 3, 3, 3])
        #expect(DeckThreads.onScreen(cores: 0) == 1)
    }
}

/// A stand-in for the decoders: records each decode's card and its thread's nice value, and
/// holds it until the test releases that card.
final class HeldDecodes: @unchecked Sendable {
    struct Start { let id: Int; let nice: Int32 }
    private let condition = NSCondition()
    private var starts: [Start] = []
    private var released: Set<Int> = []
    private var releasedAll = false
    private var running = 0, most = 0

    var started: [Start] { condition.withLock { starts } }
    /// The most decodes that ever ran at the same time.
    var mostAtOnce: Int { condition.withLock { most } }

    var decode: ImageLoader.Decode {
        { [self] id, _, _, _ in
            condition.withLock {
                starts.append(Start(id: id, nice: getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)))
                running += 1
                most = max(most, running)
                condition.broadcast()
                while !releasedAll && !released.contains(id) { condition.wait() }
                running -= 1
            }
            return DecodedImage(width: 1, height: 1, pixels: [0, 0, 0, 255])
        }
    }

    func release(_ id: Int) { condition.withLock { released.insert(id); condition.broadcast() } }
    func releaseAll() { condition.withLock { releasedAll = true; condition.broadcast() } }

    /// Waits up to 10 s for `count` decodes to have started.
    func waitForStarts(_ count: Int) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        return condition.withLock {
            while starts.count < count { if !condition.wait(until: deadline) { return false } }
            return true
        }
    }
}

/// Polls `condition` every 2 ms for up to 10 s.
func waitUntil(_ condition: () -> Bool) -> Bool { SwivelTestSupport.waitUntil(ceiling: 10, condition) }

/// A gate a thread waits at until the test opens it.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false, waiters = 0

    /// Whether a thread is waiting at the gate now.
    var waiting: Bool { condition.withLock { waiters > 0 } }

    var pass: @Sendable () -> Void {
        { [self] in
            condition.withLock {
                waiters += 1
                while !isOpen { condition.wait() }
                waiters -= 1
            }
        }
    }

    func open() { condition.withLock { isOpen = true; condition.broadcast() } }
}
