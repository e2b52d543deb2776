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
