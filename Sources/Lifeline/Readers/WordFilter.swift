/// A set of squashed words (lower-case ASCII letters and digits, see `CanonicalEvent.squash`)
/// that a word of a line is tested against on its bytes, before any string is made: most words
/// of an app's own logging name no event, and making, squashing and hashing their strings cost
/// more than reading the rest of the line.
///
/// The test may say "maybe" for a word the set does not hold (a Bloom filter of 4 096 bits, two
/// probes), never "no" for one it holds: a "no" lets the caller skip its lookups, a "maybe" makes
/// it look up as before.
struct WordFilter {
    private var bits = [UInt64](repeating: 0, count: 64)

    init(_ words: some Sequence<String>) {
        for word in words {
            var squashed = SquashedWord()
            for byte in word.utf8 { squashed.add(byte) }
            let hash = squashed.hash
            for bit in [Self.firstProbe(hash), Self.secondProbe(hash)] { bits[bit >> 6] |= 1 << UInt64(bit & 63) }
        }
    }

    /// Whether a word whose `squashedHash` is `hash` may be one of the set.
    func mayHold(hash: UInt64) -> Bool {
        let first = Self.firstProbe(hash), second = Self.secondProbe(hash)
        return bits[first >> 6] & (1 << UInt64(first & 63)) != 0 && bits[second >> 6] & (1 << UInt64(second & 63)) != 0
    }

    /// An FNV-1a hash of the bytes `CanonicalEvent.squash` keeps (ASCII letters, lowered, and
    /// digits), their count and the first of them.
    static func squashedHash(_ b: Bytes, _ range: Range<Int>) -> (hash: UInt64, count: Int, first: UInt8) {
        var word = SquashedWord()
        for i in range { word.add(b[i]) }
        return (word.hash, word.count, word.first)
    }

    private static func firstProbe(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash & 4095) }
    private static func secondProbe(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: (hash >> 32) & 4095) }
}

/// A word's squashed letters as they are added byte by byte: their hash for `WordFilter`, their
/// count and the first of them.
struct SquashedWord {
    private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private(set) var count = 0
    private(set) var first: UInt8 = 0

    /// Adds `byte` if `CanonicalEvent.squash` keeps it, and returns it as kept (lowered), or nil.
    @inline(__always) @discardableResult
    mutating func add(_ byte: UInt8) -> UInt8? {
        guard let c = CanonicalEvent.squashed(byte) else { return nil }
        if count == 0 { first = c }
        hash = (hash ^ UInt64(c)) &* 0x100_0000_01b3
        count += 1
        return c
    }
}
