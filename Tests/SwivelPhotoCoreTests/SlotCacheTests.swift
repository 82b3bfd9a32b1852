import Testing
import SwivelCore
import SwivelPhotoCore

@Suite struct SlotCacheTests {
    @Test func freeSlotsGoLowestFirstAndTheOldestIsEvicted() {
        var cache = SlotCache<Int>(slotCount: 3)
        #expect(cache.acquire(10)! == (0, nil))
        #expect(cache.acquire(11)! == (1, nil))
        #expect(cache.acquire(12)! == (2, nil))
        #expect(cache.count == 3 && cache.slotCount == 3)
        #expect(cache.acquire(13)! == (0, 10))
        #expect(cache.acquire(14)! == (1, 11))
        #expect(cache.keysByRecency == [12, 13, 14])
        #expect(cache.slot(for: 10) == nil && cache.slot(for: 12) == 2)
    }

    /// Growing keeps every key in its slot and its recency; the new slots are handed out after
    /// the ones already free, and eviction starts again only once they are all taken.
    @Test func growingKeepsTheSlotsAndAddsFreeOnes() {
        var cache = SlotCache<String>(slotCount: 3)
        _ = cache.acquire("a"); _ = cache.acquire("b"); _ = cache.acquire("c")
        _ = cache.remove("b")   // slot 1 free
        cache.grow(to: 5)
        #expect(cache.slotCount == 5)
        #expect(cache.slot(for: "a") == 0 && cache.slot(for: "c") == 2)
        #expect(cache.acquire("d")?.slot == 1)
        #expect(cache.acquire("e")?.slot == 3)
        #expect(cache.acquire("f")?.slot == 4)
        #expect(cache.keysByRecency == ["a", "c", "d", "e", "f"])
        #expect(cache.acquire("g").map { [$0.slot] + ($0.evicted.map { [$0 == "a" ? 0 : -1] } ?? []) } == [0, 0])
    }

    @Test func touchMakesAKeyTheNewest() {
        var cache = SlotCache<Int>(slotCount: 3)
        for key in [1, 2, 3] { _ = cache.acquire(key) }
        cache.touch(1)
        #expect(cache.keysByRecency == [2, 3, 1])
        cache.touch(3)
        #expect(cache.keysByRecency == [2, 1, 3])
        cache.touch(99)
        #expect(cache.keysByRecency == [2, 1, 3])
        #expect(cache.acquire(4)! == (1, 2))
        #expect(cache.keysByRecency == [1, 3, 4])
    }

    @Test func lookingUpLeavesRecencyAlone() {
        var cache = SlotCache<Int>(slotCount: 2)
        for key in [1, 2] { _ = cache.acquire(key) }
        #expect(cache.slot(for: 1) == 0)
        #expect(cache.keysByRecency == [1, 2])
    }

    @Test func acquiringAKeyThatHasASlotTouchesIt() {
        var cache = SlotCache<Int>(slotCount: 2)
        for key in [1, 2] { _ = cache.acquire(key) }
        #expect(cache.acquire(1)! == (0, nil))
        #expect(cache.keysByRecency == [2, 1])
    }

    @Test func pinnedKeysAreNeverEvicted() {
        var cache = SlotCache<Int>(slotCount: 4)
        for key in [1, 2, 3, 4] { _ = cache.acquire(key) }
        #expect(cache.acquire(5, pinned: [1, 2])! == (2, 3))
        #expect(cache.acquire(6, pinned: [1, 2, 5])! == (3, 4))
        #expect(cache.acquire(7, pinned: [1, 2, 5, 6]) == nil)
        #expect(cache.keysByRecency == [1, 2, 5, 6])
        #expect(cache.acquire(7, pinned: [2, 5, 6])! == (0, 1))
    }

    @Test func removeFreesTheSlotForTheNextKey() {
        var cache = SlotCache<String>(slotCount: 3)
        for key in ["a", "b", "c"] { _ = cache.acquire(key) }
        #expect(cache.remove("b") == 1)
        #expect(cache.remove("b") == nil)
        #expect(cache.count == 2 && cache.keysByRecency == ["a", "c"])
        #expect(cache.acquire("d")! == (1, nil))
        #expect(cache.keysByRecency == ["a", "c", "d"])
        #expect(cache.remove("a") == 0 && cache.remove("d") == 1 && cache.remove("c") == 2)
        #expect(cache.count == 0 && cache.keysByRecency == [])
    }

    @Test func noSlotsMeansNothingIsCached() {
        var cache = SlotCache<Int>(slotCount: 0)
        #expect(cache.acquire(1) == nil)
        #expect(cache.count == 0 && SlotCache<Int>(slotCount: -3).slotCount == 0)
    }

    @Test func sizingTakesTheSmallestLimit() {
        let mib = 1 << 20
        // 256 MiB at 4 MiB a layer (1024 × 1024 RGBA) pays for 64.
        #expect(SlotCache<Int>.slotCount(budgetBytes: 256 * mib, bytesPerSlot: 4 * mib, needed: 100, maximum: 2048) == 64)
        #expect(SlotCache<Int>.slotCount(budgetBytes: 256 * mib, bytesPerSlot: 4 * mib, needed: 30, maximum: 2048) == 30)
        #expect(SlotCache<Int>.slotCount(budgetBytes: 256 * mib, bytesPerSlot: 4 * mib, needed: 100, maximum: 48) == 48)
        #expect(SlotCache<Int>.slotCount(budgetBytes: mib, bytesPerSlot: 4 * mib, needed: 100, maximum: 2048) == 1)
        #expect(SlotCache<Int>.slotCount(budgetBytes: 256 * mib, bytesPerSlot: 4 * mib, needed: 0, maximum: 2048) == 0)
        #expect(SlotCache<Int>.slotCount(budgetBytes: 256 * mib, bytesPerSlot: 0, needed: 7, maximum: 2048) == 7)
    }

    /// The same cache as a plain array, least recently used first: every operation a linear scan.
    /// Freed slots are reused last freed first, as `SlotCache` does.
    struct Reference {
        let slotCount: Int
        var entries: [(key: Int, slot: Int)] = []
        lazy var free: [Int] = Array((0..<slotCount).reversed())

        func slot(for key: Int) -> Int? { entries.first { $0.key == key }?.slot }

        mutating func touch(_ key: Int) {
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return }
            entries.append(entries.remove(at: index))
        }

        mutating func acquire(_ key: Int, pinned: Set<Int>) -> (slot: Int, evicted: Int?)? {
            if let slot = slot(for: key) { touch(key); return (slot, nil) }
            if let slot = free.popLast() {
                entries.append((key, slot))
                return (slot, nil)
            }
            guard let index = entries.firstIndex(where: { !pinned.contains($0.key) }) else { return nil }
            let victim = entries.remove(at: index)
            entries.append((key, victim.slot))
            return (victim.slot, victim.key)
        }

        mutating func remove(_ key: Int) -> Int? {
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let slot = entries.remove(at: index).slot
            free.append(slot)
            return slot
        }
    }

    @Test(arguments: [1, 7, 64])
    func tenThousandRandomOperationsMatchTheReference(slotCount: Int) {
        let seed: UInt64 = 0x51_07CA_C4E0 + UInt64(slotCount)
        var random = SeededRandom(seed: seed)
        var cache = SlotCache<Int>(slotCount: slotCount)
        var reference = Reference(slotCount: slotCount)
        let keys = 0..<(slotCount * 3)
        var evictions = 0, refusals = 0
        for step in 0..<10_000 {
            let key = Int.random(in: keys, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: cache.touch(key); reference.touch(key)
            case 1: #expect(cache.remove(key) == reference.remove(key), "seed \(seed) step \(step)")
            case 2: #expect(cache.slot(for: key) == reference.slot(for: key), "seed \(seed) step \(step)")
            default:
                // Any keys, or (a third of the time) a share of those cached, sometimes all of them.
                let all = Bool.random(using: &random)
                let pinned = Int.random(in: 0..<3, using: &random) == 0
                    ? Set(cache.keysByRecency.filter { _ in all || Int.random(in: 0..<4, using: &random) != 0 })
                    : Set((0..<Int.random(in: 0...slotCount, using: &random)).map { _ in
                          Int.random(in: keys, using: &random)
                      })
                let got = cache.acquire(key, pinned: pinned), expected = reference.acquire(key, pinned: pinned)
                #expect(got?.slot == expected?.slot && got?.evicted == expected?.evicted, "seed \(seed) step \(step)")
                if let evicted = got?.evicted { #expect(!pinned.contains(evicted)); evictions += 1 }
                if got == nil { refusals += 1 }
            }
            #expect(cache.count <= slotCount && cache.count == reference.entries.count)
            #expect(cache.keysByRecency == reference.entries.map(\.key), "seed \(seed) step \(step)")
            if cache.keysByRecency != reference.entries.map(\.key) { return }
        }
        // Both outcomes of a full cache happen often enough to be tested.
        #expect(evictions > 1000)
        #expect(refusals > 10)
    }
}
