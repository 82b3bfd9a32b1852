/// A least-recently-used map from keys to a fixed number of slots (the layers of a texture array),
/// so that only the cards near the visible ones keep an image texture.
///
/// The slots in use form a doubly linked list kept in two arrays indexed by slot (`older`,
/// `newer`), least recently used at `oldest`, most recently used at `newest`; a dictionary finds
/// a key's slot and a stack holds the free slots (the last freed is reused first). Looking up, touching, removing and acquiring a
/// free slot are O(1). Evicting walks from the oldest slot past the pinned keys it meets, so it
/// takes one step more than the number of pinned keys older than the one evicted.
public struct SlotCache<Key: Hashable & Sendable>: Sendable {
    /// The slot each key holds.
    private var slots: [Key: Int] = [:]
    /// The key holding each slot, nil for a free one.
    private var keys: [Key?]
    /// The next older and next newer slot in use, or `none`.
    private var older: [Int], newer: [Int]
    private var oldest = Self.none, newest = Self.none
    /// Free slots, the last one freed on top (the lowest, before any is freed).
    private var free: [Int]

    /// The end of the recency list.
    private static var none: Int { -1 }

    /// An empty cache of `slotCount` slots (none if negative).
    public init(slotCount: Int) {
        let count = max(0, slotCount)
        keys = Array(repeating: nil, count: count)
        older = Array(repeating: Self.none, count: count)
        newer = Array(repeating: Self.none, count: count)
        free = Array((0..<count).reversed())
    }

    /// Adds free slots up to `slotCount` in all (the keys keep their slots and their recency);
    /// the new slots are handed out after the ones already free.
    public mutating func grow(to slotCount: Int) {
        let old = keys.count
        guard slotCount > old else { return }
        keys += Array(repeating: nil, count: slotCount - old)
        older += Array(repeating: Self.none, count: slotCount - old)
        newer += Array(repeating: Self.none, count: slotCount - old)
        free = Array((old..<slotCount).reversed()) + free
    }

    /// How many slots there are in all.
    public var slotCount: Int { keys.count }

    /// How many slots are in use.
    public var count: Int { slots.count }

    /// Whether some key holds `slot`.
    public func isHeld(_ slot: Int) -> Bool { keys.indices.contains(slot) && keys[slot] != nil }

    /// The slot `key` holds, if any; its recency is left as it was.
    public func slot(for key: Key) -> Int? { slots[key] }

    /// Marks `key` as the most recently used (nothing happens if it has no slot).
    public mutating func touch(_ key: Key) {
        guard let slot = slots[key], slot != newest else { return }
        unlink(slot)
        append(slot)
    }

    /// Gives `key` a slot: its own if it has one (touched), else a free slot, else the least
    /// recently used slot whose key is not in `pinned` (that key is evicted and returned).
    /// Returns nil when every slot is pinned.
    public mutating func acquire(_ key: Key, pinned: Set<Key> = []) -> (slot: Int, evicted: Key?)? {
        if let slot = slots[key] {
            touch(key)
            return (slot, nil)
        }
        if let slot = free.popLast() {
            assign(slot, to: key)
            return (slot, nil)
        }
        var slot = oldest
        while slot != Self.none, let holder = keys[slot], pinned.contains(holder) { slot = newer[slot] }
        guard slot != Self.none, let evicted = keys[slot] else { return nil }
        slots[evicted] = nil
        unlink(slot)
        assign(slot, to: key)
        return (slot, evicted)
    }

    /// Frees the slot of `key` and returns it, or nil if `key` had none.
    @discardableResult
    public mutating func remove(_ key: Key) -> Int? {
        guard let slot = slots.removeValue(forKey: key) else { return nil }
        unlink(slot)
        keys[slot] = nil
        free.append(slot)
        return slot
    }

    /// The keys in use, least recently used first.
    public var keysByRecency: [Key] {
        var result: [Key] = []
        result.reserveCapacity(count)
        var slot = oldest
        while slot != Self.none, let key = keys[slot] {
            result.append(key)
            slot = newer[slot]
        }
        return result
    }

    /// How many slots to make: as many as `budgetBytes` pays for at `bytesPerSlot`, but no more
    /// than `needed` or `maximum` (the GPU's limit on layers), and at least 1 when any are needed.
    public static func slotCount(budgetBytes: Int, bytesPerSlot: Int, needed: Int, maximum: Int) -> Int {
        guard needed > 0 else { return 0 }
        let affordable = bytesPerSlot > 0 ? budgetBytes / bytesPerSlot : Int.max
        return max(1, min(affordable, needed, maximum))
    }

    /// Puts `key` in the free `slot` as the most recently used.
    private mutating func assign(_ slot: Int, to key: Key) {
        keys[slot] = key
        slots[key] = slot
        append(slot)
    }

    /// Links `slot` in as the newest.
    private mutating func append(_ slot: Int) {
        older[slot] = newest
        newer[slot] = Self.none
        if newest != Self.none { newer[newest] = slot } else { oldest = slot }
        newest = slot
    }

    /// Takes `slot` out of the recency list.
    private mutating func unlink(_ slot: Int) {
        let before = older[slot], after = newer[slot]
        if before != Self.none { newer[before] = after } else { oldest = after }
        if after != Self.none { older[after] = before } else { newest = before }
        older[slot] = Self.none
        newer[slot] = Self.none
    }
}
