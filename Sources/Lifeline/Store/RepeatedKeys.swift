/// A symbol table for long keys that mostly repeat, such as a log's messages. A key is first
/// looked for in a small direct-mapped cache, placed by its length and three of its words, and
/// confirmed byte by byte; only a key not found there is hashed whole. A key the cache does
/// not hold costs one compare more than the table alone.
struct RepeatedKeys {
    private(set) var table = SymbolTable()
    /// Ids by cache place; 0 when empty.
    private var recent: [SymbolTable.ID] = []
    private static let placeBits = 12

    var count: Int { table.count }

    subscript(id: SymbolTable.ID) -> String { table[id] }

    /// The id of the key with these bytes, adding it when new.
    @inline(__always) mutating func id(_ key: UnsafeRawBufferPointer) -> SymbolTable.ID {
        let n = key.count
        guard n >= 16 else { return table.id(key) }
        if recent.isEmpty { recent = Array(repeating: 0, count: 1 << RepeatedKeys.placeBits) }
        let first = key.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        let middle = key.loadUnaligned(fromByteOffset: n >> 1, as: UInt64.self)
        let last = key.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        let mixed = ((first ^ UInt64(n)) &* 0x9E37_79B9_7F4A_7C15 &+ middle &* 0xC2B2_AE3D_27D4_EB4F ^ last) &* 0xBF58_476D_1CE4_E5B9
        let place = Int(truncatingIfNeeded: mixed >> (64 - RepeatedKeys.placeBits))
        let seen = recent[place]
        if seen != 0, table.holds(seen, key) { return seen }
        let id = table.id(key)
        recent[place] = id
        return id
    }
}
