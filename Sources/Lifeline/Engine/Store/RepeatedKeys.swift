/// A symbol table for long keys that mostly repeat, such as a log's messages. A key is first
/// looked for in a small direct-mapped cache, placed by a fold of its words that costs no
/// multiply per word, and confirmed byte by byte; only a key not found there is hashed whole
/// (with the table's stronger hash). A key the cache does not hold costs one compare more
/// than the table alone.
struct RepeatedKeys {
    private var table = SymbolTable(keepingStrings: false)
    /// Ids by cache place; 0 when empty.
    private var recent: [SymbolTable.ID] = []
    private static let placeBits = 12

    var count: Int { table.count }

    subscript(id: SymbolTable.ID) -> String { table[id] }

    /// The id of the key with these bytes, adding it when new.
    @inline(__always) mutating func id(_ key: UnsafeRawBufferPointer) -> SymbolTable.ID {
        let n = key.count
        guard n >= 16 else { return table.id(key) }
        let place = recentPlace(key)
        let seen = recent[place]
        if seen != 0, table.holds(seen, key) { return seen }
        let id = table.id(key)
        recent[place] = id
        return id
    }

    /// The id of the key with these bytes when it is here, found the same cheap way as `id`.
    @inline(__always) mutating func existing(_ key: UnsafeRawBufferPointer) -> SymbolTable.ID? {
        var hash: UInt64 = 0
        return existing(key, hash: &hash)
    }

    /// The id of the key with these bytes when it is here; when it is not, `hash` is set to
    /// its hash (for `MetOnce`), which the lookup computed anyway.
    @inline(__always) mutating func existing(_ key: UnsafeRawBufferPointer, hash: inout UInt64) -> SymbolTable.ID? {
        if key.count >= 16 {
            let place = recentPlace(key)
            let seen = recent[place]
            if seen != 0, table.holds(seen, key) { return seen }
            let found = table.existingAndHash(key)
            hash = found.hash
            if let id = found.id { recent[place] = id }
            return found.id
        }
        let found = table.existingAndHash(key)
        hash = found.hash
        return found.id
    }

    /// The recent-cache place of a key of at least 16 bytes.
    @inline(__always) private mutating func recentPlace(_ key: UnsafeRawBufferPointer) -> Int {
        let n = key.count
        if recent.isEmpty { recent = Array(repeating: 0, count: 1 << RepeatedKeys.placeBits) }
        // Every word of the key, in two cheap lanes (a sum, and an exclusive-or of words
        // rotated by their position), so keys that differ anywhere tend to part.
        var sum = UInt64(n), folded: UInt64 = 0
        var i = 0, turn: UInt64 = 0
        while i + 16 <= n {
            sum &+= key.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let word = key.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
            folded ^= word << turn | word >> ((64 - turn) & 63)
            i += 16
            turn = (turn + 13) & 63
        }
        let last = key.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        let mixed = (sum &* 0x9E37_79B9_7F4A_7C15 ^ folded ^ last) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> (64 - RepeatedKeys.placeBits))
    }
}

/// Remembers, roughly, which keys were met once: a key's hash in a slot of its own, so a key
/// met again is told from a new one at the cost of a hash, without keeping its bytes. Two keys
/// may share a slot, so "met before" may be wrong either way; callers use it only to choose the
/// cheaper of two ways to the same result.
struct MetOnce {
    private var hashes = [UInt64](repeating: 0, count: 1 << 14)

    /// Whether `key` was probably met before; notes it as met.
    mutating func check(_ key: UnsafeRawBufferPointer) -> Bool { check(hash: SymbolTable.hash(key)) }

    /// The same, for a key whose `SymbolTable.hash` is `hash`.
    mutating func check(hash: UInt64) -> Bool {
        let hash = hash | 1
        let slot = Int(truncatingIfNeeded: hash >> 50)
        if hashes[slot] == hash { return true }
        hashes[slot] = hash
        return false
    }
}
