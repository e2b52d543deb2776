/// A 64-bit FNV-1a hash of bytes: the same on every run and machine (Swift's `Hasher` is seeded
/// per process), for hashes that an output shows.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
    }

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }
}
