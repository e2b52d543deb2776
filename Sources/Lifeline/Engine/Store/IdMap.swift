/// A map from 64-bit keys (ids packed together) to small integers, for caches on hot paths:
/// open addressing with linear probing and a multiplicative hash, so a lookup is a multiply,
/// a shift and a compare or two, with no `Hasher` and no allocation per entry. A slot holds
/// its key and value side by side, so a probe touches one place in memory.
struct IdMap {
    private struct Slot {
        var key: UInt64
        /// -1 when the slot is empty.
        var value: Int32
    }

    private var slots: [Slot]
    private var bits: Int
    private(set) var count = 0

    init() {
        bits = 6
        slots = Array(repeating: Slot(key: 0, value: -1), count: 1 << bits)
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    @inline(__always) subscript(key: UInt64) -> Int32? {
        let mask = (1 << bits) - 1
        var s = slot(key)
        while true {
            let found = slots[s]
            if found.value < 0 { return nil }
            if found.key == key { return found.value }
            s = (s + 1) & mask
        }
    }

    /// Sets the value of a key that is not in the map yet.
    mutating func insert(_ key: UInt64, _ value: Int32) {
        precondition(value >= 0)
        if (count + 1) * 2 > slots.count { grow() }
        let mask = (1 << bits) - 1
        var s = slot(key)
        while slots[s].value >= 0 { s = (s + 1) & mask }
        slots[s] = Slot(key: key, value: value)
        count += 1
    }

    private mutating func grow() {
        let old = slots
        bits += 1
        slots = Array(repeating: Slot(key: 0, value: -1), count: 1 << bits)
        count = 0
        for slot in old where slot.value >= 0 { insert(slot.key, slot.value) }
    }
}
