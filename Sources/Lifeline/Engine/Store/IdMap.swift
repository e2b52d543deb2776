/// A map from 64-bit keys (ids packed together) to small integers, for caches on hot paths:
/// open addressing with linear probing and a multiplicative hash, so a lookup is a multiply,
/// a shift and a compare or two, with no `Hasher` and no allocation per entry.
struct IdMap {
    private var keys: [UInt64]
    /// The value of each slot, -1 when the slot is empty.
    private var values: [Int32]
    private var bits: Int
    private(set) var count = 0

    init() {
        bits = 6
        keys = Array(repeating: 0, count: 1 << bits)
        values = Array(repeating: -1, count: 1 << bits)
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    @inline(__always) subscript(key: UInt64) -> Int32? {
        let mask = (1 << bits) - 1
        var s = slot(key)
        while true {
            let value = values[s]
            if value < 0 { return nil }
            if keys[s] == key { return value }
            s = (s + 1) & mask
        }
    }

    /// Sets the value of a key that is not in the map yet.
    mutating func insert(_ key: UInt64, _ value: Int32) {
        precondition(value >= 0)
        if (count + 1) * 2 > values.count { grow() }
        let mask = (1 << bits) - 1
        var s = slot(key)
        while values[s] >= 0 { s = (s + 1) & mask }
        keys[s] = key
        values[s] = value
        count += 1
    }

    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        bits += 1
        keys = Array(repeating: 0, count: 1 << bits)
        values = Array(repeating: -1, count: 1 << bits)
        count = 0
        for (key, value) in zip(oldKeys, oldValues) where value >= 0 { insert(key, value) }
    }
}
