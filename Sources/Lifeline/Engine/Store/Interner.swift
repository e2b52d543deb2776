import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value of at most four 32-bit ids, which an `Interner` hashes as two words.
protocol PackedIds: Equatable, Sendable {
    var packed: (UInt64, UInt64) { get }
}

/// Each distinct value once, named by a dense integer id in order of first sight. Id 0 is the
/// value given at creation (an empty or "none" value).
///
/// A long session makes a new value for nearly every new instance, so a lookup is a multiply
/// and a probe or two into a table of ids (open addressing, linear probing), comparing the
/// values themselves, with no `Hasher` and no allocation per entry.
struct Interner<Value: PackedIds>: Sendable {
    private(set) var values: [Value]
    /// Per slot, an id plus one in the low half (0 when empty) and the high half of the
    /// value's hash in the high half, so a probe reads another value only on a tie.
    private var slots: [UInt64]
    private var bits = 6

    init(zero: Value) {
        values = [zero]
        slots = Array(repeating: 0, count: 1 << bits)
        let hash = Self.hash(zero)
        slots[slot(hash)] = Self.tag(hash) | 1
    }

    subscript(id: UInt32) -> Value { values[Int(id)] }

    @inline(__always) private static func hash(_ value: Value) -> UInt64 {
        let (a, b) = value.packed
        return (a ^ (b &* 0xC2B2_AE3D_27D4_EB4F)) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Bits of the hash other than the slot's, remixed, in the high half.
    @inline(__always) private static func tag(_ hash: UInt64) -> UInt64 {
        ((hash ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9) & 0xFFFF_FFFF_0000_0000
    }

    @inline(__always) private func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
    }

    mutating func id(_ value: Value) -> UInt32 {
        let mask = (1 << bits) - 1
        let hash = Self.hash(value)
        let tag = Self.tag(hash)
        var s = slot(hash)
        while true {
            let held = slots[s]
            if held == 0 { break }
            let id = UInt32(truncatingIfNeeded: held) - 1
            if held & 0xFFFF_FFFF_0000_0000 == tag, values[Int(id)] == value { return id }
            s = (s + 1) & mask
        }
        let id = UInt32(values.count)
        values.append(value)
        slots[s] = tag | UInt64(id + 1)
        if values.count * 2 > slots.count { grow() }
        return id
    }

    private mutating func grow() {
        bits += 1
        slots = Array(repeating: 0, count: 1 << bits)
        let mask = (1 << bits) - 1
        for (k, value) in values.enumerated() {
            let hash = Self.hash(value)
            var s = slot(hash)
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = Self.tag(hash) | UInt64(k + 1)
        }
    }
}

/// An append-only array kept in fixed-size chunks: growing never copies what is stored, so
/// memory stays at what the elements take (no doubling). The chunks are allocated by hand, so
/// reading an element is two pointer loads with no reference counting. Copies share their
/// chunks: a copy that is changed copies the table of chunks, then only the chunk it writes to
/// (copy on write per chunk), so a snapshot of a long array costs next to nothing.
struct ChunkedArray<Element: BitwiseCopyable>: Sendable {
    private var storage = ChunkStorage<Element>()

    init() {}

    var count: Int { storage.count }

    @inline(__always) subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < storage.count, "index out of range")
            return storage.table[index >> ChunkStorage<Element>.shift][index & ChunkStorage<Element>.mask]
        }
        set {
            precondition(index >= 0 && index < storage.count, "index out of range")
            makeUnique()
            storage.write(newValue, at: index)
        }
    }

    @inline(__always) mutating func append(_ element: Element) {
        makeUnique()
        storage.append(element)
    }

    @inline(__always) private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    mutating func removeAll() { storage = ChunkStorage() }

    /// Hands each element to `body` in order, freeing each chunk once it is done, and leaves
    /// the array empty: copying one big array into another never holds both whole.
    mutating func drain(_ body: (Element) -> Void) {
        var taken = ChunkStorage<Element>()
        swap(&taken, &storage)
        taken.drain { chunk in
            for element in chunk { body(element) }
        }
    }
}

/// One chunk's memory, freed when the last table that holds it lets go.
final class Chunk<Element: BitwiseCopyable>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    /// Whether the memory is of the size `ChunkPool` keeps.
    private let pooled: Bool

    init(capacity: Int) {
        let bytes = capacity * MemoryLayout<Element>.stride
        pooled = bytes == ChunkPool.bytes
        let memory = pooled ? ChunkPool.shared.take() : .allocate(byteCount: bytes, alignment: ChunkPool.alignment)
        base = memory.bindMemory(to: Element.self, capacity: capacity)
    }

    deinit {
        let memory = UnsafeMutableRawPointer(base)
        if pooled { ChunkPool.shared.give(memory) } else { memory.deallocate() }
    }
}

/// The memory of 2 MB chunks (64 K elements of 32 bytes): mapped from the system and handed
/// back to it when let go, so a trace's memory leaves the process with it. Up to six chunks
/// let go of are kept for the next ones: memory already written costs no page faults, which
/// for fresh memory cost about as much as filling it, and unmapping costs every core a TLB
/// flush. A part of a log read aside (`ConsoleLogPart`) hands its records' chunks to the rows
/// they become this way, freeing one chunk as the rows need the next; a streaming reader
/// hands each batch to its consumer in a chunk of its own (at most five are on their way)
/// and gets the chunk back. `release()` hands back what is kept once reading ends.
final class ChunkPool: @unchecked Sendable {
    static let shared = ChunkPool()
    static let bytes = 2 << 20
    static let alignment = 16
    private static let limit = 6
    private let lock = NSLock()
    private var kept: [UnsafeMutableRawPointer] = []

    /// Kept memory if there is some, else new memory.
    func take() -> UnsafeMutableRawPointer {
        lock.lock()
        let memory = kept.popLast()
        lock.unlock()
        return memory ?? ChunkPool.map()
    }

    /// Keeps `memory` for the next chunk, or hands it back when enough is kept.
    func give(_ memory: UnsafeMutableRawPointer) {
        lock.lock()
        let keeps = kept.count < ChunkPool.limit
        if keeps { kept.append(memory) }
        lock.unlock()
        if !keeps { ChunkPool.unmap(memory) }
    }

    /// Hands back the memory kept.
    func release() {
        lock.lock()
        let memory = kept
        kept = []
        lock.unlock()
        memory.forEach(ChunkPool.unmap)
    }

    private static func map() -> UnsafeMutableRawPointer {
        let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let memory, memory != MAP_FAILED else { fatalError("out of memory: mmap of \(bytes) bytes failed") }
        return memory
    }

    private static func unmap(_ memory: UnsafeMutableRawPointer) { munmap(memory, bytes) }
}

/// The chunks of a `ChunkedArray`.
final class ChunkStorage<Element: BitwiseCopyable>: @unchecked Sendable {
    static var shift: Int { 16 }
    static var mask: Int { (1 << shift) - 1 }
    /// One pointer per chunk, for reading; every chunk holds `1 << shift` elements.
    private(set) var table: UnsafeMutablePointer<UnsafeMutablePointer<Element>>
    /// The owner of each chunk's memory, shared with copies. (Only this class touches it, one
    /// thread at a time, so the run-time exclusivity check is left out of the append path.)
    @exclusivity(unchecked) private var chunks: [Chunk<Element>?] = []
    private var tableCapacity = 4
    private(set) var count = 0
    /// Whether a copy was ever made from or into this storage: until then every chunk is
    /// known to be its own, and writes skip the check.
    private var mayShare = false
    /// Whether the last chunk is known to be this storage's own, so appends skip the check.
    private var ownsLastChunk = true

    init() { table = .allocate(capacity: tableCapacity) }

    deinit { table.deallocate() }

    @inline(__always) func append(_ element: Element) {
        let k = count >> Self.shift
        if k == chunks.count {
            addChunk()
        } else if !ownsLastChunk {
            makeChunkUnique(k)
            ownsLastChunk = true
        }
        (table[k] + (count & Self.mask)).initialize(to: element)
        count += 1
    }

    @inline(__always) func write(_ element: Element, at index: Int) {
        makeChunkUnique(index >> Self.shift)
        table[index >> Self.shift][index & Self.mask] = element
    }

    /// Gives chunk `k` memory of its own when a copy shares it.
    @inline(__always) private func makeChunkUnique(_ k: Int) {
        guard mayShare, !isKnownUniquelyReferenced(&chunks[k]) else { return }
        let own = Chunk<Element>(capacity: 1 << Self.shift)
        let used = min(1 << Self.shift, count - (k << Self.shift))
        own.base.initialize(from: table[k], count: used)
        chunks[k] = own
        table[k] = own.base
    }

    private func addChunk() {
        if chunks.count == tableCapacity {
            let bigger = UnsafeMutablePointer<UnsafeMutablePointer<Element>>.allocate(capacity: tableCapacity * 2)
            bigger.moveInitialize(from: table, count: chunks.count)
            table.deallocate()
            table = bigger
            tableCapacity *= 2
        }
        let chunk = Chunk<Element>(capacity: 1 << Self.shift)
        (table + chunks.count).initialize(to: chunk.base)
        chunks.append(chunk)
        ownsLastChunk = true
    }

    /// A copy sharing every chunk; whichever side writes to a chunk first copies it.
    func copy() -> ChunkStorage {
        let copy = ChunkStorage()
        copy.table.deallocate()
        copy.tableCapacity = tableCapacity
        copy.table = .allocate(capacity: tableCapacity)
        copy.table.initialize(from: table, count: chunks.count)
        copy.chunks = chunks
        copy.count = count
        copy.mayShare = true
        copy.ownsLastChunk = false
        mayShare = true
        ownsLastChunk = false
        return copy
    }

    /// Hands each chunk's elements to `body` in order, letting go of each chunk after it (its
    /// memory is freed unless a copy still holds it), and leaves the storage empty.
    func drain(_ body: (UnsafeBufferPointer<Element>) -> Void) {
        for k in 0..<chunks.count {
            let size = min(1 << Self.shift, count - (k << Self.shift))
            body(UnsafeBufferPointer(start: table[k], count: size))
            chunks[k] = nil
        }
        chunks = []
        count = 0
    }
}
