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

extension StableHash {
    /// `text`, or when it has more than `limit` characters its start and end around a mark
    /// with its hash (`Very long na…#1a2b3c4d…ller`): what a picture with a size limit shows of
    /// a long name, told apart from other long names with the same start.
    static func fitted(_ text: String, _ limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var hash = StableHash()
        hash.add(text)
        let mark = "…#\(String(hash.value & 0xFFFF_FFFF, radix: 16))…"
        let keep = max(2, limit - mark.count)
        let head = String(String.UnicodeScalarView(scalars.prefix(keep * 3 / 4)))
        let tail = String(String.UnicodeScalarView(scalars.suffix(keep - keep * 3 / 4)))
        return head + mark + tail
    }
}
