/// Each distinct string once, named by a dense integer id. Lookups go by UTF-8 bytes, so a
/// reader can find a name it has seen before without making a `String`. Id 0 means "none" and
/// is never handed out.
package struct SymbolTable: Sendable {
    package typealias ID = UInt32
    /// Each id's string, when the table keeps them (see `keepsStrings`).
    private var strings: [String] = [""]
    private let keepsStrings: Bool
    private var bytes: [UInt8] = []
    /// Where each id's bytes are: one record, so checking a probe's key touches one place.
    private var spans: [Span] = [Span(start: 0, length: 0)]
    /// The low half of each id's hash, so growing places the ids again without hashing.
    private var lowHashes: [UInt32] = [0]
    /// Open addressing; a slot holds an id in its low half, 0 when empty, and the top half of
    /// its key's hash in its high half, so a probe meets another key's bytes only on a tie.
    private var slots: [UInt64] = Array(repeating: 0, count: 64)

    package init() { keepsStrings = true }

    /// A table that makes each string from its bytes when asked for it, for keys that are
    /// seldom asked for (a log's messages): it then keeps one copy of each key, not two.
    init(keepingStrings: Bool) { keepsStrings = keepingStrings }

    /// The number of ids handed out, plus one for "none".
    package var count: Int { spans.count }

    private struct Span {
        var start: Int
        var length: Int
    }

    package subscript(id: ID) -> String {
        if keepsStrings { return strings[Int(id)] }
        let i = Int(id)
        let span = spans[i]
        return bytes.withUnsafeBytes { String(decoding: $0[span.start..<(span.start + span.length)], as: UTF8.self) }
    }

    /// The id of `text`, adding it when new (the table then keeps `text` itself, not a copy).
    package mutating func id(_ text: String) -> ID {
        var copy = text
        return copy.withUTF8 { key in
            let key = UnsafeRawBufferPointer(key)
            let (found, slot, hash) = find(key)
            if let found { return found }
            return add(key, slot: slot, hash: hash, string: text)
        }
    }

    /// The id of the string with these UTF-8 bytes, adding it when new.
    package mutating func id(_ key: UnsafeRawBufferPointer) -> ID {
        let (found, slot, hash) = find(key)
        if let found { return found }
        return add(key, slot: slot, hash: hash, string: nil)
    }

    /// Adds `key` at the empty `slot` `find` gave; `string` is its text when the caller has it.
    private mutating func add(_ key: UnsafeRawBufferPointer, slot: Int, hash: UInt64, string: String?) -> ID {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        let id = ID(spans.count)
        if keepsStrings { strings.append(string ?? String(decoding: key, as: UTF8.self)) }
        spans.append(Span(start: bytes.count, length: key.count))
        lowHashes.append(UInt32(truncatingIfNeeded: hash))
        bytes.append(contentsOf: key)
        slots[slot] = tag | UInt64(id)
        if spans.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `text` when it is already here.
    package func existing(_ text: String) -> ID? {
        var text = text
        return text.withUTF8 { existing(UnsafeRawBufferPointer($0)) }
    }

    package func existing(_ key: UnsafeRawBufferPointer) -> ID? { find(key).id }

    /// The id of `key` when it is here, and the key's hash either way.
    func existingAndHash(_ key: UnsafeRawBufferPointer) -> (id: ID?, hash: UInt64) {
        let found = find(key)
        return (found.id, found.hash)
    }

    /// The id of `key` when it is here; otherwise the empty slot where it would go. With the
    /// key's hash either way.
    @inline(__always) private func find(_ key: UnsafeRawBufferPointer) -> (id: ID?, slot: Int, hash: UInt64) {
        let hash = SymbolTable.hash(key)
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = slots[slot]
            if found == 0 { return (nil, slot, hash) }
            let id = ID(truncatingIfNeeded: found)
            if found & 0xFFFF_FFFF_0000_0000 == tag, holds(id, key) { return (id, slot, hash) }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `id` is the id of the string with these UTF-8 bytes.
    @inline(__always) func holds(_ id: ID, _ key: UnsafeRawBufferPointer) -> Bool {
        let span = spans[Int(id)]
        guard span.length == key.count else { return false }
        if key.isEmpty { return true }
        return bytes.withUnsafeBufferPointer { all in
            sameBytes(all.baseAddress! + span.start, key.baseAddress!, key.count)
        }
    }

    private mutating func grow() {
        var bigger = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for old in slots where old != 0 {
            let id = Int(truncatingIfNeeded: old & 0xFFFF_FFFF)
            let hash = old & 0xFFFF_FFFF_0000_0000 | UInt64(lowHashes[id])
            var slot = Int(truncatingIfNeeded: hash) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = old
        }
        slots = bigger
    }

    /// A fast, well-mixed hash; deterministic across runs. Long keys are mixed 32 bytes at a
    /// time in four independent lanes, so the multiplies overlap instead of waiting on each
    /// other; the lanes are then folded into one by rotations, and the rest taken eight bytes
    /// at a time.
    @inline(__always) static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        let n = key.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(n)
        var i = 0
        if n >= 32 {
            var a = h, b: UInt64 = 0xC2B2_AE3D_27D4_EB4F, c: UInt64 = 0x1656_67B1_9E37_79F9,
                d: UInt64 = 0x85EB_CA77_C2B2_AE63
            while i + 32 <= n {
                a = mix(a, key.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b = mix(b, key.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c = mix(c, key.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d = mix(d, key.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            // Folded without waiting on one multiply after another; the end mixes them in.
            h ^= a ^ (b << 16 | b >> 48) ^ (c << 32 | c >> 32) ^ (d << 48 | d >> 16)
        }
        while i + 8 <= n {
            h = mix(h, key.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            if n >= 8 {
                // The last eight bytes, overlapping the words already mixed.
                tail = key.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            } else {
                withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: key[i..<n])) }
            }
            h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        }
        h ^= h >> 31
        h = h &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }

    @inline(__always) private static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let m = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
        return m ^ (m >> 29)
    }
}
