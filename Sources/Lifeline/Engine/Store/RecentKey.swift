/// The last short key looked up and the id it gave: most lines of a log come from the same
/// thread as the line before, so its id is found with one compare instead of a hash.
struct RecentKey {
    private var word: UInt64 = 0
    private var count = -1
    private var id: UInt32 = 0

    /// The id of `key`: remembered when it is the last key (of at most eight bytes), otherwise
    /// from `lookUp`.
    @inline(__always) mutating func id(_ key: UnsafeRawBufferPointer, _ lookUp: (UnsafeRawBufferPointer) -> UInt32)
        -> UInt32
    {
        guard key.count <= 8 else { return lookUp(key) }
        // Byte by byte: for a key this short, cheaper than a call to copy it.
        var word: UInt64 = 0
        for k in 0..<key.count { word |= UInt64(key[k]) << UInt64(8 * k) }
        if key.count == count, word == self.word { return id }
        id = lookUp(key)
        (self.word, count) = (word, key.count)
        return id
    }
}

/// A small cache from 64-bit keys to ids, one entry per slot, a newer key replacing an older
/// one in its slot: for values met again a few lines later, without a table that grows with
/// the log.
struct RecentIds {
    private var keys = [UInt64](repeating: 0, count: 1024)
    private var ids = [UInt32](repeating: 0, count: 1024)
    /// Whether each slot holds a key (a key may be 0).
    private var held = [Bool](repeating: false, count: 1024)

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54)
    }

    /// The id kept for `key`, if its slot still holds it.
    subscript(key: UInt64) -> UInt32? {
        let s = slot(key)
        return held[s] && keys[s] == key ? ids[s] : nil
    }

    /// Keeps `id` for `key`, in place of whatever its slot held.
    mutating func keep(_ id: UInt32, for key: UInt64) {
        let s = slot(key)
        (keys[s], ids[s], held[s]) = (key, id, true)
    }
}
